/**
 * The incremental valuation (account-valuation.ts) against the full recomputation: after seeded
 * random ticks (conversion legs included), opens, closes, moved stops, re-sized positions and a
 * replaced instrument spec, its figures equal `accountFigures` and its guard boxes equal
 * `guardBands`, exactly.
 */
import { describe, expect, it } from 'vitest';
import { accountFigures } from './account-figures.ts';
import { AccountValuation } from './account-valuation.ts';
import { guardBands, guardBandsOf, type GuardBand } from './margin-guard.ts';
import { seededPrng, type SeededPrng } from './testing/seeded-prng.ts';
import {
  EURUSD,
  fixtureBook,
  INSTRUMENTS,
  JPN225,
  lots,
  newAccount,
  USDJPY,
} from './testing/trading-fixture.ts';
import type { Account, Order } from './trading-types.ts';
import type { MarketBoard } from './market-board.ts';

const SEEDS = 8;
const STEPS = 600;

/**
 * A spread account holds a few positions on each of several instruments; a concentrated one
 * piles them onto EUR/USD (dozens on one instrument: the groups that keep linear sums).
 */
type Holdings = 'spread' | 'concentrated';

function holdingOrder(id: number, prng: SeededPrng, board: MarketBoard, holdings: Holdings): Order {
  const spec = holdings === 'concentrated' && prng.next() < 0.8 ? EURUSD : prng.pick(INSTRUMENTS);
  const quote = board.quote(spec.id)!;
  const side = prng.next() < 0.5 ? 'buy' : 'sell';
  return {
    id,
    accountId: 1,
    instrumentId: spec.id,
    side,
    kind: 'market',
    state: 'holding',
    lots: lots(`${prng.int(1, 500) / 100}`),
    leverage: 100,
    targetPoints: 0,
    openPoints: side === 'buy' ? quote.ask : quote.bid,
    askedPoints: 0,
    spreadPoints: quote.ask - quote.bid,
    spreadCostMicros: 0n,
    stopLossPoints: 0,
    takeProfitPoints: 0,
    trailingPoints: 0,
    marginMicros: BigInt(prng.int(1, 5_000_000_000)),
    feeMicros: 0n,
    closePoints: 0,
    profitMicros: 0n,
    closeReason: null,
    cancelReason: null,
    createdAtMs: 0,
    openedAtMs: 0,
    closedAtMs: 0,
  };
}

/** Half a size, in whole hundredths of a lot (10^6 in the 10^-8 units), at least one. */
const halfInHundredths = (size: bigint) => (size / 2n / 1_000_000n || 1n) * 1_000_000n;

const byInstrument = (bands: GuardBand[]) => [...bands].sort((a, b) => a.instrumentId - b.instrumentId);

/** What the engine does to an account's orders map, mirrored into the valuation. */
function put(account: Account, valuation: AccountValuation, order: Order): void {
  valuation.put(order);
  if (order.state === 'holding' || order.state === 'pending') account.orders.set(order.id, order);
  else account.orders.delete(order.id);
}

function check(account: Account, valuation: AccountValuation, board: MarketBoard): void {
  expect(valuation.figures(account, board)).toEqual(accountFigures(account, board));
  // Levels around the account's own: the ladder then stops at different rungs, or at none.
  for (const level of [50, 110, 2000])
    for (const side of ['above', 'at_or_below'] as const)
      expect(byInstrument(guardBandsOf(valuation, account, board, level, side))).toEqual(
        byInstrument(guardBands(account, board, level, side)),
      );
}

