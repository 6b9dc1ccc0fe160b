/**
 * A trailing stop as the phone edits it: a distance in pips (engine SPEC P7: 10 points at price
 * precision 3 or 5, else 1), typed no finer than one point, and no wider than the engine allows
 * against the price it trails (TS2). Empty or 0 means none. The server judges again.
 *
 *   trailingPointsOfText('12.5', 5) === 125
 *   maxTrailingPips(1.1, 5) === 2750   // a quarter of 1.10000
 */
import { MAX_TRAILING_SHARE_PERCENT, parsePriceToPoints, pipPoints } from '@omp/engine';
import type { Language } from '@omp/protocol';
import { sanitizePriceText } from '../ticket/ticket-preview.ts';

/** Decimals of a pip that are still whole points: one where a pip is 10 points, else none. */
export const pipDecimalsOf = (precision: number): number => (pipPoints(precision) === 10 ? 1 : 0);

/** Keeps typed pips to what a distance can be: digits, one point, no finer than a point. */
export function sanitizePipsText(text: string, precision: number, lang: Language): string {
  return sanitizePriceText(text, pipDecimalsOf(precision), lang);
}

/** The distance in points; 0 for empty or zero. */
export function trailingPointsOfText(text: string, precision: number): number {
  const trimmed = text.trim();
  if (trimmed === '' || /^0*\.?0*$/.test(trimmed)) return 0;
  return parsePriceToPoints(trimmed, pipDecimalsOf(precision)) ?? 0;
}

/** The widest distance in pips the engine takes against `referencePrice`. */
export function maxTrailingPips(referencePrice: number, precision: number): number {
  const reference = parsePriceToPoints(referencePrice, precision) ?? 0;
  const maxPoints = Math.floor((reference * MAX_TRAILING_SHARE_PERCENT) / 100);
  return maxPoints / pipPoints(precision);
}

/** The max pips when the typed distance is too wide for the price, else undefined. */
export function trailingTooFar(text: string, precision: number, referencePrice: number): number | undefined {
  const max = maxTrailingPips(referencePrice, precision);
  return referencePrice > 0 && trailingPointsOfText(text, precision) / pipPoints(precision) > max
    ? max
    : undefined;
}

/** A stored distance as the edit box shows it: none (0) is empty. */
export const trailingText = (pips: number): string => (pips > 0 ? String(pips) : '');
