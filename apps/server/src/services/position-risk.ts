/**
 * The live trade state of FOREX_TRADE with its distances to danger (docs/socket.md): each holding
 * order's price and P/L, plus where its instrument's price would bring the margin call and the
 * stop-out, and the account's nearest of each. All of it is the engine's projection with no new
 * order (packages/engine/SPEC.md RP1–RP7), so the positions screen warns at exactly the prices the
 * book then acts at.
 *
 * Cost: one projection per subscribed user per push, and pushes go out at most once a second per
 * user (socket-trade-stream.ts), never per tick; the crossings are solved, not scanned (RP3).
 */
import {
  projectRisk,
  type Account,
  type LevelCrossing,
  type MarketBoard,
  type Order,
  type TradingSettings,
} from '@omp/engine';
import type { AccountFigures, AccountRisk, LiveOrder, OrderRow } from '@omp/protocol';
import { crossingOnWire } from '../wire/trading-wire.ts';

export interface TradeSnapshot {
  orders: LiveOrder[];
  account: AccountFigures;
  risk: AccountRisk;
}

const NO_RISK: AccountRisk = {
  margin_call_forex_id: null,
  margin_call_price: null,
  margin_call_move: null,
  stop_out_forex_id: null,
  stop_out_price: null,
  stop_out_move: null,
};

export function tradeSnapshotOf(
  account: Account,
  board: MarketBoard,
  settings: TradingSettings,
  orderRow: (order: Order) => OrderRow,
  figures: AccountFigures,
): TradeSnapshot {
  const holding = [...account.orders.values()].filter((order) => order.state === 'holding');
  if (holding.length === 0) return { orders: [], account: figures, risk: NO_RISK };
  const result = projectRisk(account, board, settings, settings.feeType);
  const projection = result.ok ? result.projection : undefined;
  const byOrder = new Map(projection?.positions.map((position) => [position.orderId, position]));
  const precisionOf = (instrumentId: number) => board.instrument(instrumentId)?.pricePrecision;
  const orders = holding.map((order): LiveOrder => {
    const row = orderRow(order);
    const position = byOrder.get(order.id);
    const precision = precisionOf(order.instrumentId);
    const marginCall = crossingOnWire(position?.marginCall, precision);
    const stopOut = crossingOnWire(position?.stopOut, precision);
    return {
      Id: row.Id,
      Price: row.Price,
      FactProfits: row.FactProfits,
      MarginCallPrice: marginCall.price,
      MarginCallMove: marginCall.move,
      StopOutPrice: stopOut.price,
      StopOutMove: stopOut.move,
    };
  });
  const nearest = (crossing: (LevelCrossing & { instrumentId: number }) | null | undefined) => {
    if (!crossing) return { id: null, price: null, move: null };
    const onWire = crossingOnWire(crossing, precisionOf(crossing.instrumentId));
    return { id: onWire.price === null ? null : crossing.instrumentId, ...onWire };
  };
  const marginCall = nearest(projection?.nearestMarginCall);
  const stopOut = nearest(projection?.nearestStopOut);
  return {
    orders,
    account: figures,
    risk: {
      margin_call_forex_id: marginCall.id,
      margin_call_price: marginCall.price,
      margin_call_move: marginCall.move,
      stop_out_forex_id: stopOut.id,
      stop_out_price: stopOut.price,
      stop_out_move: stopOut.move,
    },
  };
}
