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
import type { PositionSlot } from './account-valuation.ts';
import type { GuardBand } from './margin-guard.ts';
import { TriggerBook, type OwnedTrigger, type TriggerHandle } from './trigger-book.ts';
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

/**
 * One order's entry, the one record the engine keeps per open order beside the order itself: the
 * record its triggers were drawn for, what the trading book keeps of its account (`context`), its
 * triggers' handles, so taking them out needs no lookup by id, and its position in the account's
 * valuation (`PositionSlot`). Every trigger of the order carries this entry as its owner: a fire
 * reaches the order, its account and its position without a lookup in a map of every open order
 * (a cache miss each at 100,000 positions). The entry lives while the order is pending or holding.
 */
export interface OrderTriggers<Context> extends PositionSlot {
  readonly book: TriggerBook<number, TriggerOwner<Context>>;
  context: Context;
  /**
   * The order's record now; undefined once its triggers were taken out (an earlier fire of the
   * same tick closed or filled it, and a trigger already taken with it finds nothing to do).
   */
  order: Order | undefined;
  pending: Handle<Context> | undefined;
  stopLoss: Handle<Context> | undefined;
  takeProfit: Handle<Context> | undefined;
  trailMove: Handle<Context> | undefined;
}

/** What a trigger carries: its order's entry, or null for a margin guard's edge (its id names the account). */
export type TriggerOwner<Context> = OrderTriggers<Context> | null;
type Handle<Context> = TriggerHandle<number, TriggerOwner<Context>>;

/**
 * An account's boxes as drawn and their edges, four per box (bid at or below, bid at or above,
 * ask at or below, ask at or above).
 */
interface GuardDrawing<Context> {
  /**
   * Four numbers per box, in the order the boxes were given: instrument, bid, ask, half-width (a
   * flat array: comparing the new boxes with it reads one object, not one per box).
   */
  readonly boxes: number[];
  readonly edges: Handle<Context>[];
  /**
   * Every edge still waits in its book. An edge leaves only by firing (`takeCrossed` clears this)
   * or by this index taking it out, so knowing it reads no edge (each a likely cache miss).
   */
  whole: boolean;
}

export class TriggerIndex<Context = undefined> {
  private readonly books = new Map<number, TriggerBook<number, TriggerOwner<Context>>>();
  /** The boxes each account's guard edges were drawn from, so re-drawing replaces only what moved. */
  private readonly guarded = new Map<number, GuardDrawing<Context>>();
  private readonly orders = new Map<number, OrderTriggers<Context>>();

  private bookOf(instrumentId: number): TriggerBook<number, TriggerOwner<Context>> {
    let book = this.books.get(instrumentId);
    if (!book) this.books.set(instrumentId, (book = new TriggerBook<number, TriggerOwner<Context>>()));
    return book;
  }

  hasBook(instrumentId: number): boolean {
    return this.books.has(instrumentId);
  }

  /**
   * Every live trigger the quote crosses, pending fills first, then stops, then guards. An order's
   * trigger carries the order's entry as `owner`; a guard's edge carries null (its id names the
   * account).
   */
  takeCrossed(instrumentId: number, bid: number, ask: number): OwnedTrigger<number, TriggerOwner<Context>>[] {
    const crossed = this.books.get(instrumentId)?.takeCrossed(bid, ask) ?? [];
    for (const trigger of crossed)
      if (kindOf(trigger.id) === TriggerKind.guard) {
        const drawing = this.guarded.get(ownerOfTrigger(trigger.id));
        if (drawing) drawing.whole = false;
      }
    return crossed.length > 1 ? crossed.sort(firingOrder) : crossed;
  }

  /** The entry of a pending or holding order, looked up by its id. */
  entryOf(orderId: number): OrderTriggers<Context> | undefined {
    return this.orders.get(orderId);
  }

