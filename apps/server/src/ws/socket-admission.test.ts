import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { AddressSlots, oldestBeyondCap, socketAddressKey } from './socket-admission.ts';

describe('socketAddressKey', () => {
  it('keeps an IPv4 address whole, written plainly or mapped into IPv6', () => {
    expect(socketAddressKey('198.51.100.7')).toBe('198.51.100.7');
    expect(socketAddressKey('::ffff:198.51.100.7')).toBe('198.51.100.7');
    expect(socketAddressKey('::FFFF:198.51.100.7')).toBe('198.51.100.7');
  });

  it('groups IPv6 addresses by their /64, however they are written', () => {
    const key = '2001:db8:7:1::/64';
    for (const address of [
      '2001:db8:7:1::1',
      '2001:0db8:0007:0001:0000:0000:0000:0001',
      '2001:DB8:7:1:ffff:ffff:ffff:ffff',
      '2001:db8:7:1:a:b:c:d',
      '2001:db8:7:1::1.2.3.4',
      '2001:db8:7:1::1%eth0',
    ])
      expect(socketAddressKey(address), address).toBe(key);
    expect(socketAddressKey('2001:db8:7:2::1')).toBe('2001:db8:7:2::/64');
    expect(socketAddressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(socketAddressKey('::1')).toBe('0:0:0:0::/64');
    expect(socketAddressKey('2001:db8:7:1:2:3::')).toBe(key);
  });

  it('leaves what is no address as it is (one key each)', () => {
    expect(socketAddressKey('')).toBe('');
    expect(socketAddressKey('unknown')).toBe('unknown');
  });
});

describe('AddressSlots', () => {
  it('holds a slot until its connection closes, and refuses beyond the cap', () => {
    const slots = new AddressSlots(2);
    const first = new EventEmitter();
    expect(slots.take('2001:db8:7:1::1', first)).toBe(true);
    expect(slots.take('2001:db8:7:1::2', new EventEmitter())).toBe(true);
    expect(slots.take('2001:db8:7:1::3', new EventEmitter())).toBe(false);
    expect(slots.take('2001:db8:7:2::3', new EventEmitter())).toBe(true);
    first.emit('close');
    expect(slots.count('2001:db8:7:1::9')).toBe(1);
    expect(slots.take('2001:db8:7:1::3', new EventEmitter())).toBe(true);
  });
});

describe('oldestBeyondCap', () => {
  it('names the sockets signed in longest ago beyond the cap', () => {
    expect(oldestBeyondCap(['a', 'b', 'c', 'd'], 2)).toEqual(['a', 'b']);
    expect(oldestBeyondCap(['a', 'b'], 2)).toEqual([]);
  });
});
