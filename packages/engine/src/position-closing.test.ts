import { describe, expect, it } from 'vitest';
import type { Outcome } from './trading-types.ts';
import {
  EURUSD,
  fixtureBook,
  GER40,
  INSTRUMENTS,
  lots,
  newAccount,
  SATURDAY_NOON,
  usd,
  USDJPY,
  WEDNESDAY_NOON,
  XAGUSD,
} from './testing/trading-fixture.ts';
import { seededPrng } from './testing/seeded-prng.ts';
import type { PlaceOrderCommand, TradingBook } from './trading-book.ts';
import { partRejection, splitAmount } from './position-closing.ts';

const T = WEDNESDAY_NOON;
const order = (instrumentId: number, size: string, extra: Partial<PlaceOrderCommand> = {}) => ({
  instrumentId,
  side: 'buy' as const,
  market: true,
  lots: lots(size),
  leverage: 100,
  ...extra,
});

function setup(balance = '10000') {
  const book = fixtureBook();
  book.loadAccount(newAccount(7, balance));
  return book;
}

function open(book: TradingBook, command: PlaceOrderCommand, now = T) {
  const result = book.placeOrder(7, command, now);
  if (!result.ok) throw new Error(`refused: ${result.rejection}`);
  return result.outcome.orders[0]!;
}

const postingsSum = (outcomes: Outcome[]) =>
  outcomes.flatMap((o) => o.postings).reduce((sum, p) => sum + p.amountMicros, 0n);

describe('closing part of a position', () => {
  it('[PC1] the part closes as a new record with its P/L; the position keeps id, stops and the rest', () => {
    const book = setup();
    const position = open(
      book,
      order(EURUSD.id, '1', { stopLossPoints: 109_000, takeProfitPoints: 112_000 }),
    );
    book.applyTick(EURUSD.id, 110_110, 110_120, T + 1000);
    const result = book.closePart(7, position.id, lots('0.3'), 'user', T + 1000);
    if (!result.ok) throw new Error(result.rejection);
    expect(result.part).toMatchObject({
      state: 'closed',
      lots: lots('0.3'),
      openPoints: 110_010,
      closePoints: 110_110,
      profitMicros: usd('30'),
      marginMicros: usd('330.03'),
      feeMicros: usd('0.33003'),
      splitFromId: position.id,
      closeReason: 'user',
      openedAtMs: position.openedAtMs,
      leverage: 100,
    });
    expect(result.part.id).not.toBe(position.id);
    expect(result.position).toMatchObject({
      id: position.id,
      state: 'holding',
      lots: lots('0.7'),
      marginMicros: usd('770.07'),
      feeMicros: usd('0.77007'),
      stopLossPoints: 109_000,
      takeProfitPoints: 112_000,
    });
    expect(result.position.splitFromId).toBeUndefined();
    expect(result.outcome.postings.map((p) => [p.kind, p.amountMicros, p.refId])).toEqual([
      ['realized_pnl', usd('30'), result.part.id],
    ]);
    expect(book.account(7)!.orders.get(position.id)!.lots).toBe(lots('0.7'));
    expect(book.figures(7)!.usedMarginMicros).toBe(usd('770.07'));
  });

  it('[PC1] the rest keeps its stops live: a later tick past the take profit closes the 0.7 lots', () => {
    const book = setup();
    const position = open(book, order(EURUSD.id, '1', { takeProfitPoints: 110_500 }));
    expect(book.closePart(7, position.id, lots('0.3'), 'user', T + 1).ok).toBe(true);
    const [fired] = book.applyTick(EURUSD.id, 110_600, 110_610, T + 2);
    expect(fired!.orders[0]).toMatchObject({
      id: position.id,
      lots: lots('0.7'),
      closeReason: 'take_profit',
    });
  });

  it('[PC3] margin and fee split in proportion and add up to the whole, to the micro-dollar', () => {
    const book = setup();
    const position = open(book, order(USDJPY.id, '1'));
    const result = book.closePart(7, position.id, lots('0.07'), 'user', T + 1);
    if (!result.ok) throw new Error(result.rejection);
    expect(result.part.marginMicros).toBe(70_002_333n); // 1,000,033,332 × 7 / 100, half away from zero
    expect(result.part.marginMicros + result.position.marginMicros).toBe(position.marginMicros);
    expect(result.part.feeMicros + result.position.feeMicros).toBe(position.feeMicros);
    expect(result.part.spreadCostMicros + result.position.spreadCostMicros).toBe(position.spreadCostMicros);
    expect(result.part.spreadCostMicros).toBeLessThan(position.spreadCostMicros);
  });

  it('[PC3] splitAmount never makes or loses a micro-dollar', () => {
    const rng = seededPrng(11);
    for (let i = 0; i < 500; i++) {
      const amount = BigInt(rng.int(0, 2_000_000_000));
      const whole = BigInt(rng.int(2, 10_000));
      const part = BigInt(rng.int(1, Number(whole) - 1));
      const [share, rest] = splitAmount(amount, part, whole);
      expect(share + rest).toBe(amount);
      expect(share >= 0n && rest >= 0n).toBe(true);
    }
  });

  it('[PC2] a bad part is refused by its first broken rule, in precedence order', () => {
    const spec = { lotStep: '0.01', minLots: '0.05' };
    const cases: Array<[string, string, ReturnType<typeof partRejection>]> = [
      ['1', '0', 'lots_must_be_positive'],
      ['1', '0.005', 'lots_off_step'],
      ['1', '0.03', 'lots_below_minimum'],
      ['1', '1', 'part_not_less_than_position'],
      ['1', '2', 'part_not_less_than_position'],
      ['1', '0.97', 'remainder_below_minimum'],
      ['1', '0.95', undefined],
      ['0.1', '0.05', undefined],
    ];
    for (const [position, part, expected] of cases)
      expect(partRejection(spec, lots(position), lots(part)), `${part} of ${position}`).toBe(expected);
  });

  it('[PC2][PC5] the book refuses what cannot close and changes nothing', () => {
    const book = fixtureBook(T);
    book.loadAccount(newAccount(7, '10000'));
    const ger = open(book, order(GER40.id, '1'));
    const eur = open(book, order(EURUSD.id, '0.01'));
    expect(book.closePart(7, 999, lots('0.1'), 'user', T)).toEqual({
      ok: false,
      rejection: 'order_not_found',
    });
    expect(book.closePart(7, ger.id, lots('0.5'), 'user', SATURDAY_NOON)).toEqual({
      ok: false,
      rejection: 'market_closed',
    });
    expect(book.closePart(7, ger.id, lots('0.5'), 'user', T + 31_000)).toEqual({
      ok: false,
      rejection: 'stale_quote',
    });
    expect(book.closePart(7, eur.id, lots('0.01'), 'user', T)).toEqual({
      ok: false,
      rejection: 'part_not_less_than_position',
    });
    expect(book.account(7)!.orders.get(ger.id)!.lots).toBe(lots('1'));
  });
});

