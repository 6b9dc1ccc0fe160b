import { describe, expect, it } from 'vitest';
import { OrderStatus, type OrderRow } from '@omp/protocol';
import { anOrder as aFilledOrder } from '../../lib/trading-fixtures.test-support.ts';
import { chartLinesOf, rangeWithLines, withMoved, type ChartLine } from './chart-lines.ts';
import { HIT_SLOP_PX, lineAt, priceAtY, snapPrice } from './line-drag.ts';
import { moveProblem, profitAtMove, stopsAfter, type LineMove } from './line-move.ts';

/** An order opened at 1.08523 and now at 1.09, so its lines and P/L differ from the open price. */
const anOrder = (id: number, overrides: Partial<OrderRow> = {}): OrderRow =>
  aFilledOrder(id, { OriginPrice: 1.08523, Price: 1.09, UpdatePrice: 1.09, ...overrides });

const words = {
  order: (row: OrderRow, price: string) =>
    `${row.OrderType === 1 ? 'Buy' : 'Sell'} ${row.Quantity.toFixed(2)} @ ${price}`,
  takeProfit: (id: number) => `TP #${id}`,
  stopLoss: (id: number) => `SL #${id}`,
  price: (value: number) => value.toFixed(5),
};

describe('order lines', () => {
  it('draws an entry, a take profit and a stop loss for a holding position, the stops draggable', () => {
    const rows = [anOrder(12, { TargetProfitPrice: 1.095, TargetLossPrice: 1.08 })];
    expect(
      chartLinesOf(rows, 1, words).map(({ id, title, price, draggable }) => [id, title, price, draggable]),
    ).toEqual([
      ['entry:12', 'Buy 0.10 @ 1.08523', 1.08523, false],
      ['takeProfit:12', 'TP #12', 1.095, true],
      ['stopLoss:12', 'SL #12', 1.08, true],
    ]);
  });

  it("draws a pending order's target as draggable, and leaves out other instruments and finished orders", () => {
    const rows = [
      anOrder(3, { Status: OrderStatus.pending, Kind: 'sell_limit', OrderType: 2, OriginPrice: 1.1 }),
      anOrder(4, { ForexId: 2 }),
      anOrder(5, { Status: OrderStatus.closed }),
      anOrder(6, { Status: OrderStatus.cancelled }),
    ];
    expect(chartLinesOf(rows, 1, words)).toEqual([
      {
        id: 'target:3',
        orderId: 3,
        role: 'target',
        price: 1.1,
        title: 'Sell 0.10 @ 1.10000',
        draggable: true,
        buy: false,
      },
    ]);
  });

  it('draws a moved line at its new price until the lists say otherwise', () => {
    const lines = chartLinesOf([anOrder(1, { TargetProfitPrice: 1.1 })], 1, words);
    expect(withMoved(lines, new Map([['takeProfit:1', 1.2]]))[1]!.price).toBe(1.2);
    expect(withMoved(lines, new Map())[1]!.price).toBe(1.1);
  });
});

describe('drag math', () => {
  // A scale of 10 000 px per 1.0 price, 1.10000 at y = 0: one point is 0.1 px.
  const toY = (price: number) => Math.round((1.1 - price) * 10_000 * 1e6) / 1e6;
  const toPrice = (y: number) => 1.1 - y / 10_000;
  const line = (id: string, price: number, draggable = true): ChartLine => ({
    id,
    orderId: 1,
    role: 'takeProfit',
    price,
    title: id,
    draggable,
    buy: true,
  });

  it(`grabs a line within ${HIT_SLOP_PX} px of a finger, the nearest of two, and never a fixed one`, () => {
    // a at y = 100, b at y = 140, the fixed entry at y = 95.
    const lines = [line('a', 1.09), line('b', 1.086), line('entry', 1.0905, false)];
    expect(lineAt(lines, 100, toY)?.id).toBe('a'); // exactly on it
    expect(lineAt(lines, 100 - HIT_SLOP_PX, toY)?.id).toBe('a'); // at the edge of the slop
    expect(lineAt(lines, 100 - HIT_SLOP_PX - 1, toY)).toBeUndefined(); // just beyond it
    expect(lineAt(lines, 118, toY)?.id).toBe('a'); // both within reach, a nearer
    expect(lineAt(lines, 124, toY)?.id).toBe('b'); // both within reach, b nearer
    expect(lineAt(lines, 95, toY)?.id).toBe('a'); // on the fixed entry: the stop next to it moves
    expect(lineAt(lines, 100, () => null)).toBeUndefined(); // off the scale
  });

  it('snaps a height to whole points at the precision, and gives the exact text the API takes', () => {
    expect(snapPrice(1.0850000000000002, 5)).toEqual({ price: 1.085, text: '1.08500' });
    expect(snapPrice(1.234567, 5)).toEqual({ price: 1.23457, text: '1.23457' });
    expect(snapPrice(23_456.78, 1)).toEqual({ price: 23_456.8, text: '23456.8' });
    expect(priceAtY(123.4, toPrice, 5)).toEqual({ price: 1.08766, text: '1.08766' });
    expect(priceAtY(0, () => null, 5)).toBeUndefined();
    expect(priceAtY(0, () => -0.5, 5)).toBeUndefined();
  });
});

