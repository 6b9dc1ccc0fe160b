/**
 * Closing part of a position, and closing many positions in one decision (SPEC.md "Partial and
 * bulk closes", rules PC1–PC7). The trading book keeps its accounts and triggers private; it hands
 * these commands the few operations they need (`ClosingBook`), so the rules live here and the
 * book only wires them in.
 *
 * Example: a 1.00-lot EUR/USD buy closed by 0.30 becomes a closed record of 0.30 lots (a new id,
 * `splitFromId` the position's) with its realized P/L, and the position keeps its id, its stops
 * and 0.70 lots, with 70 % of the margin and fee (the two parts add up to the whole, exactly).
 */
import { closeOrder } from './order-lifecycle.ts';
import { divRound, LOT_SCALE, parseLots } from './money.ts';
import type { MarketBoard } from './market-board.ts';
import type { OutcomeBuilder } from './outcome-builder.ts';
import { isQuoteStale } from './quote-freshness.ts';
import { isMarketOpen } from './schedule.ts';
import type { InstrumentSpec } from './instrument.ts';
import type { Account, CloseReason, Order, Outcome } from './trading-types.ts';

/** Why a part of a position cannot be closed, in precedence order (PC2). */
export const PART_REJECTIONS = [
  'lots_must_be_positive',
  'lots_off_step',
  'lots_below_minimum',
  'part_not_less_than_position',
  'remainder_below_minimum',
] as const;
export type PartRejection = (typeof PART_REJECTIONS)[number];

/** Why a position could not be closed now (B3's own refusals, PC5). */
export type CloseBlock = 'market_closed' | 'stale_quote';

export type CloseManyRejection = 'account_not_found' | 'instrument_not_found';

/** Which holding positions a bulk close takes (PC4). */
export type CloseFilter =
  | { scope: 'all' }
  | { scope: 'instrument'; instrumentId: number }
  | { scope: 'winners' }
  | { scope: 'losers' };

export type CloseManyResult =
  | {
      ok: true;
      outcome: Outcome;
      /** The closed records, in the order they closed (position id ascending). */
      closed: Order[];
      /** Positions the filter took that could not close now, with why. */
      skipped: Array<{ orderId: number; reason: CloseBlock }>;
    }
  | { ok: false; rejection: CloseManyRejection };

/** What the trading book lends these commands: its state and the steps every decision shares. */
export interface ClosingBook {
  readonly board: MarketBoard;
  readonly staleQuoteMs: number;
  account(accountId: number): Account | undefined;
  newOrderId(): number;
  outcomeOf(account: Account): OutcomeBuilder;
  putOrder(account: Account, order: Order, out: OutcomeBuilder): void;
  close(account: Account, order: Order, reason: CloseReason, nowMs: number, out: OutcomeBuilder): void;
  settle(account: Account, out: OutcomeBuilder, nowMs: number): void;
}

/** [PC2] The first rule a part of `lots` breaks for a position of `positionLots`, or undefined. */
export function partRejection(
  spec: Pick<InstrumentSpec, 'lotStep' | 'minLots'>,
  positionLots: bigint,
  lots: bigint,
): PartRejection | undefined {
  const step = parseLots(spec.lotStep) ?? LOT_SCALE;
  const min = parseLots(spec.minLots) ?? step;
  if (lots <= 0n) return 'lots_must_be_positive';
  if (step > 0n && lots % step !== 0n) return 'lots_off_step';
  if (lots < min) return 'lots_below_minimum';
  if (lots >= positionLots) return 'part_not_less_than_position';
  if (positionLots - lots < min) return 'remainder_below_minimum';
  return undefined;
}

/**
 * [PC3] Splits `amount` in proportion to `part / whole` lots, rounded half away from zero once; the
 * rest is what remains, so the two always add up to `amount` and no micro-dollar is made or lost.
 */
export function splitAmount(amount: bigint, part: bigint, whole: bigint): [bigint, bigint] {
  const share = divRound(amount * part, whole);
  return [share, amount - share];
}

/** [PC5] Why a holding position cannot close now, or undefined when it can. */
export function closeBlock(
  board: MarketBoard,
  order: Order,
  staleQuoteMs: number,
  nowMs: number,
): CloseBlock | undefined {
  const instrument = board.instrument(order.instrumentId);
  const quote = board.quote(order.instrumentId);
  if (!instrument || !isMarketOpen(instrument.schedule, nowMs)) return 'market_closed';
  if (!quote || isQuoteStale(quote, nowMs, staleQuoteMs)) return 'stale_quote';
  return undefined;
}

export type PartResult =
  | { ok: true; outcome: Outcome; position: Order; part: Order }
  | {
      ok: false;
      rejection:
        PartRejection | CloseBlock | 'order_not_found' | 'order_not_holding' | 'instrument_not_found';
    };

