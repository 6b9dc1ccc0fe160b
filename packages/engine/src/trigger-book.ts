/**
 * Price-sorted trigger indexes for one instrument (SPEC.md "Triggers"). Every pending
 * order, stop loss and take profit watches one side of the quote in one direction:
 *
 * | trigger                 | watches | fires when      |
 * |-------------------------|---------|-----------------|
 * | buy limit, sell TP      | ask     | ask ≤ level     |
 * | buy stop, sell SL       | ask     | ask ≥ level     |
 * | sell limit, buy TP      | bid     | bid ≥ level     |
 * | sell stop, buy SL       | bid     | bid ≤ level     |
 *
 * Four binary heaps, each ordered so its top is the next level a price move would cross: a tick
 * pops only what it crossed, so its cost grows with what fires, not with what is open. Removal is
 * lazy: a removed entry stays in its heap until it surfaces and is then skipped.
 *
 * A tick that fires runs this book's add and remove once or more per fired trigger (a close takes
 * the order's triggers out, the new margin guards go in), so those stay free of per-call work:
 * ids may be numbers (the trading book packs kind and id into one, a string would be hashed on
 * every lookup), an entry carries its own "removed" mark (a sweep or a pop needs no lookup), and
 * every heap is a min-heap on one precomputed rank (one comparison, no closure per heap).
 *
 * Triggers are reached by id (`put`, `remove`, `has`) or, for an owner that keeps what `insert`
 * returned, by that handle (`discard`): the trading book holds each order's and each guard's
 * entries, so taking them out marks them removed with no lookup in a map of every open trigger
 * (a lookup that misses the cache once the book holds 100,000 positions).
 */

export type WatchedSide = 'bid' | 'ask';
export type CrossDirection = 'atOrBelow' | 'atOrAbove';

export interface Trigger<Id extends string | number = string> {
  /** Unique per book, e.g. `order:42:tp`. */
  readonly id: Id;
  readonly side: WatchedSide;
  readonly direction: CrossDirection;
  /** Level in points. */
  readonly level: number;
}

/** A trigger as `takeCrossed` returns it, with what its owner gave it. */
export interface OwnedTrigger<Id extends string | number = string, Owner = number> extends Trigger<Id> {
  /**
   * What `insert` was given (the trading book: the order's entry, null for a margin guard's edge),
   * so a fired trigger leads to what it fires without a lookup; 0 for a trigger `put` by id.
   */
  readonly owner: Owner;
}

/** What `insert` returns: the entry itself, to `discard` later. */
export type TriggerHandle<Id extends string | number = string, Owner = number> = OwnedTrigger<Id, Owner>;

interface Entry<Id, Owner> extends OwnedTrigger<Id & (string | number), Owner> {
  /**
   * The order the heap pops in, lowest first: the level for "at or above" (lowest levels fire
   * first as the price rises), minus the level for "at or below" (highest first as it falls).
   */
  readonly rank: number;
  /** Removed or replaced: skipped when it surfaces, dropped by the next sweep. */
  removed: boolean;
  /** Put by id, so held in the map of live ids too. */
  readonly keyed: boolean;
}

/**
 * Whether (rank `ra`, id `ia`) pops before (`rb`, `ib`): the lower rank, and at equal levels the
 * lower id, so the order a tick fires in depends only on what the book holds, never on the
 * history that put it there (a book rebuilt from storage fires ties as the live one did).
 */
const before = <Id>(ra: number, ia: Id, rb: number, ib: Id) => ra < rb || (ra === rb && ia < ib);

/**
 * A minimal binary min-heap of entries by rank, then id. The ranks and ids sit in arrays of their
 * own beside the entries, so sifting compares neighbouring numbers rather than reading an entry
 * object per comparison (a cache miss each in a heap of 100,000 entries).
 */
class Heap<Id, Owner> {
  private readonly items: Entry<Id, Owner>[] = [];
  private readonly ranks: number[] = [];
  private readonly ids: Id[] = [];

  get size(): number {
    return this.items.length;
  }

  peek(): Entry<Id, Owner> | undefined {
    return this.items[0];
  }

  push(item: Entry<Id, Owner>): void {
    const { items, ranks, ids } = this;
    const rank = item.rank;
    const id = item.id;
    let i = items.length;
    items.push(item);
    ranks.push(rank);
    ids.push(id);
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!before(rank, id, ranks[parent]!, ids[parent]!)) break;
      items[i] = items[parent]!;
      ranks[i] = ranks[parent]!;
      ids[i] = ids[parent]!;
      i = parent;
    }
    items[i] = item;
    ranks[i] = rank;
    ids[i] = id;
  }

  pop(): Entry<Id, Owner> | undefined {
    const items = this.items;
    const top = items[0];
    const last = items.pop();
    this.ranks.pop();
    this.ids.pop();
    if (items.length > 0 && last !== undefined) this.siftDown(0, last);
    return top;
  }

  /** Drops the removed entries and restores the heap order (bottom-up, O(n)). */
  sweep(): void {
    const { items, ranks, ids } = this;
    let kept = 0;
    for (let i = 0; i < items.length; i++) {
      const item = items[i]!;
      if (item.removed) continue;
      items[kept] = item;
      ranks[kept] = item.rank;
      ids[kept] = item.id;
      kept++;
    }
    items.length = kept;
    ranks.length = kept;
    ids.length = kept;
    for (let i = (kept >> 1) - 1; i >= 0; i--) this.siftDown(i, items[i]!);
  }

  /** Puts `item` at `start` and moves it down to its place. */
  private siftDown(start: number, item: Entry<Id, Owner>): void {
    const { items, ranks, ids } = this;
    const length = items.length;
    const rank = item.rank;
    const id = item.id;
    let i = start;
    for (;;) {
      const left = 2 * i + 1;
      if (left >= length) break;
      const right = left + 1;
      // The child that pops first, then whether it pops before the item.
      const child =
        right < length && before(ranks[right]!, ids[right]!, ranks[left]!, ids[left]!) ? right : left;
      if (!before(ranks[child]!, ids[child]!, rank, id)) break;
      items[i] = items[child]!;
      ranks[i] = ranks[child]!;
      ids[i] = ids[child]!;
      i = child;
    }
    items[i] = item;
    ranks[i] = rank;
    ids[i] = id;
  }
}

