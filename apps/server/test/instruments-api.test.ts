/**
 * Instruments in the back office: staff change a spread and the very next quote built from a bid
 * uses it (the ingest endpoint's default ask, as the simulator's), audited, admins only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WireAuditEntry, WireStaffInstrument } from '@omp/protocol';
import { adminToken, callApi, staffToken } from './helpers/staff-helpers.ts';
import { databaseEngines, startTestRuntime, type TestRuntime } from './helpers/test-runtime.ts';

const INGEST_SECRET = 'instrument-tests-ingest-secret';

describe.each(databaseEngines())('instruments on %s', (engine) => {
  let rt: TestRuntime;

  beforeAll(async () => {
    rt = await startTestRuntime({ engine, env: { INGEST_SECRET } });
  });
  afterAll(() => rt.dispose());

  const ingest = async (code: string, bid: string) => {
    const res = await rt.app.inject({
      method: 'POST',
      url: '/v1/api/forex/ingest',
      headers: { 'content-type': 'application/json', 'x-ingest-secret': INGEST_SECRET, lang: 'en' },
      payload: JSON.stringify({ ticks: [{ code, bid, time: rt.clock.now() }] }),
    });
    expect(res.json()).toMatchObject({ code: 1 });
  };

  it('quotes with a new spread from the next tick, and says so in the instrument list', async () => {
    const admin = await adminToken(rt);
    const eurusd = rt.market.instrumentByCode('EURUSD')!;
    rt.clock.advance(1000);
    await ingest('EURUSD', '1.10000');
    const before = rt.market.currentQuote(eurusd.id)!;
    expect(before.ask - before.bid).toBe(eurusd.spreadPoints);

    const changed = await callApi<WireStaffInstrument>(
      rt,
      'POST',
      `/admin/api/instruments/${eurusd.id}`,
      admin,
      {
        spread_points: 50,
      },
    );
    expect(changed).toMatchObject({
      code: 1,
      msg: 'Instrument saved: quotes use it from the next tick',
      data: { code: 'EURUSD', spread_points: 50 },
    });
    rt.clock.advance(1000);
    await ingest('EURUSD', '1.10000');
    const after = rt.market.currentQuote(eurusd.id)!;
    expect(after).toMatchObject({ bid: 110_000, ask: 110_050 });
    const list = await callApi<Array<{ Code: string; Spread: number }>>(
      rt,
      'GET',
      '/v1/api/forex/trade_list',
      undefined,
    );
    expect(list.data.find((i) => i.Code === 'EURUSD')!.Spread).toBe(50);

    const audit = await callApi<{ list: WireAuditEntry[] }>(
      rt,
      'GET',
      `/admin/api/audit?target_type=instrument&target_id=${eurusd.id}`,
      admin,
    );
    expect(audit.data.list[0]).toMatchObject({
      action: 'instrument.spread',
      before: { code: 'EURUSD', spread_points: before.ask - before.bid },
      after: { code: 'EURUSD', spread_points: 50 },
    });
  });

  it('lets only admins change a spread, and refuses what it cannot take', async () => {
    const admin = await adminToken(rt);
    const finance = await staffToken(rt, ['finance']);
    const id = rt.market.instrumentByCode('USDJPY')!.id;
    expect((await callApi(rt, 'GET', '/admin/api/instruments', finance)).code).toBe(1);
    expect(
      await callApi(rt, 'POST', `/admin/api/instruments/${id}`, finance, { spread_points: 5 }),
    ).toMatchObject({ code: 403 });
    expect(
      await callApi(rt, 'POST', `/admin/api/instruments/${id}`, admin, { spread_points: -1 }),
    ).toMatchObject({ code: 422 });
    expect(await callApi(rt, 'POST', `/admin/api/instruments/${id}`, admin, { spread: 5 })).toMatchObject({
      code: 422,
      msg: 'This call does not take the field(s) spread',
    });
    expect(
      await callApi(rt, 'POST', '/admin/api/instruments/99999', admin, { spread_points: 5 }),
    ).toMatchObject({
      code: 404,
      msg: 'There is no instrument with id 99999',
    });
  });
});
