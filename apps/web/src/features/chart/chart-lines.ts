/**
 * The price lines of the shown instrument's orders: each open position's entry, each pending
 * order's target, and every stop loss and take profit. Pure, so the labels and which lines can be
 * dragged are tested without a chart.
 *
 *   chartLinesOf(rows, 1, words) // [{ id: 'entry:12', title: 'Buy 0.10 @ 1.08523', draggable: false }, …]
 */
import { OrderStatus, type OrderRow } from '@omp/protocol';
import { isBuy } from '../orders/order-texts.ts';

/** What a line stands for: the position's entry, a pending order's target, or one of its stops. */
export type LineRole = 'entry' | 'target' | 'stopLoss' | 'takeProfit';

export interface ChartLine {
  /** Stable per order and role, so a redraw moves a line instead of making a new one. */
  id: string;
  orderId: number;
  role: LineRole;
  price: number;
  title: string;
  /** Entries cannot move; targets and stops can, each through its own call. */
  draggable: boolean;
  buy: boolean;
}

/** The words of the labels, in the user's language (chartTools.* keys). */
export interface LineWords {
  order(row: OrderRow, price: string): string;
  takeProfit(id: number): string;
  stopLoss(id: number): string;
  price(value: number): string;
}

export function lineId(orderId: number, role: LineRole): string {
  return `${role}:${orderId}`;
}

/** Lines of the open (pending or holding) orders of one instrument, in a stable order. */
export function chartLinesOf(rows: readonly OrderRow[], instrumentId: number, words: LineWords): ChartLine[] {
  const lines: ChartLine[] = [];
  const open = rows
    .filter((row) => row.ForexId === instrumentId)
    .filter((row) => row.Status === OrderStatus.pending || row.Status === OrderStatus.holding)
    .sort((a, b) => a.Id - b.Id);
  for (const row of open) {
    const buy = isBuy(row);
    const pending = row.Status === OrderStatus.pending;
    const line = (role: LineRole, price: number, title: string, draggable: boolean) =>
      lines.push({ id: lineId(row.Id, role), orderId: row.Id, role, price, title, draggable, buy });
    // A pending order's OriginPrice is its target; a holding one's the price it opened at.
    line(
      pending ? 'target' : 'entry',
      row.OriginPrice,
      words.order(row, words.price(row.OriginPrice)),
      pending,
    );
    if (row.TargetProfitPrice > 0) line('takeProfit', row.TargetProfitPrice, words.takeProfit(row.Id), true);
    if (row.TargetLossPrice > 0) line('stopLoss', row.TargetLossPrice, words.stopLoss(row.Id), true);
  }
  return lines;
}

/** The lines with the ones being moved drawn at their new price. */
export function withMoved(lines: readonly ChartLine[], moved: ReadonlyMap<string, number>): ChartLine[] {
  return lines.map((line) => {
    const price = moved.get(line.id);
    return price === undefined ? line : { ...line, price };
  });
}
