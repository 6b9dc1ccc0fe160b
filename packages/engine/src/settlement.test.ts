/**
 * Settling after a tick that only closed positions (settlement.ts): the account keeps its guards
 * when they proved it above the margin-call level, and is settled in full when they did not (drawn
 * at a level already reached) or when it was warned (its recovery must re-arm the warning).
 */
import { describe, expect, it } from 'vitest';
import { isAtOrBelowLevel } from './account-figures.ts';
import {
  EURUSD,
  fixtureBook,
  JPN225,
  lots,
  newAccount,
  unquotedFixtureBook,
  WEDNESDAY_NOON,
  XAGUSD,
} from './testing/trading-fixture.ts';
import type { PlaceOrderCommand, TradingBook } from './trading-book.ts';
import type { Account, Outcome } from './trading-types.ts';

const T = WEDNESDAY_NOON;

function place(book: TradingBook, command: Partial<PlaceOrderCommand> & { instrumentId: number }): void {
  const result = book.placeOrder(
    7,
    { side: 'buy', market: true, lots: lots('1'), leverage: 100, ...command },
    T,
  );
  if (!result.ok) throw new Error(`refused: ${result.rejection}`);
}

const warnings = (outcomes: Outcome[]) =>
  outcomes.flatMap((outcome) => outcome.events).filter((event) => event.type === 'margin_call').length;

const closeReasons = (outcomes: Outcome[]) =>
  outcomes.flatMap((outcome) => outcome.orders).map((order) => order.closeReason);

/** A copy of the account's record as storage would hand it to another book. */
const stored = (account: Account): Account => ({ ...account, orders: new Map(account.orders) });

