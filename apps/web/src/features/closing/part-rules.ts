/**
 * The sizes a position can be closed in part by (packages/engine/SPEC.md PC2), exact in 10^-8 lot
 * like the order ticket: whole lot steps, at least the minimum, and leaving at least the minimum
 * open. The stepper offers only those, so the server never has to refuse the size it is sent.
 *
 *   // step 0.01, minimum 0.01:
 *   partRangeOf(lots('1'), rules)                   // { min: 0.01, max: 0.99 }
 *   partProfitMicros(-412, lots('0.3'), lots('1'))  // -123.6 USD of the -412 floating
 */
import { divRound, parseLots } from '@omp/engine';
import { stepLots, type LotRules } from '../ticket/lot-rules.ts';

/** The smallest and largest part, or undefined when the position is too small to split. */
export function partRangeOf(positionLots: bigint, rules: LotRules): { min: bigint; max: bigint } | undefined {
  const max = ((positionLots - rules.min) / rules.step) * rules.step;
  if (max < rules.min) return undefined;
  return { min: rules.min, max };
}

/** One tap of − or + on the part's stepper, kept inside the range. */
export function stepPart(
  part: bigint,
  direction: 1 | -1,
  rules: LotRules,
  range: { min: bigint; max: bigint },
) {
  return stepLots(part, direction, { ...rules, min: range.min, max: range.max });
}

/** Whether `part` is a size the server takes for this position. */
export function isValidPart(part: bigint, rules: LotRules, range: { min: bigint; max: bigint }): boolean {
  return part >= range.min && part <= range.max && part % rules.step === 0n;
}

/** A position's lots as the wire's number gives them (Quantity), exactly. */
export function lotsOfQuantity(quantity: number): bigint {
  return parseLots(quantity.toFixed(8)) ?? 0n;
}

/**
 * The P/L the part would realize at the current price: the position's floating P/L in proportion
 * to the lots, rounded half away from zero to the micro-dollar as the engine rounds it. A preview:
 * the engine computes the part's own P/L when it closes.
 */
export function partProfitMicros(floatingUsd: number, part: bigint, positionLots: bigint): bigint {
  if (positionLots <= 0n) return 0n;
  return divRound(BigInt(Math.round(floatingUsd * 1e6)) * part, positionLots);
}
