/**
 * When the ticket asks before sending an order (the user's choice in Settings, "large orders" by
 * default) and the margin level the account would have after it. Pure, tested in
 * order-confirmation.test.ts.
 *
 * "Large" follows packages/engine's account arithmetic (trading-rules.md "Account figures"): an
 * order is large when its margin is more than half of the free margin, or when the margin level
 * after the trade — (equity − fee) / (used margin + margin) — would be at or below the margin-call
 * level, where the account is warned and the stop-out is near.
 */
import type { AccountFigures } from '@omp/protocol';
import { microsOf } from './ticket-preview.ts';

export const ORDER_CONFIRM_MODES = ['always', 'large', 'never'] as const;
export type OrderConfirmMode = (typeof ORDER_CONFIRM_MODES)[number];
export const DEFAULT_ORDER_CONFIRM: OrderConfirmMode = 'large';

/** Why the ticket asks: the user wants every order confirmed, or which rule made it large. */
export type ConfirmReason = 'always' | 'margin_call' | 'large_margin';

/** The account now, in micro-dollars (exact), and its margin-call level in percent. */
export interface AccountNow {
  equityMicros: bigint;
  usedMarginMicros: bigint;
  freeMarginMicros: bigint;
  marginCallLevel: number;
}

/** What the order would take: its margin and its fee (charged from the balance on the fill). */
export interface OrderCost {
  marginMicros: bigint;
  feeMicros: bigint;
}

/**
 * Margin level in percent after the order fills, to 2 decimals (rounded down, the cautious side);
 * undefined when no margin would be in use.
 */
export function marginLevelAfter(account: AccountNow, order: OrderCost): number | undefined {
  const used = account.usedMarginMicros + order.marginMicros;
  if (used <= 0n) return undefined;
  const hundredths = floorDiv((account.equityMicros - order.feeMicros) * 10_000n, used);
  return Number(hundredths) / 100;
}

/**
 * Whether to ask before sending, and why. Without the order's cost or the account's figures a
 * large order cannot be told from a small one: "large" then sends without asking (the server still
 * refuses an order the funds do not cover), while "always" asks all the same.
 */
export function confirmReason(
  mode: OrderConfirmMode,
  order: OrderCost | undefined,
  account: AccountNow | undefined,
): ConfirmReason | undefined {
  if (mode === 'never') return undefined;
  if (mode === 'always') return 'always';
  if (!order || !account) return undefined;
  const level = marginLevelAfter(account, order);
  if (level !== undefined && level <= account.marginCallLevel) return 'margin_call';
  if (order.marginMicros * 2n > account.freeMarginMicros) return 'large_margin';
  return undefined;
}

/** The account figures the rule weighs, as exact micro-dollars. */
export function accountNowOf(figures: AccountFigures): AccountNow {
  return {
    equityMicros: microsOf(figures.equity),
    usedMarginMicros: microsOf(figures.lock_balance),
    freeMarginMicros: microsOf(figures.free_margin),
    marginCallLevel: figures.margin_call_level,
  };
}

export function isOrderConfirmMode(value: unknown): value is OrderConfirmMode {
  return (ORDER_CONFIRM_MODES as readonly unknown[]).includes(value);
}

function floorDiv(numerator: bigint, denominator: bigint): bigint {
  const quotient = numerator / denominator;
  return numerator % denominator !== 0n && numerator < 0n !== denominator < 0n ? quotient - 1n : quotient;
}
