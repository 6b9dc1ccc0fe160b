/**
 * Changes to an order the user already has, as engine commands: new stops (`set_stop_price`) and a
 * pending order's new target (`update_pending`). Each reads the wire body against the order and
 * its instrument (prices into points at the instrument's precision) and lets the book decide, so
 * the trading service only loads, commits and publishes them alike.
 */
import type { CommandResult, InstrumentSpec, Order, TradingBook } from '@omp/engine';
import type { MovePendingBody, SetStopsBody } from '@omp/protocol';
import type { DomainError } from '../domain/errors.ts';
import { pointsOf, trailingPointsOf } from '../inputs/trading-inputs.ts';

/** Decides one change of `order` in `book` (the order is the user's and in the book). */
export type Amendment = (
  book: TradingBook,
  order: Order,
  spec: InstrumentSpec,
  nowMs: number,
) => CommandResult;

/**
 * Take profit, stop loss and trailing distance; a value left out keeps its value, 0 removes it.
 */
export function stopsAmendment(body: SetStopsBody): Amendment {
  return (book, order, spec, nowMs) => {
    const stops = {
      stopLossPoints:
        body.stop_loss_price === undefined
          ? order.stopLossPoints
          : pointsOf(body.stop_loss_price, 'stop_loss_price', spec),
      takeProfitPoints:
        body.target_profit_price === undefined
          ? order.takeProfitPoints
          : pointsOf(body.target_profit_price, 'target_profit_price', spec),
      trailingPoints: trailingPointsOf(body.trailing_stop, spec) ?? order.trailingPoints,
    };
    return book.setStops(order.accountId, order.id, stops, nowMs);
  };
}

/** The refusal of a leverage above its instrument's cap (leverage-caps.ts); undefined when allowed. */
export type LeverageRefusal = (spec: InstrumentSpec, leverage: number) => DomainError | undefined;

/**
 * A pending order's new target price (engine B10). The move is judged as a new order at that price,
 * so an order placed before staff lowered its instrument's cap cannot move: the refusal names the cap.
 */
export function pendingMoveAmendment(body: MovePendingBody, leverageRefusal: LeverageRefusal): Amendment {
  return (book, order, spec, nowMs) => {
    const aboveCap = leverageRefusal(spec, order.leverage);
    if (aboveCap) throw aboveCap;
    return book.movePending(
      order.accountId,
      order.id,
      pointsOf(body.target_price, 'target_price', spec),
      nowMs,
    );
  };
}
