/**
 * Seeded random scenarios: thousands of orders placed, filled, closed, edited, stopped out and
 * reset over random walks with gaps, checking the book's guarantees after every step. A failing
 * seed is printed so it can be pinned as a table test.
 */
import { describe, expect, it } from 'vitest';
import { accountFigures, floatingProfit, isAtOrBelowLevel } from './account-figures.ts';
import { isMarketOpen } from './schedule.ts';
import { seededPrng, type SeededPrng } from './testing/seeded-prng.ts';
import {
  fixtureBook,
  INSTRUMENTS,
  lots,
  newAccount,
  SETTINGS,
  usd,
  WEDNESDAY_NOON,
} from './testing/trading-fixture.ts';
import { marginCallRearmLevel } from './settlement.ts';
import type { TradingBook } from './trading-book.ts';
import type { Order, Outcome } from './trading-types.ts';

const ACCOUNTS = 6;
const STEPS = 600;
const SEEDS = 12;

interface Ledger {
  opening: bigint;
  sum: bigint;
  last: bigint;
}

function randomStops(prng: SeededPrng, side: 'buy' | 'sell', reference: number, pip: number) {
  const away = () => prng.int(1, 400) * pip;
  const sl = prng.next() < 0.5 ? 0 : side === 'buy' ? reference - away() : reference + away();
  const tp = prng.next() < 0.5 ? 0 : side === 'buy' ? reference + away() : Math.max(1, reference - away());
  return { stopLossPoints: Math.max(0, sl), takeProfitPoints: tp };
}

function checkFired(order: Order, bid: number, ask: number): void {
  // Nothing fires on the wrong side of the price it fills or closes at (T1, F1).
  if (order.state === 'closed' && order.closeReason === 'stop_loss')
    expect(
      order.side === 'buy'
        ? order.closePoints <= order.stopLossPoints
        : order.closePoints >= order.stopLossPoints,
    ).toBe(true);
  if (order.state === 'closed' && order.closeReason === 'take_profit')
    expect(
      order.side === 'buy'
        ? order.closePoints >= order.takeProfitPoints
        : order.closePoints <= order.takeProfitPoints,
    ).toBe(true);
  if (order.state === 'holding' && order.targetPoints > 0 && order.openedAtMs > order.createdAtMs) {
    const t = order.targetPoints;
    const ok = {
      buy_limit: ask <= t,
      buy_stop: ask >= t,
      sell_limit: bid >= t,
      sell_stop: bid <= t,
      market: true,
    }[order.kind];
    expect(ok).toBe(true);
  }
}

function checkBook(book: TradingBook, ledgers: Map<number, Ledger>, nowMs: number): void {
  for (const [id, ledger] of ledgers) {
    const account = book.account(id)!;
    expect(account.balanceMicros).toBe(ledger.opening + ledger.sum);
    if (!account.isDemo) expect(account.balanceMicros >= 0n).toBe(true);
    const figures = accountFigures(account, book.board);
    // The book's own figures are kept incrementally (account-valuation.ts): the same, exactly.
    expect(book.figures(id)).toEqual(figures);
    let floating = 0n;
    let used = 0n;
    for (const order of account.orders.values()) {
      if (order.state !== 'holding') continue;
      floating += floatingProfit(order, book.board);
      used += order.marginMicros;
      const quote = book.board.quote(order.instrumentId)!;
      const open = isMarketOpen(book.board.instrument(order.instrumentId)!.schedule, nowMs);
      // Everything a quote crosses has fired: no live stop is past the current price.
      if (open && order.stopLossPoints > 0)
        expect(
          order.side === 'buy' ? quote.bid > order.stopLossPoints : quote.ask < order.stopLossPoints,
        ).toBe(true);
      if (open && order.takeProfitPoints > 0)
        expect(
          order.side === 'buy' ? quote.bid < order.takeProfitPoints : quote.ask > order.takeProfitPoints,
        ).toBe(true);
    }
    for (const order of account.orders.values()) {
      if (order.state !== 'pending') continue;
      const quote = book.board.quote(order.instrumentId)!;
      const t = order.targetPoints;
      const crossed = {
        buy_limit: quote.ask <= t,
        buy_stop: quote.ask >= t,
        sell_limit: quote.bid >= t,
        sell_stop: quote.bid <= t,
        market: false,
      }[order.kind];
      expect(crossed).toBe(false);
    }
    expect(figures.usedMarginMicros).toBe(used);
    expect(figures.equityMicros).toBe(account.balanceMicros + floating);
    expect(figures.freeMarginMicros).toBe(figures.equityMicros - used);
    // The margin guards never miss an account: none is left at or below the stop-out level.
    expect(isAtOrBelowLevel(figures, SETTINGS.stopOutLevel)).toBe(false);
    // Nor a fall to the margin-call level, nor a recovery above the re-arming level: the warning
    // flag is set at or below the call, clear above the re-arming level (S3), either in between.
    if (figures.usedMarginMicros > 0n) {
      if (isAtOrBelowLevel(figures, SETTINGS.marginCallLevel)) expect(account.marginCallWarned).toBe(true);
      if (!isAtOrBelowLevel(figures, marginCallRearmLevel(SETTINGS.marginCallLevel)))
        expect(account.marginCallWarned).toBe(false);
    }
  }
}