/**
 * [PC1] Closes `lots` of a holding position at the current closing price: the part becomes a new
 * closed record with its own `realized_pnl` row, the position keeps its id, stops and the rest.
 */
export function closePart(
  book: ClosingBook,
  accountId: number,
  orderId: number,
  lots: bigint,
  reason: CloseReason,
  nowMs: number,
): PartResult {
  const account = book.account(accountId);
  const order = account?.orders.get(orderId);
  if (!account || !order) return { ok: false, rejection: 'order_not_found' };
  if (order.state !== 'holding') return { ok: false, rejection: 'order_not_holding' };
  const spec = book.board.instrument(order.instrumentId);
  if (!spec || !book.board.quote(order.instrumentId)) return { ok: false, rejection: 'instrument_not_found' };
  const blocked = closeBlock(book.board, order, book.staleQuoteMs, nowMs);
  if (blocked) return { ok: false, rejection: blocked };
  const invalid = partRejection(spec, order.lots, lots);
  if (invalid) return { ok: false, rejection: invalid };

  const [partMargin, restMargin] = splitAmount(order.marginMicros, lots, order.lots);
  const [partFee, restFee] = splitAmount(order.feeMicros, lots, order.lots);
  // The spread paid at the fill splits like the fee: the parts' costs add up to what the fill cost.
  const [partSpread, restSpread] = splitAmount(order.spreadCostMicros, lots, order.lots);
  const out = book.outcomeOf(account);
  const position: Order = {
    ...order,
    lots: order.lots - lots,
    marginMicros: restMargin,
    feeMicros: restFee,
    spreadCostMicros: restSpread,
  };
  book.putOrder(account, position, out);
  const part = closeOrder(
    {
      ...order,
      id: book.newOrderId(),
      lots,
      marginMicros: partMargin,
      feeMicros: partFee,
      spreadCostMicros: partSpread,
      splitFromId: order.id,
    },
    book.board,
    reason,
    nowMs,
  );
  book.putOrder(account, part, out);
  if (part.profitMicros !== 0n) out.post('realized_pnl', part.profitMicros, part.id, nowMs);
  book.settle(account, out, nowMs);
  // Settling may stop the rest out: answer the position as it is now.
  const outcome = out.build();
  const latest = outcome.orders.find((o) => o.id === order.id) ?? position;
  return { ok: true, outcome, position: latest, part };
}

/** [PC4] Whether a holding position falls under the filter, judged by its floating P/L now. */
function isTaken(board: MarketBoard, order: Order, filter: CloseFilter, nowMs: number): boolean {
  switch (filter.scope) {
    case 'all':
      return true;
    case 'instrument':
      return order.instrumentId === filter.instrumentId;
    case 'winners':
    case 'losers': {
      // Without any quote the P/L is unknown: such a position is neither a winner nor a loser.
      if (!board.quote(order.instrumentId)) return false;
      const profit = closeOrder(order, board, 'user', nowMs).profitMicros;
      return filter.scope === 'winners' ? profit > 0n : profit < 0n;
    }
  }
}

/**
 * [PC4]–[PC6] Closes every holding position the filter takes, in one decision: one Outcome, one
 * settling at the end. Positions whose market is closed or quote stale stay open and are reported.
 */
export function closeMany(
  book: ClosingBook,
  accountId: number,
  filter: CloseFilter,
  nowMs: number,
): CloseManyResult {
  const account = book.account(accountId);
  if (!account) return { ok: false, rejection: 'account_not_found' };
  if (filter.scope === 'instrument' && !book.board.instrument(filter.instrumentId))
    return { ok: false, rejection: 'instrument_not_found' };
  const taken = [...account.orders.values()]
    .filter((order) => order.state === 'holding' && isTaken(book.board, order, filter, nowMs))
    .sort((a, b) => a.id - b.id);
  const out = book.outcomeOf(account);
  const closed: Order[] = [];
  const skipped: Array<{ orderId: number; reason: CloseBlock }> = [];
  for (const order of taken) {
    const blocked = closeBlock(book.board, order, book.staleQuoteMs, nowMs);
    if (blocked) {
      skipped.push({ orderId: order.id, reason: blocked });
      continue;
    }
    book.close(account, order, 'user', nowMs, out);
  }
  book.settle(account, out, nowMs);
  const outcome = out.build();
  const takenIds = new Set(taken.map((order) => order.id));
  for (const order of outcome.orders)
    if (takenIds.has(order.id) && order.state === 'closed' && order.closeReason === 'user')
      closed.push(order);
  return { ok: true, outcome, closed, skipped };
}