  /**
   * [T1] Puts the triggers of a pending or holding order (replacing those it had) and returns its
   * entry; `context` is what its fired triggers hand back beside the order (the trading book: the
   * account's entry). `entry` is the order's entry when the caller has it (a fire does): it is
   * kept, with its position, and no map is read. An order in any other state gets no entry.
   */
  addOrder(
    order: Order,
    context: Context,
    entry: OrderTriggers<Context> | undefined = this.orders.get(order.id),
  ): OrderTriggers<Context> | undefined {
    if (order.state !== 'pending' && order.state !== 'holding') return undefined;
    const book = this.bookOf(order.instrumentId);
    if (entry?.book === book) {
      this.discardTriggers(entry);
      entry.order = order;
      entry.context = context;
    } else {
      // A new order, or one whose instrument changed (not something an order does; kept safe).
      if (entry) this.removeOrder(order.id, entry);
      const position = entry?.position;
      entry = {
        book,
        context,
        order,
        position,
        pending: undefined,
        stopLoss: undefined,
        takeProfit: undefined,
        trailMove: undefined,
      };
      this.orders.set(order.id, entry);
    }
    const buy = order.side === 'buy';
    if (order.state === 'pending') {
      // Buy orders fill at the ask, sell orders at the bid.
      const atOrBelow = order.kind === 'buy_limit' || order.kind === 'sell_stop';
      entry.pending = book.insert(
        triggerId(order.id, TriggerKind.pending),
        buy ? 'ask' : 'bid',
        atOrBelow ? 'atOrBelow' : 'atOrAbove',
        order.targetPoints,
        entry,
      );
      return entry;
    }
    this.addStop(entry, order);
    // A buy closes at the bid, a sell at the ask.
    if (order.takeProfitPoints > 0)
      entry.takeProfit = book.insert(
        triggerId(order.id, TriggerKind.takeProfit),
        buy ? 'bid' : 'ask',
        buy ? 'atOrAbove' : 'atOrBelow',
        order.takeProfitPoints,
        entry,
      );
    return entry;
  }

  /**
   * [TS4] A holding order's stop loss moved (a trailing stop): only its stop and its next move are
   * re-indexed, its take profit stays where it is. `triggers` is the entry its fired move carried.
   */
  moveStop(triggers: OrderTriggers<Context>, order: Order): void {
    triggers.order = order;
    this.addStop(triggers, order);
  }

  private addStop(triggers: OrderTriggers<Context>, order: Order): void {
    const { book } = triggers;
    const buy = order.side === 'buy';
    if (triggers.stopLoss) book.discard(triggers.stopLoss);
    triggers.stopLoss =
      order.stopLossPoints > 0
        ? book.insert(
            triggerId(order.id, TriggerKind.stopLoss),
            buy ? 'bid' : 'ask',
            buy ? 'atOrBelow' : 'atOrAbove',
            order.stopLossPoints,
            triggers,
          )
        : undefined;
    if (triggers.trailMove) book.discard(triggers.trailMove);
    if (order.trailingPoints > 0) {
      const move = trailTrigger(order);
      triggers.trailMove = book.insert(
        triggerId(order.id, TriggerKind.trailMove),
        move.side,
        move.direction,
        move.level,
        triggers,
      );
    } else triggers.trailMove = undefined;
  }

  /**
   * Takes out an order's triggers and forgets its entry (the order closed, was cancelled or its
   * account unloaded); `entry` is its entry when the caller has it.
   */
  removeOrder(orderId: number, entry: OrderTriggers<Context> | undefined = this.orders.get(orderId)): void {
    if (!entry) return;
    this.orders.delete(orderId);
    entry.order = undefined;
    this.discardTriggers(entry);
  }

  private discardTriggers(entry: OrderTriggers<Context>): void {
    const { book } = entry;
    if (entry.pending) book.discard(entry.pending);
    if (entry.stopLoss) book.discard(entry.stopLoss);
    if (entry.takeProfit) book.discard(entry.takeProfit);
    if (entry.trailMove) book.discard(entry.trailMove);
    entry.pending = entry.stopLoss = entry.takeProfit = entry.trailMove = undefined;
  }

