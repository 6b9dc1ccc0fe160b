import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEVICE_ID_PATTERN } from '@omp/protocol';
import { areaText } from './area-text.ts';
import { deviceHeaders, deviceId } from './device-identity.ts';
import { isUsableNow } from './usable-from.tsx';

describe('areaText', () => {
  it.each([
    ['Europe/London', 'London (Europe)'],
    ['America/Argentina/Buenos_Aires', 'Buenos Aires (America)'],
    ['UTC', 'UTC'],
  ])('words %s as %s', (zone, expected) => expect(areaText(zone)).toBe(expected));
});

/** The browser's storage, as far as the app uses it (these tests run in Node). */
class MemoryStorage {
  private readonly items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  clear() {
    this.items.clear();
  }
}

describe('deviceId', () => {
  const localStorage = new MemoryStorage();
  beforeAll(() => vi.stubGlobal('localStorage', localStorage));
  afterAll(() => vi.unstubAllGlobals());
  beforeEach(() => localStorage.clear());

  it('makes one random id per browser and keeps it', () => {
    const first = deviceId();
    expect(first).toMatch(DEVICE_ID_PATTERN);
    expect(deviceId()).toBe(first);
    localStorage.clear();
    expect(deviceId()).not.toBe(first);
  });

  it('replaces a stored id that does not look like one', () => {
    localStorage.setItem('omp.device-id', 'x');
    expect(deviceId()).toMatch(DEVICE_ID_PATTERN);
  });

  it('sends the id and the time zone', () => {
    const headers = deviceHeaders();
    expect(headers['device-id']).toBe(deviceId());
    expect(headers['time-zone']).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });
});

describe('isUsableNow', () => {
  it('is usable with no wait left, and not before the time the server named', () => {
    expect(isUsableNow({ usable_from: null })).toBe(true);
    expect(isUsableNow({ usable_from: 1000 }, 999_999)).toBe(false);
    expect(isUsableNow({ usable_from: 1000 }, 1_000_000)).toBe(true);
  });
});