describe('closing many positions', () => {
  function threePositions() {
    const book = setup('100000');
    const eur = open(book, order(EURUSD.id, '1'));
    const jpy = open(book, order(USDJPY.id, '1', { side: 'sell' }));
    const xag = open(book, order(XAGUSD.id, '0.1'));
    // EUR/USD up (the buy wins), USD/JPY up (the sell loses), silver flat at the bid (loses the spread).
    book.applyTick(EURUSD.id, 110_200, 110_210, T + 1);
    book.applyTick(USDJPY.id, 151_000, 151_010, T + 1);
    return { book, eur, jpy, xag };
  }

  it('[PC4] all: every position closes in one Outcome, id ascending', () => {
    const { book, eur, jpy, xag } = threePositions();
    const result = book.closeMany(7, { scope: 'all' }, T + 2);
    if (!result.ok) throw new Error(result.rejection);
    expect(result.closed.map((o) => o.id)).toEqual([eur.id, jpy.id, xag.id]);
    expect(result.skipped).toEqual([]);
    expect(result.outcome.postings.map((p) => p.refId)).toEqual([eur.id, jpy.id, xag.id]);
    expect(book.account(7)!.orders.size).toBe(0);
  });

  it('[PC4] instrument, winners and losers take only their positions', () => {
    const pick = (filter: Parameters<TradingBook['closeMany']>[1]) => {
      const { book, eur, jpy, xag } = threePositions();
      const result = book.closeMany(7, filter, T + 2);
      if (!result.ok) throw new Error(result.rejection);
      const names = new Map([
        [eur.id, 'eur'],
        [jpy.id, 'jpy'],
        [xag.id, 'xag'],
      ]);
      return result.closed.map((o) => names.get(o.id));
    };
    expect(pick({ scope: 'instrument', instrumentId: USDJPY.id })).toEqual(['jpy']);
    expect(pick({ scope: 'winners' })).toEqual(['eur']);
    expect(pick({ scope: 'losers' })).toEqual(['jpy', 'xag']);
  });

  it('[PC5] positions whose market is closed stay open and are reported', () => {
    const book = fixtureBook(T);
    book.loadAccount(newAccount(7, '100000'));
    const ger = open(book, order(GER40.id, '1'));
    const eur = open(book, order(EURUSD.id, '1'));
    book.applyTick(EURUSD.id, 110_000, 110_010, SATURDAY_NOON); // crypto-style always-open pair, fresh
    const result = book.closeMany(7, { scope: 'all' }, SATURDAY_NOON);
    if (!result.ok) throw new Error(result.rejection);
    expect(result.closed.map((o) => o.id)).toEqual([eur.id]);
    expect(result.skipped).toEqual([{ orderId: ger.id, reason: 'market_closed' }]);
    expect(book.account(7)!.orders.has(ger.id)).toBe(true);
  });

  it('[PC5] a stale quote is reported, and an unknown instrument refused', () => {
    const book = setup();
    const eur = open(book, order(EURUSD.id, '1'));
    const result = book.closeMany(7, { scope: 'all' }, T + 60_000);
    expect(result.ok && result.skipped).toEqual([{ orderId: eur.id, reason: 'stale_quote' }]);
    expect(book.closeMany(7, { scope: 'instrument', instrumentId: 99 }, T)).toEqual({
      ok: false,
      rejection: 'instrument_not_found',
    });
    expect(book.closeMany(8, { scope: 'all' }, T)).toEqual({ ok: false, rejection: 'account_not_found' });
  });

  it('[PC6] a second close of all finds nothing left and posts nothing', () => {
    const { book } = threePositions();
    expect(book.closeMany(7, { scope: 'all' }, T + 2).ok).toBe(true);
    const again = book.closeMany(7, { scope: 'all' }, T + 3);
    expect(again.ok && [again.closed, again.outcome.postings]).toEqual([[], []]);
  });
});

