/**
 * A stop loss or take profit typed as a price, a distance in pips or an amount of money, and the
 * price it stands for (the only thing the server is sent). Exact both ways: pips are whole points
 * (engine P7, `pipPoints`), money is the engine's own P/L arithmetic (M4, `profitMicros`) at the
 * USD rate the ticket already uses, so "lose $50" is the stop whose P/L the book would book.
 *
 * Distances count from the opening price, in the direction the stop guards: a buy's stop loss
 * below it and take profit above, a sell's the reverse. Money is what the position would be down
 * (stop loss) or up (take profit) closing there, fee aside; a typed amount becomes the nearest
 * whole point, and the exact amount at that point is shown beside it.
 *
 *   EUR/USD buy 1 lot at 1.10012: stop loss "20" pips → 1.09812, −$200.00
 *                                 stop loss "$150"    → 1.09862, 15.0 pips
 */
import type { Language } from '@omp/protocol';
import { decimalWithin } from '../../lib/decimal-text.ts';
import {
  divRound,
  formatPoints,
  LOT_SCALE,
  MICROS_PER_USD,
  parsePriceToPoints,
  parseScaled,
  pipPoints,
  priceFraction,
  profitMicros,
  type Ratio,
} from '@omp/engine';

export type StopUnit = 'price' | 'pips' | 'money';
export const STOP_UNITS: readonly StopUnit[] = ['price', 'pips', 'money'];
export type StopKind = 'stopLoss' | 'takeProfit';

/** What a distance or an amount is measured from and with. */
export interface StopBasis {
  side: 'buy' | 'sell';
  /** The price the position opens (or opened) at, points; 0 while unknown. */
  openPoints: number;
  /** 10^-8 lot. */
  lots: bigint;
  contractSize: number;
  precision: number;
  /** USD per unit of the quote currency; undefined while no quote converts it. */
  usdRate: Ratio | undefined;
}

/** +1 when the stop lies above the opening price, −1 below. */
function direction(kind: StopKind, side: 'buy' | 'sell'): 1 | -1 {
  return (kind === 'takeProfit') === (side === 'buy') ? 1 : -1;
}

/** Decimals a pips field takes: tenths where a pip is ten points (a fractional pip), else none. */
export function pipDecimals(precision: number): number {
  return pipPoints(precision) === 10 ? 1 : 0;
}

/** Keeps typed text to a plain non-negative decimal of at most `decimals` decimals. */
export function sanitizeDecimalText(text: string, decimals: number, lang: Language): string {
  return decimalWithin(text, decimals, lang);
}

/** Points per pip-text: "12.5" pips at precision 5 → 125 points; null when unreadable or zero. */
export function pipsToPoints(text: string, precision: number): number | null {
  // A pip of ten points is a price of one decimal, so the engine's exact decimal reader does it.
  return parsePriceToPoints(text, pipDecimals(precision));
}

/** Micro-dollars of P/L per point of move for the position; undefined without a rate. */
function pointsForMicros(micros: bigint, basis: StopBasis): number | undefined {
  const rate = basis.usdRate;
  if (!rate || basis.lots <= 0n || rate.numerator <= 0n) return undefined;
  // profit = points × lots × contract × rate × 10^6 / (LOT_SCALE × 10^precision): solved for points.
  const numerator = micros * LOT_SCALE * 10n ** BigInt(basis.precision) * rate.denominator;
  const denominator = basis.lots * BigInt(basis.contractSize) * rate.numerator * MICROS_PER_USD;
  return Number(divRound(numerator, denominator));
}

/**
 * The stop's price in points from what was typed in `unit`: 0 for an empty field (no stop), null
 * for text that is no stop (unreadable, zero, or a distance reaching past a zero price), undefined
 * while the basis cannot convert it yet (no opening price or no rate).
 */
export function stopPointsOf(
  unit: StopUnit,
  text: string,
  kind: StopKind,
  basis: StopBasis,
): number | null | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return 0;
  if (unit === 'price') {
    if (/^0*\.?0*$/.test(trimmed)) return 0;
    return parsePriceToPoints(trimmed, basis.precision);
  }
  let distance: number | null | undefined;
  if (unit === 'pips') distance = pipsToPoints(trimmed, basis.precision);
  else {
    const micros = parseScaled(trimmed, 6);
    distance = micros === null || micros <= 0n ? null : pointsForMicros(micros, basis);
  }
  if (distance === null) return null;
  if (distance === undefined || basis.openPoints <= 0) return undefined;
  // An amount smaller than half a point's worth is no distance at all.
  if (distance <= 0) return null;
  const points = basis.openPoints + direction(kind, basis.side) * distance;
  return points > 0 ? points : null;
}

/** A stop at `points` seen in all three units. */
export interface StopViews {
  priceText: string;
  /** Pips from the opening price, signed: negative when the stop is on its wrong side. */
  pipsText: string | undefined;
  /** The P/L closing at the stop, exact micro-dollars (negative for a loss). */
  profitMicros: bigint | undefined;
}

export function stopViewsOf(points: number, kind: StopKind, basis: StopBasis): StopViews {
  const priceText = formatPoints(points, basis.precision);
  if (basis.openPoints <= 0) return { priceText, pipsText: undefined, profitMicros: undefined };
  const distance = (points - basis.openPoints) * direction(kind, basis.side);
  const pip = pipPoints(basis.precision);
  // Whole points over a pip of 1 or 10 points: exact in one decimal (or none).
  const pipsText = pip === 10 ? formatPoints(distance, 1) : String(distance);
  const profit = basis.usdRate
    ? profitMicros(
        basis.side,
        { lots: basis.lots, contractSize: BigInt(basis.contractSize) },
        priceFraction(basis.openPoints, basis.precision),
        priceFraction(points, basis.precision),
        basis.usdRate,
      )
    : undefined;
  return { priceText, pipsText, profitMicros: profit };
}

/**
 * The typed text and unit as the price text the server takes: the text itself in price, else the
 * converted price; '' for no stop, and undefined when it cannot be read or converted yet.
 */
export function stopPriceText(
  unit: StopUnit,
  text: string,
  kind: StopKind,
  basis: StopBasis,
): string | undefined {
  if (unit === 'price') return text;
  const points = stopPointsOf(unit, text, kind, basis);
  if (points === 0) return '';
  if (points === null || points === undefined) return undefined;
  return formatPoints(points, basis.precision);
}
