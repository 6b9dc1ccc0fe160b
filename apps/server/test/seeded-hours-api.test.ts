/**
 * SEED_OPEN_ALL_WEEK: the first start seeds the listed instruments as trading around the clock, so
 * a practice server (and the browser tests) can trade them on a Saturday, while every other
 * instrument keeps its usual week. What was seeded is stored: a restart trades on it as before, and
 * only the first start reads the setting (a later start with another list leaves stored hours alone).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Instrument } from '@omp/protocol';
import { databaseEngines, startTestRuntime, testClock, type TestRuntime } from './helpers/test-runtime.ts';
import { tradingClient } from './helpers/trading-helpers.ts';
import { adminToken, callApi } from './helpers/staff-helpers.ts';
import type { WireStaffInstrument } from '@omp/protocol';

/** Saturday 2026-11-21 12:00 UTC: forex is closed, crypto trades. */
const SATURDAY_NOON_MS = Date.UTC(2026, 10, 21, 12, 0, 0);

describe.each(databaseEngines())('instruments seeded open all week on %s', (engine) => {
  let rt: TestRuntime;

  beforeAll(async () => {
    rt = await startTestRuntime({
      engine,
      clock: testClock(SATURDAY_NOON_MS),
      env: { SEED_OPEN_ALL_WEEK: 'eurusd, XAUUSD' },
    });
  });
  afterAll(() => rt?.dispose());

  const statusOf = async (code: string) => {
    const response = await rt.app.inject({ method: 'GET', url: '/v1/api/forex/trade_list' });
    const listed = response.json<{ data: Instrument[] }>().data.find((i) => i.Code === code);
    if (!listed) throw new Error(`${code} is not listed`);
    return listed.MarketStatus;
  };

  it('trades the listed instruments on a Saturday and keeps the others closed', async () => {
    expect(await statusOf('EURUSD')).toBe(1);
    expect(await statusOf('XAUUSD')).toBe(1);
    expect(await statusOf('USDJPY')).not.toBe(1);

    const t = tradingClient(rt);
    t.tick('EURUSD', '1.10000', '1.10012');
    t.tick('USDJPY', '150.000', '150.015');
    const user = await t.demoUser();
    const bought = await t.submit(user.token, {
      type: '1',
      cont: '0.01',
      forex_id: rt.market.instrumentByCode('EURUSD')!.id,
      status: '1',
    });
    expect(bought.code, bought.msg).toBe(1);
    const refused = await t.submit(user.token, {
      type: '1',
      cont: '0.01',
      forex_id: rt.market.instrumentByCode('USDJPY')!.id,
      status: '1',
    });
    expect(refused.code).not.toBe(1);
    expect(refused.msg).toMatch(/closed/i);
    await t.expectLedgerBalanced(user.id);
  });

  it('shows staff the whole week as the schedule, which they can change like any other', async () => {
    const admin = await adminToken(rt);
    const list = await callApi<WireStaffInstrument[]>(rt, 'GET', '/admin/api/instruments', admin);
    const schedules = new Map(list.data.map((i) => [i.code, i.schedule]));
    expect(schedules.get('EURUSD')).toEqual([{ from: 0, to: 10_080 }]);
    expect(schedules.get('USDJPY')).toEqual([{ from: 1320, to: 8520 }]);
  });

  it('stores what was seeded: a restart trades on it as before', async () => {
    rt = await rt.restart();
    expect(await statusOf('EURUSD')).toBe(1);
    expect(await statusOf('USDJPY')).not.toBe(1);
  });

  it('reads the setting only on the first start: a later start with another list changes no hours', async () => {
    rt = await rt.restart({ SEED_OPEN_ALL_WEEK: 'USDJPY' });
    expect(await statusOf('EURUSD')).toBe(1);
    expect(await statusOf('XAUUSD')).toBe(1);
    expect(await statusOf('USDJPY')).not.toBe(1);
    rt = await rt.restart({ SEED_OPEN_ALL_WEEK: undefined });
    expect(await statusOf('EURUSD')).toBe(1);
    expect(await statusOf('USDJPY')).not.toBe(1);
  });
});
