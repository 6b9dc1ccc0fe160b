/**
 * What the money screens compute before anything is sent: the withdrawal's fee and received
 * amount with the engine's exact arithmetic (the server holds the same figures), the checks of an
 * amount as typed, and the tone of each record status.
 */
import {
  depositCredit,
  formatMicros,
  formatScaled,
  parseMicros,
  parseRate,
  receivedAmount,
  withdrawalFee,
} from '@omp/engine';
import { DepositStatus, WithdrawalStatus, type WithdrawCurrency } from '@omp/protocol';

/** Largest amount the server takes (USD). */
const MAX_MICROS = 1_000_000_000_000_000n;

export type AmountProblem = 'empty' | 'format' | 'zero' | 'too_big';

/** An amount as typed: USD with at most 6 decimals, above 0, at most 10^9. */
export function checkAmount(text: string): { micros: bigint } | { problem: AmountProblem } {
  const trimmed = text.trim();
  if (trimmed === '') return { problem: 'empty' };
  if (!/^\d+(\.\d{1,6})?$/.test(trimmed)) return { problem: 'format' };
  const micros = parseMicros(trimmed)!;
  if (micros <= 0n) return { problem: 'zero' };
  if (micros > MAX_MICROS) return { problem: 'too_big' };
  return { micros };
}

/** A server figure (≤ 6 decimals in a double) back to exact micro-dollars. */
export const microsOf = (usd: number): bigint => parseMicros(usd.toFixed(6)) ?? 0n;

/** A USD text with 2 to 6 decimals: fees like 0.015 show in full, whole fees as 2.00. */
export function usdText(micros: bigint): string {
  const full = formatMicros(micros);
  const [whole, fraction = ''] = full.split('.');
  const trimmed = fraction.replace(/0+$/, '').padEnd(2, '0');
  return `${whole}.${trimmed}`;
}

export type DepositPreview =
  { state: 'empty' } | { state: 'invalid'; problem: AmountProblem } | { state: 'ok'; credited: string };

/**
 * The USD a deposit typed in its channel's currency credits at the channel's rate (units per
 * 1 USD), with the server's own rounding (down to the micro-dollar, engine SPEC.md W5), or why the
 * amount cannot be sent. An amount worth less than a micro-dollar counts as zero.
 */
export function previewDeposit(amountText: string, usdPrice: string): DepositPreview {
  const checked = checkAmount(amountText);
  if ('problem' in checked)
    return checked.problem === 'empty' ? { state: 'empty' } : { state: 'invalid', problem: checked.problem };
  const credited = depositCredit(checked.micros, usdPrice) ?? 0n;
  if (credited <= 0n) return { state: 'invalid', problem: 'zero' };
  return { state: 'ok', credited: usdText(credited) };
}

/** A decimal amount from the server ("100", "0.5") as the screens show amounts: "100.00", "0.50". */
export const currencyAmountText = (text: string): string => {
  const micros = parseMicros(text);
  return micros === null ? text : usdText(micros);
};

export type WithdrawalPreview =
  | { state: 'empty' }
  | { state: 'invalid'; problem: AmountProblem | 'below_min' | 'above_free'; min?: string }
  | { state: 'ok'; fee: string; received: string };

/**
 * The fee (USD) and what arrives (in the payout currency) for an amount as typed, or why it
 * cannot be sent. Free margin is the most that can leave (packages/engine/SPEC.md W3).
 */
export function previewWithdrawal(
  amountText: string,
  currency: Pick<WithdrawCurrency, 'fee_type' | 'draw_rate' | 'usd_price' | 'min_amount'>,
  freeMarginUsd: number | undefined,
): WithdrawalPreview {
  const checked = checkAmount(amountText);
  if ('problem' in checked)
    return checked.problem === 'empty' ? { state: 'empty' } : { state: 'invalid', problem: checked.problem };
  const amount = checked.micros;
  const minimum = parseMicros(currency.min_amount) ?? 0n;
  if (amount < minimum) return { state: 'invalid', problem: 'below_min', min: currency.min_amount };
  if (freeMarginUsd !== undefined && amount > microsOf(freeMarginUsd))
    return { state: 'invalid', problem: 'above_free' };
  const fee = withdrawalFee({ feeType: currency.fee_type, drawRate: currency.draw_rate }, amount);
  return { state: 'ok', fee: usdText(fee), received: receivedAmount(amount, fee, currency.usd_price) };
}

/** How the fee rule reads: "2.00 USD" fixed or "1.5%". */
export function feeRule(currency: Pick<WithdrawCurrency, 'fee_type' | 'draw_rate'>): {
  kind: 'fixed' | 'rate';
  value: string;
} {
  if (currency.fee_type === 1)
    return { kind: 'fixed', value: usdText(parseMicros(currency.draw_rate) ?? 0n) };
  // draw_rate is a fraction: 0.015 → 1.5 (percent), exact at the rate's own 12 decimals.
  const percent = formatScaled((parseRate(currency.draw_rate) ?? 0n) * 100n, 12);
  return { kind: 'rate', value: percent.replace(/\.?0+$/, '') };
}

export type Tone = 'pending' | 'done' | 'refused' | 'void';

export const depositTone = (status: number): Tone =>
  status === DepositStatus.completed
    ? 'done'
    : status === DepositStatus.rejected
      ? 'refused'
      : status === DepositStatus.invalid
        ? 'void'
        : 'pending';

export const withdrawalTone = (status: number): Tone =>
  status === WithdrawalStatus.paid ? 'done' : status === WithdrawalStatus.rejected ? 'refused' : 'pending';

/** Long addresses and account numbers in lists: the start and the end, which people compare. */
export function shortened(text: string, keep = 8): string {
  return text.length <= keep * 2 + 1 ? text : `${text.slice(0, keep)}…${text.slice(-keep)}`;
}

/** The server's UTC time text ("2026-11-23 09:41:24") as Unix seconds, or undefined when unreadable. */
export function utcTextSeconds(text: string): number | undefined {
  const ms = Date.parse(`${text.replace(' ', 'T')}Z`);
  return Number.isFinite(ms) ? Math.floor(ms / 1000) : undefined;
}
