/**
 * How pushed changes meet the fetched order lists, as pure functions.
 *
 * - FOREX_TRADE carries the current price and floating P/L of each holding order about once a
 *   second: they overlay the fetched rows, which are not refetched for it.
 * - FOREX_CLOSED names orders that just closed (or were cancelled): they leave the holding and
 *   pending lists at once, before the refetch it also triggers has answered.
 * - Paging by page number shifts when rows arrive meanwhile (a new order pushes the first row of
 *   page 1 onto page 2), so the pages are merged by order id, first occurrence kept.
 */
import { OrderStatus, type ForexTradePush, type OrderRow } from '@omp/protocol';

export interface LiveFigures {
  Price: number;
  FactProfits: number;
}

export type LiveById = Readonly<Record<number, LiveFigures>>;
export type IdSet = Readonly<Record<number, true>>;

/** The overlay of one FOREX_TRADE push, by order id. */
export function liveFiguresOf(
  orders: ReadonlyArray<Pick<ForexTradePush['orders'][number], 'Id' | 'Price' | 'FactProfits'>>,
): Record<number, LiveFigures> {
  const byId: Record<number, LiveFigures> = {};
  for (const order of orders) byId[order.Id] = { Price: order.Price, FactProfits: order.FactProfits };
  return byId;
}

/** A holding row with its pushed price and P/L; other rows as fetched. */
export function withLiveFigures(row: OrderRow, live: LiveById): OrderRow {
  const figures = row.Status === OrderStatus.holding ? live[row.Id] : undefined;
  if (!figures) return row;
  if (figures.Price === row.Price && figures.FactProfits === row.FactProfits) return row;
  return { ...row, Price: figures.Price, UpdatePrice: figures.Price, FactProfits: figures.FactProfits };
}

/** Whether a row is still open (holding or pending) yet known to have just closed. */
function isGone(row: OrderRow, closed: IdSet): boolean {
  return (
    (row.Status === OrderStatus.holding || row.Status === OrderStatus.pending) && closed[row.Id] === true
  );
}

/** The rows of every loaded page, once each, without just-closed ones, with live figures. */
export function mergeOrderPages(
  pages: readonly { data: readonly OrderRow[] }[],
  live: LiveById,
  closed: IdSet,
): OrderRow[] {
  const seen = new Set<number>();
  const rows: OrderRow[] = [];
  for (const page of pages) {
    for (const row of page.data) {
      if (seen.has(row.Id)) continue;
      seen.add(row.Id);
      if (isGone(row, closed)) continue;
      rows.push(withLiveFigures(row, live));
    }
  }
  return rows;
}

/** Adds ids to a set, returning the same object when nothing is new (no needless re-render). */
export function addIds(set: IdSet, ids: readonly number[]): IdSet {
  if (ids.every((id) => set[id])) return set;
  const next: Record<number, true> = { ...set };
  for (const id of ids) next[id] = true;
  return next;
}

/** Σ P/L of the listed rows (live for holding ones): the total shown above the list. */
export function totalProfit(rows: readonly OrderRow[]): number {
  // Summed in micro-dollars: the wire amounts have at most 6 decimals, so this stays exact.
  const micros = rows.reduce((sum, row) => sum + Math.round(row.FactProfits * 1_000_000), 0);
  return micros / 1_000_000;
}

/**
 * Whether the fetched holding list disagrees with the positions a FOREX_TRADE push names: a
 * position the loaded rows lack (when they are all loaded), or a different count than the list's
 * total. FOREX_ORDER normally brings the list up to date within milliseconds; a disagreement that
 * outlives a whole push interval means a change was missed (a push lost in a reconnect, a fetch
 * answered before the change), and the lists are fetched again.
 */
export function holdingListDisagrees(
  pushedIds: readonly number[],
  fetched: { total: number; loadedIds: readonly number[] } | undefined,
): boolean {
  if (!fetched) return false; // nothing fetched yet: the first fetch is on its way
  if (pushedIds.length !== fetched.total) return true;
  if (fetched.loadedIds.length < fetched.total) return false; // later pages not loaded: counts only
  const loaded = new Set(fetched.loadedIds);
  return pushedIds.some((id) => !loaded.has(id));
}
