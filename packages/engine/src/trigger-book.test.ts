import { describe, expect, it } from 'vitest';
import { seededPrng } from './testing/seeded-prng.ts';
import { TriggerBook, type Trigger } from './trigger-book.ts';

const t = (id: string, side: Trigger['side'], direction: Trigger['direction'], level: number): Trigger => ({
  id,
  side,
  direction,
  level,
});

describe('trigger book', () => {
  it('[T1] fires each kind only on its side and direction of the quote', () => {
    const book = new TriggerBook();
    book.add(t('buy-limit', 'ask', 'atOrBelow', 100));
    book.add(t('buy-stop', 'ask', 'atOrAbove', 120));
    book.add(t('sell-limit', 'bid', 'atOrAbove', 118));
    book.add(t('sell-stop', 'bid', 'atOrBelow', 95));
    expect(book.takeCrossed(105, 110)).toEqual([]);
    expect(book.takeCrossed(98, 100).map((x) => x.id)).toEqual(['buy-limit']);
    expect(book.takeCrossed(118, 121).map((x) => x.id)).toEqual(['sell-limit', 'buy-stop']);
    expect(book.takeCrossed(90, 92).map((x) => x.id)).toEqual(['sell-stop']);
    expect(book.size).toBe(0);
  });

  it('[T1] fires at the level exactly, and a gap fires everything it jumped over', () => {
    const book = new TriggerBook();
    for (const level of [101, 102, 103, 110]) book.add(t(`s${level}`, 'bid', 'atOrAbove', level));
    expect(book.takeCrossed(103, 104).map((x) => x.id)).toEqual(['s101', 's102', 's103']);
    expect(book.has('s110')).toBe(true);
  });

  it('[T2] skips removed triggers and honours a moved level', () => {
    const book = new TriggerBook();
    book.add(t('tp', 'bid', 'atOrAbove', 150));
    book.add(t('gone', 'bid', 'atOrAbove', 140));
    expect(book.remove('gone')).toBe(true);
    book.add(t('tp', 'bid', 'atOrAbove', 130));
    expect(book.takeCrossed(135, 136).map((x) => x.level)).toEqual([130]);
    expect(book.takeCrossed(160, 161)).toEqual([]);
  });

  it('[T3] matches a brute-force scan over thousands of random ticks, adds and removes', () => {
    const rng = seededPrng(4242);
    const book = new TriggerBook();
    const reference = new Map<string, Trigger>();
    let price = 10_000;
    for (let step = 0; step < 20_000; step++) {
      const action = rng.next();
      if (action < 0.45) {
        const trigger = t(
          `id${rng.int(0, 3000)}`,
          rng.pick(['bid', 'ask'] as const),
          rng.pick(['atOrBelow', 'atOrAbove'] as const),
          price + rng.int(-300, 300),
        );
        book.add(trigger);
        reference.set(trigger.id, trigger);
      } else if (action < 0.55) {
        const id = `id${rng.int(0, 3000)}`;
        expect(book.remove(id)).toBe(reference.delete(id));
      } else {
        price = Math.max(1, price + rng.int(-60, 60));
        const bid = price;
        const ask = price + rng.int(0, 5);
        const expected = [...reference.values()].filter((x) => {
          const p = x.side === 'bid' ? bid : ask;
          return x.direction === 'atOrBelow' ? p <= x.level : p >= x.level;
        });
        const fired = book.takeCrossed(bid, ask);
        expect(fired.map((x) => x.id).sort()).toEqual(expected.map((x) => x.id).sort());
        for (const x of fired) reference.delete(x.id);
      }
      expect(book.size).toBe(reference.size);
    }
  });
});

describe('trigger book firing order', () => {
  it('[T1] fires equal levels in id order, whatever history put them there', () => {
    const rng = seededPrng(777);
    // One set of live triggers, reached by two histories: one adds each once in id order, the
    // other adds them in a shuffled order amid moves and removals of others, and sweeps.
    const levels = Array.from({ length: 400 }, (_, id) => ({ id, level: 1000 + rng.int(0, 20) }));
    const direct = new TriggerBook<number>();
    for (const { id, level } of levels) direct.put(id, 'bid', 'atOrBelow', level);
    const churned = new TriggerBook<number>();
    for (let step = 0; step < 5000; step++)
      churned.put(10_000 + rng.int(0, 50), 'bid', 'atOrBelow', 1000 + rng.int(0, 20));
    for (const { id, level } of [...levels].sort(() => rng.next() - 0.5)) {
      churned.put(id, 'bid', 'atOrBelow', level + 7);
      churned.put(id, 'bid', 'atOrBelow', level);
    }
    for (let id = 10_000; id <= 10_050; id++) churned.remove(id);
    const fired = churned.takeCrossed(1000, 1001).map((x) => x.id);
    expect(fired).toEqual(direct.takeCrossed(1000, 1001).map((x) => x.id));
    // Highest level first as the bid falls; within one level, the lower id first.
    const expected = [...levels].sort((a, b) => b.level - a.level || a.id - b.id).map((x) => x.id);
    expect(fired).toEqual(expected);
  });
});

describe('triggers kept by handle', () => {
  it('[T1] fires inserted triggers with their owner, and a discarded one never', () => {
    const book = new TriggerBook<number>();
    const kept = book.insert(8, 'bid', 'atOrBelow', 100, 7);
    const dropped = book.insert(16, 'bid', 'atOrBelow', 101, 9);
    book.put(24, 'bid', 'atOrBelow', 99);
    expect(book.size).toBe(3);
    book.discard(dropped);
    // Discarding twice, or after the trigger fired, changes nothing.
    book.discard(dropped);
    expect(book.size).toBe(2);
    expect(book.takeCrossed(98, 99).map((x) => [x.id, x.owner])).toEqual([
      [8, 7],
      [24, 0],
    ]);
    book.discard(kept);
    expect(book.size).toBe(0);
    expect(book.has(24)).toBe(false);
  });

  it('[T2] sweeps discarded entries out as it does removed ones', () => {
    const book = new TriggerBook<number>();
    for (let i = 0; i < 100_000; i++) book.discard(book.insert(i, 'ask', 'atOrAbove', 2000 + (i % 500), 1));
    expect(book.size).toBe(0);
    expect(book.heldEntries).toBeLessThan(1024 + 1);
  });
});

describe('trigger book memory', () => {
  it('[T2] sweeps removed entries out once they outnumber the live ones', () => {
    const book = new TriggerBook();
    for (let i = 0; i < 100; i++)
      book.add({ id: `keep:${i}`, side: 'bid', direction: 'atOrBelow', level: 1000 - i });
    // Moving one trigger 100,000 times leaves 100,000 dead entries behind without the sweep.
    for (let i = 0; i < 100_000; i++)
      book.add({ id: 'moving', side: 'ask', direction: 'atOrAbove', level: 2000 + (i % 500) });
    expect(book.size).toBe(101);
    expect(book.heldEntries).toBeLessThan(2 * 101 + 1024 + 1);
    expect(
      book
        .takeCrossed(900, 2600)
        .map((t) => t.id)
        .sort(),
    ).toEqual(
      [
        ...Array.from({ length: 100 }, (_, i) => (1000 - i >= 900 ? `keep:${i}` : null)).filter(Boolean),
        'moving',
      ].sort(),
    );
  });
});