describe('seeded partial and bulk closes', () => {
  it('[PC7][L1] balance = Σ ledger, and margin and fee are conserved, after every step', () => {
    for (const seed of [1, 2, 3, 4, 5, 6, 7, 8]) {
      const rng = seededPrng(seed);
      const book = setup('1000000');
      const opening = book.account(7)!.balanceMicros;
      const outcomes: Outcome[] = [];
      // What each position and the parts split from it held at the open: it never changes.
      const heldAtOpen = new Map<number, { margin: bigint; fee: bigint; spread: bigint }>();
      const partsOf = new Map<number, { margin: bigint; fee: bigint; spread: bigint }>();
      let now = T;
      const tradable = INSTRUMENTS.filter((spec) => spec.id !== GER40.id);
      for (let step = 0; step < 120; step++) {
        now += 1000;
        const spec = rng.pick(tradable);
        const quote = book.board.quote(spec.id)!;
        const bid = Math.max(1, quote.bid + rng.int(-200, 200));
        outcomes.push(...book.applyTick(spec.id, bid, bid + spec.spreadPoints, now));
        const holding = [...book.account(7)!.orders.values()].filter((o) => o.state === 'holding');
        const action = rng.int(0, 9);
        if (action < 4 || holding.length === 0) {
          const side = rng.pick(['buy', 'sell'] as const);
          const size = `${rng.int(2, 150) / 100}`;
          const result = book.placeOrder(7, order(spec.id, size, { side }), now);
          if (result.ok) {
            outcomes.push(result.outcome);
            const placed = result.outcome.orders[0]!;
            heldAtOpen.set(placed.id, {
              margin: placed.marginMicros,
              fee: placed.feeMicros,
              spread: placed.spreadCostMicros,
            });
          }
        } else if (action < 8) {
          const target = rng.pick(holding);
          const part = lots(`${rng.int(1, 149) / 100}`);
          const result = book.closePart(7, target.id, part, 'user', now);
          if (result.ok) {
            outcomes.push(result.outcome);
            const sum = partsOf.get(target.id) ?? { margin: 0n, fee: 0n, spread: 0n };
            partsOf.set(target.id, {
              margin: sum.margin + result.part.marginMicros,
              fee: sum.fee + result.part.feeMicros,
              spread: sum.spread + result.part.spreadCostMicros,
            });
          }
        } else {
          const filter = rng.pick([
            { scope: 'all' as const },
            { scope: 'winners' as const },
            { scope: 'losers' as const },
          ]);
          const result = book.closeMany(7, filter, now);
          if (result.ok) outcomes.push(result.outcome);
        }
        const account = book.account(7)!;
        expect(account.balanceMicros, `seed ${seed} step ${step}`).toBe(opening + postingsSum(outcomes));
        for (const position of account.orders.values()) {
          const atOpen = heldAtOpen.get(position.id);
          const parts = partsOf.get(position.id) ?? { margin: 0n, fee: 0n, spread: 0n };
          if (!atOpen || position.state !== 'holding') continue;
          expect(position.marginMicros + parts.margin, `seed ${seed} step ${step}`).toBe(atOpen.margin);
          expect(position.feeMicros + parts.fee, `seed ${seed} step ${step}`).toBe(atOpen.fee);
          expect(position.spreadCostMicros + parts.spread, `seed ${seed} step ${step}`).toBe(atOpen.spread);
        }
      }
    }
  });
});