  /**
   * [G2] Replaces an account's guards by the edges of its new boxes. A box that did not move (same
   * quote, same half-width) keeps its edges while all four wait in the book: re-drawing after a
   * fire usually moves only the box of the instrument that fired, and the edges of the others
   * would come back at the same levels.
   */
  setGuards(accountId: number, bands: readonly GuardBand[]): void {
    const drawn = this.guarded.get(accountId);
    if (bands.length === 0) return this.removeGuards(accountId);
    if (drawn && sameInstruments(drawn, bands)) {
      // The usual re-draw: the same instruments in the same order, boxes replaced where they moved.
      for (let at = 0; at < bands.length; at++) {
        if (drawn.whole && sameBoxAt(drawn, at, bands[at]!)) continue;
        this.removeEdges(drawn, at);
        this.drawBox(drawn, at, accountId, bands[at]!);
      }
      drawn.whole = true;
      return;
    }
    const drawing: GuardDrawing<Context> = { boxes: [], edges: [], whole: true };
    for (let at = 0; at < bands.length; at++) {
      const band = bands[at]!;
      const old = drawn ? boxOf(drawn, band.instrumentId) : -1;
      if (old >= 0 && drawn!.whole && sameBoxAt(drawn!, old, band)) {
        for (let i = 0; i < 4; i++) {
          drawing.boxes[4 * at + i] = drawn!.boxes[4 * old + i]!;
          drawing.edges[4 * at + i] = drawn!.edges[4 * old + i]!;
        }
      } else this.drawBox(drawing, at, accountId, band);
    }
    // Whatever was drawn and is not kept leaves its book.
    if (drawn)
      for (let old = 0; 4 * old < drawn.boxes.length; old++)
        if (!drawing.edges.includes(drawn.edges[4 * old]!)) this.removeEdges(drawn, old);
    this.guarded.set(accountId, drawing);
  }

  /** Puts the four edges of `band` in its book, as box `at` of the drawing. */
  private drawBox(drawing: GuardDrawing<Context>, at: number, accountId: number, band: GuardBand): void {
    const book = this.bookOf(band.instrumentId);
    const first = triggerId(accountId, TriggerKind.guard);
    const d = band.halfWidthPoints;
    const { boxes, edges } = drawing;
    boxes[4 * at] = band.instrumentId;
    boxes[4 * at + 1] = band.bid;
    boxes[4 * at + 2] = band.ask;
    boxes[4 * at + 3] = d;
    edges[4 * at] = book.insert(first, 'bid', 'atOrBelow', band.bid - d, null);
    edges[4 * at + 1] = book.insert(first + 1, 'bid', 'atOrAbove', band.bid + d, null);
    edges[4 * at + 2] = book.insert(first + 2, 'ask', 'atOrBelow', band.ask - d, null);
    edges[4 * at + 3] = book.insert(first + 3, 'ask', 'atOrAbove', band.ask + d, null);
  }

  removeGuards(accountId: number): void {
    const drawn = this.guarded.get(accountId);
    if (!drawn) return;
    for (let at = 0; 4 * at < drawn.boxes.length; at++) this.removeEdges(drawn, at);
    this.guarded.delete(accountId);
  }

  private removeEdges(drawn: GuardDrawing<Context>, at: number): void {
    const book = this.books.get(drawn.boxes[4 * at]!);
    for (let edge = 0; edge < 4; edge++) book?.discard(drawn.edges[4 * at + edge]!);
  }
}

/** Whether the drawing's boxes are of `bands`' instruments, in their order. */
function sameInstruments(drawing: GuardDrawing<unknown>, bands: readonly GuardBand[]): boolean {
  if (drawing.boxes.length !== 4 * bands.length) return false;
  for (let at = 0; at < bands.length; at++)
    if (drawing.boxes[4 * at] !== bands[at]!.instrumentId) return false;
  return true;
}

/** Where the drawing holds the box of an instrument, -1 for nowhere. */
function boxOf(drawing: GuardDrawing<unknown>, instrumentId: number): number {
  for (let at = 0; 4 * at < drawing.boxes.length; at++) if (drawing.boxes[4 * at] === instrumentId) return at;
  return -1;
}

/** Whether box `at` of the drawing is `band`'s: same quote, same half-width. */
const sameBoxAt = (drawing: GuardDrawing<unknown>, at: number, band: GuardBand) =>
  drawing.boxes[4 * at + 1] === band.bid &&
  drawing.boxes[4 * at + 2] === band.ask &&
  drawing.boxes[4 * at + 3] === band.halfWidthPoints;

/**
 * Pending fills first, then stops and take profits, then trailing-stop moves, then guards (the
 * order of SPEC.md B8). A move never crosses on the tick that made it (TS4), so its place among
 * the others changes no price, only the order Outcome lists things in.
 */
function firingOrder(a: OwnedTrigger<number, unknown>, b: OwnedTrigger<number, unknown>): number {
  return RANK[kindOf(a.id)] - RANK[kindOf(b.id)];
}
const RANK: Record<TriggerKind, number> = {
  [TriggerKind.pending]: 0,
  [TriggerKind.stopLoss]: 1,
  [TriggerKind.takeProfit]: 1,
  [TriggerKind.trailMove]: 2,
  [TriggerKind.guard]: 3,
};
