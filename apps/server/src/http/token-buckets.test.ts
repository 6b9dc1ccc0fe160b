import { describe, expect, it } from 'vitest';
import { TokenBuckets } from './token-buckets.ts';

function clockAt(start = 1_000_000) {
  const clock = { t: start, now: () => clock.t };
  return clock;
}

describe('TokenBuckets', () => {
  it('lets a burst through, then refuses with the wait until the next token', () => {
    const clock = clockAt();
    const buckets = new TokenBuckets<number>({ ratePerSecond: 10, burst: 3, now: clock.now });
    expect([buckets.take(1), buckets.take(1), buckets.take(1)]).toEqual([0, 0, 0]);
    expect(buckets.take(1)).toBe(100);
    clock.t += 40;
    expect(buckets.take(1)).toBe(60);
    clock.t += 60;
    expect(buckets.take(1)).toBe(0);
    expect(buckets.take(1)).toBe(100);
  });

  it('keeps keys apart', () => {
    const clock = clockAt();
    const buckets = new TokenBuckets<number>({ ratePerSecond: 1, burst: 1, now: clock.now });
    expect(buckets.take(1)).toBe(0);
    expect(buckets.take(1)).toBe(1000);
    expect(buckets.take(2)).toBe(0);
  });

  it('never saves up more than the burst, however long a key was idle', () => {
    const clock = clockAt();
    const buckets = new TokenBuckets<string>({ ratePerSecond: 5, burst: 2, now: clock.now });
    buckets.take('a');
    clock.t += 3_600_000;
    expect([buckets.take('a'), buckets.take('a')]).toEqual([0, 0]);
    expect(buckets.take('a')).toBe(200);
  });

  it('allows on average the configured rate over a long run of steady requests', () => {
    const clock = clockAt();
    const buckets = new TokenBuckets<number>({ ratePerSecond: 20, burst: 10, now: clock.now });
    let allowed = 0;
    for (let ms = 0; ms < 60_000; ms += 5) {
      clock.t += 5;
      if (buckets.take(7) === 0) allowed++;
    }
    expect(allowed).toBeGreaterThanOrEqual(20 * 60);
    expect(allowed).toBeLessThanOrEqual(20 * 60 + 10);
  });

  it('forgets idle keys whose bucket is full again, so memory follows active users', () => {
    const clock = clockAt();
    const buckets = new TokenBuckets<number>({ ratePerSecond: 100, burst: 1, now: clock.now });
    for (let key = 0; key < 5_000; key++) buckets.take(key);
    expect(buckets.size).toBe(5_000);
    clock.t += 1_000;
    for (let i = 0; i < 5_000; i++) buckets.take(-1);
    expect(buckets.size).toBeLessThanOrEqual(2);
  });

  it('refuses a configuration that would block everything', () => {
    expect(() => new TokenBuckets({ ratePerSecond: 0, burst: 1, now: Date.now })).toThrow(RangeError);
    expect(() => new TokenBuckets({ ratePerSecond: 1, burst: 0, now: Date.now })).toThrow(RangeError);
  });
});
