/**
 * Moving a pending order's target price [B10]: the new target is judged exactly as a new pending
 * order at that price would be (O0–O5 through `decideOrderEntry`), so a move can never leave the
 * book holding an order it would have refused to take. The kind follows the new target: a buy
 * limit moved above the ask becomes a buy stop (O2), so it fires on the right side (T1).
 *
 *   decidePendingMove(buyLimit, 109_900, board, settings, nowMs); // { ok: true, kind: 'buy_limit', … }
 */
import type { MarketBoard } from './market-board.ts';
import { decideOrderEntry, type OrderKind, type OrderRejection } from './order-entry.ts';
import type { Order } from './trading-types.ts';

export type PendingMoveDecision =
  | { ok: true; kind: OrderKind; targetPoints: number }
  | { ok: false; rejection: OrderRejection | 'instrument_not_found' };

/** The order's kind and target after the move, or the first entry rule the moved order breaks. */
export function decidePendingMove(
  order: Order,
  targetPoints: number,
  board: MarketBoard,
  settings: { staleQuoteMs: number; feeType: number },
  nowMs: number,
): PendingMoveDecision {
  const instrument = board.instrument(order.instrumentId);
  const quote = board.quote(order.instrumentId);
  const quoteToUsd = instrument && board.usdRate(instrument.quoteCurrency);
  if (!instrument || !quote || !quoteToUsd) return { ok: false, rejection: 'instrument_not_found' };
  const decision = decideOrderEntry(
    {
      side: order.side,
      market: false,
      lots: order.lots,
      leverage: order.leverage,
      targetPoints,
      stopLossPoints: order.stopLossPoints,
      takeProfitPoints: order.takeProfitPoints,
    },
    {
      instrument,
      quote,
      nowMs,
      staleQuoteMs: settings.staleQuoteMs,
      feeType: settings.feeType,
      quoteToUsd,
      // A pending order holds no margin [O6]: free margin is judged when it fills [F1].
      freeMarginMicros: 0n,
    },
  );
  if (!decision.ok) return decision;
  return { ok: true, kind: decision.kind, targetPoints: decision.openPoints };
}
