import { describe, expect, it } from 'vitest';
import { chartIndicatorsSchema, type KlinePoint } from '@omp/protocol';
import { DEFAULT_INDICATORS, clampSetting, indicatorPoints, normalizeIndicators } from './indicators.ts';

const bar = (time: number, close: number): KlinePoint =>
  ({ Time: time, Open: close, High: close, Low: close, Close: close, Volume: 1 }) as KlinePoint;
const bars = (closes: number[]) => closes.map((close, index) => bar(1_000 + index * 60, close));

const on = (patch: Partial<typeof DEFAULT_INDICATORS>) => ({ ...DEFAULT_INDICATORS, ...patch });

describe('indicator points', () => {
  it('computes nothing for an indicator that is off', () => {
    const points = indicatorPoints(bars([1, 2, 3, 4, 5]), DEFAULT_INDICATORS);
    expect(points.sma).toEqual([]);
    expect(points.rsi).toEqual([]);
    expect(points.macd.macd).toEqual([]);
  });

  it('starts an SMA at its period-th bar, at the bar time, with the mean of the last closes', () => {
    const points = indicatorPoints(bars([1, 2, 3, 4, 5]), on({ sma: { on: true, period: 3 } }));
    expect(points.sma).toEqual([
      { time: 1_120, value: 2 },
      { time: 1_180, value: 3 },
      { time: 1_240, value: 4 },
    ]);
  });

  it('leaves out the EMA until it has seen its period of bars', () => {
    const points = indicatorPoints(bars([1, 2, 3, 4]), on({ ema: { on: true, period: 3 } }));
    expect(points.ema.map((p) => p.time)).toEqual([1_120, 1_180]);
    // Each value moves by 2 / (period + 1) of the way to the close.
    expect(points.ema[1]!.value).toBeCloseTo(points.ema[0]!.value + (4 - points.ema[0]!.value) / 2, 10);
  });

  it('draws Bollinger bands symmetric around the SMA, `deviation` standard deviations apart', () => {
    const points = indicatorPoints(
      bars([2, 4, 4, 4, 5, 5, 7, 9]),
      on({ bollinger: { on: true, period: 8, deviation: 2 } }),
    );
    // Population standard deviation of these eight closes is exactly 2, their mean 5.
    expect(points.bollinger.middle).toEqual([{ time: 1_420, value: 5 }]);
    expect(points.bollinger.upper[0]!.value).toBeCloseTo(9, 10);
    expect(points.bollinger.lower[0]!.value).toBeCloseTo(1, 10);
  });

  it('gives RSI 100 to a rise with no fall and keeps it between 0 and 100', () => {
    const rising = indicatorPoints(bars([1, 2, 3, 4, 5, 6]), on({ rsi: { on: true, period: 3 } }));
    expect(rising.rsi.at(-1)!.value).toBe(100);
    const mixed = indicatorPoints(bars([5, 4, 6, 3, 7, 2, 8, 1]), on({ rsi: { on: true, period: 3 } }));
    expect(mixed.rsi.length).toBeGreaterThan(0);
    for (const point of mixed.rsi) expect(point.value).toBeGreaterThanOrEqual(0);
    for (const point of mixed.rsi) expect(point.value).toBeLessThanOrEqual(100);
  });

  it('gives MACD its histogram as MACD minus signal, one point per bar once all three are ready', () => {
    const closes = Array.from({ length: 40 }, (_, i) => 100 + Math.sin(i / 3) * 5);
    const points = indicatorPoints(bars(closes), on({ macd: { on: true, fast: 3, slow: 6, signal: 4 } }));
    expect(points.macd.macd.length).toBe(points.macd.signal.length);
    expect(points.macd.histogram.length).toBe(points.macd.macd.length);
    expect(points.macd.macd.length).toBeGreaterThan(30);
    points.macd.histogram.forEach((point, i) =>
      expect(point.value).toBeCloseTo(points.macd.macd[i]!.value - points.macd.signal[i]!.value, 10),
    );
  });
});

describe('stored indicator settings', () => {
  it('fills in what is missing and brings what is out of range back into it', () => {
    const settings = normalizeIndicators({
      rsi: { on: true, period: 1_000 },
      sma: { on: 'yes', period: 7.4 },
      bollinger: { on: true, deviation: 2.3 },
      junk: 1,
    });
    expect(settings.rsi).toEqual({ on: true, period: 200 });
    expect(settings.sma).toEqual({ on: false, period: 7 });
    expect(settings.bollinger).toEqual({ on: true, period: 20, deviation: 2.5 });
    expect(settings.ema).toEqual(DEFAULT_INDICATORS.ema);
  });

  it('keeps the fast MACD average faster than the slow one', () => {
    expect(normalizeIndicators({ macd: { on: true, fast: 30, slow: 20, signal: 9 } }).macd).toEqual({
      on: true,
      fast: 30,
      slow: 31,
      signal: 9,
    });
  });

  it('always makes settings the server accepts, whatever was stored', () => {
    for (const stored of [
      undefined,
      { macd: { on: true, fast: 100, slow: 2, signal: 1 } },
      { bollinger: { on: true, period: -5, deviation: 9.9 }, rsi: { on: 1, period: 1e9 } },
      { sma: { on: true, period: Number.NaN }, ema: 'x' },
    ])
      expect(chartIndicatorsSchema.safeParse(normalizeIndicators(stored)).success).toBe(true);
  });

  it('answers the defaults for nothing stored', () => {
    expect(normalizeIndicators(undefined)).toEqual(DEFAULT_INDICATORS);
    expect(clampSetting('period', 0)).toBe(2);
  });
});