function runScenario(seed: number) {
  const prng = seededPrng(seed);
  let now = WEDNESDAY_NOON;
  const book = fixtureBook(now);
  const ledgers = new Map<number, Ledger>();
  for (let id = 1; id <= ACCOUNTS; id++) {
    const balance = `${prng.int(300, 30_000)}`;
    book.loadAccount(newAccount(id, balance, id % 3 === 0));
    ledgers.set(id, { opening: usd(balance), sum: 0n, last: usd(balance) });
  }
  const stats = { placed: 0, refused: 0, fired: 0, stopOuts: 0 };
  const record = (outcome: Outcome, bid = 0, ask = 0) => {
    const ledger = ledgers.get(outcome.accountId)!;
    for (const posting of outcome.postings) {
      ledger.sum += posting.amountMicros;
      expect(posting.balanceAfterMicros).toBe(ledger.last + posting.amountMicros);
      ledger.last = posting.balanceAfterMicros;
    }
    for (const order of outcome.orders) {
      if (bid > 0) checkFired(order, bid, ask);
      if (order.closeReason === 'stop_out') stats.stopOuts++;
    }
  };

  for (let step = 0; step < STEPS; step++) {
    now += prng.int(10, 2000);
    const accountId = prng.int(1, ACCOUNTS);
    const spec = prng.pick(INSTRUMENTS);
    const quote = book.board.quote(spec.id)!;
    const action = prng.next();
    if (action < 0.45) {
      // A random walk with occasional gaps of up to 3 %.
      const gap = prng.next() < 0.05;
      const scale = gap ? quote.bid * 0.03 : quote.bid * 0.0015;
      const bid = Math.max(spec.spreadPoints + 1, Math.round(quote.bid + (prng.next() * 2 - 1) * scale));
      const ask = bid + spec.spreadPoints * prng.int(1, 3);
      const outcomes = book.applyTick(spec.id, bid, ask, now);
      stats.fired += outcomes.length;
      for (const outcome of outcomes) record(outcome, bid, ask);
    } else if (action < 0.75) {
      const side = prng.next() < 0.5 ? 'buy' : 'sell';
      const market = prng.next() < 0.7;
      const reference = side === 'buy' ? quote.ask : quote.bid;
      const pip = Math.max(1, Math.round(reference / 20_000));
      const target = market ? undefined : reference + prng.int(-300, 300) * pip;
      const result = book.placeOrder(
        accountId,
        {
          instrumentId: spec.id,
          side,
          market,
          lots: lots(`${prng.int(1, 300) / 100}`),
          leverage: prng.pick(spec.leverageOptions),
          ...(target === undefined ? {} : { targetPoints: target }),
          ...randomStops(prng, side, target ?? reference, pip),
        },
        now,
      );
      if (result.ok) {
        stats.placed++;
        record(result.outcome);
      } else stats.refused++;
    } else if (action < 0.97) {
      const orders = [...book.account(accountId)!.orders.values()];
      if (orders.length === 0) continue;
      const order = prng.pick(orders);
      const result =
        action < 0.85
          ? order.state === 'holding'
            ? book.closePosition(accountId, order.id, 'user', now)
            : book.cancelOrder(accountId, order.id, 'user', now)
          : book.setStops(
              accountId,
              order.id,
              randomStops(
                prng,
                order.side,
                order.state === 'pending' ? order.targetPoints : order.side === 'buy' ? quote.bid : quote.ask,
                10,
              ),
              now,
            );
      if (result.ok) record(result.outcome);
    } else if (book.account(accountId)!.isDemo) {
      const result = book.resetDemo(accountId, usd('100000'), now);
      if (result.ok) record(result.outcome);
    }
    checkBook(book, ledgers, now);
  }
  return stats;
}

describe('seeded trading scenarios', () => {
  let stopOuts = 0;
  for (let seed = 1; seed <= SEEDS; seed++)
    it(`[L1][A3][T1][F1][S1][G2] seed ${seed}: balances equal their ledgers, nothing fires on the wrong side, nobody is left below stop-out`, () => {
      const stats = runScenario(seed * 7919);
      stopOuts += stats.stopOuts;
      // The scenario must actually exercise the book, or the checks above prove nothing.
      expect(stats.placed).toBeGreaterThan(50);
      expect(stats.fired).toBeGreaterThan(0);
    });

  it('the scenarios stopped accounts out (runs after the seeds above)', () => {
    expect(stopOuts).toBeGreaterThan(0);
  });
});
