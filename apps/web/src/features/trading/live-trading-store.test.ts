import { beforeEach, describe, expect, it } from 'vitest';
import type { AccountFigures } from '@omp/protocol';
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

const marginCall = { margin_level: 90.01, margin_call_level: 100, stop_out_level: 50, msg: 'Margin call' };

beforeEach(() => useLiveTrading.getState().reset());

describe('live trading store', () => {
  it('keeps the pushed P/L of holding orders by id, replaced by each trade push', () => {
    const store = useLiveTrading.getState();
    store.applyTrade({ orders: [{ Id: 1, Price: 1.1, FactProfits: 5 }], account: account(null) });
    store.applyTrade({ orders: [{ Id: 2, Price: 1.2, FactProfits: 6 }], account: account(null) });
    expect(useLiveTrading.getState().live).toEqual({ 2: { Price: 1.2, FactProfits: 6 } });
  });

  it('keeps a margin call, with the newest level, until the level recovers', () => {
    const store = useLiveTrading.getState();
    store.applyMarginCall(marginCall);
    expect(useLiveTrading.getState().marginCall?.marginLevel).toBe(90.01);

    store.applyTrade({ orders: [], account: account(85.5) });
    expect(useLiveTrading.getState().marginCall).toMatchObject({ marginLevel: 85.5, stopOutLevel: 50 });

    store.applyTrade({ orders: [], account: account(100.01) });
    expect(useLiveTrading.getState().marginCall).toBeNull();
  });

  it('clears the warning when nothing is open any more, or when dismissed', () => {
    const store = useLiveTrading.getState();
    store.applyMarginCall(marginCall);
    store.applyTrade({ orders: [], account: account(null) });
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
