/**
 * Margin, fee and floating profit in USD micro-dollars (SPEC.md "Margin, fee, profit").
 *
 * Conversion into USD: `quoteToUsd` is the price of one unit of the quote currency in USD, as an
 * exact fraction (1/1 for USD-quoted instruments; for USD/JPY it is 1 / USDJPY mid). Callers
 * derive it from the current mid prices; the engine only multiplies.
 */
import {
  divRound,
  LOT_SCALE,
  MICROS_PER_USD,
  pow10,
  pricePow,
  priceFraction,
  RATE_SCALE,
  type PriceFraction,
} from './money.ts';

/** An exact ratio numerator/denominator, both positive. */
export interface Ratio {
  numerator: bigint;
  denominator: bigint;
}

export const ONE: Ratio = { numerator: 1n, denominator: 1n };

export interface SizedPosition {
  /** Lots in 10^-8 units. */
  lots: bigint;
  /** Units per lot (ForexContNum). */
  contractSize: bigint;
}

/** [M1] Notional in USD = lots × contract size × price × rate(quote), rounded once to 10^-6. */
export function notionalMicros(position: SizedPosition, price: PriceFraction, quoteToUsd: Ratio): bigint {
  const numerator =
    position.lots * position.contractSize * price.points * quoteToUsd.numerator * MICROS_PER_USD;
  const denominator = LOT_SCALE * pricePow(price) * quoteToUsd.denominator;
  return divRound(numerator, denominator);
}

/**
 * [M2] Margin: fixed mode (1) = lots × units per lot, in USD; leveraged mode (2) = notional /
 * leverage. Computed from the exact notional and rounded once.
 */
export function marginMicros(
  position: SizedPosition,
  marginMode: 1 | 2,
  leverage: number,
  price: PriceFraction,
  quoteToUsd: Ratio,
): bigint {
  if (marginMode === 1) return divRound(position.lots * position.contractSize * MICROS_PER_USD, LOT_SCALE);
  if (!Number.isInteger(leverage) || leverage <= 0)
    throw new RangeError(`leverage must be a positive integer, got ${leverage}`);
  const numerator =
    position.lots * position.contractSize * price.points * quoteToUsd.numerator * MICROS_PER_USD;
  const denominator = LOT_SCALE * pricePow(price) * quoteToUsd.denominator * BigInt(leverage);
  return divRound(numerator, denominator);
}

/** [M3] Fee: trade_fee_type 1 = lots × rate (USD per lot); otherwise margin × rate. */
export function feeMicros(feeType: number, lots: bigint, margin: bigint, rate: bigint): bigint {
  if (feeType === 1) return divRound(lots * rate * MICROS_PER_USD, LOT_SCALE * RATE_SCALE);
  return divRound(margin * rate, RATE_SCALE);
}

/**
 * [M4] Floating profit: buy (bid − open) × lots × contract × rate(quote); sell (open − ask) × … .
 * `closePrice` is the bid for a buy and the ask for a sell; both prices share one precision.
 */
export function profitMicros(
  side: 'buy' | 'sell',
  position: SizedPosition,
  openPrice: PriceFraction,
  closePrice: PriceFraction,
  quoteToUsd: Ratio,
): bigint {
  if (openPrice.precision !== closePrice.precision)
    throw new RangeError('prices of one position share a precision');
  const move = side === 'buy' ? closePrice.points - openPrice.points : openPrice.points - closePrice.points;
  const numerator = move * position.lots * position.contractSize * quoteToUsd.numerator * MICROS_PER_USD;
  const denominator = LOT_SCALE * pricePow(openPrice) * quoteToUsd.denominator;
  return divRound(numerator, denominator);
}

/** Lots (10^-8) × units per lot over this, times 10^precision, is a position's USD per point. */
const LOTS_PER_MICRO = Number(LOT_SCALE / MICROS_PER_USD);
const SAFE_LOTS = BigInt(Number.MAX_SAFE_INTEGER);

/**
 * [M4] `profitMicros` of prices in points (what the engine keeps), the same value to the micro.
 * A USD-quoted position whose point is worth a whole number of micros (every lot step of the
 * catalogue) has a P/L of exactly the move times that worth: computed as safe integers, each step
 * checked to stay one (a product past 2^53 rounds to a number that is not safe, so the check
 * after it is enough), it needs one bigint for the answer instead of a dozen for the chain of
 * products and the rounding division (a fired stop computes one). Anything else takes the
 * bigint formula.
 */
export function profitMicrosAtPoints(
  side: 'buy' | 'sell',
  lots: bigint,
  contractSize: number,
  openPoints: number,
  closePoints: number,
  precision: number,
  quoteToUsd: Ratio,
): bigint {
  if (quoteToUsd.numerator === quoteToUsd.denominator && lots <= SAFE_LOTS && lots >= 0n) {
    const units = Number(lots) * contractSize;
    const perPointDivisor = LOTS_PER_MICRO * 10 ** precision;
    if (
      Number.isSafeInteger(units) &&
      Number.isSafeInteger(perPointDivisor) &&
      units % perPointDivisor === 0
    ) {
      const move = side === 'buy' ? closePoints - openPoints : openPoints - closePoints;
      const profit = move * (units / perPointDivisor);
      if (Number.isSafeInteger(profit)) return BigInt(profit);
    }
  }
  return profitMicros(
    side,
    { lots, contractSize: BigInt(contractSize) },
    priceFraction(openPoints, precision),
    priceFraction(closePoints, precision),
    quoteToUsd,
  );
}

/**
 * [M4] What one point of price move is worth to a position in USD micros at a rate of 1 (a
 * USD-quoted instrument), when that is a whole number: `profitMicros` is then exactly the move in
 * points times this, with nothing to round, so a sum of such P/Ls is linear in the price.
 * Undefined when a point is worth a fraction of a micro.
 */
export function pointValueMicros(position: SizedPosition, precision: number): bigint | undefined {
  const numerator = position.lots * position.contractSize * MICROS_PER_USD;
  const denominator = LOT_SCALE * pow10(precision);
  return numerator % denominator === 0n ? numerator / denominator : undefined;
}
