import { beforeEach, describe, expect, it } from 'vitest';
import { OrderStatus, type OrderRow } from '@omp/protocol';
import { useTradingNotices } from './trading-notices.ts';

const filled = (Id: number, changes: Partial<OrderRow> = {}) =>
  ({ Id, Status: OrderStatus.holding, OpenTime: 1, AskedPrice: 1.1, SplitFromId: 0, ...changes }) as OrderRow;

describe('trading notices', () => {
  beforeEach(() => useTradingNotices.getState().reset());

  it('shows a fill once, though the answer and the push both bring it', () => {
    const store = useTradingNotices.getState;
    store().announceFill(filled(1));
    expect(store().fill?.Id).toBe(1);
    store().dismissFill();
    // The push of the same fill arrives after the notice was dismissed: it does not come back.
    store().announceFill(filled(1, { TargetLossPrice: 1.09 }));
    expect(store().fill).toBeNull();
  });

  it('the newest fill replaces the one shown', () => {
    const store = useTradingNotices.getState;
    store().announceFill(filled(1));
    store().announceFill(filled(2));
    expect(store().fill?.Id).toBe(2);
    store().announceFill(filled(1));
    expect(store().fill?.Id).toBe(2);
  });

  it('keeps the trailing stop close until dismissed, and forgets everything on reset', () => {
    const store = useTradingNotices.getState;
    store().announceTrailingClosed({ id: 9, forex_id: 3, close_price: 1.10212, profit: 200, msg: 'closed' });
    expect(store().trailingClosed).toEqual({
      id: 9,
      forexId: 3,
      closePrice: 1.10212,
      profit: 200,
      message: 'closed',
    });
    store().openOrder(9, 'history');
    expect(store().orderToOpen).toMatchObject({ id: 9, tab: 'history' });
    store().reset();
    expect(store().trailingClosed).toBeNull();
    expect(store().orderToOpen).toBeNull();
    // Signed in again (another user, say): the same id is a new fill.
    store().announceFill(filled(1));
    expect(store().fill?.Id).toBe(1);
  });
});
