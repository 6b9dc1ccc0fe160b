import { describe, expect, it } from 'vitest';
import type { Order, Outcome } from './trading-types.ts';
import { EURUSD, fixtureBook, lots, newAccount, usd, WEDNESDAY_NOON } from './testing/trading-fixture.ts';
import { seededPrng } from './testing/seeded-prng.ts';
import type { PlaceOrderCommand, TradingBook } from './trading-book.ts';
import { trailedStopLoss, trailingRejection, trailTrigger } from './trailing-stop.ts';

const T = WEDNESDAY_NOON;
const SPREAD = 10;

function order(extra: Partial<Order>): Order {
  return {
    id: 1,
    accountId: 7,
    instrumentId: EURUSD.id,
    side: 'buy',
    kind: 'market',
    state: 'holding',
    lots: lots('0.1'),
    leverage: 100,
    targetPoints: 0,
    openPoints: 110_010,
    stopLossPoints: 0,
    takeProfitPoints: 0,
    trailingPoints: 50,
    marginMicros: 0n,
    feeMicros: 0n,
    closePoints: 0,
    profitMicros: 0n,
    closeReason: null,
    cancelReason: null,
    createdAtMs: T,
    openedAtMs: T,
    closedAtMs: 0,
    askedPoints: 0,
    spreadPoints: 0,
    spreadCostMicros: 0n,
    ...extra,
  };
}

describe('the trailing distance', () => {
  it.each([
    [0, 110_000, undefined],
    [50, 110_000, undefined],
    [-1, 110_000, 'trailing_stop_not_positive'],
    [1.5, 110_000, 'trailing_stop_not_positive'],
    [27_500, 110_000, undefined],
    [27_501, 110_000, 'trailing_stop_too_far'],
  ] as const)('[TS2] %d points against a price of %d: %s', (distance, reference, expected) => {
    expect(trailingRejection(distance, reference)).toBe(expected);
  });
});

describe('where the stop moves', () => {
  it.each([
    // side, stop, distance, bid, expected stop (undefined: stays)
    ['buy', 0, 50, 110_000, 109_950],
    ['buy', 109_950, 50, 110_001, 109_951],
    ['buy', 109_950, 50, 110_000, undefined],
    ['buy', 109_950, 50, 109_990, undefined],
    ['buy', 0, 50, 50, undefined],
    ['sell', 0, 50, 110_000, 110_060],
    ['sell', 110_060, 50, 109_999, 110_059],
    ['sell', 110_060, 50, 110_000, undefined],
    ['sell', 110_060, 50, 110_020, undefined],
  ] as const)(
    '[TS3] a %s with stop %d, distance %d, at bid %d: %s',
    (side, stop, distance, bid, expected) => {
      const trailed = { side, stopLossPoints: stop, trailingPoints: distance } as const;
      expect(trailedStopLoss(trailed, bid, bid + SPREAD)).toBe(expected);
    },
  );

  it('[TS4] the move trigger fires at exactly the first price that moves the stop', () => {
    for (const side of ['buy', 'sell'] as const)
      for (const stop of [0, 109_900, 110_100])
        for (let bid = 109_700; bid <= 110_300; bid++) {
          const o = order({ side, stopLossPoints: stop });
          const trigger = trailTrigger(o);
          const price = trigger.side === 'bid' ? bid : bid + SPREAD;
          const fires = trigger.direction === 'atOrAbove' ? price >= trigger.level : price <= trigger.level;
          expect(fires, `${side} stop ${stop} bid ${bid}`).toBe(
            trailedStopLoss(o, bid, bid + SPREAD) !== undefined,
          );
        }
  });
});

const buy = (extra: Partial<PlaceOrderCommand> = {}): PlaceOrderCommand => ({
  instrumentId: EURUSD.id,
  side: 'buy',
  market: true,
  lots: lots('0.1'),
  leverage: 100,
  trailingPoints: 50,
  ...extra,
});

function setup(): TradingBook {
  const book = fixtureBook();
  book.loadAccount(newAccount(7, '10000'));
  return book;
}

function place(book: TradingBook, command: PlaceOrderCommand): Order {
  const result = book.placeOrder(7, command, T);
  if (!result.ok) throw new Error(result.rejection);
  return result.outcome.orders[0]!;
}

const tick = (book: TradingBook, bid: number, at = T + 1000) =>
  book.applyTick(EURUSD.id, bid, bid + SPREAD, at);
const held = (book: TradingBook, id: number) => book.account(7)!.orders.get(id);

