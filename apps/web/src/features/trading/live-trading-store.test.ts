import { beforeEach, describe, expect, it } from 'vitest';
import type { AccountFigures, LiveOrder } from '@omp/protocol';
import { NO_RISK } from '../../lib/trading-fixtures.test-support.ts';
import { useLiveTrading } from './live-trading-store.ts';

const account = (margin_level: number | null): AccountFigures => ({
  balance: 100000,
  lock_balance: 1000,
  equity: 900,
  free_margin: -100,
  margin_level,
  floating_profit: -99100,
  withdraw_hold: 0,
  margin_call_level: 100,
  stop_out_level: 50,
  is_demo: 1,
});

const liveOrder = (
  Id: number,
  Price: number,
  FactProfits: number,
  stopOut?: [number, number],
): LiveOrder => ({
  Id,
  Price,
  FactProfits,
  MarginCallPrice: null,
  MarginCallMove: null,
  StopOutPrice: stopOut?.[0] ?? null,
  StopOutMove: stopOut?.[1] ?? null,
});

const marginCall = { margin_level: 90.01, margin_call_level: 100, stop_out_level: 50, msg: 'Margin call' };

beforeEach(() => useLiveTrading.getState().reset());

describe('live trading store', () => {
  it('keeps the pushed P/L of holding orders by id, replaced by each trade push', () => {
    const store = useLiveTrading.getState();
    store.applyTrade({ orders: [liveOrder(1, 1.1, 5)], account: account(null), risk: NO_RISK });
    store.applyTrade({ orders: [liveOrder(2, 1.2, 6)], account: account(null), risk: NO_RISK });
    expect(useLiveTrading.getState().live).toEqual({ 2: { Price: 1.2, FactProfits: 6 } });
  });

  it('keeps each position’s distance to the stop-out and the account’s nearest, replaced by each push', () => {
    const store = useLiveTrading.getState();
    const risk = { ...NO_RISK, stop_out_forex_id: 1, stop_out_price: 1.05, stop_out_move: -4.5 };
    store.applyTrade({ orders: [liveOrder(1, 1.1, 5, [1.05, -4.5])], account: account(90), risk });
    expect(useLiveTrading.getState().dangers[1]).toMatchObject({ StopOutPrice: 1.05, StopOutMove: -4.5 });
    expect(useLiveTrading.getState().accountRisk).toEqual(risk);
    store.applyTrade({ orders: [], account: account(null), risk: NO_RISK });
    expect(useLiveTrading.getState().dangers).toEqual({});
    expect(useLiveTrading.getState().accountRisk?.stop_out_price).toBeNull();
  });

  it('keeps a margin call, with the newest level, until the level recovers', () => {
    const store = useLiveTrading.getState();
    store.applyMarginCall(marginCall);
    expect(useLiveTrading.getState().marginCall?.marginLevel).toBe(90.01);

    store.applyTrade({ orders: [], account: account(85.5), risk: NO_RISK });
    expect(useLiveTrading.getState().marginCall).toMatchObject({ marginLevel: 85.5, stopOutLevel: 50 });

    store.applyTrade({ orders: [], account: account(100.01), risk: NO_RISK });
    expect(useLiveTrading.getState().marginCall).toBeNull();
  });

  it('clears the warning when nothing is open any more, or when dismissed', () => {
    const store = useLiveTrading.getState();
    store.applyMarginCall(marginCall);
    store.applyTrade({ orders: [], account: account(null), risk: NO_RISK });
    expect(useLiveTrading.getState().marginCall).toBeNull();
    store.applyMarginCall(marginCall);
    store.dismissMarginCall();
    expect(useLiveTrading.getState().marginCall).toBeNull();
  });

  it('collects closed ids', () => {
    const store = useLiveTrading.getState();
    store.applyClosed([3]);
    store.applyClosed([4, 3]);
    expect(useLiveTrading.getState().closed).toEqual({ 3: true, 4: true });
  });
});
