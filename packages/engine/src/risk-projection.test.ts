import { describe, expect, it } from 'vitest';
import type { InstrumentSpec } from './instrument.ts';
import { projectRisk, type HypotheticalOrder, type RiskProjection } from './risk-projection.ts';
import { scanFirstCrossing } from './testing/level-scan.ts';
import {
  EURUSD,
  fixtureBook,
  JPN225,
  lots,
  newAccount,
  SETTINGS,
  usd,
  USDJPY,
  WEDNESDAY_NOON,
  XAGUSD,
} from './testing/trading-fixture.ts';
import type { PlaceOrderCommand, TradingBook } from './trading-book.ts';
import type { Account } from './trading-types.ts';

const T = WEDNESDAY_NOON;

/** GBP/USD converts the P/L of EUR/GBP at its mid (a leg that is not inverted). */
const GBPUSD: InstrumentSpec = {
  ...EURUSD,
  id: 11,
  code: 'GBPUSD',
  showCode: 'GBP/USD',
  baseCurrency: 'GBP',
};
const EURGBP: InstrumentSpec = {
  ...EURUSD,
  id: 12,
  code: 'EURGBP',
  showCode: 'EUR/GBP',
  quoteCurrency: 'GBP',
};

function bookWithGbp(): TradingBook {
  const book = fixtureBook();
  book.board.addInstrument(GBPUSD);
  book.board.addInstrument(EURGBP);
  book.applyTick(GBPUSD.id, 127_000, 127_010, T);
  book.applyTick(EURGBP.id, 86_000, 86_010, T);
  return book;
}

const market = (
  instrumentId: number,
  side: 'buy' | 'sell',
  size: string,
  leverage = 100,
): PlaceOrderCommand => ({
  instrumentId,
  side,
  market: true,
  lots: lots(size),
  leverage,
});

function accountWith(book: TradingBook, balance: string, commands: PlaceOrderCommand[]): Account {
  const id = [...book.accountIds()].length + 1;
  book.loadAccount(newAccount(id, balance));
  for (const command of commands) {
    const result = book.placeOrder(id, command, T);
    if (!result.ok) throw new Error(`refused: ${result.rejection}`);
  }
  return book.account(id)!;
}

function project(book: TradingBook, account: Account, order?: HypotheticalOrder): RiskProjection {
  const result = projectRisk(account, book.board, SETTINGS, SETTINGS.feeType, order);
  if (!result.ok) throw new Error(`rejected: ${result.rejection}`);
  return result.projection;
}

/** Every crossing is the first point at which the engine's own figures reach the level. */
function expectBruteForce(book: TradingBook, account: Account, projection: RiskProjection): void {
  for (const risk of projection.instruments) {
    const levels = [
      [risk.marginCall, SETTINGS.marginCallLevel],
      [risk.stopOut, SETTINGS.stopOutLevel],
    ] as const;
    for (const [crossing, level] of levels) {
      const scan = (direction: 'down' | 'up', points: number) =>
        scanFirstCrossing(account, book.board, risk.instrumentId, level, direction, points);
      const window = Math.min(100_000, Math.ceil(risk.bid / 5));
      if (!crossing) {
        expect(scan('down', window)).toBeUndefined();
        expect(scan('up', window)).toBeUndefined();
        continue;
      }
      expect(crossing.exact).toBe(true);
      expect(scan(crossing.direction, Math.abs(crossing.bid - risk.bid))).toBe(crossing.bid);
      expect(crossing.pricePoints).toBe(crossing.direction === 'down' ? crossing.bid : crossing.ask);
      if (!crossing.alreadyReached)
        expect(scan(crossing.direction === 'down' ? 'up' : 'down', 2_000)).toBeUndefined();
    }
  }
}

