import { describe, expect, it } from 'vitest';
import {
  EURUSD,
  fixtureBook,
  GER40,
  lots,
  newAccount,
  SATURDAY_NOON,
  WEDNESDAY_NOON,
} from './testing/trading-fixture.ts';
import type { PlaceOrderCommand } from './trading-book.ts';

const T = WEDNESDAY_NOON;
// The fixture quotes EURUSD at bid 110_000, ask 110_010.
const pendingBuy = (targetPoints: number, extra: Partial<PlaceOrderCommand> = {}): PlaceOrderCommand => ({
  instrumentId: EURUSD.id,
  side: 'buy',
  market: false,
  lots: lots('1'),
  leverage: 100,
  targetPoints,
  ...extra,
});

function bookWithPending(extra: Partial<PlaceOrderCommand> = {}, target = 109_000) {
  const book = fixtureBook(T);
  book.loadAccount(newAccount(7, '10000'));
  const result = book.placeOrder(7, pendingBuy(target, extra), T);
  if (!result.ok) throw new Error(result.rejection);
  return { book, order: result.outcome.orders[0]! };
}

describe('moving a pending order [B10]', () => {
  it('moves the target, keeps the stops and posts nothing', () => {
    const { book, order } = bookWithPending({ stopLossPoints: 108_000, takeProfitPoints: 112_000 });
    const result = book.movePending(7, order.id, 109_500, T + 1);
    expect(result.ok && result.outcome.orders).toEqual([
      { ...order, targetPoints: 109_500, kind: 'buy_limit' },
    ]);
    expect(result.ok && result.outcome.postings).toEqual([]);
    expect(book.account(7)!.orders.get(order.id)!.targetPoints).toBe(109_500);
  });

  it('[O2] the kind follows the new target: a buy limit moved above the ask is a buy stop', () => {
    const { book, order } = bookWithPending();
    const result = book.movePending(7, order.id, 110_500, T);
    expect(result.ok && result.outcome.orders[0]).toMatchObject({ kind: 'buy_stop', targetPoints: 110_500 });
    // [T1] As a buy stop it fires when the ask rises to it, not at once because the ask is below.
    expect(book.applyTick(EURUSD.id, 110_100, 110_110, T + 1)).toEqual([]);
    const [fill] = book.applyTick(EURUSD.id, 110_490, 110_500, T + 2);
    expect(fill!.orders[0]).toMatchObject({ id: order.id, state: 'holding', openPoints: 110_500 });
  });

  it('[T2] the old target never fires after the move', () => {
    const { book, order } = bookWithPending();
    book.movePending(7, order.id, 108_000, T);
    expect(book.applyTick(EURUSD.id, 108_990, 109_000, T + 1)).toEqual([]);
    expect(book.account(7)!.orders.get(order.id)!.state).toBe('pending');
  });

  it.each([
    ['order_not_found', 99, 109_500, T, {}],
    ['target_price_required', 0, 0, T, {}],
    ['target_at_market', 0, 110_010, T, {}],
    ['stop_loss_wrong_side', 0, 107_500, T, { stopLossPoints: 108_000 }],
    ['take_profit_wrong_side', 0, 111_000, T, { takeProfitPoints: 110_500 }],
  ] as const)('[B10] refuses with %s', (rejection, otherId, target, now, extra) => {
    const { book, order } = bookWithPending(extra);
    const before = book.account(7)!.orders.get(order.id);
    expect(book.movePending(7, otherId || order.id, target, now)).toEqual({ ok: false, rejection });
    expect(book.account(7)!.orders.get(order.id)).toBe(before);
  });

  it('[B10] a holding order has no target to move', () => {
    const { book } = bookWithPending();
    const placed = book.placeOrder(7, pendingBuy(0, { market: true }), T);
    const holding = placed.ok ? placed.outcome.orders[0]! : undefined;
    expect(book.movePending(7, holding!.id, 109_000, T)).toEqual({
      ok: false,
      rejection: 'order_not_pending',
    });
  });

  it('[B10] refuses outside market hours', () => {
    const book = fixtureBook(T);
    book.loadAccount(newAccount(7, '10000'));
    const placed = book.placeOrder(7, pendingBuy(2_300_000, { instrumentId: GER40.id }), T);
    const order = placed.ok ? placed.outcome.orders[0]! : undefined;
    expect(book.movePending(7, order!.id, 2_350_000, SATURDAY_NOON)).toEqual({
      ok: false,
      rejection: 'market_closed',
    });
  });

  it('[O0] a halted instrument refuses the move', () => {
    const { book, order } = bookWithPending();
    book.board.addInstrument({ ...EURUSD, tradingHalted: true });
    expect(book.movePending(7, order.id, 109_500, T)).toEqual({ ok: false, rejection: 'trading_halted' });
  });
});
