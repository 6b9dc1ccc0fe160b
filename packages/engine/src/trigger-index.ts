/**
 * The trading book's triggers: one price-sorted TriggerBook per instrument holding pending orders,
 * stop losses, take profits, trailing-stop moves (trailing-stop.ts) and margin guards (four edges
 * per guarded instrument), with the bookkeeping that maps a fired trigger back to its order or
 * account.
 *
 * A trigger's id is one number, `owner × 8 + kind` (`triggerId`): the order or account id and what
 * the trigger is. A tick that fires takes out and puts in several triggers per fired one, and a
 * number is looked up without building or hashing a string.
 */
import type { GuardBand } from './margin-guard.ts';
import { TriggerBook, type Trigger } from './trigger-book.ts';
import type { Order } from './trading-types.ts';
import { trailTrigger } from './trailing-stop.ts';

/** What a trigger does when it fires; the guard edges take the kinds from `GUARD` up. */
export const TriggerKind = { pending: 0, stopLoss: 1, takeProfit: 2, trailMove: 3, guard: 4 } as const;
export type TriggerKind = (typeof TriggerKind)[keyof typeof TriggerKind];

const KINDS = 8;

/** The id of an order's (or, for guard edges 0–3, an account's) trigger of one kind. */
export function triggerId(ownerId: number, kind: number): number {
  return ownerId * KINDS + kind;
}

/** The kind of a trigger id, guard edges folded into `guard`. */
export function kindOf(id: number): TriggerKind {
  const kind = id % KINDS;
  return (kind >= TriggerKind.guard ? TriggerKind.guard : kind) as TriggerKind;
}

/** The order or account a trigger id belongs to. */
export function ownerOfTrigger(id: number): number {
  return Math.floor(id / KINDS);
}

export class TriggerIndex {
  private readonly books = new Map<number, TriggerBook<number>>();
  /** The boxes each account's guard edges were drawn from, so re-drawing replaces only what moved. */
  private readonly guarded = new Map<number, readonly GuardBand[]>();
  private readonly owners = new Map<number, number>();

  private bookOf(instrumentId: number): TriggerBook<number> {
    let book = this.books.get(instrumentId);
    if (!book) this.books.set(instrumentId, (book = new TriggerBook<number>()));
    return book;
  }

  /** The account an order with live triggers belongs to. */
  ownerOf(orderId: number): number | undefined {
    return this.owners.get(orderId);
  }

  hasBook(instrumentId: number): boolean {
    return this.books.has(instrumentId);
  }

  /** Every live trigger the quote crosses, pending fills first, then stops, then guards. */
  takeCrossed(instrumentId: number, bid: number, ask: number): Trigger<number>[] {
    const crossed = this.books.get(instrumentId)?.takeCrossed(bid, ask) ?? [];
    return crossed.length > 1 ? crossed.sort(firingOrder) : crossed;
  }

  /** [T1] Adds the triggers of a pending or holding order. */
  addOrder(order: Order): void {
    if (order.state !== 'pending' && order.state !== 'holding') return;
    this.owners.set(order.id, order.accountId);
    const book = this.bookOf(order.instrumentId);
    const buy = order.side === 'buy';
    if (order.state === 'pending') {
      // Buy orders fill at the ask, sell orders at the bid.
      const atOrBelow = order.kind === 'buy_limit' || order.kind === 'sell_stop';
      book.put(
        triggerId(order.id, TriggerKind.pending),
        buy ? 'ask' : 'bid',
        atOrBelow ? 'atOrBelow' : 'atOrAbove',
        order.targetPoints,
      );
      return;
    }
    this.addStop(book, order);
    // A buy closes at the bid, a sell at the ask.
    const side = buy ? 'bid' : 'ask';
    if (order.takeProfitPoints > 0)
      book.put(
        triggerId(order.id, TriggerKind.takeProfit),
        side,
        buy ? 'atOrAbove' : 'atOrBelow',
        order.takeProfitPoints,
      );
  }

