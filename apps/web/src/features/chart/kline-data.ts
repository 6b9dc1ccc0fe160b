/**
 * Kline bars between the wire and the chart. Pure functions, tested in kline-data.test.ts.
 *
 * Bars keep their real UTC times; the labels are formatted in the chosen zone (chart-options.ts),
 * each for its own moment, so times read right on both sides of a daylight-saving change. Daily,
 * weekly and monthly bars are UTC days and are always labelled in UTC, or in the Americas each would
 * be labelled with the day before.
 */
import type { KlinePoint, Period } from '@omp/protocol';
import type { CandlestickData, HistogramData, UTCTimestamp } from 'lightweight-charts';

/** Merges older bars in front of the known ones: sorted by time, one bar per time (newer wins). */
export function mergeOlder(older: readonly KlinePoint[], known: readonly KlinePoint[]): KlinePoint[] {
  const byTime = new Map<number, KlinePoint>();
  for (const bar of older) byTime.set(bar.Time, bar);
  for (const bar of known) byTime.set(bar.Time, bar);
  return [...byTime.values()].sort((a, b) => a.Time - b.Time);
}

export type PushEffect = 'update' | 'append' | 'ignore';

/**
 * What a forming-bar push does to the loaded bars: the same time replaces the last bar, a later
 * time starts a new one, an earlier time (a stale push after a reconnect) is dropped, because the
 * chart cannot insert in the past.
 */
export function applyForming(bars: KlinePoint[], push: KlinePoint): PushEffect {
  const last = bars[bars.length - 1];
  if (!last || push.Time > last.Time) {
    bars.push(push);
    return 'append';
  }
  if (push.Time === last.Time) {
    bars[bars.length - 1] = push;
    return 'update';
  }
  return 'ignore';
}

/** Periods whose bars are whole UTC days (a day, a week from Monday, a month from the 1st). */
const CALENDAR_PERIODS: readonly Period[] = ['1D', '1W', '1MN'];

/** The zone the chart's labels are written in: 'UTC', or undefined for the device's own zone. */
export function labelTimeZone(period: Period, zone: 'local' | 'utc'): 'UTC' | undefined {
  return zone === 'utc' || CALENDAR_PERIODS.includes(period) ? 'UTC' : undefined;
}

export function toCandle(bar: KlinePoint): CandlestickData<UTCTimestamp> {
  return {
    time: bar.Time as UTCTimestamp,
    open: bar.Open,
    high: bar.High,
    low: bar.Low,
    close: bar.Close,
  };
}

export function toVolume(bar: KlinePoint, up: string, down: string): HistogramData<UTCTimestamp> {
  return {
    time: bar.Time as UTCTimestamp,
    value: bar.Volume,
    color: bar.Close >= bar.Open ? up : down,
  };
}

/** True when a bar's prices are usable (the chart throws on NaN). */
export function isDrawable(bar: KlinePoint): boolean {
  return [bar.Time, bar.Open, bar.High, bar.Low, bar.Close].every(Number.isFinite);
}