export class TriggerBook<Id extends string | number = string, Owner = number> {
  private readonly bidAtOrBelow = new Heap<Id, Owner>();
  private readonly bidAtOrAbove = new Heap<Id, Owner>();
  private readonly askAtOrBelow = new Heap<Id, Owner>();
  private readonly askAtOrAbove = new Heap<Id, Owner>();
  /** The triggers put by id. */
  private readonly live = new Map<Id, Entry<Id, Owner>>();
  /** Live entries, put by id or inserted by handle. */
  private liveCount = 0;

  /** Adds or replaces a trigger (replacing moves a stop to its new level). */
  add(trigger: Trigger<Id>): void {
    this.put(trigger.id, trigger.side, trigger.direction, trigger.level);
  }

  /** `add` without a trigger object to build first. */
  put(id: Id, side: WatchedSide, direction: CrossDirection, level: number): void {
    const replaced = this.live.get(id);
    if (replaced) this.discard(replaced);
    // Put by id, it has no owner: 0.
    this.live.set(id, this.push(id, side, direction, level, 0 as unknown as Owner, true));
  }

  /**
   * Adds a trigger the caller keeps the handle of, to `discard` it later; it is not reachable by
   * id (`has`, `remove`), and ids need not be unique among inserted triggers.
   */
  insert(
    id: Id,
    side: WatchedSide,
    direction: CrossDirection,
    level: number,
    owner: Owner,
  ): TriggerHandle<Id, Owner> {
    return this.push(id, side, direction, level, owner, false);
  }

  /** Takes out an inserted (or put) trigger; nothing when it already fired or was taken out. */
  discard(handle: TriggerHandle<Id, Owner>): void {
    const entry = handle as Entry<Id, Owner>;
    if (entry.removed) return;
    entry.removed = true;
    this.liveCount--;
    if (entry.keyed) this.live.delete(entry.id);
  }

  private push(
    id: Id,
    side: WatchedSide,
    direction: CrossDirection,
    level: number,
    owner: Owner,
    keyed: boolean,
  ): Entry<Id, Owner> {
    const below = direction === 'atOrBelow';
    const entry: Entry<Id, Owner> = {
      id,
      side,
      direction,
      level,
      owner,
      rank: below ? -level : level,
      removed: false,
      keyed,
    };
    this.liveCount++;
    (side === 'bid'
      ? below
        ? this.bidAtOrBelow
        : this.bidAtOrAbove
      : below
        ? this.askAtOrBelow
        : this.askAtOrAbove
    ).push(entry);
    // Removed entries wait in the heaps until they surface; once they outnumber the live ones,
    // sweep them out, so memory follows what is open, not how many decisions were made.
    if (this.entries() > 2 * this.liveCount + 1024) this.compact();
    return entry;
  }

  private entries(): number {
    return this.bidAtOrBelow.size + this.bidAtOrAbove.size + this.askAtOrBelow.size + this.askAtOrAbove.size;
  }

  private compact(): void {
    this.bidAtOrBelow.sweep();
    this.bidAtOrAbove.sweep();
    this.askAtOrBelow.sweep();
    this.askAtOrAbove.sweep();
  }

  /** Entries held in the heaps, live or waiting to be swept (for tests and benchmarks). */
  get heldEntries(): number {
    return this.entries();
  }

  remove(id: Id): boolean {
    const entry = this.live.get(id);
    if (!entry) return false;
    this.discard(entry);
    return true;
  }

  has(id: Id): boolean {
    return this.live.has(id);
  }

  get size(): number {
    return this.liveCount;
  }

  /**
   * Removes and returns every live trigger this quote crosses, in a stable order: bid side before
   * ask side, within a heap the level nearest the previous price first, equal levels by id.
   */
  takeCrossed(bid: number, ask: number): OwnedTrigger<Id, Owner>[] {
    const fired: OwnedTrigger<Id, Owner>[] = [];
    // "At or below" holds minus the level: the price is at or below it when -price >= rank.
    this.drain(this.bidAtOrBelow, -bid, fired);
    this.drain(this.bidAtOrAbove, bid, fired);
    this.drain(this.askAtOrBelow, -ask, fired);
    this.drain(this.askAtOrAbove, ask, fired);
    return fired;
  }

  /** Pops every entry whose rank is at or below `reached`, skipping removed ones. */
  private drain(heap: Heap<Id, Owner>, reached: number, fired: OwnedTrigger<Id, Owner>[]): void {
    for (let top = heap.peek(); top; top = heap.peek()) {
      if (top.removed) {
        heap.pop();
        continue;
      }
      if (top.rank > reached) return;
      heap.pop();
      this.discard(top);
      fired.push(top);
    }
  }
}
