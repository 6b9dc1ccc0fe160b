import { describe, expect, it } from 'vitest';
import {
  EURUSD,
  fixtureBook,
  lots,
  newAccount,
  USDJPY,
  usd,
  WEDNESDAY_NOON,
} from './testing/trading-fixture.ts';
import { slippagePoints, spreadCostMicros } from './fill-details.ts';
import type { PlaceOrderCommand } from './trading-book.ts';

const T = WEDNESDAY_NOON;

function setup() {
  const book = fixtureBook();
  book.loadAccount(newAccount(7, '10000'));
  return book;
}

const order = (extra: Partial<PlaceOrderCommand>): PlaceOrderCommand => ({
  instrumentId: EURUSD.id,
  side: 'buy',
  market: true,
  lots: lots('1'),
  leverage: 100,
  ...extra,
});

function placedOrder(book: ReturnType<typeof setup>, command: PlaceOrderCommand) {
  const result = book.placeOrder(7, command, T);
  if (!result.ok) throw new Error(`refused: ${result.rejection}`);
  return result.outcome.orders[0]!;
}

describe('fill details (F2)', () => {
  it('[F2] a market buy records the price the trader saw and the spread it filled across', () => {
    // The fixture quotes EUR/USD 1.10000 / 1.10010: the buy fills at the ask.
    const filled = placedOrder(setup(), order({ askedPoints: 109_995 }));
    expect(filled).toMatchObject({ openPoints: 110_010, askedPoints: 109_995, spreadPoints: 10 });
  });

  it('[F2] a market sell records its asked price as sent, whatever the fill', () => {
    const filled = placedOrder(setup(), order({ side: 'sell', askedPoints: 110_004 }));
    expect(filled).toMatchObject({ openPoints: 110_000, askedPoints: 110_004, spreadPoints: 10 });
  });

  it('[F2] without an asked price the fill price is the one asked for: no slippage', () => {
    const filled = placedOrder(setup(), order({}));
    expect(filled).toMatchObject({ openPoints: 110_010, askedPoints: 110_010 });
  });

  it('[F2] the spread is the one of the quote filled at, not the instrument default', () => {
    const book = setup();
    book.applyTick(EURUSD.id, 110_000, 110_035, T);
    expect(placedOrder(book, order({}))).toMatchObject({ openPoints: 110_035, spreadPoints: 35 });
  });

  it('[F2] a pending order records nothing until it fills', () => {
    const pending = placedOrder(setup(), order({ market: false, targetPoints: 109_000 }));
    expect(pending).toMatchObject({ state: 'pending', askedPoints: 0, spreadPoints: 0 });
  });

  it('[F1][F2] a pending order filled past its target asked for the target and records the gap', () => {
    const book = setup();
    placedOrder(book, order({ market: false, targetPoints: 109_000 }));
    // The ask gaps from above the target to below it: the buy limit fills at 1.08990.
    const [outcome] = book.applyTick(EURUSD.id, 108_970, 108_990, T + 1);
    expect(outcome!.orders[0]).toMatchObject({
      state: 'holding',
      openPoints: 108_990,
      askedPoints: 109_000,
      spreadPoints: 20,
    });
  });

  it('[F2] the spread cost is spread × lots × contract in USD, at the fill', () => {
    // 10 points of 1.00000 × 1 lot × 100,000 = 10 USD.
    expect(placedOrder(setup(), order({}))).toMatchObject({ spreadCostMicros: usd('10') });
    // 0.5 lot of the same: 5 USD.
    expect(placedOrder(setup(), order({ lots: lots('0.5') })).spreadCostMicros).toBe(usd('5'));
  });

  it('[F2][M4] a yen-quoted spread converts at the fill mid', () => {
    const filled = placedOrder(setup(), order({ instrumentId: USDJPY.id }));
    // 10 points of 0.001 JPY × 100,000 = 1,000 JPY at 1 / 150.005 = 6.666444 USD.
    expect(filled).toMatchObject({ spreadPoints: 10, spreadCostMicros: 6_666_444n });
    expect(
      spreadCostMicros({ lots: lots('1'), contractSize: 100_000n }, 10, 3, {
        numerator: 1000n,
        denominator: 150_005n,
      }),
    ).toBe(6_666_444n);
  });

  it('[F2] slippage is positive when the fill is worse than asked, for either side', () => {
    expect(slippagePoints({ side: 'buy', askedPoints: 110_000, openPoints: 110_003 })).toBe(3);
    expect(slippagePoints({ side: 'buy', askedPoints: 110_000, openPoints: 109_998 })).toBe(-2);
    expect(slippagePoints({ side: 'sell', askedPoints: 110_000, openPoints: 109_996 })).toBe(4);
    expect(slippagePoints({ side: 'sell', askedPoints: 110_000, openPoints: 110_001 })).toBe(-1);
    expect(slippagePoints({ side: 'sell', askedPoints: 0, openPoints: 110_001 })).toBe(0);
  });
});
