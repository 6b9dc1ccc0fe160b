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
  pointsToNumber,
  projectRisk,
  type Account,
  type LevelCrossing,
  type MarketBoard,
  type Order,
  type PositionDistance,
  type TradingSettings,
} from '@omp/engine';
import type { AccountFigures, AccountRisk, LiveOrder, OrderRow } from '@omp/protocol';
import { percentOf } from '../wire/trading-wire.ts';

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
    const price = (distance: PositionDistance | null | undefined) =>
      distance && precision !== undefined ? pointsToNumber(distance.pricePoints, precision) : null;
    const move = (distance: PositionDistance | null | undefined) =>
      distance ? percentOf(distance.moveBasisPoints) : null;
    return {
      Id: row.Id,
      Price: row.Price,
      FactProfits: row.FactProfits,
      MarginCallPrice: price(position?.marginCall),
      MarginCallMove: move(position?.marginCall),
      StopOutPrice: price(position?.stopOut),
      StopOutMove: move(position?.stopOut),
    };
  });
  const nearest = (crossing: (LevelCrossing & { instrumentId: number }) | null | undefined) => {
    const precision = crossing ? precisionOf(crossing.instrumentId) : undefined;
    if (!crossing || precision === undefined) return { id: null, price: null, move: null };
    return {
      id: crossing.instrumentId,
      price: pointsToNumber(crossing.pricePoints, precision),
      move: percentOf(crossing.moveBasisPoints),
    };
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