// The brute-force checks walk every price step: seconds on a busy shared machine, so a wider limit.
describe('risk projection', { timeout: 30_000 }, () => {
  it('[RP2][RP6] an account with nothing open has no crossing and no distance', () => {
    const book = fixtureBook();
    const projection = project(book, accountWith(book, '1000', []));
    expect(projection).toMatchObject({
      instruments: [],
      positions: [],
      nearestMarginCall: null,
      nearestStopOut: null,
      equityToMarginCallMicros: null,
      order: null,
    });
  });

  it('[RP2][RP3] a long EUR/USD: the first bid at or below each level, worked out by hand', () => {
    const book = fixtureBook();
    // Bought 1 lot at 1.10010: margin 1,100.10, fee 1.1001, so equity = 1,998.8999 + (bid − 110010) × 1 USD.
    const account = accountWith(book, '2000', [market(EURUSD.id, 'buy', '1')]);
    const projection = project(book, account);
    const [eurusd] = projection.instruments;
    // Stop-out at equity ≤ 550.05: bid ≤ 108,561.15, so 108,561 is the first point; margin call at 1,100.10.
    expect(eurusd!.stopOut).toMatchObject({
      direction: 'down',
      bid: 108_561,
      pricePoints: 108_561,
      moveBasisPoints: -131n,
    });
    expect(eurusd!.marginCall).toMatchObject({ direction: 'down', bid: 109_111, alreadyReached: false });
    expect(projection.equityToStopOutMicros).toBe(usd('1438.8499'));
    expect(projection.positions).toEqual([
      expect.objectContaining({
        side: 'buy',
        closingPoints: 110_000,
        stopOut: expect.objectContaining({ pricePoints: 108_561 }),
      }),
    ]);
    expectBruteForce(book, account, projection);
  });

  it.each([
    ['a short EUR/USD', [market(EURUSD.id, 'sell', '1')], '2000', 'up'],
    [
      'longs on two instruments',
      [market(EURUSD.id, 'buy', '0.5'), market(XAGUSD.id, 'buy', '0.2')],
      '3000',
      'down',
    ],
    [
      'a long and a short on two instruments',
      [market(EURUSD.id, 'buy', '1'), market(XAGUSD.id, 'sell', '0.3')],
      '3000',
      'down',
    ],
    [
      'a partly hedged EUR/USD',
      [market(EURUSD.id, 'buy', '1'), market(EURUSD.id, 'sell', '0.4')],
      '2500',
      'down',
    ],
    ['a long USD/JPY, its P/L converted at its own mid', [market(USDJPY.id, 'buy', '1')], '1500', 'down'],
    ['a short USD/JPY', [market(USDJPY.id, 'sell', '1')], '1500', 'up'],
    [
      'JPN225 converted through USD/JPY',
      [market(JPN225.id, 'buy', '20'), market(USDJPY.id, 'sell', '0.5')],
      '1800',
      'down',
    ],
    [
      'EUR/GBP converted through GBP/USD',
      [market(EURGBP.id, 'buy', '1'), market(GBPUSD.id, 'buy', '0.3')],
      '2000',
      'down',
    ],
  ] as const)(
    '[RP2][RP3] %s: each crossing is the brute-force first point',
    (_name, commands, balance, direction) => {
      const book = bookWithGbp();
      const account = accountWith(book, balance, [...commands]);
      const projection = project(book, account);
      const first = projection.instruments.find((risk) => risk.instrumentId === commands[0].instrumentId)!;
      expect(first.stopOut?.direction).toBe(direction);
      expectBruteForce(book, account, projection);
    },
  );

  it('[RP2] a fully hedged position never reaches a level by its own price', () => {
    const book = fixtureBook();
    const account = accountWith(book, '2500', [
      market(EURUSD.id, 'buy', '1'),
      market(EURUSD.id, 'sell', '1'),
    ]);
    const projection = project(book, account);
    expect(projection.instruments[0]).toMatchObject({ marginCall: null, stopOut: null });
    expectBruteForce(book, account, projection);
  });

  it('[RP2] a USD/JPY hedge still moves JPN225 through the rate: crossings on USD/JPY exist', () => {
    const book = fixtureBook();
    const account = accountWith(book, '3000', [
      market(USDJPY.id, 'buy', '1'),
      market(USDJPY.id, 'sell', '1'),
      market(JPN225.id, 'buy', '5'),
    ]);
    book.applyTick(JPN225.id, 4_900_000, 4_901_000, T + 1000);
    const projection = project(book, account);
    const usdjpy = projection.instruments.find((risk) => risk.instrumentId === USDJPY.id)!;
    // The hedge's spread and the JPN225 loss are yen: in USD they grow as USD/JPY falls.
    expect(usdjpy.stopOut?.direction).toBe('down');
    expectBruteForce(book, account, projection);
  });

  it('[RP2] an account already at or below a level gets the current price, flagged', () => {
    const book = fixtureBook();
    const account = accountWith(book, '2000', [market(EURUSD.id, 'buy', '1')]);
    book.applyTick(EURUSD.id, 109_000, 109_010, T + 1000);
    const projection = project(book, account);
    expect(projection.instruments[0]!.marginCall).toMatchObject({
      bid: 109_000,
      alreadyReached: true,
      moveBasisPoints: 0n,
    });
    expect(projection.instruments[0]!.stopOut).toMatchObject({ bid: 108_561, alreadyReached: false });
    expect(projection.equityToMarginCallMicros! <= 0n).toBe(true);
    expect(projection.nearestMarginCall).toMatchObject({ instrumentId: EURUSD.id, alreadyReached: true });
    expectBruteForce(book, account, projection);
  });

  it('[RP1] a hypothetical order projects exactly what placing it would give', () => {
    const book = fixtureBook();
    const account = accountWith(book, '4000', [
      market(EURUSD.id, 'sell', '0.5'),
      market(USDJPY.id, 'buy', '0.3'),
    ]);
    const order = { instrumentId: JPN225.id, side: 'buy', lots: lots('20'), leverage: 50 } as const;
    const before = project(book, account);
    const withOrder = project(book, account, order);
    expect(withOrder.instruments.map((risk) => risk.instrumentId)).toEqual([EURUSD.id, USDJPY.id, JPN225.id]);
    expect(withOrder.instruments[0]!.stopOut!.bid).not.toBe(before.instruments[0]!.stopOut!.bid);

    const placed = book.placeOrder(account.id, { ...order, market: true }, T);
    expect(placed.ok).toBe(true);
    const after = project(book, account);
    expect(withOrder.figures).toEqual(after.figures);
    expect(withOrder.instruments).toEqual(after.instruments);
    expectBruteForce(book, account, after);
  }, 30_000);

  it('[RP4] the loss at the stop loss is the fee plus the P/L of a close at it, over equity', () => {
    const book = fixtureBook();
    const account = accountWith(book, '2000', []);
    const order = {
      instrumentId: EURUSD.id,
      side: 'buy',
      lots: lots('1'),
      leverage: 100,
      stopLossPoints: 109_000,
    } as const;
    const { order: risk } = project(book, account, order);
    // (1.09000 − 1.10010) × 100,000 = −1,010 USD, plus the fee 1.1001: 50.555005 % of 2,000 USD.
    expect(risk).toMatchObject({
      openPoints: 110_010,
      feeMicros: usd('1.1001'),
      stopLoss: {
        profitMicros: usd('-1010'),
        lossMicros: usd('1011.1001'),
        lossShareOfEquityBasisPoints: 5056n,
      },
    });
  });

  it.each([
    ['a buy of USD/JPY', USDJPY.id, 'buy', 148_000],
    ['a sell of USD/JPY', USDJPY.id, 'sell', 152_000],
    ['a buy of JPN225', JPN225.id, 'buy', 4_900_000],
    ['a sell of EUR/USD', EURUSD.id, 'sell', 111_000],
  ] as const)(
    '[RP4] %s: the stop loss costs what the book books when it fires',
    (_name, instrumentId, side, stop) => {
      const book = fixtureBook();
      const account = accountWith(book, '50000', []);
      const hypothetical = { instrumentId, side, lots: lots('1'), leverage: 100, stopLossPoints: stop };
      const projected = project(book, account, hypothetical).order!.stopLoss!;
      const start = account.balanceMicros;
      expect(book.placeOrder(account.id, { ...hypothetical, market: true }, T).ok).toBe(true);
      const spread = book.board.quote(instrumentId)!.ask - book.board.quote(instrumentId)!.bid;
      const bid = side === 'buy' ? stop : stop - spread;
      const [outcome] = book.applyTick(instrumentId, bid, bid + spread, T + 1000);
      const closed = outcome!.orders.find((o) => o.closeReason === 'stop_loss')!;
      expect(closed.profitMicros).toBe(projected.profitMicros);
      expect(start - account.balanceMicros).toBe(projected.lossMicros);
    },
  );

  it('[RP1] an order the engine cannot price is rejected, not guessed', () => {
    const book = fixtureBook();
    const account = accountWith(book, '1000', []);
    const order = { instrumentId: 99, side: 'buy', lots: lots('1'), leverage: 100 } as const;
    expect(projectRisk(account, book.board, SETTINGS, 2, order)).toEqual({
      ok: false,
      rejection: 'instrument_not_found',
    });
    expect(
      projectRisk(account, book.board, SETTINGS, 2, { ...order, instrumentId: EURUSD.id, leverage: 7 }),
    ).toEqual({
      ok: false,
      rejection: 'leverage_not_offered',
    });
  });
});
