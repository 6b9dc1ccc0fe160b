/**
 * Settling an account after every decision [B9]: stop-out largest loss first (S1), negative
 * balance protection (S2), the margin-call warning (S3), the stop-out report (S4) and new margin
 * guards (G1–G2). The trading book hands this module the few operations it needs
 * (`SettlingBook`), as it does for position-closing.ts, so the rules live here and the book only
 * wires them in.
 *
 * Example: an account at 45 % with a stop-out level of 50 % closes its largest loser, then the
 * next, until it is above 50 % or nothing closable is left; a real balance left below 0 gets a
 * `negative_balance_protection` row that brings it back to 0.
 */
import { isAtOrBelowLevel } from './account-figures.ts';
import type { AccountValuation } from './account-valuation.ts';
import { guardBandsOf, guardDrawingOf, narrowestBands } from './margin-guard.ts';
import type { MarketBoard } from './market-board.ts';
import { largestLoser } from './order-lifecycle.ts';
import type { OutcomeBuilder } from './outcome-builder.ts';
import type { TriggerIndex } from './trigger-index.ts';
import type { Account, CloseReason, Order, RiskFigures, RiskLevels } from './trading-types.ts';

/** What the trading book lends settling: its board, levels, guards and its close step. */
export interface SettlingBook {
  readonly board: MarketBoard;
  readonly settings: RiskLevels;
  readonly triggers: Pick<TriggerIndex, 'setGuards'>;
  /** The account's valuation, which the book keeps in step with its orders (account-valuation.ts). */
  valuation(account: Account): AccountValuation;
  close(account: Account, order: Order, reason: CloseReason, nowMs: number, out: OutcomeBuilder): void;
}

/**
 * [B9] Stop-out, negative balance protection, margin-call warning, new guards.
 *
 * `closedAtQuoteOnly`: since the account was last settled, the decision only closed positions at
 * the current quote, with every price still inside the boxes of its guards (a tick's stops and
 * take profits, when none of the account's guard edges was crossed). Closing a position trades its
 * P/L for the same amount of balance: over each box the equity's lower bound can only rise (the
 * position's own bound there is at most its P/L now, a corner being the worst point of the box)
 * while the used margin falls. Guards that proved the account above the margin-call level still
 * prove it, so neither a stop-out nor a warning can be due and the boxes stay as drawn: only the
 * balance needs looking at. This is most of what a fired stop costs otherwise.
 */
export function settleAccount(
  book: SettlingBook,
  account: Account,
  out: OutcomeBuilder,
  nowMs: number,
  closedAtQuoteOnly = false,
): void {
  const valuation = book.valuation(account);
  if (closedAtQuoteOnly && valuation.guardsProveAboveCall) {
    protectNegativeBalance(account, out, nowMs);
    return;
  }
  const { stopOutLevel, marginCallLevel } = book.settings;
  const before = valuation.risk(account, book.board);
  const closedOrderIds: number[] = [];
  for (let figures = before; isAtOrBelowLevel(figures, stopOutLevel);) {
    const victim = largestLoser(account, book.board, nowMs);
    if (!victim) break;
    book.close(account, victim, 'stop_out', nowMs, out);
    closedOrderIds.push(victim.id);
    figures = valuation.risk(account, book.board);
  }
  const protectionMicros = protectNegativeBalance(account, out, nowMs);
  // Nothing closed and nothing posted leaves the figures as they were: no second pass over the orders.
  const figures =
    closedOrderIds.length === 0 && protectionMicros === 0n ? before : valuation.risk(account, book.board);
  if (closedOrderIds.length > 0)
    out.event({
      type: 'stop_out',
      accountId: account.id,
      levels: { marginCallLevel, stopOutLevel },
      before: riskFiguresOf(before),
      after: riskFiguresOf(figures),
      closedOrderIds,
      protectionMicros,
    });
  if (isAtOrBelowLevel(figures, marginCallLevel)) {
    if (!account.marginCallWarned) {
      account.marginCallWarned = true;
      out.event({
        type: 'margin_call',
        accountId: account.id,
        equityMicros: figures.equityMicros,
        usedMarginMicros: figures.usedMarginMicros,
        levels: { marginCallLevel, stopOutLevel },
      });
    }
  } else if (!isAtOrBelowLevel(figures, marginCallRearmLevel(marginCallLevel))) {
    // [S3] Re-armed only by a real recovery, not by a level hovering at the margin call.
    account.marginCallWarned = false;
  }
  redrawGuards(book, account);
}

/** [S2] A real account's balance left below 0 is brought back to 0; returns the amount posted. */
function protectNegativeBalance(account: Account, out: OutcomeBuilder, nowMs: number): bigint {
  const protectionMicros = !account.isDemo && account.balanceMicros < 0n ? -account.balanceMicros : 0n;
  if (protectionMicros > 0n) out.post('negative_balance_protection', protectionMicros, 0, nowMs);
  return protectionMicros;
}

/** [G1–G2] Draws the account's margin guards for the level that matters now. */
export function redrawGuards(book: Omit<SettlingBook, 'close'>, account: Account): void {
  const { marginCallLevel, stopOutLevel } = book.settings;
  const valuation = book.valuation(account);
  // Before a warning, falling to the margin-call level is what matters. After it, both a fall to
  // the stop-out level and a recovery above the re-arming level (which re-arms the warning).
  if (!account.marginCallWarned) {
    const drawing = guardDrawingOf(valuation, account, book.board, marginCallLevel, 'above');
    valuation.guardsProveAboveCall = drawing.proven;
    book.triggers.setGuards(account.id, drawing.bands);
    return;
  }
  valuation.guardsProveAboveCall = false;
  const bands = narrowestBands(
    guardBandsOf(valuation, account, book.board, stopOutLevel, 'above'),
    guardBandsOf(valuation, account, book.board, marginCallRearmLevel(marginCallLevel), 'at_or_below'),
  );
  book.triggers.setGuards(account.id, bands);
}

/**
 * [S3] The level a warned account must climb back above before the margin call can warn again:
 * a tenth above the margin-call level (110 % for a call at 100 %), so a level hovering at the call
 * warns once, not at every tick.
 */
export function marginCallRearmLevel(marginCallLevel: number): number {
  return Math.ceil((marginCallLevel * 11) / 10);
}

const riskFiguresOf = (figures: RiskFigures): RiskFigures => ({
  balanceMicros: figures.balanceMicros,
  equityMicros: figures.equityMicros,
  usedMarginMicros: figures.usedMarginMicros,
});
