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