  /**
   * [TS4] A holding order's stop loss moved (a trailing stop): only its stop and its next move are
   * re-indexed, its take profit stays where it is.
   */
  moveStop(order: Order): void {
    this.addStop(this.bookOf(order.instrumentId), order);
  }

  private addStop(book: TriggerBook<number>, order: Order): void {
    const buy = order.side === 'buy';
    const stopId = triggerId(order.id, TriggerKind.stopLoss);
    if (order.stopLossPoints > 0)
      book.put(stopId, buy ? 'bid' : 'ask', buy ? 'atOrBelow' : 'atOrAbove', order.stopLossPoints);
    else book.remove(stopId);
    const moveId = triggerId(order.id, TriggerKind.trailMove);
    if (order.trailingPoints > 0) {
      const move = trailTrigger(order);
      book.put(moveId, move.side, move.direction, move.level);
    } else book.remove(moveId);
  }

  removeOrder(order: Order): void {
    this.owners.delete(order.id);
    const book = this.books.get(order.instrumentId);
    if (!book) return;
    const first = triggerId(order.id, 0);
    for (let kind: number = TriggerKind.pending; kind <= TriggerKind.trailMove; kind++)
      book.remove(first + kind);
  }

  /**
   * [G2] Replaces an account's guards by the edges of its new boxes. A box that did not move (same
   * quote, same half-width) keeps its edges: re-drawing after a fire usually moves only the box of
   * the instrument that fired, and the edges of the others would come back at the same levels.
   */
  setGuards(accountId: number, bands: readonly GuardBand[]): void {
    const drawn = this.guarded.get(accountId);
    const first = triggerId(accountId, TriggerKind.guard);
    if (drawn)
      for (const old of drawn)
        if (!bands.some((band) => band.instrumentId === old.instrumentId))
          this.removeEdges(old.instrumentId, first);
    for (const band of bands) {
      const book = this.bookOf(band.instrumentId);
      const old = drawn?.find((box) => box.instrumentId === band.instrumentId);
      if (old && sameBox(old, band) && this.edgesLive(book, first)) continue;
      // Putting an edge replaces the one of the same id, so the old box needs no removing first.
      const d = band.halfWidthPoints;
      book.put(first, 'bid', 'atOrBelow', band.bid - d);
      book.put(first + 1, 'bid', 'atOrAbove', band.bid + d);
      book.put(first + 2, 'ask', 'atOrBelow', band.ask - d);
      book.put(first + 3, 'ask', 'atOrAbove', band.ask + d);
    }
    if (bands.length > 0) this.guarded.set(accountId, bands);
    else this.guarded.delete(accountId);
  }

  removeGuards(accountId: number): void {
    const first = triggerId(accountId, TriggerKind.guard);
    for (const band of this.guarded.get(accountId) ?? []) this.removeEdges(band.instrumentId, first);
    this.guarded.delete(accountId);
  }

  private removeEdges(instrumentId: number, first: number): void {
    const book = this.books.get(instrumentId);
    for (let edge = 0; edge < 4; edge++) book?.remove(first + edge);
  }

  /** A fired edge leaves its book (and the tick removes its siblings): only a whole box is kept. */
  private edgesLive(book: TriggerBook<number>, first: number): boolean {
    return book.has(first) && book.has(first + 1) && book.has(first + 2) && book.has(first + 3);
  }
}

const sameBox = (a: GuardBand, b: GuardBand) =>
  a.bid === b.bid && a.ask === b.ask && a.halfWidthPoints === b.halfWidthPoints;

/**
 * Pending fills first, then stops and take profits, then trailing-stop moves, then guards (the
 * order of SPEC.md B8). A move never crosses on the tick that made it (TS4), so its place among
 * the others changes no price, only the order Outcome lists things in.
 */
function firingOrder(a: Trigger<number>, b: Trigger<number>): number {
  return RANK[kindOf(a.id)] - RANK[kindOf(b.id)];
}
const RANK: Record<TriggerKind, number> = {
  [TriggerKind.pending]: 0,
  [TriggerKind.stopLoss]: 1,
  [TriggerKind.takeProfit]: 1,
  [TriggerKind.trailMove]: 2,
  [TriggerKind.guard]: 3,
};
