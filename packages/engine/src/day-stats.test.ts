import { describe, it, expect } from 'vitest';
import { changePercent, foldDayTick, type DayStats } from './day-stats.ts';
import { seededPrng } from './testing/seeded-prng.ts';

const sec = (day: number, hour = 0, minute = 0, second = 0) =>
  Date.UTC(2025, 0, day, hour, minute, second) / 1000;

describe('foldDayTick', () => {
  it('[D1] the first tick opens the day at 00:00 UTC', () => {
    expect(foldDayTick(undefined, 100, sec(6, 9, 30))).toEqual({
      dayStart: sec(6),
      open: 100,
      high: 100,
      low: 100,
      volume: 1,
    });
  });

  it('[D2] later ticks of the same day move high, low and volume, never the open', () => {
    let stats = foldDayTick(undefined, 100, sec(6, 0, 0, 1));
    stats = foldDayTick(stats, 108, sec(6, 12));
    stats = foldDayTick(stats, 95, sec(6, 23, 59, 59.999));
    expect(stats).toEqual({ dayStart: sec(6), open: 100, high: 108, low: 95, volume: 3 });
  });

  it('[D1] the first tick of a new UTC day restarts the figures at that tick', () => {
    const monday = foldDayTick(foldDayTick(undefined, 100, sec(6, 10)), 120, sec(6, 23, 59));
    expect(foldDayTick(monday, 119, sec(7, 0, 0, 0.5))).toEqual({
      dayStart: sec(7),
      open: 119,
      high: 119,
      low: 119,
      volume: 1,
    });
    // Days without ticks (a closed market) are skipped, not filled.
    expect(foldDayTick(monday, 90, sec(9, 3)).dayStart).toBe(sec(9));
  });

  it('[D2] a tick from an earlier day is ignored', () => {
    const stats: DayStats = Object.freeze({ dayStart: sec(7), open: 100, high: 100, low: 100, volume: 1 });
    expect(foldDayTick(stats, 1, sec(6, 23, 59, 59))).toBe(stats);
  });
});

describe('changePercent', () => {
  const cases: Array<[bid: number, open: number, change: number]> = [
    [101, 100, 1],
    [100, 100, 0],
    [99, 100, -1],
    [100_005, 100_000, 0.01],
    [99_995, 100_000, -0.01],
    [100_004, 100_000, 0],
    [99_996, 100_000, 0],
    [1_010_050, 1_000_000, 1.01],
    [1_010_049, 1_000_000, 1],
    [2, 3, -33.33],
    [1, 3, -66.67],
    [4, 3, 33.33],
    [5, 3, 66.67],
    [300, 100, 200],
    [108_600, 108_523, 0.07],
    [9_007_199_254_740_991, 9_007_199_254_740_000, 0],
    [100, 0, 0],
  ];

  it.each(cases)('[D3] bid %i against open %i → %d %', (bid, open, change) => {
    expect(Object.is(changePercent(bid, open), change)).toBe(true);
  });

  it('[D3] is always a whole number of hundredths within half a hundredth of the real change', () => {
    const random = seededPrng(99);
    for (let run = 0; run < 10_000; run++) {
      const open = random.int(1, 10_000_000);
      const bid = Math.max(1, open + random.int(-open, open));
      const change = changePercent(bid, open);
      const hundredths = Math.round(change * 100);
      expect(Math.abs(change * 100 - hundredths)).toBeLessThan(1e-6);
      expect(Math.abs(hundredths - ((bid - open) / open) * 10_000)).toBeLessThanOrEqual(0.5 + 1e-9);
      expect(change).toBe(hundredths / 100);
    }
  });
});