function runScenario(seed: number, holdings: Holdings): { closes: number; reused: number; most: number } {
  const prng = seededPrng(seed);
  const book = fixtureBook();
  const { board } = book;
  const account = newAccount(1, `${prng.int(100, 50_000)}`);
  let nextId = 1;
  // An account loaded with positions already open starts from them.
  for (let i = prng.int(0, 4); i > 0; i--) {
    const order = holdingOrder(nextId++, prng, board, holdings);
    account.orders.set(order.id, order);
  }
  const valuation = AccountValuation.of(account);
  const stats = { closes: 0, reused: 0, most: 0 };
  // Opens outnumber closes in a concentrated account, so its positions pile up.
  const opensBelow = holdings === 'concentrated' ? 0.75 : 0.64;
  for (let step = 0; step < STEPS; step++) {
    const action = prng.next();
    const holding = [...account.orders.values()];
    if (action < 0.5) {
      // A tick, sometimes a conversion leg's, sometimes the same price again.
      const spec = prng.next() < 0.3 ? prng.pick([USDJPY, JPN225]) : prng.pick(INSTRUMENTS);
      const quote = board.quote(spec.id)!;
      const bid = prng.next() < 0.1 ? quote.bid : Math.max(2, quote.bid + prng.int(-40, 40) * 10);
      board.setQuote(spec.id, { bid, ask: bid + prng.int(1, 30), timeMs: 0 });
    } else if (action < opensBelow || holding.length === 0) {
      put(account, valuation, holdingOrder(nextId++, prng, board, holdings));
    } else if (action < 0.82) {
      put(account, valuation, { ...prng.pick(holding), state: 'closed' });
      stats.closes++;
    } else if (action < 0.9) {
      // A moved stop keeps the P/L terms; re-sizing (a part closed) changes them.
      const order = prng.pick(holding);
      stats.reused++;
      put(account, valuation, { ...order, stopLossPoints: order.stopLossPoints + 1 });
    } else if (action < 0.96) {
      const order = prng.pick(holding);
      put(account, valuation, {
        ...order,
        // An odd size makes a point worth a fraction of a micro; a concentrated account keeps whole
        // hundredths of a lot, so its groups take the linear sums' path most of the time.
        lots: holdings === 'concentrated' ? halfInHundredths(order.lots) : order.lots / 2n + 1n,
        marginMicros: order.marginMicros / 2n,
      });
    } else if (action < 0.98) {
      // The back office edits an instrument: a new spec object, another contract size.
      const spec = prng.pick(INSTRUMENTS);
      board.addInstrument({
        ...board.instrument(spec.id)!,
        contractSize: prng.pick(holdings === 'concentrated' ? [1, 1000, 100_000] : [1, 10, 1000, 100_000]),
      });
    } else {
      account.balanceMicros += BigInt(prng.int(-5_000_000_000, 5_000_000_000));
    }
    check(account, valuation, board);
    for (const group of valuation.instruments()) stats.most = Math.max(stats.most, group.positions.length);
  }
  return stats;
}

describe('account valuation', () => {
  for (let seed = 1; seed <= SEEDS; seed++)
    it(`[A3][G2] seed ${seed}: incremental figures and guard boxes equal the full recomputation`, () => {
      const stats = runScenario(seed * 104_729, 'spread');
      expect(stats.closes).toBeGreaterThan(20);
      expect(stats.reused).toBeGreaterThan(20);
    });

  for (let seed = 1; seed <= SEEDS / 2; seed++)
    it(`[A3][G2] seed ${seed}: the same with dozens of positions on one instrument`, () => {
      const stats = runScenario(seed * 7_919, 'concentrated');
      expect(stats.closes).toBeGreaterThan(10);
      expect(stats.most).toBeGreaterThan(40);
    });

  it('adds P/Ls beyond the safe integers, and sums that would leave them, exactly', () => {
    const book = fixtureBook();
    const { board } = book;
    const account = newAccount(1, '10000');
    const prng = seededPrng(5);
    // JPN225 converts through USD/JPY, so its P/Ls are odd micro-dollars a double cannot always
    // hold: tens of millions of lots gain up to about 10^15 micro-dollars each (a handful pass 2^53
    // together), and a hundred times that passes it alone.
    for (let i = 1; i <= 12; i++) {
      const size = lots(`${prng.int(10_000_000, 99_999_999)}.${prng.int(10_000_000, 99_999_999)}`);
      const order = {
        ...holdingOrder(i, prng, board, 'spread'),
        instrumentId: JPN225.id,
        side: 'buy' as const,
      };
      account.orders.set(i, { ...order, lots: i === 12 ? size * 100n : size, openPoints: 4_900_000 - i });
    }
    const valuation = AccountValuation.of(account);
    const figures = valuation.figures(account, board);
    expect(figures.floatingMicros > BigInt(Number.MAX_SAFE_INTEGER) * 4n).toBe(true);
    expect(figures).toEqual(accountFigures(account, board));
    board.setQuote(USDJPY.id, { bid: 140_001, ask: 140_010, timeMs: 0 });
    expect(valuation.figures(account, board)).toEqual(accountFigures(account, board));
  });

  it('keeps a P/L while its market stands still, and recomputes it when the leg moves', () => {
    const book = fixtureBook();
    const { board } = book;
    const account = newAccount(1, '10000');
    const order = {
      ...holdingOrder(1, seededPrng(3), board, 'spread'),
      instrumentId: JPN225.id,
      openPoints: 4_990_000,
    };
    account.orders.set(order.id, order);
    const valuation = AccountValuation.of(account);
    const before = valuation.figures(account, board).floatingMicros;
    board.setQuote(USDJPY.id, { bid: 140_000, ask: 140_010, timeMs: 0 });
    const after = valuation.figures(account, board).floatingMicros;
    expect(after).not.toBe(before);
    expect(after).toBe(accountFigures(account, board).floatingMicros);
  });
});
