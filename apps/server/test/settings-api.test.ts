/**
 * Settings staff change from the back office take effect at once, without a restart: the trading
 * book's stale-quote limit, demo balance and margin levels (applied to every open account at the
 * current prices), validated, audited, and never "saved" when a key is unknown or a value breaks a
 * rule.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { WireAuditEntry } from '@omp/protocol';
import { liftLeverageCaps } from './helpers/leverage-helpers.ts';
import { adminToken, callApi, staffToken } from './helpers/staff-helpers.ts';
import {
  databaseEngines,
  startTestRuntime,
  WEDNESDAY_NOON_MS,
  type TestRuntime,
} from './helpers/test-runtime.ts';
import { tradingClient } from './helpers/trading-helpers.ts';

describe.each(databaseEngines())('live settings on %s', (engine) => {
  let rt: TestRuntime;
  let t: ReturnType<typeof tradingClient>;
  let admin: string;

  beforeAll(async () => {
    rt = await startTestRuntime({ engine });
    t = tradingClient(rt);
    admin = await adminToken(rt);
  });
  afterAll(() => rt.dispose());
  beforeEach(async () => {
    rt.clock.set(Math.max(rt.clock.now() + 1000, WEDNESDAY_NOON_MS));
    t.tick('EURUSD', '1.10000', '1.10012');
    admin = await adminToken(rt);
  });

  const change = (body: Record<string, unknown>, token = admin) =>
    callApi<Record<string, string>>(rt, 'POST', '/admin/api/settings', token, body);

  it('applies a new stale-quote limit to the very next order', async () => {
    const { token } = await t.demoUser();
    const order = { type: 1, cont: '0.1', forex_id: t.spec('EURUSD').id, status: 1 };
    rt.clock.advance(10_000);
    expect((await t.submit(token, order)).code).toBe(1);

    expect(await change({ stale_quote_s: 5 })).toMatchObject({ code: 1, data: { stale_quote_s: '5' } });
    expect(await t.submit(token, order)).toMatchObject({
      code: 0,
      msg: 'The price of this instrument is out of date. Please try again in a moment.',
    });
    expect(await change({ stale_quote_s: '30' })).toMatchObject({ code: 1 });
    expect((await t.submit(token, order)).code).toBe(1);
  });

  it('opens new demo accounts with a changed demo balance at once', async () => {
    expect(await change({ demo_balance: '2500.50' })).toMatchObject({ code: 1 });
    const { token } = await t.demoUser();
    const balance = await callApi<{ balance: number }>(rt, 'GET', '/v1/api/main/wallet/getBalance', token);
    expect(balance.data.balance).toBe(2500.5);
    await change({ demo_balance: '100000' });
  });

  it('refuses an unknown key, a bad value and a stop-out at or above the margin call, saving nothing', async () => {
    const before = (
      await callApi<{ settings: Record<string, string> }>(rt, 'GET', '/admin/api/settings', admin)
    ).data.settings;
    expect(await change({ stale_quote_s: 5, stale_quotes: 5 })).toMatchObject({
      code: 422,
      msg: 'This call does not take the field(s) stale_quotes',
    });
    expect(await change({ stale_quote_s: 0 })).toMatchObject({ code: 422 });
    expect(await change({ demo_balance: '-5' })).toMatchObject({ code: 422 });
    expect(await change({ trade_fee_type: 3 })).toMatchObject({ code: 422 });
    expect(await change({ stop_out_level: 100 })).toMatchObject({
      code: 0,
      msg: 'The stop-out level must stay below the margin-call level, so traders are warned before positions close',
    });
    expect(await change({ margin_call_level: 40 })).toMatchObject({ code: 0 });
    const after = (
      await callApi<{ settings: Record<string, string> }>(rt, 'GET', '/admin/api/settings', admin)
    ).data.settings;
    expect(after).toEqual(before);
  });

  it('skips a setting sent empty, as any field sent empty is one not sent, and saves the others', async () => {
    const current = async () =>
      (await callApi<{ settings: Record<string, string> }>(rt, 'GET', '/admin/api/settings', admin)).data
        .settings;
    const before = await current();
    const nothing = await change({});
    expect(nothing).toEqual({
      code: 422,
      msg: 'Nothing to change: give at least one field to change',
      data: null,
    });
    const allEmpty = { stale_quote_s: '', main_mode: '', demo_balance: '', is_show_mobile: '' };
    expect(await change({ stale_quote_s: '' })).toEqual(nothing);
    expect(await change(allEmpty)).toEqual(nothing);
    // The same body as a form (empty fields are dropped there already).
    const form = await rt.app.inject({
      method: 'POST',
      url: '/admin/api/settings',
      headers: { lang: 'en', authorization: admin, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(allEmpty).toString(),
    });
    expect(form.json()).toEqual(nothing);
    expect(await current()).toEqual(before);

    const saved = await change({
      stale_quote_s: '',
      margin_call_level: 130,
      main_mode: '',
      payout_cooling_hours: '',
    });
    expect(saved).toMatchObject({ code: 1, data: { ...before, margin_call_level: '130' } });
    expect(await current()).toEqual({ ...before, margin_call_level: '130' });
    const audit = await callApi<{ list: WireAuditEntry[] }>(
      rt,
      'GET',
      '/admin/api/audit?target_type=setting',
      admin,
    );
    expect(audit.data.list[0]).toMatchObject({
      before: { margin_call_level: before.margin_call_level },
      after: { margin_call_level: '130' },
    });
    expect(Object.keys(audit.data.list[0]!.after as object)).toEqual(['margin_call_level']);
    await change({ margin_call_level: before.margin_call_level });

    // An empty link or address is a value: it clears the link.
    expect(await change({ whatsapp_link: 'https://wa.me/1' })).toMatchObject({ code: 1 });
    expect((await current()).whatsapp_link).toBe('https://wa.me/1');
    expect(await change({ whatsapp_link: '' })).toMatchObject({ code: 1 });
    expect((await current()).whatsapp_link).toBe('');
  });

  it('keeps the stop-out below the margin call when a change of each arrives at once', async () => {
    const second = await adminToken(rt);
    const levels = async () =>
      (await callApi<{ settings: Record<string, string> }>(rt, 'GET', '/admin/api/settings', admin)).data
        .settings;
    for (let round = 0; round < 5; round++) {
      const answers = await Promise.all([
        change({ margin_call_level: 60 }),
        change({ stop_out_level: 90 }, second),
      ]);
      expect(answers.filter((answer) => answer.code === 1)).toHaveLength(1);
      const now = await levels();
      expect(Number(now.stop_out_level)).toBeLessThan(Number(now.margin_call_level));
      expect(await change({ margin_call_level: 100, stop_out_level: 50 })).toMatchObject({ code: 1 });
    }
  });

  it('lets only admins change settings, and audits each change with before and after', async () => {
    const finance = await staffToken(rt, ['finance']);
    expect(await change({ margin_call_level: 120 }, finance)).toMatchObject({ code: 403 });
    expect(await change({ margin_call_level: 120 })).toMatchObject({
      code: 1,
      data: { margin_call_level: '120' },
    });
    const audit = await callApi<{ list: WireAuditEntry[] }>(
      rt,
      'GET',
      '/admin/api/audit?target_type=setting',
      admin,
    );
    expect(audit.data.list[0]).toMatchObject({
      action: 'setting.update',
      before: { margin_call_level: '100' },
      after: { margin_call_level: '120' },
    });
    await change({ margin_call_level: 100 });
  });

  it('applies raised margin levels to open accounts at once, at the current prices', async () => {
    await liftLeverageCaps(rt);
    const { token, id } = await t.realUser('2000');
    const order = { type: 1, cont: '1', forex_id: t.spec('EURUSD').id, status: 1, multiple: 100 };
    expect((await t.submit(token, order)).code).toBe(1);
    // 1 lot bought at 1.10012 on 2,000: at 1.09800 the level is about 162 % of 1,100.12 of margin.
    t.tick('EURUSD', '1.09800', '1.09812');
    await rt.trading.idle();
    const eventsOf = () =>
      rt.database.db
        .selectFrom('margin_events')
        .select(['kind', 'margin_call_level', 'stop_out_level'])
        .where('user_id', '=', id)
        .orderBy('id')
        .execute();
    expect(await eventsOf()).toEqual([]);

    // Asked first, the back office is told what the new levels would do at these prices.
    const impact = (query: string, token = admin) =>
      callApi(rt, 'GET', `/admin/api/settings/level_impact?${query}`, token);
    const before = await impact('margin_call_level=170&stop_out_level=50');
    expect(before).toMatchObject({
      code: 1,
      data: { accounts_at_margin_call: 1, accounts_at_stop_out: 0, real_accounts_at_margin_call: 1 },
    });
    expect((before.data as { holding_accounts: number }).holding_accounts).toBeGreaterThanOrEqual(1);
    expect(await impact('margin_call_level=170&stop_out_level=165')).toMatchObject({
      data: { accounts_at_margin_call: 1, accounts_at_stop_out: 1, real_accounts_at_stop_out: 1 },
    });
    expect(await impact('margin_call_level=100&stop_out_level=50')).toMatchObject({
      data: { accounts_at_margin_call: 0, accounts_at_stop_out: 0 },
    });

    // No new price: the new levels alone warn, then stop the position out.
    expect(await change({ margin_call_level: 170 })).toMatchObject({ code: 1 });
    await rt.trading.idle();
    expect((await eventsOf()).map((event) => [event.kind, Number(event.margin_call_level)])).toEqual([
      ['margin_call', 170],
    ]);
    expect(await change({ stop_out_level: 165 })).toMatchObject({ code: 1 });
    await rt.trading.idle();
    expect((await eventsOf()).map((event) => [event.kind, Number(event.stop_out_level)])).toEqual([
      ['margin_call', 50],
      ['stop_out', 165],
    ]);
    expect((await t.myDeal(token, 1)).data.data).toEqual([]);
    expect((await t.myDeal(token, 3)).data.data[0]).toMatchObject({ Quantity: 1 });
    await t.expectLedgerBalanced(id);
    await change({ stop_out_level: 50 });
    await change({ margin_call_level: 100 });
  });

  it('refuses a level impact question without both levels, with levels out of order, or from a non-admin', async () => {
    const impact = (query: string, token = admin) =>
      callApi(rt, 'GET', `/admin/api/settings/level_impact?${query}`, token);
    expect(await impact('margin_call_level=120')).toMatchObject({ code: 422 });
    expect(await impact('margin_call_level=abc&stop_out_level=50')).toMatchObject({ code: 422 });
    expect(await impact('margin_call_level=0&stop_out_level=50')).toMatchObject({ code: 422 });
    expect(await impact('margin_call_level=80&stop_out_level=80')).toMatchObject({
      code: 0,
      msg: 'The stop-out level must stay below the margin-call level, so traders are warned before positions close',
    });
    const finance = await staffToken(rt, ['finance']);
    expect(await impact('margin_call_level=120&stop_out_level=50', finance)).toMatchObject({ code: 403 });
  });
});
