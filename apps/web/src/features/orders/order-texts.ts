/**
 * Which words describe an order row, as i18n keys: its side or pending kind, and how it ended
 * (ClosedType for a closed position, CancelReason for a cancelled order). Pure, so every
 * combination the server can send is tested to have a label.
 */
import { ClosedType, OrderStatus, OrderType, type OrderRow } from '@omp/protocol';

export type OrderTextRow = Pick<OrderRow, 'OrderType' | 'Status' | 'Kind' | 'ClosedType' | 'CancelReason'>;

const PENDING_KINDS = new Set(['buy_limit', 'buy_stop', 'sell_limit', 'sell_stop']);

export function sideKeyOf(row: Pick<OrderRow, 'OrderType'>): string {
  return row.OrderType === OrderType.buy ? 'trade.buy' : 'trade.sell';
}

export const isBuy = (row: Pick<OrderRow, 'OrderType'>) => row.OrderType === OrderType.buy;

/** "Buy limit" for a pending (or filled-from-pending) order, else "Buy" / "Sell". */
export function kindKeyOf(row: Pick<OrderRow, 'OrderType' | 'Kind'>): string {
  return PENDING_KINDS.has(row.Kind) ? `orderKinds.${row.Kind}` : sideKeyOf(row);
}

/** How a finished order ended; undefined while it is open. */
export function outcomeKeyOf(row: OrderTextRow): string | undefined {
  if (row.Status === OrderStatus.closed) {
    // A demo reset closes positions "by the user" (they asked for the reset); say what happened.
    if (row.CancelReason === 'demo_reset') return 'outcomes.demoReset';
    switch (row.ClosedType) {
      case ClosedType.user:
        return 'outcomes.closedByUser';
      case ClosedType.stopOut:
        return 'outcomes.stopOut';
      case ClosedType.takeProfit:
        return 'outcomes.takeProfit';
      case ClosedType.stopLoss:
        return 'outcomes.stopLoss';
      case ClosedType.trailingStop:
        return 'trailing.outcome';
      case ClosedType.backOffice:
        return 'outcomes.backOffice';
      default:
        return 'outcomes.closed';
    }
  }
  if (row.Status === OrderStatus.cancelled) {
    switch (row.CancelReason) {
      case 'user':
        return 'outcomes.cancelledByUser';
      case 'insufficient_free_margin':
        return 'outcomes.cancelledNoMargin';
      case 'demo_reset':
        return 'outcomes.demoReset';
      default:
        return 'outcomes.cancelled';
    }
  }
  return undefined;
}

/** The i18n key of the status word: Holding, Pending, Closed, Cancelled. */
export function statusKeyOf(row: Pick<OrderRow, 'Status'>): string {
  switch (row.Status) {
    case OrderStatus.pending:
      return 'orders.statusPending';
    case OrderStatus.holding:
    case OrderStatus.closing:
      return 'orders.statusHolding';
    case OrderStatus.cancelled:
      return 'orders.statusCancelled';
    default:
      return 'orders.statusClosed';
  }
}
