/**
 * Every change of the book reaches its owner, whichever node a call lands on (services/owner-calls.ts
 * and cluster/book-calls.ts). Two nodes on one PostgreSQL schema and one Redis; every call below
 * goes through the node that does not own the book: a staff adjustment and bonus, a deposit's
 * approval (two reviewers on two nodes at once: credited once), a withdrawal and its rejection,
 * withdrawals on both nodes at once (distinct ids), a staff close of a position with the audit row
 * saying where the request came from, a partial close and a close of all, a demo reset, and a new user's first call opening the
 * account; and the dashboard's book and the reach of new margin levels, read from the owner's book.
 * Every balance equals the sum of its ledger at the end.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRuntime, type TestRuntime } from './helpers/test-runtime.ts';
import { tradingClient } from './helpers/trading-helpers.ts';
import {
  moneyClient,
  uploadImage,
  type DepositRecord,
  type DrawMethod,
  TRC20_ADDRESS,
} from './helpers/money-helpers.ts';
import { staffToken } from './helpers/staff-helpers.ts';
import {
  clusterUnavailable,
  startAnotherNode,
  forgetRedisKeys,
  testRedisUrl,
  uniqueKeyPrefix,
} from './helpers/cluster-target.ts';

describe.skipIf(clusterUnavailable('OWNER CALL CASES'))(
  'changes of the book made through a node that does not own it',
  () => {
    const keyPrefix = uniqueKeyPrefix();
    let owner: TestRuntime;
    let other: TestRuntime;
    let finance: string;
    let support: string;
    const userIds: number[] = [];

    beforeAll(async () => {
      owner = await startTestRuntime({
        engine: 'postgres',
        env: { REDIS_URL: testRedisUrl!, REDIS_KEY_PREFIX: keyPrefix },
      });
      other = {
        ...owner,
        ...(await startAnotherNode(owner)),
      };
      for (const node of [owner, other]) tradingClient(node).tick('EURUSD', '1.10000', '1.10012');
      finance = await staffToken(owner, ['finance']);
      support = await staffToken(owner, ['admin']);
      await moneyClient(owner).requireIdentity(false);
      await moneyClient(owner).payoutCooling(0);
    });
    afterAll(async () => {
      if (owner && userIds.length > 0)
        for (const id of userIds) await tradingClient(owner).expectLedgerBalanced(id);
      await other?.stop();
      await owner?.dispose();
      await forgetRedisKeys(keyPrefix);
    });

    /** A real user whose account the owner opened and funded. */
    async function realUser(balance: string) {
      const user = await tradingClient(owner).realUser(balance);
      userIds.push(user.id);
      return user;
    }

    /** A market order of EUR/USD sent to `node` (type 1 buys, 2 sells), which must be filled. */
    async function marketOrder(node: TestRuntime, token: string, lots: string, type: 1 | 2 = 1) {
      const t = tradingClient(node);
      const placed = await t.submit(token, { type, cont: lots, forex_id: t.spec('EURUSD').id, status: 1 });
      expect(placed.code).toBe(1);
      return placed;
    }

    it('has the owner book a staff adjustment and a bonus sent to the other node', async () => {
      expect(owner.bookCluster?.owns()).toBe(true);
      expect(other.bookCluster?.owns()).toBe(false);
      const { id } = await realUser('100');
      const m = moneyClient(other);
      const credit = await m.post(`/admin/api/users/${id}/adjust`, support, {
        amount: '25.5',
        reason: 'goodwill',
      });
      expect(credit).toMatchObject({ code: 1, data: { balance_usd: '125.5' } });
      const bonus = await m.post(`/admin/api/users/${id}/adjust`, support, {
        amount: '10',
        reason: 'promotion',
        kind: 'bonus',
      });
      expect(bonus).toMatchObject({ code: 1, data: { balance_usd: '135.5' } });
      // The owner's book holds the new balance: it decided and committed both.
      expect(owner.trading.bookBalanceMicros(id)).toBe(135_500_000n);
      // A refusal of the owner's engine is worded on the asking node.
      const tooMuch = await m.post(`/admin/api/users/${id}/adjust`, support, {
        amount: '-1000',
        reason: 'x',
      });
      expect(tooMuch.code).toBe(0);
      // Nothing is open: the limit is the balance, and the refusal says so.
      expect(tooMuch.msg).toBe("The debit is larger than the account's balance");
    });

    it('credits a deposit approved through both nodes at the same moment exactly once', async () => {
      const { token, id } = await realUser('0');
      const m = moneyClient(other);
      const proof = await uploadImage(other, token);
      const [network] = (await m.get<Array<{ id: number }>>('/api/quickCharge/info', token)).data;
      const submitted = await m.post<DepositRecord>('/api/quickCharge/submit', token, {
        number: '250.5',
        proofImg: proof.data.url,
        charge_id: network!.id,
      });
      expect(submitted.code).toBe(1);
      const url = `/admin/api/deposits/${submitted.data.id}/approve`;
      const approvals = await Promise.all([
        moneyClient(other).post(url, finance),
        moneyClient(owner).post(url, finance),
        moneyClient(other).post(url, finance),
      ]);
      expect(approvals.map((a) => a.code).sort()).toEqual([0, 0, 1]);
      expect(owner.trading.bookBalanceMicros(id)).toBe(250_500_000n);
      expect((await tradingClient(other).figures(token)).data.balance).toBe(250.5);
    });

    it('holds a withdrawal sent to the other node on the owner, and returns it when rejected there', async () => {
      const { token, id } = await realUser('1000');
      const m = moneyClient(other);
      const [usdt] = (await m.get<Array<{ id: number }>>('/api/account/draw_symbol_list?type=1', token)).data;
      const bound = await m.post<DrawMethod>('/api/wallet/bind_draw_method', token, {
        type: 1,
        draw_currency_id: usdt!.id,
        dc_address: TRC20_ADDRESS,
      });
      const body = { draw_currency_id: usdt!.id, draw_method_id: bound.data.id, number: '100' };
      const key = { 'idempotency-key': 'withdraw-through-other' };
      const held = await m.post<{ id: number; number: number }>('/api/account/draw', token, body, key);
      expect(held).toMatchObject({ code: 1, data: { number: 100, status_name: 'Under review' } });
      // The reply the owner stored answers a retry on either node.
      expect((await m.post('/api/account/draw', token, body, key)).data).toEqual(held.data);
      expect(owner.trading.bookBalanceMicros(id)).toBe(900_000_000n);
      // Two withdrawals at once, one per node: the owner gives each its own id.
      const both = await Promise.all([
        moneyClient(owner).post<{ id: number }>('/api/account/draw', token, body),
        m.post<{ id: number }>('/api/account/draw', token, body),
      ]);
      expect(both.map((r) => r.code)).toEqual([1, 1]);
      expect(new Set([held.data.id, ...both.map((r) => r.data.id)]).size).toBe(3);
      const rejected = await m.post(`/admin/api/withdrawals/${held.data.id}/reject`, finance, {
        remark: 'wrong network',
      });
      expect(rejected).toMatchObject({ code: 1, data: { status_name: 'Rejected' } });
      expect(owner.trading.bookBalanceMicros(id)).toBe(800_000_000n);
    });

    it('closes a position as staff through the other node, audited with the address of the request', async () => {
      const { token, id } = await realUser('1000');
      const placed = await marketOrder(other, token, '0.1');
      const res = await other.app.inject({
        method: 'POST',
        url: `/admin/api/users/${id}/orders/${placed.data.Id}/close`,
        remoteAddress: '203.0.113.77',
        headers: { lang: 'en', authorization: support, 'content-type': 'application/json' },
        payload: JSON.stringify({ reason: 'client asked by phone' }),
      });
      expect(res.json()).toMatchObject({ code: 1, data: { Id: placed.data.Id, Status: 3 } });
      const audit = await owner.database.db
        .selectFrom('audit_log')
        .select(['action', 'ip'])
        .where('target_type', '=', 'order')
        .where('target_id', '=', placed.data.Id)
        .execute();
      expect(audit).toEqual([{ action: 'order.close', ip: '203.0.113.77' }]);
    });

    it("answers the dashboard's book and the reach of new margin levels from the owner's book on the other node", async () => {
      const { token } = await realUser('5000');
      // Placed on the owner: the other node's own book never read this account.
      await marketOrder(owner, token, '0.1');
      await owner.trading.idle();
      const ask = async (node: TestRuntime, url: string) =>
        (
          await node.app.inject({ method: 'GET', url, headers: { lang: 'en', authorization: support } })
        ).json();
      const onOwner = await ask(owner, '/admin/api/dashboard');
      const onOther = await ask(other, '/admin/api/dashboard');
      expect(onOther.code).toBe(1);
      expect(onOther.data.book.open_positions).toBeGreaterThanOrEqual(1);
      expect(onOther.data.book).toEqual(onOwner.data.book);
      const impact = '/admin/api/settings/level_impact?margin_call_level=100&stop_out_level=50';
      const impactOnOther = await ask(other, impact);
      expect(impactOnOther.data.holding_accounts).toBeGreaterThanOrEqual(1);
      expect(impactOnOther.data).toEqual((await ask(owner, impact)).data);
    });

    it('closes part of a position and then all positions through the other node, once per key', async () => {
      const { token } = await realUser('10000');
      const placed = await marketOrder(other, token, '1');
      const post = (url: string, payload: Record<string, unknown>, key: string) =>
        other.app
          .inject({
            method: 'POST',
            url,
            headers: { lang: 'en', authorization: token, 'idempotency-key': key },
            payload,
          })
          .then((res) => res.json() as { code: number; data: Record<string, unknown> });
      const part = await post('/v1/api/forex/close_part', { id: placed.data.Id, cont: '0.4' }, 'part-k');
      expect(part).toMatchObject({
        code: 1,
        data: { position: { Quantity: 0.6 }, closed: { Quantity: 0.4 } },
      });
      const all = await post('/v1/api/forex/close_all', { scope: 'all' }, 'all-k');
      expect(all).toMatchObject({ code: 1, data: { closed: [{ Id: placed.data.Id, Quantity: 0.6 }] } });
      // Retried through the owner itself: the same summary, nothing closed twice.
      const again = await owner.app.inject({
        method: 'POST',
        url: '/v1/api/forex/close_all',
        headers: { lang: 'en', authorization: token, 'idempotency-key': 'all-k' },
        payload: { scope: 'all' },
      });
      expect(again.json()).toEqual(all);
    });

    it('resets a demo account and opens a new user’s account on the owner', async () => {
      const t = tradingClient(other);
      // The demo login and the first figures both land on the other node: the owner opens the account.
      const demo = await t.demoUser();
      userIds.push(demo.id);
      expect((await t.figures(demo.token)).code).toBe(1);
      const accounts = await owner.database.db
        .selectFrom('trading_accounts')
        .select('user_id')
        .where('user_id', '=', demo.id)
        .execute();
      expect(accounts).toHaveLength(1);
      await marketOrder(other, demo.token, '1', 2);
      const reset = await t.get('/v1/api/main/user/resetForexDemoAccount', demo.token);
      expect(reset.code).toBe(1);
      expect(owner.trading.bookBalanceMicros(demo.id)).toBe(owner.trading.demoBalance);
    });
  },
);
