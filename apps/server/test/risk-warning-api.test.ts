/**
 * The retail risk warning through the HTTP layer: the share of real accounts that lost money over
 * the last twelve months, computed from the book (closed trades net of their fees), without a figure
 * below the minimum of accounts, worded by staff per language (audited, live), and each real user's
 * acknowledgement kept on the server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RiskWarning, StaffRiskWarning, WireAuditEntry } from '@omp/protocol';
import { adminToken, callApi, staffToken } from './helpers/staff-helpers.ts';
import {
  databaseEngines,
  startTestRuntime,
  WEDNESDAY_NOON_MS,
  type TestRuntime,
} from './helpers/test-runtime.ts';
import { tradingClient } from './helpers/trading-helpers.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

describe.each(databaseEngines())('risk warning on %s', (engine) => {
  let rt: TestRuntime;
  let t: ReturnType<typeof tradingClient>;
  let admin: string;

  beforeAll(async () => {
    rt = await startTestRuntime({ engine });
    t = tradingClient(rt);
    rt.clock.set(Math.max(rt.clock.now(), WEDNESDAY_NOON_MS));
    admin = await adminToken(rt);
  });
  afterAll(() => rt.dispose());

  const warning = (token?: string, lang = 'en') =>
    rt.app
      .inject({
        method: 'GET',
        url: '/api/risk/warning',
        headers: { lang, ...(token ? { authorization: token } : {}) },
      })
      .then((res) => res.json<{ code: number; data: RiskWarning }>());
  const refresh = () => callApi<StaffRiskWarning>(rt, 'POST', '/admin/api/risk_warning/refresh', admin);

  // BTC trades around the clock; the crypto cap (2) makes 2 its only leverage.
  const btc = () => t.spec('BTCUSD').id;
  const open = async (token: string) => {
    const row = await t.submit(token, { type: 1, cont: '0.01', forex_id: btc(), status: 1 });
    expect(row.code).toBe(1);
    return row.data.Id;
  };
  const close = async (token: string, id: number) => expect((await t.close(token, id)).code).toBe(1);

  it('counts real accounts with trades closed in the last 12 months, net of fees, and no others', async () => {
    const first = await warning();
    expect(first.data).toMatchObject({ percent: null, accounts: 0, window_months: 12, acknowledged: null });
    expect(first.data.text).toMatch(/^CFDs are complex instruments/);

    // Thirteen months ago: two real users lose. One never trades again, the other wins since.
    t.tick('BTCUSD', '91500.00', '91530.00');
    const gone = await t.realUser('1000');
    const returning = await t.realUser('1000');
    for (const user of [gone, returning]) await close(user.token, await open(user.token));
    rt.clock.advance(396 * DAY_MS);
    t.tick('BTCUSD', '91500.00', '91530.00');
    admin = await adminToken(rt);
    // The returning trader signed in again in between: their month-long session has long ended.
    await rt.database.db
      .updateTable('sessions')
      .set({ expires_at: rt.clock.now() + DAY_MS })
      .where('user_id', '=', returning.id)
      .execute();
    rt.app.auth.forgetUser(returning.id);

    // Now: six real users lose the spread and the fee; one gains 20 USD a BTC (0.20 for 0.01),
    // less than its 0.46 fee: a loss once fees count.
    const losers = [];
    for (let i = 0; i < 6; i++) losers.push(await t.realUser('1000'));
    const feeLoser = await t.realUser('1000');
    const winners = [returning];
    for (let i = 0; i < 3; i++) winners.push(await t.realUser('1000'));
    const stillOpen = await t.realUser('1000');
    const demos = [await t.demoUser(), await t.demoUser(), await t.demoUser()];
    const positions = new Map<string, number>();
    for (const user of [...losers, feeLoser, ...winners, stillOpen, ...demos])
      positions.set(user.token, await open(user.token));
    for (const user of [...losers, ...demos]) await close(user.token, positions.get(user.token)!);
    t.tick('BTCUSD', '91550.00', '91580.00');
    await close(feeLoser.token, positions.get(feeLoser.token)!);
    await rt.trading.idle();

    // Seven accounts: too few for a figure, so the text goes without one.
    expect((await refresh()).data.figure).toMatchObject({ percent: null, accounts: 7, losing_accounts: 7 });
    expect((await warning()).data).toMatchObject({ percent: null, accounts: 7 });
    expect((await warning()).data.text).toMatch(/^CFDs are complex instruments/);

    t.tick('BTCUSD', '92530.00', '92560.00');
    for (const user of winners) await close(user.token, positions.get(user.token)!);
    await rt.trading.idle();
    // 7 of 11 lost: 63.6%. Counting the demo users would say 69.2, the old trades 66.7, no fees 54.5.
    expect((await warning()).data.accounts).toBe(7); // cached until the next refresh
    expect((await refresh()).data.figure).toMatchObject({
      percent: '63.6',
      accounts: 11,
      losing_accounts: 7,
    });
    const shown = await warning();
    expect(shown.data).toMatchObject({ percent: '63.6', accounts: 11 });
    expect(shown.data.text).toBe(
      '63.6% of retail investor accounts lose money when trading CFDs with this provider. ' +
        'You should consider whether you can afford to take the high risk of losing your money.',
    );
    expect((await warning(undefined, 'de')).data.text).toMatch(/^63\.6 % der Konten von Kleinanlegern/);
    for (const user of [...losers, feeLoser, ...winners]) await t.expectLedgerBalanced(user.id);
  });

  it('shows the text staff set per language, audited, at once, and goes back to the default', async () => {
    const finance = await staffToken(rt, ['finance']);
    const body = { texts: { en: 'Careful: {percent}% of our clients lost money in the last year.' } };
    expect(await callApi(rt, 'POST', '/admin/api/risk_warning', finance, body)).toMatchObject({ code: 403 });
    const saved = await callApi<StaffRiskWarning>(rt, 'POST', '/admin/api/risk_warning', admin, body);
    expect(saved).toMatchObject({ code: 1, data: { texts: body.texts } });
    expect((await warning()).data.text).toBe('Careful: 63.6% of our clients lost money in the last year.');
    // Another language keeps its default.
    expect((await warning(undefined, 'fr')).data.text).toMatch(/^63,6|^63\.6 % des comptes/);

    const audit = await callApi<{ list: WireAuditEntry[] }>(
      rt,
      'GET',
      '/admin/api/audit?target_type=risk_warning',
      admin,
    );
    expect(audit.data.list[0]).toMatchObject({
      action: 'risk_warning.update',
      before: { en: null },
      after: { en: body.texts.en },
    });

    expect(
      await callApi(rt, 'POST', '/admin/api/risk_warning', admin, { texts: { en: 'x'.repeat(601) } }),
    ).toMatchObject({ code: 422 });
    expect(await callApi(rt, 'POST', '/admin/api/risk_warning', admin, { texts: {} })).toMatchObject({
      code: 422,
    });
    await callApi(rt, 'POST', '/admin/api/risk_warning', admin, { texts: { en: '' } });
    expect((await warning()).data.text).toMatch(/^63\.6% of retail investor accounts/);
  });

  it('keeps a real user’s acknowledgement on the server, once; demo users have none to give', async () => {
    const real = await t.realUser('10');
    expect((await warning(real.token)).data.acknowledged).toBe(false);
    const first = await callApi<{ acknowledged_at: number }>(rt, 'POST', '/api/risk/acknowledge', real.token);
    expect(first.data.acknowledged_at).toBe(Math.floor(rt.clock.now() / 1000));
    rt.clock.advance(60_000);
    const again = await callApi<{ acknowledged_at: number }>(rt, 'POST', '/api/risk/acknowledge', real.token);
    expect(again.data.acknowledged_at).toBe(first.data.acknowledged_at);
    // Another phone signs in with another session: the warning is not asked again.
    expect((await warning(real.token)).data.acknowledged).toBe(true);

    const demo = await t.demoUser();
    expect((await warning(demo.token)).data.acknowledged).toBeNull();
    expect(await callApi(rt, 'POST', '/api/risk/acknowledge', demo.token)).toMatchObject({
      code: 0,
      msg: 'Please register or log in to a real account',
    });
    expect(await callApi(rt, 'POST', '/api/risk/acknowledge')).toMatchObject({ code: 999 });
  });
});
