import { describe, expect, it } from 'vitest';
import { AlertBook, decideAlertLevels, type AlertLevels, type AlertRequest } from './alert-book.ts';
import { seededPrng } from './testing/seeded-prng.ts';

const alert = (id: number, abovePoints: number, belowPoints: number, instrumentId = 1): AlertLevels => ({
  id,
  instrumentId,
  abovePoints,
  belowPoints,
});

describe('alert levels', () => {
  const cases: Array<[string, AlertRequest, number, ReturnType<typeof decideAlertLevels>]> = [
    [
      'above the bid',
      { condition: 'above', levelPoints: 110 },
      100,
      { ok: true, abovePoints: 110, belowPoints: 0 },
    ],
    [
      'below the bid',
      { condition: 'below', levelPoints: 90 },
      100,
      { ok: true, abovePoints: 0, belowPoints: 90 },
    ],
    [
      'above at the bid',
      { condition: 'above', levelPoints: 100 },
      100,
      { ok: false, rejection: 'alert_above_not_above_price' },
    ],
    [
      'below at the bid',
      { condition: 'below', levelPoints: 100 },
      100,
      { ok: false, rejection: 'alert_below_not_below_price' },
    ],
    [
      'above under the bid',
      { condition: 'above', levelPoints: 99 },
      100,
      { ok: false, rejection: 'alert_above_not_above_price' },
    ],
    [
      'a zero level',
      { condition: 'below', levelPoints: 0 },
      100,
      { ok: false, rejection: 'alert_level_not_positive' },
    ],
    [
      'a fractional level',
      { condition: 'above', levelPoints: 100.5 },
      100,
      { ok: false, rejection: 'alert_level_not_positive' },
    ],
    [
      'a 1 % move',
      { condition: 'move', moveBasisPoints: 100 },
      108_523,
      { ok: true, abovePoints: 109_608, belowPoints: 107_438 },
    ],
    // 0.5 % of 101 points is 0.505: rounded half away from zero to 1 point.
    [
      'a move of half a point rounds',
      { condition: 'move', moveBasisPoints: 50 },
      101,
      { ok: true, abovePoints: 102, belowPoints: 100 },
    ],
    [
      'a tiny move is one point',
      { condition: 'move', moveBasisPoints: 1 },
      10,
      { ok: true, abovePoints: 11, belowPoints: 9 },
    ],
    [
      'a move to zero watches the rise only',
      { condition: 'move', moveBasisPoints: 5000 },
      1,
      { ok: true, abovePoints: 2, belowPoints: 0 },
    ],
    [
      'no move',
      { condition: 'move', moveBasisPoints: 0 },
      100,
      { ok: false, rejection: 'alert_move_out_of_range' },
    ],
    [
      'a move over 50 %',
      { condition: 'move', moveBasisPoints: 5001 },
      100,
      { ok: false, rejection: 'alert_move_out_of_range' },
    ],
  ];
  for (const [name, request, bid, expected] of cases)
    it(`[AL2][AL3] ${name}`, () => expect(decideAlertLevels(request, bid)).toEqual(expected));
});

describe('alert book', () => {
  it('[AL1] an above alert fires when the bid reaches it, a below alert when it falls to it', () => {
    const book = new AlertBook();
    book.add(alert(1, 110, 0));
    book.add(alert(2, 0, 90));
    expect(book.takeCrossed(1, 109)).toEqual([]);
    expect(book.takeCrossed(1, 110)).toEqual([1]);
    expect(book.takeCrossed(1, 91)).toEqual([]);
    expect(book.takeCrossed(1, 85)).toEqual([2]);
    expect(book.size).toBe(0);
  });

  it('[AL6] fires once: a later crossing finds nothing', () => {
    const book = new AlertBook();
    book.add(alert(1, 110, 0));
    expect(book.takeCrossed(1, 120)).toEqual([1]);
    expect(book.takeCrossed(1, 100)).toEqual([]);
    expect(book.takeCrossed(1, 120)).toEqual([]);
  });

  it('[AL6] a move alert fires by either level and then is gone whole', () => {
    const book = new AlertBook();
    book.add(alert(5, 110, 90));
    expect(book.takeCrossed(1, 89)).toEqual([5]);
    expect(book.takeCrossed(1, 111)).toEqual([]);
  });

  it('[AL1] a gap fires every alert it jumped over, lowest id first; other instruments stay', () => {
    const book = new AlertBook();
    book.add(alert(3, 103, 0));
    book.add(alert(1, 101, 0));
    book.add(alert(2, 150, 0));
    book.add(alert(4, 101, 0, 2));
    expect(book.takeCrossed(1, 120)).toEqual([1, 3]);
    expect(book.has(2)).toBe(true);
    expect(book.has(4)).toBe(true);
  });

  it('[AL5] a removed or replaced alert never fires at its old level', () => {
    const book = new AlertBook();
    book.add(alert(1, 110, 0));
    book.add(alert(2, 120, 0));
    expect(book.remove(1)).toBe(true);
    expect(book.remove(1)).toBe(false);
    book.add(alert(2, 130, 0));
    expect(book.takeCrossed(1, 125)).toEqual([]);
    expect(book.takeCrossed(1, 130)).toEqual([2]);
  });

  it('[AL4][AL6] matches a brute-force model over seeded random walks, each alert firing once', () => {
    for (const seed of [1, 7, 2026, 90_210]) {
      const rng = seededPrng(seed);
      const book = new AlertBook();
      const model = new Map<number, AlertLevels>();
      const fired = new Set<number>();
      const bids = new Map<number, number>([
        [1, 10_000],
        [2, 500],
      ]);
      let nextId = 1;
      for (let step = 0; step < 5_000; step++) {
        const instrumentId = rng.pick([1, 2]);
        const bid = bids.get(instrumentId)!;
        const action = rng.next();
        if (action < 0.3) {
          const request: AlertRequest = rng.pick([
            { condition: 'above', levelPoints: bid + rng.int(-5, 200) },
            { condition: 'below', levelPoints: bid - rng.int(-5, 200) },
            { condition: 'move', moveBasisPoints: rng.int(0, 300) },
          ] satisfies AlertRequest[]);
          const levels = decideAlertLevels(request, bid);
          if (!levels.ok) continue;
          const added = { id: nextId++, instrumentId, ...levels };
          expect(added.abovePoints === 0 || added.abovePoints > bid).toBe(true);
          expect(added.belowPoints === 0 || added.belowPoints < bid).toBe(true);
          book.add(added);
          model.set(added.id, added);
        } else if (action < 0.4 && model.size > 0) {
          const id = rng.pick([...model.keys()]);
          expect(book.remove(id)).toBe(true);
          model.delete(id);
        } else {
          const next = Math.max(1, bid + rng.int(-40, 40));
          bids.set(instrumentId, next);
          const expected = [...model.values()]
            .filter(
              (a) =>
                a.instrumentId === instrumentId &&
                ((a.abovePoints > 0 && next >= a.abovePoints) ||
                  (a.belowPoints > 0 && next <= a.belowPoints)),
            )
            .map((a) => a.id)
            .sort((a, b) => a - b);
          const got = book.takeCrossed(instrumentId, next);
          expect(got, `seed ${seed} step ${step}`).toEqual(expected);
          for (const id of got) {
            expect(fired.has(id)).toBe(false);
            fired.add(id);
            model.delete(id);
          }
        }
        expect(book.size).toBe(model.size);
      }
      expect(fired.size).toBeGreaterThan(50);
    }
  });
});
