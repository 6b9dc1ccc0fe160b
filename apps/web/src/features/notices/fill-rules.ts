/**
 * Which order rows announce a fill (packages/engine/SPEC.md F2): a position that has just opened
 * and carries the figures of its fill. The app hears of a fill twice when it placed the order
 * itself (the answer to the request and the FOREX_ORDER push, in either order) and once when a
 * pending order fills or another device placed one; the notices store shows each id once.
 *
 * A FOREX_ORDER row is also sent when a position's stops move (a trailing stop moves on its own,
 * a partial close leaves the rest open): such a row is holding too, but its fill is old news. The
 * row says when it filled (OpenTime); a fill older than a minute is not announced.
 *
 *   isFreshFill({ Status: 1, OpenTime: 1_700_000_000, AskedPrice: 1.1, … }, 1_700_000_030) === true
 */
import { OrderStatus, type OrderRow } from '@omp/protocol';

/** How long after its fill a pushed row still announces it, seconds. Generous for a phone's clock. */
export const FRESH_FILL_SECONDS = 60;

/** Whether the row has fill details to show: filled, and filled since they are recorded. */
export function hasFillDetails(row: Pick<OrderRow, 'OpenTime' | 'AskedPrice'>): boolean {
  return row.OpenTime > 0 && row.AskedPrice > 0;
}

/** An open position with its fill's figures: what the answer to a market order announces. */
export function isFilledPosition(
  row: Pick<OrderRow, 'Status' | 'OpenTime' | 'AskedPrice' | 'SplitFromId'>,
): boolean {
  // A part split off by a partial close is a close, not a fill, though it repeats the fill's figures.
  return row.Status === OrderStatus.holding && row.SplitFromId === 0 && hasFillDetails(row);
}

/** A pushed row that announces a fill: an open position filled within the last minute. */
export function isFreshFill(
  row: Pick<OrderRow, 'Status' | 'OpenTime' | 'AskedPrice' | 'SplitFromId'>,
  nowSeconds: number,
): boolean {
  return isFilledPosition(row) && Math.abs(nowSeconds - row.OpenTime) <= FRESH_FILL_SECONDS;
}
