/**
 * Exact money and quantities. Amounts are bigint micro-dollars (10^-6 USD); lots are bigint
 * units of 10^-8 lot; rates (fee rates) are bigint units of 10^-12. Every formula multiplies
 * exactly and divides once, rounding half away from zero, so no binary fraction ever touches a
 * balance. Conversions from and to text live here and nowhere else.
 */

/** 1 USD in micro-dollars. */
export const MICROS_PER_USD = 1_000_000n;
/** Lots are held in 10^-8 of a lot: generous enough for any broker's lot step. */
export const LOT_SCALE = 100_000_000n;
/** Fee and conversion rates are held in 10^-12. */
export const RATE_SCALE = 1_000_000_000_000n;

const POWERS_OF_TEN = Array.from({ length: 19 }, (_, i) => 10n ** BigInt(i));
/** 10^n as a bigint; the common exponents come from a table (this runs for every P/L). */
export const pow10 = (n: number) => POWERS_OF_TEN[n] ?? 10n ** BigInt(n);

/**
 * Parses a plain decimal string ("0.01", "-12.5") into an integer of 10^-scale units.
 * Returns null for anything else, or for more decimals than the scale can hold exactly.
 */
export function parseScaled(text: string, scale: number): bigint | null {
  const match = /^(-)?(\d+)(?:\.(\d+))?$/.exec(text.trim());
  if (!match) return null;
  const [, sign, whole = '0', fraction = ''] = match;
  if (fraction.length > scale) {
    if (/[1-9]/.test(fraction.slice(scale))) return null;
  }
  const digits = BigInt(whole + fraction.slice(0, scale).padEnd(scale, '0'));
  return sign ? -digits : digits;
}

/** Writes an integer of 10^-scale units as a decimal string with exactly `scale` decimals. */
export function formatScaled(value: bigint, scale: number): string {
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const unit = pow10(scale);
  const whole = abs / unit;
  const fraction = (abs % unit).toString().padStart(scale, '0');
  return `${negative ? '-' : ''}${whole}${scale > 0 ? `.${fraction}` : ''}`;
}

/** numerator / denominator, rounded half away from zero. */
export function divRound(numerator: bigint, denominator: bigint): bigint {
  if (denominator === 0n) throw new RangeError('division by zero');
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  const q = (n + d / 2n) / d;
  return negative ? -q : q;
}

export const parseMicros = (text: string) => parseScaled(text, 6);
export const formatMicros = (micros: bigint) => formatScaled(micros, 6);
export const parseLots = (text: string) => parseScaled(text, 8);
export const parseRate = (text: string) => parseScaled(text, 12);

/** Micro-dollars shown as dollars with 2 decimals (rounded half away from zero), e.g. "1234.57". */
export function formatUsd2(micros: bigint): string {
  return formatScaled(divRound(micros, 10_000n), 2);
}

/** A price in points of a precision as an exact fraction: points / 10^precision. */
export interface PriceFraction {
  points: bigint;
  precision: number;
}

export const priceFraction = (points: number, precision: number): PriceFraction => ({
  points: BigInt(points),
  precision,
});

export const pricePow = (price: PriceFraction) => pow10(price.precision);

/**
 * An exact sum of integers. Safe integers add up as numbers, flushed into a bigint before the sum
 * could leave the safe range, so a sum of P/Ls already computed reads and makes no bigint per term
 * (each a scattered heap object at 100,000 positions); other terms add as bigints.
 */
export class ExactSum {
  private big = 0n;
  private small = 0;

  addSafe(value: number): void {
    if (Math.abs(this.small) + Math.abs(value) > Number.MAX_SAFE_INTEGER) {
      this.big += BigInt(this.small);
      this.small = 0;
    }
    this.small += value;
  }

  addBig(value: bigint): void {
    this.big += value;
  }

  total(): bigint {
    return this.small === 0 ? this.big : this.big + BigInt(this.small);
  }
}
