/**
 * Prices as integer points (SPEC.md P1–P5). A price of 1.08523 at precision 5 is 108523 points.
 *
 * Parsing works on the decimal digits, never on a binary fraction: `1.005 * 100` is 100.49999… in
 * floating point, so multiplying a parsed number would round some prices the wrong way. A number
 * argument is first turned into its shortest decimal representation (what `String(n)` prints),
 * which is the decimal a person or a JSON encoder meant.
 *
 *   parsePriceToPoints('1.085235', 5) === 108524   // half away from zero
 *   pointsToNumber(108523, 5) === 1.08523
 *   formatPoints(108520, 5) === '1.08520'
 */

/** The finest precision an instrument may have: 10^15 still fits a safe integer exactly. */
export const MAX_PRICE_PRECISION = 15;

/** Longer input is not a price anyone sends; refusing it bounds the work done on hostile input. */
const MAX_INPUT_LENGTH = 64;

/** Literals, not `10 ** n`, so each power is the exact double it names. */
const POWERS_OF_TEN = [
  1, 10, 100, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
] as const;

const DECIMAL = /^\+?(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d{1,4}))?$/;

function powerOfTen(precision: number): number {
  const power = POWERS_OF_TEN[precision];
  if (!Number.isInteger(precision) || power === undefined) {
    throw new RangeError(
      `price precision must be an integer from 0 to ${MAX_PRICE_PRECISION}, got ${precision}`,
    );
  }
  return power;
}

/**
 * Exact decimal → points, rounded half away from zero to `precision` decimals [P2].
 * Returns null for anything that is not a usable price [P3]: non-finite, malformed, negative,
 * zero after rounding, or too large to stay an exact integer.
 *
 * WARNING: an invalid `precision` is a configuration error and throws instead.
 */
export function parsePriceToPoints(value: number | string, precision: number): number | null {
  powerOfTen(precision);
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value) || value <= 0) return null;
    text = String(value);
  } else if (typeof value === 'string') {
    text = value.trim();
  } else {
    return null;
  }
  if (text.length === 0 || text.length > MAX_INPUT_LENGTH) return null;

  const match = DECIMAL.exec(text);
  if (!match) return null;
  const integerDigits = match[1] ?? '';
  const fractionDigits = match[2] ?? '';
  if (integerDigits.length + fractionDigits.length === 0) return null;
  const exponent = match[3] === undefined ? 0 : Number(match[3]);

  // value = digits × 10^(exponent − fractionDigits.length); in points, shift by the precision too.
  const digits = (integerDigits + fractionDigits).replace(/^0+/, '');
  if (digits.length === 0) return null;
  const shift = exponent - fractionDigits.length + precision;

  let points: number;
  if (shift >= 0) {
    if (digits.length + shift > 16) return null;
    points = Number(digits + '0'.repeat(shift));
  } else {
    const kept = digits.length + shift;
    if (kept > 16) return null;
    const whole = kept > 0 ? digits.slice(0, kept) : '';
    // The first dropped digit decides: 5 or more is at least half a point. Further digits can only
    // add to it, and the value is positive, so "half away from zero" is "half up" here.
    const firstDropped = kept >= 0 ? (digits[kept] ?? '0') : '0';
    points = Number(whole === '' ? '0' : whole) + (firstDropped >= '5' ? 1 : 0);
  }
  if (points <= 0 || !Number.isSafeInteger(points)) return null;
  return points;
}

/**
 * Points → the JSON number of the price [P4]. Dividing two exact doubles is correctly rounded,
 * so the result is the double nearest to the decimal, the same one `Number('1.08523')` gives.
 */
export function pointsToNumber(points: number, precision: number): number {
  const power = powerOfTen(precision);
  return points / power;
}

/** Points → text with exactly `precision` decimals [P5]; negative points (differences) keep their sign. */
export function formatPoints(points: number, precision: number): string {
  powerOfTen(precision);
  if (!Number.isSafeInteger(points)) {
    throw new RangeError(`points must be a safe integer, got ${points}`);
  }
  const sign = points < 0 ? '-' : '';
  const digits = String(Math.abs(points));
  if (precision === 0) return sign + digits;
  const padded = digits.padStart(precision + 1, '0');
  return `${sign}${padded.slice(0, -precision)}.${padded.slice(-precision)}`;
}

/**
 * [P6] Points of one precision as points of another, for an instrument whose precision changes:
 * more decimals multiply exactly; fewer divide, rounding half away from zero (1.085235 → 1.08524).
 * 0 (no price) stays 0.
 */
export function rescalePoints(points: number, fromPrecision: number, toPrecision: number): number {
  if (fromPrecision === toPrecision || points === 0) return points;
  if (toPrecision > fromPrecision) {
    const scaled = points * powerOfTen(toPrecision - fromPrecision);
    if (!Number.isSafeInteger(scaled))
      throw new RangeError(`${points} points do not fit ${toPrecision} decimals`);
    return scaled;
  }
  // In integers: a double division can round a quotient just under a whole number up to it.
  const divisor = BigInt(powerOfTen(fromPrecision - toPrecision));
  const magnitude = (BigInt(Math.abs(points)) * 2n + divisor) / (2n * divisor);
  return Number(points < 0 ? -magnitude : magnitude);
}

/**
 * [P7] Points in one pip, the unit traders give distances in (trailing stops, stops in pips). The
 * forex convention: a pip is the fourth decimal of a five-digit quote (the second of a three-digit
 * one), so ten points where the quote carries a fractional pip (precision 3 or 5). Elsewhere the
 * last quoted digit is the pip.
 */
export function pipPoints(precision: number): number {
  return precision === 3 || precision === 5 ? 10 : 1;
}
