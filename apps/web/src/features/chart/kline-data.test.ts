import { describe, expect, it } from 'vitest';
import type { KlinePoint } from '@omp/protocol';
import { applyForming, displayShift, isDrawable, mergeOlder, toCandle, toVolume } from './kline-data.ts';

const bar = (Time: number, Close = 1, Open = 1): KlinePoint => ({
  Time,
  Open,
  High: Math.max(Open, Close),
  Low: Math.min(Open, Close),
  Close,
  Volume: 3,
});

describe('mergeOlder', () => {
  it('puts older bars in front, sorted, one per time, keeping the known bar on overlap', () => {
    const known = [bar(300, 5), bar(360, 6)];
    const older = [bar(180, 1), bar(240, 2), bar(300, 99)];
    const merged = mergeOlder(older, known);
    expect(merged.map((b) => b.Time)).toEqual([180, 240, 300, 360]);
    expect(merged[2]?.Close).toBe(5);
  });

  it('sorts an unsorted page', () => {
    expect(mergeOlder([], [bar(3), bar(1), bar(2)]).map((b) => b.Time)).toEqual([1, 2, 3]);
  });
});

describe('applyForming', () => {
  it('updates the forming bar when the time is the same', () => {
    const bars = [bar(60), bar(120, 1)];
    expect(applyForming(bars, bar(120, 2))).toBe('update');
    expect(bars).toHaveLength(2);
    expect(bars[1]?.Close).toBe(2);
  });

  it('appends a new bar when the time moves on', () => {
    const bars = [bar(60)];
    expect(applyForming(bars, bar(120))).toBe('append');
    expect(bars.map((b) => b.Time)).toEqual([60, 120]);
  });

  it('ignores a stale bar from the past', () => {
    const bars = [bar(60), bar(120)];
    expect(applyForming(bars, bar(60, 7))).toBe('ignore');
    expect(bars[0]?.Close).toBe(1);
  });

  it('starts an empty chart', () => {
    const bars: KlinePoint[] = [];
    expect(applyForming(bars, bar(60))).toBe('append');
  });
});

describe('display shift', () => {
  it('shifts intraday bars into local time but never daily bars or UTC', () => {
    expect(displayShift('1M', 'local', 28_800)).toBe(28_800);
    expect(displayShift('1H', 'local', -18_000)).toBe(-18_000);
    expect(displayShift('1D', 'local', 28_800)).toBe(0);
    expect(displayShift('5M', 'utc', 28_800)).toBe(0);
  });

  it('converts bars for the chart', () => {
    expect(toCandle(bar(60, 2, 1), 100)).toEqual({ time: 160, open: 1, high: 2, low: 1, close: 2 });
    expect(toVolume(bar(60, 2, 1), 0, 'up', 'down')).toEqual({ time: 60, value: 3, color: 'up' });
    expect(toVolume(bar(60, 1, 2), 0, 'up', 'down').color).toBe('down');
  });

  it('rejects bars the chart cannot draw', () => {
    expect(isDrawable(bar(60))).toBe(true);
    expect(isDrawable({ ...bar(60), Close: Number.NaN })).toBe(false);
  });
});
