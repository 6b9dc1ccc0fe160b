/**
 * An engine order or account as its database row and back, without loss: states as the stored
 * status numbers, close reasons as the wire's ClosedType (a demo reset kept in cancel_reason, since
 * the wire reports it as the user's close).
 */
import type { Selectable } from 'kysely';
import { ClosedType, OrderStatus } from '@omp/protocol';
import type { Account, CancelReason, CloseReason, Order, OrderKind, OrderState } from '@omp/engine';
import type { Database, OrderTable } from '../db/schema.ts';
import { toBigInt, toInt } from '../db/values.ts';

const STATUS_OF: Record<OrderState, number> = {
  pending: OrderStatus.pending,
  holding: OrderStatus.holding,
  closed: OrderStatus.closed,
  cancelled: OrderStatus.cancelled,
};
const STATE_OF = new Map<number, OrderState>(
  Object.entries(STATUS_OF).map(([state, status]) => [status, state as OrderState]),
);

export const CLOSED_TYPE_OF: Record<CloseReason, number> = {
  user: ClosedType.user,
  stop_out: ClosedType.stopOut,
  take_profit: ClosedType.takeProfit,
  stop_loss: ClosedType.stopLoss,
  trailing_stop: ClosedType.trailingStop,
  back_office: ClosedType.backOffice,
  // The user asked for the reset; the reason is kept in cancel_reason.
  demo_reset: ClosedType.user,
};
const CLOSE_REASON_OF = new Map<number, CloseReason>([
  [ClosedType.user, 'user'],
  [ClosedType.stopOut, 'stop_out'],
  [ClosedType.takeProfit, 'take_profit'],
  [ClosedType.stopLoss, 'stop_loss'],
  [ClosedType.trailingStop, 'trailing_stop'],
  [ClosedType.backOffice, 'back_office'],
]);

export function toRow(order: Order) {
  return {
    id: order.id,
    user_id: order.accountId,
    instrument_id: order.instrumentId,
    side: order.side === 'buy' ? 1 : 2,
    kind: order.kind,
    status: STATUS_OF[order.state],
    lots: order.lots,
    leverage: order.leverage,
    target_points: order.targetPoints,
    open_points: order.openPoints,
    asked_points: order.askedPoints,
    spread_points: order.spreadPoints,
    spread_cost: order.spreadCostMicros,
    close_points: order.closePoints,
    stop_loss_points: order.stopLossPoints,
    take_profit_points: order.takeProfitPoints,
    trailing_points: order.trailingPoints,
    margin: order.marginMicros,
    fee: order.feeMicros,
    profit: order.profitMicros,
    closed_type: order.closeReason ? CLOSED_TYPE_OF[order.closeReason] : 0,
    cancel_reason: order.cancelReason ?? (order.closeReason === 'demo_reset' ? 'demo_reset' : null),
    created_at: order.createdAtMs,
    opened_at: order.openedAtMs,
    closed_at: order.closedAtMs,
    split_from_id: order.splitFromId ?? 0,
  };
}

export function toOrder(row: Selectable<OrderTable>): Order {
  const closedType = toInt(row.closed_type);
  const cancelReason = row.cancel_reason;
  return {
    id: toInt(row.id),
    accountId: toInt(row.user_id),
    instrumentId: toInt(row.instrument_id),
    side: toInt(row.side) === 1 ? 'buy' : 'sell',
    kind: row.kind as OrderKind,
    state: STATE_OF.get(toInt(row.status)) ?? 'closed',
    lots: toBigInt(row.lots),
    leverage: toInt(row.leverage),
    targetPoints: toInt(row.target_points),
    openPoints: toInt(row.open_points),
    askedPoints: toInt(row.asked_points),
    spreadPoints: toInt(row.spread_points),
    spreadCostMicros: toBigInt(row.spread_cost),
    closePoints: toInt(row.close_points),
    stopLossPoints: toInt(row.stop_loss_points),
    takeProfitPoints: toInt(row.take_profit_points),
    trailingPoints: toInt(row.trailing_points),
    marginMicros: toBigInt(row.margin),
    feeMicros: toBigInt(row.fee),
    profitMicros: toBigInt(row.profit),
    closeReason:
      closedType === 0
        ? null
        : cancelReason === 'demo_reset'
          ? 'demo_reset'
          : (CLOSE_REASON_OF.get(closedType) ?? 'user'),
    cancelReason:
      toInt(row.status) === OrderStatus.cancelled ? ((cancelReason ?? 'user') as CancelReason) : null,
    createdAtMs: toInt(row.created_at),
    openedAtMs: toInt(row.opened_at),
    closedAtMs: toInt(row.closed_at),
    ...(toInt(row.split_from_id) > 0 ? { splitFromId: toInt(row.split_from_id) } : {}),
  };
}

export function toAccount(row: Selectable<Database['trading_accounts']>): Account {
  return {
    id: toInt(row.user_id),
    isDemo: toInt(row.is_demo) === 1,
    balanceMicros: toBigInt(row.balance),
    orders: new Map(),
    marginCallWarned: toInt(row.margin_call_warned) === 1,
  };
}
