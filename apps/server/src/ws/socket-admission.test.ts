import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { addressUnit } from '../domain/address-unit.ts';
import { AddressSlots, oldestBeyondCap } from './socket-admission.ts';

describe('addressUnit', () => {
  it('keeps an IPv4 address whole, written plainly or mapped into IPv6', () => {
    expect(addressUnit('198.51.100.7')).toBe('198.51.100.7');
    expect(addressUnit('::ffff:198.51.100.7')).toBe('198.51.100.7');
    expect(addressUnit('::FFFF:198.51.100.7')).toBe('198.51.100.7');
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
      expect(addressUnit(address), address).toBe(key);
    expect(addressUnit('2001:db8:7:2::1')).toBe('2001:db8:7:2::/64');
    expect(addressUnit('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressUnit('::1')).toBe('0:0:0:0::/64');
    expect(addressUnit('2001:db8:7:1:2:3::')).toBe(key);
  });

  it('leaves what is no address as it is (one key each)', () => {
    expect(addressUnit('')).toBe('');
    expect(addressUnit('unknown')).toBe('unknown');
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

  it('holds no slot for a connection gone before it was counted (its close may be past)', () => {
    const slots = new AddressSlots(1);
    const gone = Object.assign(new EventEmitter(), { destroyed: true });
    for (let i = 0; i < 3; i++) expect(slots.take('198.51.100.7', gone)).toBe(true);
    expect(slots.count('198.51.100.7')).toBe(0);
    expect(slots.take('198.51.100.7', new EventEmitter())).toBe(true);
  });
});

describe('oldestBeyondCap', () => {
  it('names the sockets signed in longest ago beyond the cap', () => {
    expect(oldestBeyondCap(['a', 'b', 'c', 'd'], 2)).toEqual(['a', 'b']);
    expect(oldestBeyondCap(['a', 'b'], 2)).toEqual([]);
  });
});