describe('a trailing stop in the book', () => {
  it('[TS8][TS3][TS5] sets a stop at the fill, follows the bid up and never back down', () => {
    const book = setup();
    // Filled at the fixture's quote (bid 110 000): the stop is there at once, not at the next tick.
    const { id, stopLossPoints } = place(book, buy());
    expect(stopLossPoints).toBe(109_950);
    expect(tick(book, 110_000)).toEqual([]);
    const moved = tick(book, 110_030);
    expect(moved).toHaveLength(1);
    expect(moved[0]!.orders).toEqual([expect.objectContaining({ id, stopLossPoints: 109_980 })]);
    expect(moved[0]!.postings).toEqual([]);
    expect(tick(book, 110_000)).toEqual([]);
    expect(held(book, id)!.stopLossPoints).toBe(109_980);
  });

  it('[TS6] fires at the first tick at or past the stop, closing at that quote, reason trailing_stop', () => {
    const book = setup();
    const { id } = place(book, buy());
    tick(book, 110_100);
    const [outcome] = tick(book, 110_040); // jumps past the stop at 110 050
    const closed = outcome!.orders.find((o) => o.id === id)!;
    expect(closed).toMatchObject({ state: 'closed', closeReason: 'trailing_stop', closePoints: 110_040 });
    expect(outcome!.postings.map((p) => p.kind)).toEqual(['realized_pnl']);
  });

  it('[TS4][T1] a tick through the take profit and the next move closes the position once and moves nothing', () => {
    const book = setup();
    const { id } = place(book, buy({ takeProfitPoints: 110_030 }));
    // Both the take profit (bid 110 030) and the stop's next move (bid 110 001) are crossed: the
    // take profit fires first and closes; the move, taken in the same batch, finds no position.
    const outcomes = tick(book, 110_040);
    expect(outcomes).toHaveLength(1);
    expect(outcomes[0]!.orders).toEqual([
      expect.objectContaining({ id, state: 'closed', closeReason: 'take_profit', closePoints: 110_040 }),
    ]);
    expect(outcomes[0]!.postings.map((p) => p.kind)).toEqual(['realized_pnl']);
    expect(held(book, id)).toBeUndefined();
    expect(tick(book, 110_100)).toEqual([]);
  });

  it('[TS6] a sell trails the ask downwards and closes at the ask', () => {
    const book = setup();
    const { id } = place(book, buy({ side: 'sell', trailingPoints: 100 }));
    tick(book, 109_800); // ask 109 810: stop 109 910
    expect(held(book, id)!.stopLossPoints).toBe(109_910);
    tick(book, 109_850);
    expect(held(book, id)!.stopLossPoints).toBe(109_910);
    const [outcome] = tick(book, 109_900); // ask 109 910 reaches it
    expect(outcome!.orders[0]).toMatchObject({ closeReason: 'trailing_stop', closePoints: 109_910 });
  });

  it('[TS1] a stop loss set by hand is where trailing starts; a tighter one stays until the price passes it', () => {
    const book = setup();
    const { id } = place(book, buy({ stopLossPoints: 109_990 }));
    tick(book, 110_020);
    expect(held(book, id)!.stopLossPoints).toBe(109_990);
    tick(book, 110_041);
    expect(held(book, id)!.stopLossPoints).toBe(109_991);
  });

  it('[TS1] a pending order starts trailing at its fill, on the filling tick', () => {
    const book = setup();
    const { id } = place(book, buy({ market: false, targetPoints: 109_900 }));
    expect(tick(book, 109_950)).toEqual([]);
    const [outcome] = tick(book, 109_880); // ask 109 890 fills
    expect(outcome!.orders).toEqual([
      expect.objectContaining({ id, state: 'holding', openPoints: 109_890, stopLossPoints: 109_830 }),
    ]);
  });

  it('[TS7] setStops adds, changes and removes the distance; removing keeps the stop where it is', () => {
    const book = setup();
    const { id } = place(book, buy({ trailingPoints: 0 }));
    const set = book.setStops(7, id, { stopLossPoints: 0, takeProfitPoints: 0, trailingPoints: 30 }, T);
    expect(set.ok && set.outcome.orders[0]!.trailingPoints).toBe(30);
    // [TS8] Trailed at once from the quote now (bid 110 000), not at the next tick.
    expect(set.ok && set.outcome.orders[0]!.stopLossPoints).toBe(109_970);
    tick(book, 110_100);
    expect(held(book, id)!.stopLossPoints).toBe(110_070);
    // Stops set without a distance keep it.
    book.setStops(7, id, { stopLossPoints: 110_070, takeProfitPoints: 0 }, T + 2000);
    expect(held(book, id)!.trailingPoints).toBe(30);
    book.setStops(7, id, { stopLossPoints: 110_070, takeProfitPoints: 0, trailingPoints: 0 }, T + 2000);
    tick(book, 110_300, T + 3000);
    expect(held(book, id)).toMatchObject({ trailingPoints: 0, stopLossPoints: 110_070 });
    const [outcome] = tick(book, 110_060, T + 4000);
    expect(outcome!.orders[0]!.closeReason).toBe('stop_loss');
  });

  it('[TS2] refuses a distance wider than a quarter of the price, at entry and when set', () => {
    const book = setup();
    const result = book.placeOrder(7, buy({ trailingPoints: 30_000 }), T);
    expect(result).toEqual({ ok: false, rejection: 'trailing_stop_too_far' });
    const { id } = place(book, buy({ trailingPoints: 0 }));
    expect(book.setStops(7, id, { stopLossPoints: 0, takeProfitPoints: 0, trailingPoints: -5 }, T)).toEqual({
      ok: false,
      rejection: 'trailing_stop_not_positive',
    });
  });

  it('[TS5] a restart from the stored stop resumes trailing from it', () => {
    const book = setup();
    const { id } = place(book, buy());
    tick(book, 110_200);
    const stored = book.account(7)!;
    const again = fixtureBook();
    again.loadAccount({ ...stored, orders: new Map(stored.orders) });
    expect(again.account(7)!.orders.get(id)!.stopLossPoints).toBe(110_150);
    expect(again.applyTick(EURUSD.id, 110_180, 110_190, T + 5000)).toEqual([]);
    again.applyTick(EURUSD.id, 110_260, 110_270, T + 6000);
    expect(again.account(7)!.orders.get(id)!.stopLossPoints).toBe(110_210);
  });
});

