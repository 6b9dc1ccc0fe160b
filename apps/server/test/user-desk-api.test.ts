/**
 * The back office's users desk through the HTTP layer: search, a trader's exact figures, a
 * balance adjustment as its own ledger row, closing a position as staff (ClosedType 5), each
 * audited and each refused to roles it does not belong to; balances equal their ledgers after.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  DepositStatus,
  type MyDealResult,
  type OrderRow,
  type WireAuditEntry,
  type WireUserDetail,
  type WireUserSummary,
} from '@omp/protocol';
import { adminToken, callApi, staffToken } from './helpers/staff-helpers.ts';
import {
  databaseEngines,
  startTestRuntime,
  WEDNESDAY_NOON_MS,
  type TestRuntime,
} from './helpers/test-runtime.ts';
import { tradingClient } from './helpers/trading-helpers.ts';
import { liftLeverageCaps } from './helpers/leverage-helpers.ts';
import { approvedDeposit } from './helpers/money-helpers.ts';

describe.each(databaseEngines())('users desk on %s', (engine) => {
  let rt: TestRuntime;
  let t: ReturnType<typeof tradingClient>;
  let finance: string;
  let compliance: string;

  beforeAll(async () => {
    rt = await startTestRuntime({ engine });
    await liftLeverageCaps(rt);
    t = tradingClient(rt);
    finance = await staffToken(rt, ['finance']);
    compliance = await staffToken(rt, ['compliance']);
  });
  afterAll(() => rt.dispose());
  beforeEach(() => {
    rt.clock.set(Math.max(rt.clock.now() + 1000, WEDNESDAY_NOON_MS));
    t.tick('EURUSD', '1.10000', '1.10012');
  });

  const get = <T>(url: string, token: string) => callApi<T>(rt, 'GET', url, token);
  const post = <T>(url: string, token: string, body: Record<string, unknown> = {}) =>
    callApi<T>(rt, 'POST', url, token, body);

  it('finds users by id, uid, part of an e-mail and of a mobile number, wildcards taken literally', async () => {
    const { id } = await t.realUser('0');
    await rt.database.db
      .updateTable('users')
      .set({ email: 'desk_finder@example.com', mobile: '+85261234567' })
      .where('id', '=', id)
      .execute();
    const { uid } = await rt.database.db
      .selectFrom('users')
      .select('uid')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const search = async (q: string) =>
      (
        await get<{ list: WireUserSummary[]; total: number }>(
          `/admin/api/users?q=${encodeURIComponent(q)}`,
          compliance,
        )
      ).data.list.map((u) => u.id);
    expect(await search(String(id))).toContain(id);
    expect(await search(String(uid))).toContain(id);
    expect(await search('DESK_FINDER')).toEqual([id]);
    expect(await search('6123 4567')).toEqual([id]);
    // "_" and "%" are characters here, not wildcards.
    expect(await search('desk%finder')).toEqual([]);
    expect(await search('deskxfinder')).toEqual([]);
    const demos = await get<{ list: WireUserSummary[] }>('/admin/api/users?is_demo=0&page_size=100', finance);
    expect(demos.data.list.every((u) => u.is_demo === 0)).toBe(true);
  });

  it('credits and debits a real account as adjustment rows, never below its free margin, audited', async () => {
    const { id, token } = await t.realUser('1000');
    const credited = await post<WireUserDetail>(`/admin/api/users/${id}/adjust`, finance, {
      amount: '250.125',
      reason: 'Goodwill after the outage',
    });
    expect(credited).toMatchObject({ code: 1, msg: 'Balance adjusted: the ledger has a new row' });
    expect(credited.data.figures.balance_usd).toBe('1250.125');
    // With nothing open, the limit is the balance, and the refusal says so.
    expect(
      await post(`/admin/api/users/${id}/adjust`, finance, { amount: '-1250.125001', reason: 'Too much' }),
    ).toMatchObject({ code: 0, msg: "The debit is larger than the account's balance" });

    // 1 lot of EURUSD at 1:100 holds 1,100.12 of margin: only what is left over may be taken.
    expect(
      (await t.submit(token, { type: 1, cont: '1', forex_id: t.spec('EURUSD').id, status: 1 })).code,
    ).toBe(1);
    const free = (await get<WireUserDetail>(`/admin/api/users/${id}`, finance)).data.figures.free_margin_usd;
    expect(
      await post(`/admin/api/users/${id}/adjust`, finance, {
        amount: `-${Number(free) + 1}`,
        reason: 'Too much',
      }),
    ).toMatchObject({
      code: 0,
      msg: "The debit is larger than the account's free margin: it would put open positions at risk",
    });
    expect(
      (await post(`/admin/api/users/${id}/adjust`, finance, { amount: '-50', reason: 'Chargeback' })).code,
    ).toBe(1);
    expect(
      await post(`/admin/api/users/${id}/adjust`, finance, { amount: '0', reason: 'Nothing' }),
    ).toMatchObject({ code: 422 });
    expect(
      await post(`/admin/api/users/${id}/adjust`, compliance, { amount: '5', reason: 'Not mine' }),
    ).toMatchObject({ code: 403 });
    const demo = await t.demoUser();
    expect(
      await post(`/admin/api/users/${demo.id}/adjust`, finance, { amount: '5', reason: 'Demo' }),
    ).toMatchObject({
      code: 0,
      msg: "A demo account's balance is not adjusted: the user can reset it",
    });

    const ledger = await get<{ list: Array<{ Kind: string; Value: number }> }>(
      `/admin/api/users/${id}/ledger`,
      finance,
    );
    expect(ledger.data.list.filter((row) => row.Kind === 'adjustment').map((row) => row.Value)).toEqual([
      -50, 250.125, 1000,
    ]);
    const audit = await get<{ list: WireAuditEntry[] }>(
      `/admin/api/audit?target_type=user&target_id=${id}`,
      await adminToken(rt),
    );
    // Each with the balance before and after (the order's fee came off between the two).
    expect(audit.data.list.map((entry) => [entry.before, entry.after])).toEqual([
      [
        { balance_usd: '1249.57494' },
        { balance_usd: '1199.57494', amount_usd: '-50', kind: 'adjustment', reason: 'Chargeback' },
      ],
      [
        { balance_usd: '1000' },
        {
          balance_usd: '1250.125',
          amount_usd: '250.125',
          kind: 'adjustment',
          reason: 'Goodwill after the outage',
        },
      ],
    ]);
    await t.expectLedgerBalanced(id);
  });

  it('stops a credit at the balance ceiling, where the phone still reads every micro-dollar', async () => {
    const { id, token } = await t.realUser('0');
    const adjust = (amount: string, kind = 'adjustment') =>
      post(`/admin/api/users/${id}/adjust`, finance, { amount, reason: 'Ceiling', kind });
    expect((await adjust('999999999.999998')).code).toBe(1);
    const refusal = {
      code: 0,
      msg: 'This credit would take the balance above 999,999,999.999999 USD, the most an account can hold',
    };
    expect(await adjust('0.000002')).toMatchObject(refusal);
    expect(await adjust('0.000002', 'bonus')).toMatchObject(refusal);
    // A deposit staff confirm is refused the same way and stays in review, to be decided again.
    const deposit = await approvedDeposit(rt, token, finance, '1').catch((error: Error) => error.message);
    expect(deposit).toBe(`approving the deposit failed: ${refusal.msg}`);
    const queue = await get<{ list: Array<{ user_id: number; status: number }> }>(
      `/admin/api/deposits?user_id=${id}`,
      finance,
    );
    expect(queue.data.list.map((row) => row.status)).toEqual([DepositStatus.unchecked]);
    // Up to the ceiling itself is fine, and the phone's JSON number carries it exactly.
    expect((await adjust('0.000001', 'bonus')).code).toBe(1);
    const figures = await t.figures(token);
    expect(figures.data.balance.toFixed(6)).toBe('999999999.999999');
    // Taking money away still works there.
    expect((await adjust('-0.5')).code).toBe(1);
    const audit = await get<{ list: WireAuditEntry[] }>(
      `/admin/api/audit?target_type=user&target_id=${id}`,
      await adminToken(rt),
    );
    // The refusals changed nothing and left no audit row.
    expect(audit.data.list).toHaveLength(3);
    expect(await t.expectLedgerBalanced(id)).toBe(999_999_999_499_999n);
  });

  it('makes an adjustment sent again with its Idempotency-Key once, even while the first runs', async () => {
    const { id } = await t.realUser('1000');
    const adjust = (token: string, key: string, amount: string) =>
      rt.app.inject({
        method: 'POST',
        url: `/admin/api/users/${id}/adjust`,
        headers: {
          lang: 'en',
          authorization: token,
          'content-type': 'application/json',
          'idempotency-key': key,
        },
        payload: JSON.stringify({ amount, reason: 'Goodwill', kind: 'bonus' }),
      });
    // A confirmation retried after the network dropped: three copies, two of them while the first runs.
    const answers = await Promise.all([1, 2, 3].map(() => adjust(finance, 'retry-1', '75.5')));
    for (const answer of answers)
      expect(answer.json()).toMatchObject({ code: 1, data: { figures: { balance_usd: '1075.5' } } });
    expect((await adjust(finance, 'retry-1', '75.5')).json()).toMatchObject({ code: 1 });

    // The same key for another amount, or by another member of staff, is refused and changes nothing.
    expect((await adjust(finance, 'retry-1', '80')).json()).toMatchObject({
      code: 422,
      msg: 'This idempotency key was already used for another request',
    });
    const otherFinance = await staffToken(rt, ['finance']);
    expect((await adjust(otherFinance, 'retry-1', '75.5')).json()).toMatchObject({ code: 422 });
    // A new key is a new adjustment.
    expect((await adjust(finance, 'retry-2', '75.5')).json()).toMatchObject({
      code: 1,
      data: { figures: { balance_usd: '1151' } },
    });

    const ledger = await get<{ list: Array<{ Kind: string; Value: number }> }>(
      `/admin/api/users/${id}/ledger`,
      finance,
    );
    expect(ledger.data.list.filter((row) => row.Kind === 'bonus').map((row) => row.Value)).toEqual([
      75.5, 75.5,
    ]);
    const audit = await get<{ list: WireAuditEntry[] }>(
      `/admin/api/audit?target_type=user&target_id=${id}`,
      await adminToken(rt),
    );
    expect(audit.data.list).toHaveLength(2);
    await t.expectLedgerBalanced(id);
  });

  it('closes a position as staff with close reason 5, for admins only, and the user sees it closed', async () => {
    const { id, token } = await t.realUser('5000');
    const placed = await t.submit(token, { type: 1, cont: '0.5', forex_id: t.spec('EURUSD').id, status: 1 });
    t.tick('EURUSD', '1.10100', '1.10112');
    const admin = await adminToken(rt);
    const holding = await get<MyDealResult>(`/admin/api/users/${id}/orders?status=1`, finance);
    expect(holding.data.data.map((o) => o.Id)).toEqual([placed.data.Id]);

    const url = `/admin/api/users/${id}/orders/${placed.data.Id}/close`;
    expect(await post(url, finance, { reason: 'Risk' })).toMatchObject({ code: 403 });
    expect(await post(url, admin, {})).toMatchObject({ code: 422 });
    const closed = await post<OrderRow>(url, admin, { reason: 'Account under review' });
    expect(closed).toMatchObject({ code: 1, data: { Status: 3, ClosedType: 5, Price: 1.101 } });
    expect(await post(url, admin, { reason: 'Again' })).toMatchObject({ code: 0 });
    expect(await post(`/admin/api/users/${id}/orders/999999/close`, admin, { reason: 'None' })).toMatchObject(
      { code: 404 },
    );

    const mine = await t.myDeal(token, 3);
    expect(mine.data.data[0]).toMatchObject({ Id: placed.data.Id, ClosedType: 5 });
    const audit = await get<{ list: WireAuditEntry[] }>(
      `/admin/api/audit?target_type=order&target_id=${placed.data.Id}`,
      admin,
    );
    expect(audit.data.list[0]).toMatchObject({
      action: 'order.close',
      before: { user_id: id, status: 1 },
      after: { user_id: id, status: 3, reason: 'Account under review' },
    });
    await t.expectLedgerBalanced(id);
  });

  it('answers an unknown user with 404 and a trader token with 999', async () => {
    expect(await get('/admin/api/users/987654', finance)).toMatchObject({
      code: 404,
      msg: 'There is no user with id 987654',
    });
    const { token } = await t.demoUser();
    expect(await get('/admin/api/users', token)).toMatchObject({ code: 999 });
  });
});
