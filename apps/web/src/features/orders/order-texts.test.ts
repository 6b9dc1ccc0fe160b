import { describe, expect, it } from 'vitest';
import { ClosedType, OrderStatus, type OrderRow } from '@omp/protocol';
import { kindKeyOf, outcomeKeyOf, sideKeyOf, statusKeyOf, type OrderTextRow } from './order-texts.ts';
import { checkStops, stopText, stopsReferenceOf } from './stops-rules.ts';

const row = (overrides: Partial<OrderTextRow>): OrderTextRow => ({
  OrderType: 1,
  Status: OrderStatus.holding,
  Kind: 'market',
  ClosedType: 0,
  CancelReason: '',
  ...overrides,
});

describe('order words', () => {
  it('names the side, or the pending kind', () => {
    expect(sideKeyOf({ OrderType: 1 })).toBe('trade.buy');
    expect(sideKeyOf({ OrderType: 2 })).toBe('trade.sell');
    expect(kindKeyOf({ OrderType: 1, Kind: 'market' })).toBe('trade.buy');
    expect(kindKeyOf({ OrderType: 2, Kind: 'sell_stop' })).toBe('orderKinds.sell_stop');
  });

  it('names how a closed position ended', () => {
    const closed = (type: number, cancel = '') =>
      outcomeKeyOf(row({ Status: OrderStatus.closed, ClosedType: type, CancelReason: cancel }));
    expect(closed(ClosedType.user)).toBe('outcomes.closedByUser');
    expect(closed(ClosedType.stopOut)).toBe('outcomes.stopOut');
    expect(closed(ClosedType.takeProfit)).toBe('outcomes.takeProfit');
    expect(closed(ClosedType.stopLoss)).toBe('outcomes.stopLoss');
    expect(closed(ClosedType.trailingStop)).toBe('trailing.outcome');
    expect(closed(ClosedType.backOffice)).toBe('outcomes.backOffice');
    expect(closed(ClosedType.user, 'demo_reset')).toBe('outcomes.demoReset');
    expect(closed(99)).toBe('outcomes.closed');
  });

  it('names why an order was cancelled', () => {
    const cancelled = (reason: string) =>
      outcomeKeyOf(row({ Status: OrderStatus.cancelled, CancelReason: reason }));
    expect(cancelled('user')).toBe('outcomes.cancelledByUser');
    expect(cancelled('insufficient_free_margin')).toBe('outcomes.cancelledNoMargin');
    expect(cancelled('demo_reset')).toBe('outcomes.demoReset');
    expect(cancelled('')).toBe('outcomes.cancelled');
  });

  it('has no outcome while open, and a status word always', () => {
    expect(outcomeKeyOf(row({}))).toBeUndefined();
    expect(outcomeKeyOf(row({ Status: OrderStatus.pending }))).toBeUndefined();
    expect(statusKeyOf({ Status: OrderStatus.pending })).toBe('orders.statusPending');
    expect(statusKeyOf({ Status: OrderStatus.cancelled })).toBe('orders.statusCancelled');
  });
});

describe('stops when edited', () => {
  const holdingBuy = {
    Status: OrderStatus.holding,
    OrderType: 1,
    OriginPrice: 1.1,
    Price: 1.2,
    ForexTradeLists: { PricePrecision: 5 } as OrderRow['ForexTradeLists'],
  };

  it('judges a holding position against the price it would close at now', () => {
    expect(stopsReferenceOf(holdingBuy)).toBe(1.2);
    expect(checkStops(holdingBuy, '1.15', '1.25')).toBeUndefined();
    // Below the open price is not enough once the market is higher: the stop would fire at once.
    expect(checkStops(holdingBuy, '1.2', '')).toEqual({ field: 'stopLoss', problem: 'stop_loss_wrong_side' });
    expect(checkStops(holdingBuy, '', '1.19')).toEqual({
      field: 'takeProfit',
      problem: 'take_profit_wrong_side',
    });
    expect(checkStops({ ...holdingBuy, OrderType: 2 }, '1.25', '1.15')).toBeUndefined();
  });

  it('judges a pending order against its target, and reads empty or 0 as none', () => {
    const pending = { ...holdingBuy, Status: OrderStatus.pending };
    expect(checkStops(pending, '1.05', '1.15')).toBeUndefined();
    expect(checkStops(pending, '0', '')).toBeUndefined();
    expect(checkStops(pending, '99999999999999999', '')).toEqual({
      field: 'stopLoss',
      problem: 'price_invalid',
    });
  });

  it('shows a stored stop with the instrument’s decimals, none as empty', () => {
    expect(stopText(1.1, 5)).toBe('1.10000');
    expect(stopText(0, 5)).toBe('');
  });
});