/** What the engine must do, worked out the slow way: every order, every tick. */
interface Model {
  side: 'buy' | 'sell';
  distance: number;
  stop: number;
  state: 'pending' | 'holding' | 'closed';
  target: number;
}

describe('seeded random walks', () => {
  for (const seed of [1, 2, 3, 42, 1234, 99_991]) {
    it(`[TS3][TS6][L1] seed ${seed}: stops never move against the trader, fire at the crossing tick's quote, balance = Σ ledger`, () => {
      const prng = seededPrng(seed);
      const book = fixtureBook();
      book.loadAccount(newAccount(7, '1000000'));
      const opening = usd('1000000');
      let ledger = 0n;
      const record = (outcomes: Outcome[]) => {
        for (const outcome of outcomes)
          for (const posting of outcome.postings) ledger += posting.amountMicros;
      };
      const models = new Map<number, Model>();
      let bid = 110_000;
      let now = T;
      for (let step = 0; step < 400; step++) {
        now += 1000;
        if (step % 20 === 0) {
          const side = prng.pick(['buy', 'sell'] as const);
          const distance = prng.int(1, 30) * 10;
          const pending = prng.next() < 0.3;
          const target = side === 'buy' ? bid - prng.int(1, 50) : bid + prng.int(1, 50);
          const withStop = prng.next() < 0.3;
          const reference = pending ? target : side === 'buy' ? bid : bid + SPREAD;
          const stop = withStop ? (side === 'buy' ? reference - 200 : reference + 200) : 0;
          const result = book.placeOrder(
            7,
            buy({
              side,
              market: !pending,
              trailingPoints: distance,
              stopLossPoints: stop,
              ...(pending ? { targetPoints: target } : {}),
            }),
            now,
          );
          if (!result.ok) throw new Error(`seed ${seed}: ${result.rejection}`);
          record([result.outcome]);
          // [TS8] A market order trails at once, at the quote it filled at.
          const filledAt = side === 'buy' ? bid - distance : bid + SPREAD + distance;
          const trailed =
            pending || (side === 'buy' ? filledAt <= stop : stop !== 0 && filledAt >= stop) ? stop : filledAt;
          models.set(result.outcome.orders[0]!.id, {
            side,
            distance,
            stop: trailed,
            state: pending ? 'pending' : 'holding',
            target,
          });
        }
        bid = Math.max(100_000, bid + prng.int(-40, 40) * (prng.next() < 0.05 ? 5 : 1));
        const ask = bid + SPREAD;
        const outcomes = book.applyTick(EURUSD.id, bid, ask, now);
        record(outcomes);
        const changed = new Map(outcomes.flatMap((o) => o.orders).map((o) => [o.id, o]));
        for (const [id, model] of models) {
          if (model.state === 'closed') continue;
          if (model.state === 'pending') {
            const fills = model.side === 'buy' ? ask <= model.target : bid >= model.target;
            if (!fills) continue;
            model.state = 'holding';
          }
          const closing = model.side === 'buy' ? bid : ask;
          const crossed =
            model.stop > 0 && (model.side === 'buy' ? closing <= model.stop : closing >= model.stop);
          const engine = changed.get(id) ?? held(book, id)!;
          if (crossed) {
            model.state = 'closed';
            expect(engine, `seed ${seed} step ${step} order ${id}`).toMatchObject({
              state: 'closed',
              closeReason: 'trailing_stop',
              closePoints: closing,
            });
            continue;
          }
          const before = model.stop;
          const candidate = model.side === 'buy' ? bid - model.distance : ask + model.distance;
          if (
            model.side === 'buy'
              ? candidate > 0 && candidate > model.stop
              : model.stop === 0 || candidate < model.stop
          )
            model.stop = candidate;
          if (before > 0)
            expect(model.side === 'buy' ? model.stop >= before : model.stop <= before).toBe(true);
          expect(engine, `seed ${seed} step ${step} order ${id}`).toMatchObject({
            state: 'holding',
            stopLossPoints: model.stop,
          });
        }
        expect(book.account(7)!.balanceMicros).toBe(opening + ledger);
      }
      expect([...models.values()].some((m) => m.state === 'closed')).toBe(true);
    });
  }
});
