/**
 * Seeded random accounts for the risk projection: every crossing equals the brute-force scan of
 * the engine's own figures, a hypothetical order projects what placing it gives, and a tick at the
 * projected stop-out price stops the account out while one point before does not. A failing seed
 * is in the test's name so it can be pinned as a table test.
 */
import { describe, expect, it } from 'vitest';
import { projectRisk, type HypotheticalOrder, type RiskProjection } from './risk-projection.ts';
import { seededPrng, type SeededPrng } from './testing/seeded-prng.ts';
import { scanFirstCrossing } from './testing/level-scan.ts';
import {
  fixtureBook,
  INSTRUMENTS,
  JPN225,
  lots,
  newAccount,
  SETTINGS,
  WEDNESDAY_NOON,
} from './testing/trading-fixture.ts';
import type { TradingBook } from './trading-book.ts';
import type { Account } from './trading-types.ts';

const SEEDS = 30;
/** Crossings further than this are checked at the point and the one before, not scanned end to end. */
const SCAN_LIMIT = 150_000;

function randomOrder(prng: SeededPrng): HypotheticalOrder {
  const spec = prng.pick(INSTRUMENTS);
  // JPN225's points are worth little: larger sizes keep its crossings within a scannable move.
  const size = prng.int(10, 300) * (spec.id === JPN225.id ? 10 : 1);
  return {
    instrumentId: spec.id,
    side: prng.next() < 0.5 ? 'buy' : 'sell',
    lots: lots(`${size / 100}`),
    leverage: prng.pick(spec.leverageOptions),
  };
}

function randomAccount(prng: SeededPrng, now: number): { book: TradingBook; account: Account } {
  const book = fixtureBook(now);
  book.loadAccount(newAccount(1, `${prng.int(500, 20_000)}`));
  const orders = prng.int(1, 6);
  for (let i = 0; i < orders; i++) book.placeOrder(1, { ...randomOrder(prng), market: true }, now);
  // Prices wander a little so positions carry profits and losses, the rates included.
  for (const spec of INSTRUMENTS) {
    const quote = book.board.quote(spec.id)!;
    const bid = quote.bid + Math.round((prng.next() * 2 - 1) * quote.bid * 0.004);
    book.applyTick(spec.id, bid, bid + spec.spreadPoints, now + 1);
  }
  return { book, account: book.account(1)! };
}

function project(book: TradingBook, account: Account, order?: HypotheticalOrder): RiskProjection | undefined {
  const result = projectRisk(account, book.board, SETTINGS, SETTINGS.feeType, order);
  return result.ok ? result.projection : undefined;
}

/** Checks every crossing against the scan; returns how many were scanned end to end. */
function checkAgainstScan(book: TradingBook, account: Account, projection: RiskProjection): number {
  let scanned = 0;
  for (const risk of projection.instruments)
    for (const [crossing, level] of [
      [risk.marginCall, SETTINGS.marginCallLevel],
      [risk.stopOut, SETTINGS.stopOutLevel],
    ] as const) {
      const scan = (direction: 'down' | 'up', from: number, points: number) =>
        scanFirstCrossing(account, book.board, risk.instrumentId, level, direction, points, from);
      if (!crossing) {
        const window = Math.min(SCAN_LIMIT, Math.ceil(risk.bid / 4));
        expect(scan('down', risk.bid, window)).toBeUndefined();
        expect(scan('up', risk.bid, window)).toBeUndefined();
        continue;
      }
      expect(crossing.exact).toBe(true);
      const distance = Math.abs(crossing.bid - risk.bid);
      const step = crossing.direction === 'down' ? -1 : 1;
      if (distance <= SCAN_LIMIT) {
        expect(scan(crossing.direction, risk.bid, distance)).toBe(crossing.bid);
        scanned++;
      } else {
        expect(scan(crossing.direction, crossing.bid - step, 1)).toBe(crossing.bid);
      }
    }
  return scanned;
}

function runSeed(seed: number) {
  const prng = seededPrng(seed);
  const now = WEDNESDAY_NOON;
  const { book, account } = randomAccount(prng, now);
  const stats = { scanned: 0, hypothetical: 0, stopOutsTriggered: 0 };

  const projection = project(book, account)!;
  stats.scanned += checkAgainstScan(book, account, projection);

  // [RP1] A hypothetical order projects what placing it gives.
  const order = randomOrder(prng);
  const withOrder = project(book, account, order);
  const placed = book.placeOrder(1, { ...order, market: true }, now + 2);
  if (withOrder && placed.ok) {
    const after = project(book, account)!;
    expect(withOrder.figures).toEqual(after.figures);
    expect(withOrder.instruments).toEqual(after.instruments);
    stats.hypothetical++;
  }

  // A tick one point before the projected stop-out leaves the account alone; one at it stops it out.
  const final = project(book, account)!;
  const target = final.instruments.find((risk) => risk.stopOut && !risk.stopOut.alreadyReached);
  if (target?.stopOut) {
    const { bid, ask, direction } = target.stopOut;
    const spread = ask - bid;
    const before = bid + (direction === 'down' ? 1 : -1);
    const stoppedOut = (outcomes: ReturnType<TradingBook['applyTick']>) =>
      outcomes.some((outcome) => outcome.orders.some((o) => o.closeReason === 'stop_out'));
    expect(stoppedOut(book.applyTick(target.instrumentId, before, before + spread, now + 3))).toBe(false);
    expect(stoppedOut(book.applyTick(target.instrumentId, bid, ask, now + 4))).toBe(true);
    stats.stopOutsTriggered++;
  }
  return stats;
}

describe('seeded risk projections', () => {
  const totals = { scanned: 0, hypothetical: 0, stopOutsTriggered: 0 };
  for (let seed = 1; seed <= SEEDS; seed++)
    it(`[RP1][RP2][RP3] seed ${seed}: crossings equal the scan, and the stop-out fires exactly there`, () => {
      const stats = runSeed(seed * 7907);
      totals.scanned += stats.scanned;
      totals.hypothetical += stats.hypothetical;
      totals.stopOutsTriggered += stats.stopOutsTriggered;
    }, 30_000);

  it('the seeds exercised the projection (runs after the seeds above)', () => {
    expect(totals.scanned).toBeGreaterThan(SEEDS);
    expect(totals.hypothetical).toBeGreaterThan(SEEDS / 3);
    expect(totals.stopOutsTriggered).toBeGreaterThan(SEEDS / 2);
  });
});
