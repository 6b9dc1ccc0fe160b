/**
 * The chart's indicators: their settings, their defaults and limits, and their values per bar,
 * computed by `trading-signals` from the bars' closes. Pure, so the mapping from bars to series
 * points is tested without a chart.
 *
 * A value exists only once an indicator has seen enough bars (an SMA(20) from the 20th bar on);
 * bars before that get no point, so a line starts where it means something instead of at 0.
 *
 *   indicatorPoints(bars, { ...DEFAULT_INDICATORS, rsi: { on: true, period: 14 } }).rsi
 *   // [{ time: …, value: 55.2 }, …]
 */
import { BollingerBands, EMA, MACD, RSI, SMA } from 'trading-signals';
import {
  DEFAULT_CHART_INDICATORS,
  INDICATOR_SETTING_LIMITS,
  type ChartIndicators,
  type IndicatorName,
  type KlinePoint,
} from '@omp/protocol';
import type { UTCTimestamp } from 'lightweight-charts';

/** The settings are the wire's (packages/protocol/src/preferences.ts): the server keeps them per user. */
export type IndicatorSettings = ChartIndicators;
export type { IndicatorName };

export const INDICATOR_NAMES: readonly IndicatorName[] = ['sma', 'ema', 'bollinger', 'macd', 'rsi'];

/** The usual textbook settings; every indicator starts off. */
export const DEFAULT_INDICATORS: IndicatorSettings = DEFAULT_CHART_INDICATORS;

/** The range each setting may take in the sheet's steppers: the server checks the same. */
export const SETTING_LIMITS: Record<string, { min: number; max: number; step: number }> =
  INDICATOR_SETTING_LIMITS;

export interface Point {
  time: UTCTimestamp;
  value: number;
}

export interface IndicatorPoints {
  sma: Point[];
  ema: Point[];
  bollinger: { upper: Point[]; middle: Point[]; lower: Point[] };
  macd: { macd: Point[]; signal: Point[]; histogram: Point[] };
  rsi: Point[];
}

/** Settings as stored (possibly by an older version, or edited by hand) made whole and in range. */
export function normalizeIndicators(stored: unknown): IndicatorSettings {
  const result = structuredClone(DEFAULT_INDICATORS);
  if (typeof stored !== 'object' || stored === null) return result;
  for (const name of INDICATOR_NAMES) {
    const given = (stored as Record<string, unknown>)[name];
    if (typeof given !== 'object' || given === null) continue;
    const target = result[name] as Record<string, number | boolean>;
    for (const [key, fallback] of Object.entries(target)) {
      const value = (given as Record<string, unknown>)[key];
      if (typeof fallback === 'boolean') target[key] = value === true;
      else if (typeof value === 'number' && Number.isFinite(value)) target[key] = clampSetting(key, value);
    }
  }
  // A MACD whose fast average is not faster than its slow one is a flat line: keep them apart.
  if (result.macd.fast >= result.macd.slow) result.macd.slow = result.macd.fast + 1;
  return result;
}

export function clampSetting(key: string, value: number): number {
  const limits = SETTING_LIMITS[key];
  if (!limits) return value;
  const stepped = Math.round(value / limits.step) * limits.step;
  return Math.min(limits.max, Math.max(limits.min, stepped));
}

/** Each switched-on indicator's points, one per bar from its first meaningful value. */
export function indicatorPoints(bars: readonly KlinePoint[], settings: IndicatorSettings): IndicatorPoints {
  const points: IndicatorPoints = {
    sma: [],
    ema: [],
    bollinger: { upper: [], middle: [], lower: [] },
    macd: { macd: [], signal: [], histogram: [] },
    rsi: [],
  };
  const sma = settings.sma.on ? new SMA(settings.sma.period) : undefined;
  const ema = settings.ema.on ? new EMA(settings.ema.period) : undefined;
  const bands = settings.bollinger.on
    ? new BollingerBands(settings.bollinger.period, settings.bollinger.deviation)
    : undefined;
  const macd = settings.macd.on
    ? new MACD(new EMA(settings.macd.fast), new EMA(settings.macd.slow), new EMA(settings.macd.signal))
    : undefined;
  const rsi = settings.rsi.on ? new RSI(settings.rsi.period) : undefined;

  for (const bar of bars) {
    const time = bar.Time as UTCTimestamp;
    const close = bar.Close;
    const push = (list: Point[], value: number | null | undefined) => {
      if (value !== null && value !== undefined && Number.isFinite(value)) list.push({ time, value });
    };
    if (sma) push(points.sma, sma.add(close));
    if (ema) {
      // Before its period of bars an EMA is mostly its seed, not an average: no point yet.
      const value = ema.add(close);
      if (ema.isStable) push(points.ema, value);
    }
    if (bands) {
      const band = bands.add(close);
      if (band) {
        push(points.bollinger.upper, band.upper);
        push(points.bollinger.middle, band.middle);
        push(points.bollinger.lower, band.lower);
      }
    }
    if (macd) {
      const value = macd.add(close);
      if (value) {
        push(points.macd.macd, value.macd);
        push(points.macd.signal, value.signal);
        push(points.macd.histogram, value.histogram);
      }
    }
    if (rsi) push(points.rsi, rsi.add(close));
  }
  return points;
}
