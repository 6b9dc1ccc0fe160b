/**
 * The margin guard's P/L bound over a box (G1) equals the bound over all four corners of price ×
 * rate, for seeded random positions and boxes: only the worst (best) close price is evaluated,
 * which must lose nothing to the rounding of each corner.
 */
import { describe, expect, it } from 'vitest';
import { ONE, profitMicros, type Ratio } from './margin.ts';
import { profitBound } from './margin-guard.ts';
import { rateFromMid } from './market-board.ts';
import { priceFraction } from './money.ts';
import { seededPrng } from './testing/seeded-prng.ts';
import { fixtureBook, INSTRUMENTS, lots, newAccount, WEDNESDAY_NOON } from './testing/trading-fixture.ts';
import type { TradingBook } from './trading-book.ts';
import type { Order } from './trading-types.ts';

/** The bound as the four corners give it, the way the guard computed it before. */
function everyCorner(order: Order, book: TradingBook, widths: Map<number, number>) {
  const { board } = book;
  const spec = board.instrument(order.instrumentId)!;
  const quote = board.quote(order.instrumentId)!;
  const d = widths.get(order.instrumentId) ?? 1;
  const close = order.side === 'buy' ? quote.bid : quote.ask;
  let rates: Ratio[] = [ONE];
  const leg = board.conversionLeg(spec.quoteCurrency);
  const legQuote = leg && board.quote(leg.instrumentId);
  if (leg && legQuote) {
    const dLeg = BigInt(widths.get(leg.instrumentId) ?? 1);
    const mid2 = BigInt(legQuote.bid) + BigInt(legQuote.ask);
    rates = [
      rateFromMid(leg, mid2 - 2n * dLeg > 0n ? mid2 - 2n * dLeg : 1n),
      rateFromMid(leg, mid2 + 2n * dLeg),
    ];
  }
  const profits = [Math.max(1, close - d), close + d].flatMap((price) =>
    rates.map((rate) =>
      profitMicros(
        order.side,
        { lots: order.lots, contractSize: BigInt(spec.contractSize) },
        priceFraction(order.openPoints, spec.pricePrecision),
        priceFraction(price, spec.pricePrecision),
        rate,
      ),
    ),
  );
  return {
    worst: profits.reduce((a, b) => (b < a ? b : a)),
    best: profits.reduce((a, b) => (b > a ? b : a)),
  };
}

describe('margin guard bound', () => {
  it('[G1] the bound at the worst (best) price equals the bound over every corner of the box', () => {
    const prng = seededPrng(2611);
    for (let round = 0; round < 60; round++) {
      const book = fixtureBook(WEDNESDAY_NOON);
      book.loadAccount(newAccount(1, '1000000'));
      for (let i = 0; i < 4; i++) {
        const spec = prng.pick(INSTRUMENTS);
        const result = book.placeOrder(
          1,
          {
            instrumentId: spec.id,
            side: prng.next() < 0.5 ? 'buy' : 'sell',
            market: true,
            lots: lots(`${prng.int(1, 300) / 100}`),
            leverage: prng.pick(spec.leverageOptions),
          },
          WEDNESDAY_NOON,
        );
        expect(result.ok).toBe(true);
      }
      for (const spec of INSTRUMENTS) {
        const quote = book.board.quote(spec.id)!;
        const bid = quote.bid + Math.round((prng.next() * 2 - 1) * quote.bid * 0.01);
        book.applyTick(spec.id, bid, bid + spec.spreadPoints, WEDNESDAY_NOON + 1);
      }
      // Boxes from one point to far wider than any rung, small prices clamped at 1 included.
      const widths = new Map(
        INSTRUMENTS.map((spec) => [spec.id, prng.pick([1, 2, 7, 50, 999, 20_000, 10_000_000])]),
      );
      for (const order of book.account(1)!.orders.values()) {
        if (order.state !== 'holding') continue;
        const expected = everyCorner(order, book, widths);
        expect(profitBound(order, book.board, widths, 'worst')).toBe(expected.worst);
        expect(profitBound(order, book.board, widths, 'best')).toBe(expected.best);
      }
    }
  });
});
