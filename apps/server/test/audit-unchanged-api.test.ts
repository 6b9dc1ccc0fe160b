/**
 * A staff change repeated when it is already in place (disable a disabled user, save the same
 * settings, the same caps, the same terms) answers as before but changes nothing, so it leaves
 * no audit row; an action that is an event (ending a user's sessions) is logged every time; and a
 * settings save names only the keys whose value changed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEVERAGE_CAP_CLASSES, LEVERAGE_CAP_MAX } from '@omp/protocol';
import { adminToken, callApi, staffToken } from './helpers/staff-helpers.ts';
import { databaseEngines, startTestRuntime, type TestRuntime } from './helpers/test-runtime.ts';
import { tradingClient } from './helpers/trading-helpers.ts';

describe.each(databaseEngines())('repeated staff changes on %s', (engine) => {
  let rt: TestRuntime;
  let admin: string;

  beforeAll(async () => {
    rt = await startTestRuntime({ engine });
    admin = await adminToken(rt);
  });
  afterAll(() => rt.dispose());

  /** The audit rows of one action, oldest first, as stored. */
  const rows = async (action: string, targetId?: number) => {
    let query = rt.database.db.selectFrom('audit_log').selectAll().where('action', '=', action);
    if (targetId !== undefined) query = query.where('target_id', '=', targetId);
    return (await query.orderBy('id').execute()).map((row) => ({
      before: JSON.parse(row.before ?? 'null') as unknown,
      after: JSON.parse(row.after ?? 'null') as unknown,
    }));
  };
  /** Sends the same change twice: both answer success, and the log grows by `logged` rows. */
  const twice = async (url: string, body: Record<string, unknown>, action: string, targetId?: number) => {
    const before = (await rows(action, targetId)).length;
    for (const _ of [1, 2]) expect(await callApi(rt, 'POST', url, admin, body)).toMatchObject({ code: 1 });
    return (await rows(action, targetId)).length - before;
  };

  it("logs a user's access change once, and the end of their sessions each time", async () => {
    const { id } = await tradingClient(rt).realUser('0');
    const disable = { disabled: 1, reason: 'Fraud check' };
    expect(await twice(`/admin/api/users/${id}/disable`, disable, 'user.disable', id)).toBe(1);
    const freeze = { trading: true, reason: 'Review' };
    expect(await twice(`/admin/api/users/${id}/freeze`, freeze, 'user.freeze', id)).toBe(1);
    expect(await twice(`/admin/api/users/${id}/logout`, { reason: 'Lost phone' }, 'user.logout', id)).toBe(2);
  });

  it('logs the keys of a settings save whose value changed, and nothing for the same values', async () => {
    const body = { stale_quote_s: 45, margin_call_level: 100, withdraw_requires_identity: 1 };
    const before = (await rows('setting.update')).length;
    expect(await callApi(rt, 'POST', '/admin/api/settings', admin, body)).toMatchObject({ code: 1 });
    expect(await callApi(rt, 'POST', '/admin/api/settings', admin, body)).toMatchObject({ code: 1 });
    const logged = (await rows('setting.update')).slice(before);
    // The margin call and the identity rule were already as sent: only the stale-quote time changed.
    expect(logged).toHaveLength(1);
    expect(logged[0]!.after).toEqual({ stale_quote_s: '45' });
    expect(Object.keys(logged[0]!.before as object)).toEqual(['stale_quote_s']);
  });

  it('logs the same leverage caps, payout terms, risk warning, staff roles and instrument terms once', async () => {
    const caps = Object.fromEntries(LEVERAGE_CAP_CLASSES.map((capClass) => [capClass, LEVERAGE_CAP_MAX]));
    expect(
      await twice(
        '/admin/api/leverage_caps',
        { caps, reason: 'Professional clients' },
        'leverage_caps.update',
      ),
    ).toBe(1);

    const [network] = (await callApi<Array<{ id: number }>>(rt, 'GET', '/admin/api/charge-networks', admin))
      .data;
    expect(
      await twice(
        `/admin/api/charge-networks/${network!.id}`,
        { sort: 9 },
        'charge_networks.update',
        network!.id,
      ),
    ).toBe(1);

    const texts = { texts: { en: 'Trading on margin can lose you more than you put in. {percent}% lose.' } };
    expect(await twice('/admin/api/risk_warning', texts, 'risk_warning.update')).toBe(1);

    await staffToken(rt, ['support']);
    const staff = await callApi<Array<{ id: number; username: string }>>(
      rt,
      'GET',
      '/admin/api/staff',
      admin,
    );
    const member = staff.data.find((s) => s.username.endsWith('-support'))!;
    expect(
      await twice(
        `/admin/api/staff/${member.id}`,
        { roles: ['support', 'finance'] },
        'staff.update',
        member.id,
      ),
    ).toBe(1);

    const instrument = tradingClient(rt).spec('EURUSD');
    const spread = { spread_points: 17 };
    expect(
      await twice(`/admin/api/instruments/${instrument.id}`, spread, 'instrument.change', instrument.id),
    ).toBe(1);
    const [changed] = (await rows('instrument.change', instrument.id)).slice(-1);
    expect(changed!.after).toEqual({ code: 'EURUSD', spread_points: 17 });
  });
});
