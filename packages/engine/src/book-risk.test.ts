import { describe, expect, it } from 'vitest';
import { accountFigures } from './account-figures.ts';
import { bookRisk } from './book-risk.ts';
import type { PlaceOrderCommand, TradingBook } from './trading-book.ts';
import { seededPrng } from './testing/seeded-prng.ts';
import {
  EURUSD,
  fixtureBook,
  INSTRUMENTS,
  lots,
  newAccount,
  usd,
  WEDNESDAY_NOON,
} from './testing/trading-fixture.ts';

const order = (
  instrumentId: number,
  side: 'buy' | 'sell',
  size: string,
  market = true,
): PlaceOrderCommand => ({
  instrumentId,
  side,
  market,
  lots: lots(size),
  leverage: 100,
  ...(market ? {} : { targetPoints: side === 'buy' ? 100_000 : 120_000 }),
});

function place(book: TradingBook, accountId: number, command: PlaceOrderCommand) {
  const result = book.placeOrder(accountId, command, WEDNESDAY_NOON);
  if (!result.ok) throw new Error(`refused: ${result.rejection}`);
}

const accountsOf = (book: TradingBook) => [...book.accountIds()].map((id) => book.account(id)!);

describe('book risk', () => {
  it('[R1][R2] sums what traders hold per instrument at the closing price, long against short', () => {
    const book = fixtureBook();
    book.loadAccount(newAccount(1, '10000'));
    book.loadAccount(newAccount(2, '10000'));
    place(book, 1, order(EURUSD.id, 'buy', '1'));
    place(book, 2, order(EURUSD.id, 'sell', '0.4'));
    place(book, 2, order(EURUSD.id, 'buy', '0.1', false));

    const risk = bookRisk(accountsOf(book), book.board, 100);
    expect(risk).toMatchObject({ openPositions: 2, activeTraders: 2, pendingOrders: 1, atMarginCall: [] });
    // [R5] An account with only a pending order is not an active trader.
    book.loadAccount(newAccount(3, '10000'));
    place(book, 3, order(EURUSD.id, 'buy', '0.1', false));
    expect(bookRisk(accountsOf(book), book.board, 100)).toMatchObject({ activeTraders: 2, pendingOrders: 2 });
    // [R4] The largest position first, by its notional at the closing price.
    expect(risk.largestPositions.map((p) => [p.accountId, p.side, p.notionalMicros])).toEqual([
      [1, 'buy', usd('110000')],
      [2, 'sell', usd('44004')],
    ]);
    // Bought at 1.10010 and sold at 1.10000 with the quote at 1.10000 / 1.10010: each side has
    // paid the spread, 10 USD on 1 lot and 4 USD on 0.4 lot.
    expect(risk.floatingMicros).toBe(usd('-14'));
    expect(risk.exposures).toEqual([
      {
        instrumentId: EURUSD.id,
        longLots: lots('1'),
        shortLots: lots('0.4'),
        netLots: lots('0.6'),
        // 1 lot closes at the bid (110,000 USD), 0.4 lot at the ask (44,004 USD).
        netNotionalMicros: usd('65996'),
        floatingMicros: usd('-14'),
        positions: 2,
      },
    ]);
  });

  it('[R3] lists the accounts at or below the margin-call level, lowest first', () => {
    const book = fixtureBook();
    book.loadAccount(newAccount(1, '10000'));
    book.loadAccount(newAccount(2, '1200'));
    book.loadAccount(newAccount(3, '1300'));
    for (const id of [1, 2, 3]) place(book, id, order(EURUSD.id, 'buy', '1'));
    // 160 USD down on 1 lot: account 2 (equity 1,038.90 on 1,100.10 margin) is below 100 %, 3 is not.
    book.applyTick(EURUSD.id, 109_850, 109_860, WEDNESDAY_NOON + 1000);

    const risk = bookRisk(accountsOf(book), book.board, 100);
    expect(risk.atMarginCall.map((a) => a.accountId)).toEqual([2]);
    expect(risk.atMarginCall[0]!.marginLevelBasisPoints).toBe(
      accountFigures(book.account(2)!, book.board).marginLevelBasisPoints,
    );
    expect(bookRisk(accountsOf(book), book.board, 200).atMarginCall.map((a) => a.accountId)).toEqual([2, 3]);
  });

  it('keeps its sums equal to the accounts’ own figures over random books (seeded)', () => {
    for (let seed = 1; seed <= 40; seed++) {
      const random = seededPrng(seed);
      const book = fixtureBook();
      for (let id = 1; id <= 6; id++) book.loadAccount(newAccount(id, String(random.int(2_000, 50_000))));
      for (let n = 0; n < 25; n++) {
        const spec = random.pick(INSTRUMENTS.filter((s) => s.id !== 5));
        const command = order(
          spec.id,
          random.pick(['buy', 'sell'] as const),
          random.pick(['0.01', '0.1', '0.5']),
        );
        book.placeOrder(random.int(1, 6), command, WEDNESDAY_NOON);
      }
      const risk = bookRisk(accountsOf(book), book.board, 100);
      const figures = accountsOf(book).map((account) => accountFigures(account, book.board));
      const context = `seed ${seed}`;
      expect(risk.floatingMicros, context).toBe(figures.reduce((sum, f) => sum + f.floatingMicros, 0n));
      expect(
        risk.exposures.reduce((sum, e) => sum + e.floatingMicros, 0n),
        context,
      ).toBe(risk.floatingMicros);
      expect(
        risk.exposures.reduce((sum, e) => sum + e.positions, 0),
        context,
      ).toBe(risk.openPositions);
      // [R6] The lowest levels, in order, and every account at margin call is among them or lower.
      const levels = risk.lowestMarginLevels.map((a) => a.marginLevelBasisPoints);
      expect(levels, context).toEqual([...levels].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
      const withLevel = figures.filter((f) => f.marginLevelBasisPoints !== null).length;
      expect(risk.lowestMarginLevels.length, context).toBe(Math.min(withLevel, 20));
      expect(risk.atMarginCall.slice(0, 20), context).toEqual(
        risk.lowestMarginLevels.slice(0, risk.atMarginCall.length),
      );
      expect(risk.activeTraders, context).toBe(
        accountsOf(book).filter((account) => [...account.orders.values()].some((o) => o.state === 'holding'))
          .length,
      );
      for (const exposure of risk.exposures)
        expect(exposure.netLots, context).toBe(exposure.longLots - exposure.shortLots);
      expect(risk.largestPositions.length, context).toBe(Math.min(risk.openPositions, 10));
      const notionals = risk.largestPositions.map((p) => p.notionalMicros);
      expect(notionals, context).toEqual([...notionals].sort((a, b) => (a > b ? -1 : a < b ? 1 : 0)));
    }
  });
});