describe('settling a tick that only closed positions [B9][G2]', () => {
  it('an account loaded below the margin-call level is warned on the tick that fires its take profit', () => {
    // A buy of 1 EUR/USD lot and a sell of 0.01 with a take profit at 1.09200, opened at 1.10000.
    const opening = fixtureBook();
    opening.loadAccount(newAccount(7, '2000'));
    place(opening, { instrumentId: EURUSD.id });
    place(opening, { instrumentId: EURUSD.id, side: 'sell', lots: lots('0.01'), takeProfitPoints: 109_200 });

    // Loaded where the price already is, warned or not as stored: its guards prove nothing there.
    const book = fixtureBook();
    book.applyTick(EURUSD.id, 109_000, 109_010, T);
    book.loadAccount(stored(opening.account(7)!));
    expect(isAtOrBelowLevel(book.figures(7)!, 100)).toBe(true);
    expect(book.account(7)!.marginCallWarned).toBe(false);

    // The same quote again fires the take profit; after it the level is still about 91 %.
    const outcomes = book.applyTick(EURUSD.id, 109_000, 109_010, T + 1);
    expect(closeReasons(outcomes)).toEqual(['take_profit']);
    expect(warnings(outcomes)).toBe(1);
    expect(book.account(7)!.marginCallWarned).toBe(true);
  });

  it('a warned account whose take profit frees margin above the re-arming level is re-armed', () => {
    const book = fixtureBook();
    book.loadAccount(newAccount(7, '2000'));
    place(book, { instrumentId: EURUSD.id });
    // 0.1 lot of silver on a fixed margin of 500, with a take profit 10 points above its open.
    place(book, { instrumentId: XAGUSD.id, lots: lots('0.1'), takeProfitPoints: 50_040 });
    // Equity 1,519.40 of 1,600.10 used: 95 %.
    expect(warnings(book.applyTick(EURUSD.id, 109_546, 109_556, T + 1))).toBe(1);

    // Silver up 40 points, inside the warned account's boxes: the take profit fires, and with its
    // 500 of margin freed the level is 140 %, above the re-arming 110 %.
    const outcomes = book.applyTick(XAGUSD.id, 50_040, 50_070, T + 2);
    expect(closeReasons(outcomes)).toEqual(['take_profit']);
    expect(book.account(7)!.marginCallWarned).toBe(false);
    // So the next fall to the margin-call level warns again.
    expect(warnings(book.applyTick(EURUSD.id, 109_000, 109_010, T + 3))).toBe(1);
  });

  it('guards kept through closes still warn at the first tick at the margin-call level and stop out at the first below the stop-out level', () => {
    const book = fixtureBook();
    book.loadAccount(newAccount(7, '3000'));
    place(book, { instrumentId: EURUSD.id });
    place(book, { instrumentId: EURUSD.id, lots: lots('0.5'), takeProfitPoints: 110_100 });
    place(book, { instrumentId: XAGUSD.id, lots: lots('0.1'), takeProfitPoints: 50_050 });
    // Both take profits fire on ticks that only close: the account is far above every level.
    expect(closeReasons(book.applyTick(EURUSD.id, 110_100, 110_110, T + 1))).toEqual(['take_profit']);
    expect(closeReasons(book.applyTick(XAGUSD.id, 50_050, 50_080, T + 2))).toEqual(['take_profit']);
    expect(book.account(7)!.orders.size).toBe(1);

    // Then the euro falls 3 points a tick: each figure is checked against the levels at once.
    let warnedAt: number | undefined;
    let stoppedAt: number | undefined;
    for (let bid = 110_100, now = T + 3; stoppedAt === undefined && bid > 100_000; bid -= 3, now++) {
      const outcomes = book.applyTick(EURUSD.id, bid, bid + 10, now);
      if (warnings(outcomes) > 0) warnedAt ??= bid;
      if (closeReasons(outcomes).includes('stop_out')) stoppedAt = bid;
      const figures = book.figures(7)!;
      if (stoppedAt !== undefined) break;
      expect(isAtOrBelowLevel(figures, 100)).toBe(book.account(7)!.marginCallWarned);
      expect(isAtOrBelowLevel(figures, 50)).toBe(false);
    }
    // Balance 3,000 − 2.15015 of fees + 55 of profits, before the stop-out; 1,100.10 of margin.
    // Warned at the first bid where equity ≤ 1,100.10: 3,052.84985 + (bid − 110,010) ≤ 1,100.10.
    expect(warnedAt).toBe(108_057);
    // Stopped out at the first bid where equity ≤ 550.05, half the margin.
    expect(stoppedAt).toBe(107_505);
  });
});

