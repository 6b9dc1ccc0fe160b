import { describe, expect, it } from 'vitest';
import type { KlinePoint } from '@omp/protocol';
import { applyForming, isDrawable, labelTimeZone, mergeOlder, toCandle, toVolume } from './kline-data.ts';

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

describe('chart time zone', () => {
  it('labels intraday bars in local time, but daily, weekly, monthly bars and the UTC choice in UTC', () => {
    expect(labelTimeZone('1M', 'local')).toBeUndefined();
    expect(labelTimeZone('1H', 'local')).toBeUndefined();
    expect(labelTimeZone('4H', 'local')).toBeUndefined();
    expect(labelTimeZone('1D', 'local')).toBe('UTC');
    expect(labelTimeZone('1W', 'local')).toBe('UTC');
    expect(labelTimeZone('1MN', 'local')).toBe('UTC');
    expect(labelTimeZone('5M', 'utc')).toBe('UTC');
  });

  it('converts bars for the chart', () => {
    // Bars keep their real times: the labels, not the data, follow the zone.
    expect(toCandle(bar(60, 2, 1))).toEqual({ time: 60, open: 1, high: 2, low: 1, close: 2 });
    expect(toVolume(bar(60, 2, 1), 'up', 'down')).toEqual({ time: 60, value: 3, color: 'up' });
    expect(toVolume(bar(60, 1, 2), 'up', 'down').color).toBe('down');
  });

  it('rejects bars the chart cannot draw', () => {
    expect(isDrawable(bar(60))).toBe(true);
    expect(isDrawable({ ...bar(60), Close: Number.NaN })).toBe(false);
  });
});
