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

/**
 * How many times the candles' own price range the chart's scale may grow to keep the user's lines
 * in view. A line a little outside the candles (a take profit just above the highs) is drawn, so
 * the trader sees it and can drag it; a stop far away is left off screen rather than squash the
 * candles flat.
 */
export const LINES_SCALE_GROWTH = 3;

/**
 * The candles' autoscale range widened to hold the given line prices, nearest first, while it
 * stays within `growth` times the candles' own span. No range (nothing drawn) stays none.
 */
export function rangeWithLines(
  range: { minValue: number; maxValue: number } | null,
  prices: readonly number[],
  growth = LINES_SCALE_GROWTH,
): { minValue: number; maxValue: number } | null {
  if (!range) return range;
  const span = range.maxValue - range.minValue;
  const limit = (span > 0 ? span : Math.abs(range.maxValue) * 0.001) * growth;
  const distance = (price: number) => Math.max(range.minValue - price, price - range.maxValue, 0);
  let { minValue, maxValue } = range;
  for (const price of [...prices].sort((a, b) => distance(a) - distance(b))) {
    const low = Math.min(minValue, price);
    const high = Math.max(maxValue, price);
    if (high - low > limit) break;
    minValue = low;
    maxValue = high;
  }
  return { minValue, maxValue };
}
