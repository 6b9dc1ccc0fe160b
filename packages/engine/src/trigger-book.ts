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
 */

export type WatchedSide = 'bid' | 'ask';
export type CrossDirection = 'atOrBelow' | 'atOrAbove';

export interface Trigger {
  /** Unique per book, e.g. `order:42:tp`. */
  id: string;
  side: WatchedSide;
  direction: CrossDirection;
  /** Level in points. */
  level: number;
}

/** A minimal binary heap; `before(a, b)` says a comes out first. */
class Heap<T> {
  private readonly items: T[] = [];
  private readonly before: (a: T, b: T) => boolean;

  constructor(before: (a: T, b: T) => boolean) {
    this.before = before;
  }

  get size(): number {
    return this.items.length;
  }

  peek(): T | undefined {
    return this.items[0];
  }

  push(item: T): void {
    const items = this.items;
    items.push(item);
    let i = items.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!this.before(items[i]!, items[parent]!)) break;
      [items[i], items[parent]] = [items[parent]!, items[i]!];
      i = parent;
    }
  }

  pop(): T | undefined {
    const items = this.items;
    const top = items[0];
    const last = items.pop();
    if (items.length > 0 && last !== undefined) {
      items[0] = last;
      this.siftDown(0);
    }
    return top;
  }

  /** Keeps only the items `keep` accepts and restores the heap order (bottom-up, O(n)). */
  retain(keep: (item: T) => boolean): void {
    const kept = this.items.filter(keep);
    this.items.length = 0;
    this.items.push(...kept);
    for (let i = (kept.length >> 1) - 1; i >= 0; i--) this.siftDown(i);
  }

  private siftDown(start: number): void {
    const items = this.items;
    let i = start;
    for (;;) {
      const left = 2 * i + 1;
      const right = left + 1;
      let best = i;
      if (left < items.length && this.before(items[left]!, items[best]!)) best = left;
      if (right < items.length && this.before(items[right]!, items[best]!)) best = right;
      if (best === i) break;
      [items[i], items[best]] = [items[best]!, items[i]!];
      i = best;
    }
  }
}

interface Entry {
  trigger: Trigger;
  /** Matches `live` for the entry to count; a re-added id gets a new generation. */
  generation: number;
}

export class TriggerBook {
  // "at or below" fires for the highest levels first as the price falls: a max-heap; "at or
  // above" fires for the lowest levels first as the price rises: a min-heap.
  private readonly heaps = {
    bid: {
      atOrBelow: new Heap<Entry>((a, b) => a.trigger.level > b.trigger.level),
      atOrAbove: new Heap<Entry>((a, b) => a.trigger.level < b.trigger.level),
    },
    ask: {
      atOrBelow: new Heap<Entry>((a, b) => a.trigger.level > b.trigger.level),
      atOrAbove: new Heap<Entry>((a, b) => a.trigger.level < b.trigger.level),
    },
  };
  private readonly live = new Map<string, number>();
  private nextGeneration = 1;

  /** Adds or replaces a trigger (replacing moves a stop to its new level). */
  add(trigger: Trigger): void {
    const generation = this.nextGeneration++;
    this.live.set(trigger.id, generation);
    this.heaps[trigger.side][trigger.direction].push({ trigger: { ...trigger }, generation });
    // Removed entries wait in the heaps until they surface; once they outnumber the live ones,
    // sweep them out, so memory follows what is open, not how many decisions were made.
    if (this.entries() > 2 * this.live.size + 1024) this.compact();
  }

  private entries(): number {
    const { bid, ask } = this.heaps;
    return bid.atOrBelow.size + bid.atOrAbove.size + ask.atOrBelow.size + ask.atOrAbove.size;
  }

  private compact(): void {
    const isLive = (entry: Entry) => this.live.get(entry.trigger.id) === entry.generation;
    for (const side of [this.heaps.bid, this.heaps.ask]) {
      side.atOrBelow.retain(isLive);
      side.atOrAbove.retain(isLive);
    }
  }

  /** Entries held in the heaps, live or waiting to be swept (for tests and benchmarks). */
  get heldEntries(): number {
    return this.entries();
  }

  remove(id: string): boolean {
    return this.live.delete(id);
  }

  has(id: string): boolean {
    return this.live.has(id);
  }

  get size(): number {
    return this.live.size;
  }

  /**
   * Removes and returns every live trigger this quote crosses, in a stable order: bid side before
   * ask side, and within a heap the level nearest the previous price first.
   */
  takeCrossed(bid: number, ask: number): Trigger[] {
    const fired: Trigger[] = [];
    for (const side of ['bid', 'ask'] as const) {
      const price = side === 'bid' ? bid : ask;
      this.drain(this.heaps[side].atOrBelow, (level) => price <= level, fired);
      this.drain(this.heaps[side].atOrAbove, (level) => price >= level, fired);
    }
    return fired;
  }

  private drain(heap: Heap<Entry>, crossed: (level: number) => boolean, fired: Trigger[]): void {
    for (let top = heap.peek(); top; top = heap.peek()) {
      if (this.live.get(top.trigger.id) !== top.generation) {
        heap.pop();
        continue;
      }
      if (!crossed(top.trigger.level)) return;
      heap.pop();
      this.live.delete(top.trigger.id);
      fired.push(top.trigger);
    }
  }
}
