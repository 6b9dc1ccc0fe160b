import { afterEach, describe, expect, it, vi } from 'vitest';
import { knownTimeZone } from './time-zone.ts';

describe('the time zone a request names', () => {
  afterEach(() => vi.restoreAllMocks());

  it('is an IANA zone this runtime knows, in its canonical spelling, or nothing', () => {
    expect(knownTimeZone('Europe/London')).toBe('Europe/London');
    expect(knownTimeZone('utc')).toBe('UTC');
    expect(knownTimeZone('Mars/Olympus')).toBeUndefined();
    expect(knownTimeZone('Europe/London; drop')).toBeUndefined();
    expect(knownTimeZone(undefined)).toBeUndefined();
  });

  it('asks the runtime once per name, the same answer after, valid or not', () => {
    const asked = vi.spyOn(Intl, 'DateTimeFormat');
    for (let i = 0; i < 3; i += 1) {
      expect(knownTimeZone('Asia/Tokyo')).toBe('Asia/Tokyo');
      expect(knownTimeZone('Pluto/Base')).toBeUndefined();
    }
    expect(asked).toHaveBeenCalledTimes(2);
  });
});
