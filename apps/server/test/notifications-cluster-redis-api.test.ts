/**
 * Price alerts and notifications on a cluster: two nodes on one PostgreSQL schema and one Redis. An
 * alert set and deleted through the node that does not own the book reaches the owner's book; both
 * nodes apply the same ticks, yet the alert fires once, as one notification; a socket signed in on
 * the other node hears the NOTIFICATION push; a deposit approved on the other node is one
 * notification, not one per node.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { NotificationPage, PriceAlert } from '@omp/protocol';
import type { EnvelopeBody } from './helpers/account-helpers.ts';
import {
  asTestNode,
  clusterUnavailable,
  forgetRedisKeys,
  startAnotherNode,
  testRedisUrl,
  uniqueKeyPrefix,
} from './helpers/cluster-target.ts';
import { moneyClient, uploadImage, type DepositRecord } from './helpers/money-helpers.ts';
import { staffToken } from './helpers/staff-helpers.ts';
import { startTestRuntime, type TestRuntime } from './helpers/test-runtime.ts';
import { tradingClient } from './helpers/trading-helpers.ts';
import { signedInSocket } from './helpers/trading-suite.ts';

describe.skipIf(clusterUnavailable('NOTIFICATION CLUSTER CASES'))('notifications on a cluster', () => {
  const keyPrefix = uniqueKeyPrefix();
  let owner: TestRuntime;
  let other: TestRuntime;

  beforeAll(async () => {
    owner = await startTestRuntime({
      engine: 'postgres',
      env: { REDIS_URL: testRedisUrl!, REDIS_KEY_PREFIX: keyPrefix },
    });
    other = asTestNode(owner, await startAnotherNode(owner));
    tickBoth('1.10000', '1.10012');
  });
  afterAll(async () => {
    await other?.stop();
    await owner?.dispose();
    await forgetRedisKeys(keyPrefix);
  });

  function tickBoth(bid: string, ask: string) {
    owner.clock.advance(1000);
    for (const node of [owner, other]) tradingClient(node).tick('EURUSD', bid, ask);
  }

  async function call<T>(
    node: TestRuntime,
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    token: string,
    body?: object,
  ) {
    const res = await node.app.inject({
      method,
      url,
      headers: { lang: 'en', authorization: token, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { payload: JSON.stringify(body) } : {}),
    });
    return res.json() as EnvelopeBody<T>;
  }
  const totalOf = async (node: TestRuntime, token: string) =>
    (await call<NotificationPage>(node, 'GET', '/v1/api/notifications', token)).data.total;

  it('fires an alert set through the other node once, and its socket hears it', async () => {
    expect([owner.bookCluster?.owns(), other.bookCluster?.owns()]).toEqual([true, false]);
    const { token } = await tradingClient(owner).demoUser();
    const eurusd = tradingClient(owner).spec('EURUSD').id;
    const set = await call<PriceAlert>(other, 'POST', '/v1/api/alerts', token, {
      forex_id: eurusd,
      condition: 'above',
      price: '1.10100',
    });
    expect(set.code).toBe(1);
    const gone = await call<PriceAlert>(other, 'POST', '/v1/api/alerts', token, {
      forex_id: eurusd,
      condition: 'above',
      price: '1.10050',
    });
    expect((await call(other, 'DELETE', `/v1/api/alerts?id=${gone.data.id}`, token)).code).toBe(1);

    const socket = await signedInSocket(other, token);
    tickBoth('1.10120', '1.10132');
    const push = await socket.waitFor((m) => typeof m === 'object' && m.type === 'NOTIFICATION');
    expect(push).toMatchObject({
      notification: { kind: 'price_alert', body: 'EUR/USD rose to 1.10120 (your alert: above 1.10100)' },
      unread: 1,
    });
    tickBoth('1.10000', '1.10012');
    tickBoth('1.10200', '1.10212');
    await owner.trading.idle();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await totalOf(owner, token)).toBe(1);
    expect(await totalOf(other, token)).toBe(1);
    socket.close();
  });

  it('stores one notification of a deposit approved on the other node', async () => {
    const m = moneyClient(other);
    const finance = await staffToken(owner, ['finance']);
    const { token } = await tradingClient(owner).realUser('0');
    const proof = await uploadImage(other, token);
    const [network] = (await m.get<Array<{ id: number }>>('/api/quickCharge/info', token)).data;
    const submitted = await m.post<DepositRecord>('/api/quickCharge/submit', token, {
      number: '75',
      proofImg: proof.data.url,
      charge_id: network!.id,
    });
    expect((await m.post(`/admin/api/deposits/${submitted.data.id}/approve`, finance)).code).toBe(1);
    await vi.waitFor(async () => expect(await totalOf(owner, token)).toBe(1), {
      timeout: 5000,
      interval: 50,
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const page = await call<NotificationPage>(owner, 'GET', '/v1/api/notifications', token);
    expect(page.data.list.map((n) => n.body)).toEqual([
      `Your deposit #${submitted.data.id} of 75 USD was credited`,
    ]);
  });
});