describe('a dragged line as a change', () => {
  const holding = anOrder(12, { TargetProfitPrice: 1.095, TargetLossPrice: 1.08, Price: 1.09 });
  const lines = chartLinesOf([holding], 1, words);
  const moveOf = (id: string, text: string, row = holding): LineMove => ({
    line: lines.find((l) => l.id === id) ?? chartLinesOf([row], 1, words).find((l) => l.id === id)!,
    row,
    price: Number(text),
    text,
  });

  it('keeps the other stop as it is and sends the moved one', () => {
    expect(stopsAfter(moveOf('takeProfit:12', '1.10000'))).toEqual({
      takeProfit: '1.10000',
      stopLoss: '1.08000',
    });
    expect(stopsAfter(moveOf('stopLoss:12', '1.07000'))).toEqual({
      takeProfit: '1.09500',
      stopLoss: '1.07000',
    });
    const noStopLoss = anOrder(12, { TargetProfitPrice: 1.095 });
    expect(stopsAfter(moveOf('takeProfit:12', '1.10000', noStopLoss)).stopLoss).toBe('0');
  });

  it('refuses a take profit dragged below the price a buy closes at, and a stop loss above it', () => {
    expect(moveProblem(moveOf('takeProfit:12', '1.08900'), undefined)).toBe('take_profit_wrong_side');
    expect(moveProblem(moveOf('stopLoss:12', '1.09100'), undefined)).toBe('stop_loss_wrong_side');
    expect(moveProblem(moveOf('takeProfit:12', '1.10000'), undefined)).toBeUndefined();
  });

  it('refuses a pending target at the market price or past its own stops', () => {
    const pending = anOrder(7, {
      Status: OrderStatus.pending,
      Kind: 'buy_limit',
      OriginPrice: 1.08,
      TargetLossPrice: 1.07,
      TargetProfitPrice: 1.09,
    });
    const quote = { Bid: 1.1, Ask: 1.10012 };
    expect(moveProblem(moveOf('target:7', '1.10012', pending), quote)).toBe('target_at_market');
    expect(moveProblem(moveOf('target:7', '1.06500', pending), quote)).toBe('stop_loss_wrong_side');
    expect(moveProblem(moveOf('target:7', '1.09500', pending), quote)).toBe('take_profit_wrong_side');
    expect(moveProblem(moveOf('target:7', '1.08500', pending), quote)).toBeUndefined();
  });

  it('says what a stop would close with, exactly: (new − open) × lots × contract, in USD', () => {
    const usd = { numerator: 1n, denominator: 1n };
    // Buy 0.1 lot of 100 000 from 1.08523 closing at 1.10000: 0.01477 × 10 000 = $147.70.
    expect(profitAtMove(moveOf('takeProfit:12', '1.10000'), usd)).toBe(147_700_000n);
    expect(profitAtMove(moveOf('stopLoss:12', '1.08000'), usd)).toBe(-52_300_000n);
    expect(profitAtMove(moveOf('takeProfit:12', '1.10000'), undefined)).toBeUndefined();
  });
});

describe('the scale around the lines', () => {
  const candles = { minValue: 1.08, maxValue: 1.09 };

  it('widens to hold a line near the candles, above or below', () => {
    expect(rangeWithLines(candles, [1.095])).toEqual({ minValue: 1.08, maxValue: 1.095 });
    expect(rangeWithLines(candles, [1.075, 1.085])).toEqual({ minValue: 1.075, maxValue: 1.09 });
  });

  it('leaves a far line off screen rather than squash the candles, yet keeps the near ones', () => {
    // Three times the candles' span (0.03) at most: 1.075 fits, 1.2 would not.
    expect(rangeWithLines(candles, [1.2, 1.075])).toEqual({ minValue: 1.075, maxValue: 1.09 });
    expect(rangeWithLines(candles, [1.2])).toEqual(candles);
  });

  it('keeps no range as none and a flat range within a sliver of its price', () => {
    expect(rangeWithLines(null, [1.1])).toBeNull();
    expect(rangeWithLines({ minValue: 1.1, maxValue: 1.1 }, [1.1002])).toEqual({
      minValue: 1.1,
      maxValue: 1.1002,
    });
    expect(rangeWithLines({ minValue: 1.1, maxValue: 1.1 }, [1.2])).toEqual({ minValue: 1.1, maxValue: 1.1 });
  });
});
