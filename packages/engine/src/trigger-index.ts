/**
 * The trading book's triggers: one price-sorted TriggerBook per instrument holding pending orders
 * (`p:<order>`), stop losses (`s:<order>`), take profits (`t:<order>`), trailing-stop moves
 * (`m:<order>`, trailing-stop.ts) and margin guards (`g:<account>:<edge>`), with the bookkeeping
 * that maps a fired id back to its order or account.
 */
import type { GuardBand } from './margin-guard.ts';
import { TriggerBook, type Trigger } from './trigger-book.ts';
import type { Order } from './trading-types.ts';
import { trailTrigger } from './trailing-stop.ts';

export class TriggerIndex {
  private readonly books = new Map<number, TriggerBook>();
  /** Instruments each account has guard triggers on, so re-drawing removes the old ones. */
  private readonly guarded = new Map<number, number[]>();
  private readonly owners = new Map<number, number>();

  private bookOf(instrumentId: number): TriggerBook {
    let book = this.books.get(instrumentId);
    if (!book) this.books.set(instrumentId, (book = new TriggerBook()));
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
  takeCrossed(instrumentId: number, bid: number, ask: number): Trigger[] {
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
      book.add({
        id: `p:${order.id}`,
        side: buy ? 'ask' : 'bid',
        direction: atOrBelow ? 'atOrBelow' : 'atOrAbove',
        level: order.targetPoints,
      });
      return;
    }
    this.addStop(book, order);
    // A buy closes at the bid, a sell at the ask.
    const side = buy ? 'bid' : 'ask';
    if (order.takeProfitPoints > 0)
      book.add({
        id: `t:${order.id}`,
        side,
        direction: buy ? 'atOrAbove' : 'atOrBelow',
        level: order.takeProfitPoints,
      });
  }

  /**
   * [TS4] A holding order's stop loss moved (a trailing stop): only its stop and its next move are
   * re-indexed, its take profit stays where it is.
   */
  moveStop(order: Order): void {
    this.addStop(this.bookOf(order.instrumentId), order);
  }

  private addStop(book: TriggerBook, order: Order): void {
    const buy = order.side === 'buy';
    if (order.stopLossPoints > 0)
      book.add({
        id: `s:${order.id}`,
        side: buy ? 'bid' : 'ask',
        direction: buy ? 'atOrBelow' : 'atOrAbove',
        level: order.stopLossPoints,
      });
    else book.remove(`s:${order.id}`);
    if (order.trailingPoints > 0) book.add(trailTrigger(order));
    else book.remove(`m:${order.id}`);
  }

  removeOrder(order: Order): void {
    this.owners.delete(order.id);
    const book = this.books.get(order.instrumentId);
    if (!book) return;
    book.remove(`p:${order.id}`);
    book.remove(`s:${order.id}`);
    book.remove(`t:${order.id}`);
    book.remove(`m:${order.id}`);
  }

  /** [G2] Replaces an account's guards by the edges of its new boxes. */
  setGuards(accountId: number, bands: readonly GuardBand[]): void {
    this.removeGuards(accountId);
    for (const band of bands) {
      const book = this.bookOf(band.instrumentId);
      const d = band.halfWidthPoints;
      book.add({ id: `g:${accountId}:0`, side: 'bid', direction: 'atOrBelow', level: band.bid - d });
      book.add({ id: `g:${accountId}:1`, side: 'bid', direction: 'atOrAbove', level: band.bid + d });
      book.add({ id: `g:${accountId}:2`, side: 'ask', direction: 'atOrBelow', level: band.ask - d });
      book.add({ id: `g:${accountId}:3`, side: 'ask', direction: 'atOrAbove', level: band.ask + d });
    }
    if (bands.length > 0)
      this.guarded.set(
        accountId,
        bands.map((band) => band.instrumentId),
      );
  }

  removeGuards(accountId: number): void {
    for (const instrumentId of this.guarded.get(accountId) ?? []) {
      const book = this.books.get(instrumentId);
      for (let edge = 0; edge < 4; edge++) book?.remove(`g:${accountId}:${edge}`);
    }
    this.guarded.delete(accountId);
  }
}

/**
 * Pending fills first, then stops and take profits, then trailing-stop moves, then guards (the
 * order of SPEC.md B8). A move never crosses on the tick that made it (TS4), so its place among
 * the others changes no price, only the order Outcome lists things in.
 */
function firingOrder(a: Trigger, b: Trigger): number {
  return rank(a) - rank(b);
}
const RANK: Record<string, number> = { p: 0, s: 1, t: 1, m: 2, g: 3 };
const rank = (trigger: Trigger) => RANK[trigger.id[0] ?? ''] ?? 3;
