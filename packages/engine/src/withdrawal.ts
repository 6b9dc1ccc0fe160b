/**
 * Withdrawal arithmetic (SPEC.md "Money in and out"), shared by the server that holds the
 * amount and the screen that shows the fee and the received amount while the user types, so the
 * two can never disagree.
 */
import { divRound, formatScaled, parseMicros, parseRate, RATE_SCALE } from './money.ts';

/** The fee rule of a withdrawal currency as the wire carries it. */
export interface WithdrawalFeeRule {
  /** 1: `draw_rate` is a fixed fee in USD; otherwise the fee is number × `draw_rate`. */
  feeType: number;
  drawRate: string;
}

/** A withdrawal currency's rule as staff set it: the fee, the payout rate and the minimum. */
export interface WithdrawalCurrencyRule extends WithdrawalFeeRule {
  usdPrice: string;
  minAmount?: string | undefined;
}

/** What is wrong with a rule the arithmetic below cannot apply exactly; undefined when nothing. */
export type WithdrawalRuleFault = 'fee_amount' | 'fee_rate' | 'usd_price' | 'min_amount';

/**
 * Checks a rule before it is stored or used: a fixed fee is micro-dollars (6 decimals), a share
 * is below 1 with 12 decimals at most, the payout rate is above 0, the minimum is micro-dollars.
 * The arithmetic reads a value it cannot parse as 0: a fee of 2.5000001 would be no fee at all.
 */
export function withdrawalRuleFault(rule: WithdrawalCurrencyRule): WithdrawalRuleFault | undefined {
  if (rule.feeType === 1) {
    if (parseMicros(rule.drawRate) === null) return 'fee_amount';
  } else {
    const share = parseRate(rule.drawRate);
    if (share === null || share < 0n || share >= RATE_SCALE) return 'fee_rate';
  }
  const price = parseRate(rule.usdPrice);
  if (price === null || price <= 0n) return 'usd_price';
  if (rule.minAmount !== undefined && rule.minAmount !== '' && parseMicros(rule.minAmount) === null)
    return 'min_amount';
  return undefined;
}

/** Fee in micro-dollars for a withdrawal of `amount` micro-dollars. */
export function withdrawalFee(rule: WithdrawalFeeRule, amount: bigint): bigint {
  if (rule.feeType === 1) return parseMicros(rule.drawRate) ?? 0n;
  return divRound(amount * (parseRate(rule.drawRate) ?? 0n), RATE_SCALE);
}

/**
 * Received = max(0, (number − fee) × usd_price) in the payout currency, 2 decimals, rounded down:
 * the platform never pays a fraction of a cent more than the rule gives.
 */
export function receivedAmount(amount: bigint, fee: bigint, usdPrice: string): string {
  const net = amount - fee;
  if (net <= 0n) return '0.00';
  // micros × rate(10^-12) = 10^-18; cents are 10^-2, so divide by 10^16.
  const cents = (net * (parseRate(usdPrice) ?? 0n)) / 10n ** 16n;
  return formatScaled(cents, 2);
}