describe('new levels from staff [B11]', () => {
  /** 1 EUR/USD lot (1,100.10 of margin) on 2,000: at 1.09800 the level is about 162.6 %. */
  function bookAt162Percent() {
    const book = fixtureBook();
    book.loadAccount(newAccount(7, '2000'));
    place(book, { instrumentId: EURUSD.id });
    book.applyTick(EURUSD.id, 109_800, 109_810, T + 1);
    return book;
  }

  it('a raised margin-call level warns at once, and a raised stop-out level stops out at once', () => {
    const book = bookAt162Percent();
    const warned = book.changeSettings({ ...book.settings, marginCallLevel: 170 }, T + 2);
    expect(warned.flatMap((outcome) => outcome.events).map((event) => event.type)).toEqual(['margin_call']);
    expect(book.account(7)!.marginCallWarned).toBe(true);

    const stopped = book.changeSettings({ ...book.settings, stopOutLevel: 165 }, T + 3);
    expect(closeReasons(stopped)).toEqual(['stop_out']);
    const stopOut = stopped.flatMap((outcome) => outcome.events).find((event) => event.type === 'stop_out');
    expect(stopOut).toMatchObject({ levels: { marginCallLevel: 170, stopOutLevel: 165 } });
    expect(book.account(7)!.orders.size).toBe(0);
  });

  it('the guards are drawn for the new level: a small move across it warns', () => {
    const book = bookAt162Percent();
    // Above the new level: nothing to decide now.
    expect(book.changeSettings({ ...book.settings, marginCallLevel: 160 }, T + 2)).toEqual([]);
    // 40 points down: about 159 %, inside the box the old 100 % level allowed (± 429 points
    // around 1.10000, where the order opened).
    expect(warnings(book.applyTick(EURUSD.id, 109_760, 109_770, T + 3))).toBe(1);
  });

  it('a new stale-quote limit applies to the next partial close', () => {
    const book = bookAt162Percent();
    const [order] = book.account(7)!.orders.values();
    expect(book.changeSettings({ ...book.settings, staleQuoteMs: 1_000 }, T + 2)).toEqual([]);
    // The quote is 5 s old: too old for the new limit of 1 s.
    expect(book.closePart(7, order!.id, lots('0.5'), 'user', T + 5_001)).toEqual({
      ok: false,
      rejection: 'stale_quote',
    });
  });

  it('a lowered margin-call level re-arms a warned account, and the outcome says so', () => {
    const book = bookAt162Percent();
    book.changeSettings({ ...book.settings, marginCallLevel: 170 }, T + 2);
    expect(book.account(7)!.marginCallWarned).toBe(true);
    // Back to 100 %: 162 % is above the re-arming 110 %, so the next fall to 100 % warns again.
    const rearmed = book.changeSettings({ ...book.settings, marginCallLevel: 100 }, T + 3);
    expect(rearmed).toMatchObject([{ accountId: 7, marginCallWarned: false, events: [] }]);
    expect(book.account(7)!.marginCallWarned).toBe(false);
  });

  it('settings that leave the levels as they were decide nothing', () => {
    const book = bookAt162Percent();
    expect(book.changeSettings({ ...book.settings, feeType: 1, staleQuoteMs: 5_000 }, T + 2)).toEqual([]);
    expect(book.settings).toMatchObject({ feeType: 1, staleQuoteMs: 5_000 });
  });
});

describe('an account loaded before its instruments are quoted [G1]', () => {
  /** Account 7 holds 1 lot of EUR/USD bought at 1.10010 (margin 1,100.10) and 0.1 lot of JPN225. */
  function storedAccount(): Account {
    const opening = fixtureBook();
    opening.loadAccount(newAccount(7, '2000'));
    place(opening, { instrumentId: EURUSD.id });
    place(opening, { instrumentId: JPN225.id, lots: lots('0.1') });
    return stored(opening.account(7)!);
  }

  it('the first quote of an instrument it holds settles it: a price already under the stop-out level closes', () => {
    const book = unquotedFixtureBook();
    book.loadAccount(storedAccount());
    // 200 points down from the open: a loss of 2,000 leaves an equity near 0 against 1,600 used.
    const outcomes = book.applyTick(EURUSD.id, 108_000, 108_010, T + 1);
    expect(closeReasons(outcomes)).toContain('stop_out');
  });

  it('the first quote of one instrument when the other is quoted already', () => {
    const book = unquotedFixtureBook();
    book.applyTick(JPN225.id, 5_000_000, 5_001_000, T);
    book.loadAccount(storedAccount());
    expect(book.applyTick(JPN225.id, 5_000_100, 5_001_100, T + 1)).toEqual([]);
    const outcomes = book.applyTick(EURUSD.id, 108_000, 108_010, T + 2);
    expect(closeReasons(outcomes)).toContain('stop_out');
  });

  it('a first quote where the account stands well settles nothing and draws its guards', () => {
    const book = unquotedFixtureBook();
    book.loadAccount(storedAccount());
    // Each first quote re-checks the account and decides nothing: no outcome to write.
    expect(book.applyTick(EURUSD.id, 110_000, 110_010, T + 1)).toEqual([]);
    expect(book.applyTick(JPN225.id, 5_000_000, 5_001_000, T + 1)).toEqual([]);
    // Then a fall to the margin-call level warns as in a book quoted from the start.
    expect(warnings(book.applyTick(EURUSD.id, 109_000, 109_010, T + 2))).toBe(1);
  });
});
