/**
 * Inputs of the trading calls as the engine needs them: decimal text to exact lots and points,
 * with a clear refusal instead of a silent rounding.
 */
import {
  parseLots,
  parseMicros,
  parsePriceToPoints,
  pipPoints,
  type InstrumentSpec,
  type TradingSettings,
} from '@omp/engine';
import { SETTING_DEFAULTS, type SettingKey } from '../services/settings-service.ts';
import { invalid } from '../domain/errors.ts';

export interface TradingUser {
  id: number;
  isDemo: boolean;
  /** Staff froze the account's trading: no new orders; closing, cancelling and stops go on. */
  tradingFrozen?: boolean;
}

/** Lots as 10^-8 units; more decimals than that cannot be a multiple of any lot step. */
export function lotsOf(text: string): bigint {
  const lots = parseLots(text);
  if (lots === null) throw invalid('order.lots_precision', { field: 'cont' });
  return lots;
}

/**
 * A price field in points: absent or 0 is "none" (0); more decimals than the instrument's
 * precision is refused rather than rounded to a price the user did not type.
 */
export function pointsOf(text: string | undefined, field: string, spec: InstrumentSpec): number {
  if (text === undefined) return 0;
  const [, decimals = ''] = text.split('.');
  if (decimals.replace(/0+$/, '').length > spec.pricePrecision)
    throw invalid('order.price_precision', { field, digits: spec.pricePrecision });
  if (/^0*(\.0*)?$/.test(text)) return 0;
  const points = parsePriceToPoints(text, spec.pricePrecision);
  if (points === null) throw invalid('field_invalid', { field });
  return points;
}

/**
 * A trailing-stop distance given in pips (engine SPEC P7) as points: absent stays undefined (keep),
 * 0 is none. Refused rather than rounded: a negative distance, one finer than a point (12.55 pips
 * where a pip is 10 points), or one too long to be any price's distance. The engine refuses a
 * distance too wide for the price it trails (TS2).
 */
export function trailingPointsOf(text: string | undefined, spec: InstrumentSpec): number | undefined {
  if (text === undefined) return undefined;
  if (text.startsWith('-')) {
    if (/^-0*(\.0*)?$/.test(text)) return 0;
    throw invalid('order.trailing_stop_not_positive');
  }
  if (/^0*(\.0*)?$/.test(text)) return 0;
  const perPip = pipPoints(spec.pricePrecision);
  const pipDecimals = perPip === 10 ? 1 : 0;
  const [, decimals = ''] = text.split('.');
  if (decimals.replace(/0+$/, '').length > pipDecimals)
    throw invalid('order.trailing_stop_off_grid', { step: 1 / perPip });
  const points = parsePriceToPoints(text, pipDecimals);
  if (points === null) throw invalid('order.trailing_stop_too_far');
  return points;
}

export function parseDemoBalance(text: string): bigint {
  const micros = parseMicros(text);
  return micros !== null && micros > 0n ? micros : 100_000_000_000n;
}

/** The book's settings from their stored text; a value that is not a positive number keeps its default. */
export function tradingSettingsOf(
  stored: Pick<
    Record<SettingKey, string>,
    'trade_fee_type' | 'stale_quote_s' | 'margin_call_level' | 'stop_out_level'
  >,
): TradingSettings {
  const number = (key: keyof typeof stored) => {
    const value = Number(stored[key]);
    return Number.isFinite(value) && value > 0 ? value : Number(SETTING_DEFAULTS[key]);
  };
  return {
    feeType: number('trade_fee_type'),
    staleQuoteMs: number('stale_quote_s') * 1000,
    marginCallLevel: number('margin_call_level'),
    stopOutLevel: number('stop_out_level'),
  };
}
