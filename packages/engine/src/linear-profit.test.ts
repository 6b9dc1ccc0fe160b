/**
 * [M4][G2] The linear sums of a group's P/L and guard bounds equal the per-position figures they
 * replace (`floatingProfit`, `profitBoundAtRung`) at any quote, and step aside where a position's
 * point is worth a fraction of a micro or the instrument converts through another.
 */
import { describe, expect, it } from 'vitest';
import { floatingProfit } from './account-figures.ts';
import { LinearProfit } from './linear-profit.ts';
import { profitBoundAtRung } from './margin-guard.ts';
import type { MarketBoard } from './market-board.ts';
import { seededPrng, type SeededPrng } from './testing/seeded-prng.ts';
import { EURUSD, fixtureBook, USDJPY, XAGUSD } from './testing/trading-fixture.ts';
import type { InstrumentSpec } from './instrument.ts';
import type { Order } from './trading-types.ts';

const HUNDREDTH = 1_000_000n; // 0.01 lot in 10^-8 units

function position(id: number, spec: InstrumentSpec, prng: SeededPrng, size: bigint): { order: Order } {
  const side = prng.next() < 0.5 ? 'buy' : 'sell';
  const order = {
    id,
    accountId: 1,
    instrumentId: spec.id,
    side,
    state: 'holding',
    lots: size,
    openPoints: prng.int(1, 400_000),
  } as Order;
  return { order };
}

const sum = (values: bigint[]) => values.reduce((a, b) => a + b, 0n);

function expectEqualToEachPosition(
  linear: LinearProfit,
  spec: InstrumentSpec,
  positions: { order: Order }[],
  board: MarketBoard,
) {
  expect(linear.profit(spec.id, positions, board)).toBe(
    sum(positions.map(({ order }) => floatingProfit(order, board))),
  );
  for (const denominator of [1, 2, 64, 256, 1024, 100_000])
    for (const bound of ['worst', 'best'] as const)
      expect(linear.bound(spec.id, positions, board, denominator, bound)).toBe(
        sum(positions.map(({ order }) => profitBoundAtRung(order, board, denominator, bound))),
      );
}

describe('linear P/L sums', () => {
  for (const spec of [EURUSD, XAGUSD])
    it(`equal the per-position P/Ls and bounds of ${spec.code} as positions come and go and the price moves`, () => {
      const prng = seededPrng(spec.id * 31);
      const { board } = fixtureBook();
      const linear = new LinearProfit();
      const positions: { order: Order }[] = [];
      for (let step = 0; step < 400; step++) {
        const action = prng.next();
        if (action < 0.4 || positions.length === 0) {
          const held = position(step, spec, prng, BigInt(prng.int(1, 500)) * HUNDREDTH);
          linear.join(held.order);
          positions.push(held);
        } else if (action < 0.6) {
          const [gone] = positions.splice(prng.int(0, positions.length - 1), 1);
          linear.leave(gone!.order);
        } else {
          const bid = prng.int(1, 400_000);
          board.setQuote(spec.id, { bid, ask: bid + prng.int(0, 40), timeMs: 0 });
        }
        expectEqualToEachPosition(linear, spec, positions, board);
      }
      expect(positions.length).toBeGreaterThan(20);
    });

  it('steps aside while a position is worth a fraction of a micro a point, and after it leaves sums again', () => {
    const prng = seededPrng(7);
    const { board } = fixtureBook();
    const linear = new LinearProfit();
    const whole = [1, 2, 3].map((id) => position(id, EURUSD, prng, 5n * HUNDREDTH));
    const odd = position(4, EURUSD, prng, 5n * HUNDREDTH + 1n);
    const positions = [...whole, odd];
    for (const { order } of positions) linear.join(order);
    expect(linear.profit(EURUSD.id, positions, board)).toBeUndefined();
    expect(linear.bound(EURUSD.id, positions, board, 64, 'worst')).toBeUndefined();
    linear.leave(odd.order);
    expectEqualToEachPosition(linear, EURUSD, whole, board);
  });

  it('takes its sums again when staff change the contract size', () => {
    const prng = seededPrng(8);
    const { board } = fixtureBook();
    const linear = new LinearProfit();
    const positions = [1, 2, 3].map((id) => position(id, EURUSD, prng, 3n * HUNDREDTH));
    for (const { order } of positions) linear.join(order);
    expectEqualToEachPosition(linear, EURUSD, positions, board);
    board.addInstrument({ ...EURUSD, contractSize: 1000 });
    expectEqualToEachPosition(linear, EURUSD, positions, board);
  });

  it('steps aside for an instrument whose P/L converts through another (USD/JPY)', () => {
    const prng = seededPrng(9);
    const { board } = fixtureBook();
    const linear = new LinearProfit();
    const positions = [position(1, USDJPY, prng, 100n * HUNDREDTH)];
    linear.join(positions[0]!.order);
    expect(linear.profit(USDJPY.id, positions, board)).toBeUndefined();
    expect(linear.bound(USDJPY.id, positions, board, 64, 'best')).toBeUndefined();
  });
});
