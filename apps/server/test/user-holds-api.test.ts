/**
 * What staff do to one trader beyond money: freeze trading (no new orders, closing goes on) or
 * withdrawals, reset a password (the user gets a code, the old one stops working), credit a bonus
 * as its own ledger kind; and what they read: sign-ins, invitees, a sorted and filtered user list.
 * Each action is audited with its reason and refused to roles it does not belong to.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type {
  UserAccess,
  WireAuditEntry,
  WireInvitee,
  WireUserDetail,
  WireUserSession,
  WireUserSummary,
} from '@omp/protocol';
import { accountClient } from './helpers/account-helpers.ts';
import { moneyClient, uploadImage, TRC20_ADDRESS } from './helpers/money-helpers.ts';
import { adminToken, callApi, STAFF_OFFICE_ADDRESS, staffToken } from './helpers/staff-helpers.ts';
import { VerificationRepository } from '../src/repositories/verification-repository.ts';
import {
  CODE_MAX_PER_ADDRESS_PER_DAY,
  CODE_MAX_PER_IP_PER_HOUR,
  CODE_MAX_WRONG_TRIES_PER_ADDRESS_PER_DAY,
} from '../src/services/verification-service.ts';
import {
  databaseEngines,
  startTestRuntime,
  testPasswords,
  WEDNESDAY_NOON_MS,
  type TestRuntime,
} from './helpers/test-runtime.ts';
import { tradingClient } from './helpers/trading-helpers.ts';

describe.each(databaseEngines())('user holds on %s', (engine) => {
  let rt: TestRuntime;
  let t: ReturnType<typeof tradingClient>;
  let m: ReturnType<typeof moneyClient>;
  let compliance: string;
  let finance: string;
  let support: string;
  let admin: string;

  beforeAll(async () => {
    rt = await startTestRuntime({ engine });
    t = tradingClient(rt);
    m = moneyClient(rt);
    compliance = await staffToken(rt, ['compliance']);
    finance = await staffToken(rt, ['finance']);
    support = await staffToken(rt, ['support']);
    admin = await adminToken(rt);
    await m.requireIdentity(false);
    // These suites withdraw to an address bound a moment before (cooling: sessions-api.test.ts).
    await m.payoutCooling(0);
  });
  afterAll(() => rt.dispose());
  beforeEach(() => {
    rt.clock.set(Math.max(rt.clock.now() + 1000, WEDNESDAY_NOON_MS));
    t.tick('EURUSD', '1.10000', '1.10012');
  });

  const post = <T>(url: string, token: string, body: Record<string, unknown>) =>
    callApi<T>(rt, 'POST', url, token, body);
  const get = <T>(url: string, token: string) => callApi<T>(rt, 'GET', url, token);
  /** "Forgot password" with a code sent to the address, choosing Fresh-pass-9917. */
  const resetWithCode = (email: string, code: string) =>
    accountClient(rt).postForm('/api/user/forget_password', {
      type: 'email',
      account: email,
      new_password: 'Fresh-pass-9917',
      secondary_password: 'Fresh-pass-9917',
      auth_code: code,
    });
  const lastAudit = async (id: number) =>
    (await get<{ list: WireAuditEntry[] }>(`/admin/api/audit?target_type=user&target_id=${id}`, admin)).data
      .list[0]!;

  it('freezes trading: new orders are refused with the reason, closing and cancelling go on', async () => {
    const { token, id } = await t.realUser('5000');
    const eurusd = t.spec('EURUSD').id;
    const open = await t.submit(token, { type: 1, cont: '0.1', forex_id: eurusd, status: 1 });
    const pending = await t.submit(token, {
      type: 1,
      cont: '0.1',
      forex_id: eurusd,
      status: 0,
      target_price: '1.05000',
    });
    expect([open.code, pending.code]).toEqual([1, 1]);

    const frozen = await post<UserAccess>(`/admin/api/users/${id}/freeze`, compliance, {
      trading: true,
      reason: 'Suspected account sharing',
    });
    expect(frozen).toMatchObject({
      code: 1,
      msg: "Saved: the holds apply from the user's next request",
      data: { trading_frozen: 1, withdrawals_frozen: 0, disabled: 0 },
    });
    expect(await t.submit(token, { type: 2, cont: '0.1', forex_id: eurusd, status: 1 })).toMatchObject({
      code: 0,
      msg: expect.stringContaining('Trading on your account is suspended by the broker'),
    });
    expect((await t.close(token, open.data.Id)).code).toBe(1);
    expect((await t.cancel(token, pending.data.Id)).code).toBe(1);
    expect(await lastAudit(id)).toMatchObject({
      action: 'user.freeze',
      before: { trading_frozen: 0 },
      after: { trading_frozen: 1, reason: 'Suspected account sharing' },
    });
    const listed = await get<{ list: WireUserSummary[] }>('/admin/api/users?state=trading_frozen', support);
    expect(listed.data.list.map((u) => u.id)).toContain(id);

    await post(`/admin/api/users/${id}/freeze`, compliance, { trading: false, reason: 'Cleared' });
    expect((await t.submit(token, { type: 1, cont: '0.1', forex_id: eurusd, status: 1 })).code).toBe(1);
    await t.expectLedgerBalanced(id);
  });

  it('freezes withdrawals: a request is refused and nothing is held; deposits still arrive', async () => {
    const { token, id } = await t.realUser('500');
    const [usdt] = (await m.get<Array<{ id: number }>>('/api/account/draw_symbol_list?type=1', token)).data;
    const bound = await m.post<{ id: number }>('/api/wallet/bind_draw_method', token, {
      type: 1,
      draw_currency_id: usdt!.id,
      dc_address: TRC20_ADDRESS,
    });
    await post(`/admin/api/users/${id}/freeze`, compliance, {
      withdrawals: true,
      reason: 'Source of funds check',
    });
    const draw = { draw_currency_id: usdt!.id, draw_method_id: bound.data.id, number: '100' };
    expect(await m.post('/api/account/draw', token, draw)).toMatchObject({
      code: 0,
      msg: 'Withdrawals from your account are suspended by the broker. Please contact customer service.',
    });
    expect((await t.figures(token)).data).toMatchObject({ balance: 500, withdraw_hold: 0 });
    await post(`/admin/api/users/${id}/freeze`, compliance, {
      withdrawals: false,
      reason: 'Documents received',
    });
    expect(await m.post('/api/account/draw', token, draw)).toMatchObject({ code: 1 });
    await t.expectLedgerBalanced(id);
  });

  it('refuses a freeze that changes nothing, has no reason, or comes from a role without the right', async () => {
    const { id } = await t.realUser('0');
    expect(await post(`/admin/api/users/${id}/freeze`, compliance, { reason: 'x' })).toMatchObject({
      code: 422,
    });
    expect(await post(`/admin/api/users/${id}/freeze`, compliance, { trading: true })).toMatchObject({
      code: 422,
    });
    expect(
      await post(`/admin/api/users/${id}/freeze`, compliance, { trading: true, reason: 'x', frozen: true }),
    ).toMatchObject({ code: 422, msg: 'This call does not take the field(s) frozen' });
    for (const token of [finance, support])
      expect(
        await post(`/admin/api/users/${id}/freeze`, token, { trading: true, reason: 'x' }),
      ).toMatchObject({
        code: 403,
      });
    expect(
      await post('/admin/api/users/999999/freeze', compliance, { trading: true, reason: 'x' }),
    ).toMatchObject({
      code: 404,
    });
  });

  it('resets a password: the user gets a code, the old password and every session stop working', async () => {
    const { token, id } = await t.realUser('0');
    const email = `reset-${id}@example.com`;
    await rt.database.db
      .updateTable('users')
      .set({ email, password_hash: await testPasswords.hash('Old-pass-4821') })
      .where('id', '=', id)
      .execute();
    rt.app.auth.forgetUser(id);
    const client = accountClient(rt);
    const reset = await post<UserAccess>(`/admin/api/users/${id}/reset-password`, compliance, {
      reason: 'User lost access to their e-mail for two-step login',
    });
    expect(reset).toMatchObject({ code: 1, data: { live_sessions: 0 } });
    expect(await client.get('/api/user/info', token)).toMatchObject({ code: 999 });
    expect(
      await client.postForm('/api/user/loginForU', { account: email, password: 'Old-pass-4821' }),
    ).toMatchObject({ code: 0 });
    const [sent] = (
      await get<{ list: Array<{ body: string }> }>(
        `/admin/api/messages?address=${encodeURIComponent(email)}`,
        support,
      )
    ).data.list;
    expect(sent!.body).toContain('The broker has reset your password');
    const code = await client.codeFromOutbox(email);
    expect(await resetWithCode(email, code)).toMatchObject({ code: 1 });
    expect(
      await client.postForm('/api/user/loginForU', { account: email, password: 'Fresh-pass-9917' }),
    ).toMatchObject({ code: 1 });
    expect(await lastAudit(id)).toMatchObject({ action: 'user.password_reset' });

    const demo = await t.demoUser();
    expect(
      await post(`/admin/api/users/${demo.id}/reset-password`, compliance, { reason: 'x' }),
    ).toMatchObject({
      code: 0,
      msg: expect.stringContaining('no e-mail or mobile number'),
    });
    expect(await post(`/admin/api/users/${id}/reset-password`, finance, { reason: 'x' })).toMatchObject({
      code: 403,
    });
  });

  it('resets a password from an office whose network used up the codes anonymous visitors may ask for', async () => {
    const { id } = await t.realUser('0');
    await rt.database.db
      .updateTable('users')
      .set({ email: `office-${id}@example.com` })
      .where('id', '=', id)
      .execute();
    const codes = new VerificationRepository(rt.database.db);
    for (let n = 0; n < CODE_MAX_PER_IP_PER_HOUR; n++)
      await codes.insertCode({
        channel: 'email',
        address: `sign-up-${id}-${n}@example.com`,
        purpose: 1,
        codeHash: 'x',
        ip: STAFF_OFFICE_ADDRESS,
        createdAt: rt.clock.now(),
        expiresAt: rt.clock.now() + 600_000,
      });
    expect(
      await post(`/admin/api/users/${id}/reset-password`, compliance, {
        reason: 'Locked out, called the desk',
      }),
    ).toMatchObject({ code: 1 });
  });

  it('resets a password for a user whose address a stranger used up: its sends and its wrong tries', async () => {
    const { id } = await t.realUser('0');
    const email = `besieged-${id}@example.com`;
    await rt.database.db.updateTable('users').set({ email }).where('id', '=', id).execute();
    // A stranger solved captchas for the day's sends to the address and guessed wrong at them all.
    const codes = new VerificationRepository(rt.database.db);
    for (let n = 0; n < CODE_MAX_PER_ADDRESS_PER_DAY; n++)
      await codes.insertCode({
        channel: 'email',
        address: email,
        purpose: 2,
        codeHash: 'x',
        ip: '10.66.0.9',
        createdAt: rt.clock.now() - n * 60_000,
        expiresAt: rt.clock.now() + 600_000,
      });
    await rt.database.db
      .updateTable('verification_codes')
      .set({
        failed_attempts: Math.ceil(CODE_MAX_WRONG_TRIES_PER_ADDRESS_PER_DAY / CODE_MAX_PER_ADDRESS_PER_DAY),
      })
      .where('address', '=', email)
      .execute();
    const client = accountClient(rt);
    expect(await resetWithCode(email, '123456')).toMatchObject({ code: 429 });

    // The desk checked who called (a minute after the last send: the wait between two codes holds
    // for everyone): the code it sends goes out, and it works.
    rt.clock.advance(60_000);
    expect(
      await post(`/admin/api/users/${id}/reset-password`, compliance, { reason: 'Called the desk, checked' }),
    ).toMatchObject({ code: 1 });
    expect(await resetWithCode(email, await client.codeFromOutbox(email))).toMatchObject({ code: 1 });
  });

  it('credits a bonus as a ledger row of its own kind, audited, for finance', async () => {
    const { token, id } = await t.realUser('100');
    const granted = await post<WireUserDetail>(`/admin/api/users/${id}/adjust`, finance, {
      amount: '25',
      kind: 'bonus',
      reason: 'Welcome campaign',
    });
    expect(granted).toMatchObject({ code: 1, data: { figures: { balance_usd: '125' } } });
    const ledger = await get<{ list: Array<{ Kind: string; Value: number; MemoTran: string }> }>(
      `/admin/api/users/${id}/ledger`,
      support,
    );
    expect(ledger.data.list[0]).toMatchObject({ Kind: 'bonus', Value: 25, MemoTran: 'Bonus' });
    // The audit keeps the balance before and after, as the engine moved it, beside the amount.
    expect(await lastAudit(id)).toMatchObject({
      action: 'user.bonus',
      before: { balance_usd: '100' },
      after: { balance_usd: '125', amount_usd: '25', kind: 'bonus' },
    });
    expect(
      await post(`/admin/api/users/${id}/adjust`, finance, { amount: '-0.000001', reason: 'Rounding' }),
    ).toMatchObject({ code: 1 });
    expect(await lastAudit(id)).toMatchObject({
      action: 'user.adjust_balance',
      before: { balance_usd: '125' },
      after: { balance_usd: '124.999999', amount_usd: '-0.000001' },
    });
    expect(
      await post(`/admin/api/users/${id}/adjust`, finance, { amount: '5', kind: 'gift', reason: 'x' }),
    ).toMatchObject({ code: 422, msg: expect.stringContaining('kind must be one of: adjustment, bonus') });
    expect((await t.figures(token)).data.balance).toBe(124.999999);
    await t.expectLedgerBalanced(id);
  });

  it("lists a user's sign-ins and invitees", async () => {
    const inviter = await t.realUser('0');
    const { id: inviteeId } = await t.realUser('0');
    await rt.database.db
      .updateTable('users')
      .set({ invited_by: inviter.id })
      .where('id', '=', inviteeId)
      .execute();
    const sessions = await get<WireUserSession[]>(`/admin/api/users/${inviter.id}/sessions`, support);
    expect(sessions.data[0]).toMatchObject({ state: 'live', ip: expect.any(String) });
    await post(`/admin/api/users/${inviter.id}/logout`, compliance, { reason: 'Checking' });
    expect(
      (await get<WireUserSession[]>(`/admin/api/users/${inviter.id}/sessions`, support)).data[0]!.state,
    ).toBe('ended');
    const invitees = await get<{ list: WireInvitee[]; total: number }>(
      `/admin/api/users/${inviter.id}/invitees`,
      support,
    );
    expect(invitees.data).toMatchObject({ total: 1, list: [{ id: inviteeId }] });
    expect((await get(`/admin/api/users/999999/sessions`, support)).code).toBe(404);
  });

  it('finds a user by the name of their identity check, and lists their payout methods', async () => {
    const { token, id } = await t.realUser('0');
    const upload = async (name: string) => (await uploadImage(rt, token, undefined, name)).data.url;
    const submitted = await post(`/api/user_real/real_name`, token, {
      name: 'Adaeze Okonkwo-Smith',
      card_id: 'P7788123',
      front_pic: await upload('front.png'),
      reverse_pic: await upload('back.png'),
    });
    expect(submitted.code).toBe(1);
    const found = await get<{ list: WireUserSummary[] }>(
      `/admin/api/users?q=${encodeURIComponent('okonkwo')}`,
      support,
    );
    expect(found.data.list.map((u) => u.id)).toEqual([id]);

    const [usdt] = (await m.get<Array<{ id: number }>>('/api/account/draw_symbol_list?type=1', token)).data;
    await m.post('/api/wallet/bind_draw_method', token, {
      type: 1,
      draw_currency_id: usdt!.id,
      dc_address: TRC20_ADDRESS,
    });
    const methods = await get<Array<{ dc_address: string; draw_currency: { code: string } }>>(
      `/admin/api/users/${id}/payout-methods`,
      support,
    );
    expect(methods.data).toMatchObject([{ dc_address: TRC20_ADDRESS, draw_currency: { code: 'USDT' } }]);
  });

  it('sorts users by balance and registration time, and filters by registration time', async () => {
    const rich = await t.realUser('90000');
    const poor = await t.realUser('1');
    const byBalance = await get<{ list: WireUserSummary[] }>(
      '/admin/api/users?is_demo=0&sort=balance&order=desc&page_size=100',
      support,
    );
    const balances = byBalance.data.list.map((u) => Number(u.balance_usd));
    expect(balances).toEqual([...balances].sort((a, b) => b - a));
    expect(byBalance.data.list[0]!.id).toBe(rich.id);
    const ascending = await get<{ list: WireUserSummary[] }>(
      '/admin/api/users?is_demo=0&sort=balance&order=asc&page_size=100',
      support,
    );
    expect(ascending.data.list.map((u) => u.id).indexOf(poor.id)).toBeLessThan(
      ascending.data.list.map((u) => u.id).indexOf(rich.id),
    );
    const { created_at } = await rt.database.db
      .selectFrom('users')
      .select('created_at')
      .where('id', '=', poor.id)
      .executeTakeFirstOrThrow();
    const from = Number(created_at);
    const window = await get<{ list: WireUserSummary[] }>(
      `/admin/api/users?created_from_ms=${from}&created_to_ms=${from + 1}&sort=created_at&order=asc`,
      support,
    );
    expect(window.data.list.map((u) => u.id)).toContain(poor.id);
    expect(await get('/admin/api/users?sort=email', support)).toMatchObject({
      code: 422,
      msg: expect.stringContaining('sort must be one of: id, created_at, balance'),
    });
  });

  it('filters the audit log and the deposit queue by time, from inclusive to exclusive', async () => {
    const { token, id } = await t.realUser('0');
    const start = rt.clock.now();
    await post(`/admin/api/users/${id}/freeze`, compliance, { trading: true, reason: 'First' });
    // Less than the staff sessions' idle limit.
    rt.clock.advance(600_000);
    const later = rt.clock.now();
    await post(`/admin/api/users/${id}/freeze`, compliance, { trading: false, reason: 'Second' });
    const reasons = async (query: string) =>
      (
        await get<{ list: WireAuditEntry[] }>(
          `/admin/api/audit?target_type=user&target_id=${id}&${query}`,
          admin,
        )
      ).data.list.map((entry) => (entry.after as { reason: string }).reason);
    expect(await reasons(`from_ms=${start}`)).toEqual(['Second', 'First']);
    expect(await reasons(`from_ms=${later}`)).toEqual(['Second']);
    expect(await reasons(`to_ms=${later}`)).toEqual(['First']);
    expect(await get(`/admin/api/audit?from_ms=-1`, admin)).toMatchObject({ code: 422 });

    const [network] = (await m.get<Array<{ id: number }>>('/api/quickCharge/info', token)).data;
    const proof = await uploadImage(rt, token);
    const filed = await m.post<{ id: number }>('/api/quickCharge/submit', token, {
      number: '10',
      proofImg: proof.data.url,
      charge_id: network!.id,
    });
    const ids = async (query: string) =>
      (
        await get<{ list: Array<{ id: number }> }>(`/admin/api/deposits?user_id=${id}&${query}`, finance)
      ).data.list.map((deposit) => deposit.id);
    expect(await ids(`from_ms=${rt.clock.now()}`)).toEqual([filed.data.id]);
    expect(await ids(`to_ms=${rt.clock.now()}`)).toEqual([]);
  });

  it('answers admin tokens for everything compliance does', async () => {
    const { id } = await t.realUser('0');
    expect(
      (await post(`/admin/api/users/${id}/freeze`, admin, { withdrawals: true, reason: 'x' })).code,
    ).toBe(1);
  });
});
