/**
 * Three real server processes on one PostgreSQL schema and one Redis serve as one installation,
 * whichever node a call reaches: a socket on one node hears the orders placed and closed through
 * the others, one user's order limit is one limit for the whole cluster, a spread changed in the
 * back office on one node quotes and fills on the others, and an image uploaded through one node
 * opens through another, by its owner's session and by the back office's signed link.
 */
import type { Instrument } from '@omp/protocol';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { testRedisUrl } from '../src/adapters/redis/redis-test-target.ts';
import { isOrderPush } from './helpers/cluster-client.ts';
import { CLUSTER_CAPTCHA_ANSWER, Cluster, eventually, type ClusterNode } from './helpers/cluster-nodes.ts';
import { pngImage } from './helpers/image-fixtures.ts';

const databaseUrl = process.env.TEST_DATABASE_URL;
if (!databaseUrl) {
  console.warn(
    `\n${'!'.repeat(78)}\n  CLUSTER CASES SKIPPED: TEST_DATABASE_URL is not set\n${'!'.repeat(78)}\n`,
  );
}

/** One user's order calls: 5 at once, then 1 a second (order-rate-api.test.ts's numbers, slower refill). */
const ORDER_BURST = 5;
const ORDER_RATE_PER_SECOND = 1;

describe.skipIf(!testRedisUrl || !databaseUrl)('a cluster of three server processes', () => {
  let cluster: Cluster;
  let one: ClusterNode;
  let two: ClusterNode;
  let three: ClusterNode;
  let btc: Instrument;
  /** A bid the tests move so every tick is a new price; the market is open every day for coins. */
  let bid = 91_500;

  const tick = async (at = bid) => {
    await cluster.pushTicks([{ code: 'BTCUSD', bid: at.toFixed(2) }]);
  };
  const marketOrder = () => ({ type: 1, cont: '0.01', forex_id: btc.Id, status: 1 });

  beforeAll(async () => {
    cluster = await Cluster.start({
      nodes: 3,
      databaseUrl: databaseUrl!,
      redisUrl: testRedisUrl!,
      env: { ORDER_BURST: String(ORDER_BURST), ORDER_RATE_PER_SECOND: String(ORDER_RATE_PER_SECOND) },
    });
    [one, two, three] = cluster.nodes as [ClusterNode, ClusterNode, ClusterNode];
    btc = await one.instrument('BTCUSD');
    await cluster.soleOwner(10_000);
  }, 120_000);
  afterEach((context) => {
    if (context.task.result?.state === 'fail') console.log(cluster.report());
  });
  afterAll(() => cluster?.stop(), 60_000);

  it('shows a socket on one node the order placed through a second and closed through a third', async () => {
    await tick();
    const trader = await two.demoUser();
    const socket = await one.tradeSocket(trader.token);
    const placed = await two.submit(trader.token, marketOrder());
    expect(placed.body).toMatchObject({ code: 1, data: { Status: 1 } });
    const id = placed.body.data.Id;
    await socket.waitFor(isOrderPush(id, 1), 5000);

    const closed = await three.close(trader.token, id);
    expect(closed.body).toMatchObject({ code: 1, data: { Id: id, Status: 3 } });
    await socket.waitFor(isOrderPush(id, 3), 5000);
    await socket.waitFor(
      (m) => typeof m === 'object' && m.type === 'FOREX_CLOSED' && (m.id as number[]).includes(id),
      5000,
    );
    socket.close();
  });

  it("holds one user's order limit across the nodes", async () => {
    await tick();
    const flooder = await one.demoUser();
    const nodes = [one, two, three];
    const calls = ORDER_BURST * 3;
    const started = Date.now();
    const answers = await Promise.all(
      Array.from({ length: calls }, (_, n) => nodes[n % nodes.length]!.submit(flooder.token, marketOrder())),
    );
    const elapsedMs = Date.now() - started;
    const accepted = answers.filter((answer) => answer.body.code === 1).length;
    const limited = answers.filter((answer) => answer.status === 429 && answer.body.code === 429).length;
    expect(accepted + limited).toBe(calls);
    // One allowance: the burst, plus what refilled while the calls were under way.
    expect(accepted).toBeGreaterThanOrEqual(ORDER_BURST);
    expect(accepted).toBeLessThanOrEqual(
      ORDER_BURST + Math.floor((elapsedMs / 1000) * ORDER_RATE_PER_SECOND),
    );
    const held = await three.call<{ total: number }>('GET', '/v1/api/forex/my_deal?status=1&page=1', {
      token: flooder.token,
    });
    expect(held.body.data.total).toBe(accepted);
  });

  it('quotes and fills with a spread changed in the back office of another node', async () => {
    const admin = await cluster.adminToken(one);
    const spread = btc.Spread + 2000;
    const changed = await one.call('POST', `/admin/api/instruments/${btc.Id}`, {
      token: admin,
      json: { spread_points: spread },
    });
    expect(changed.body).toMatchObject({ code: 1, data: { spread_points: spread } });
    try {
      // A fresh bid, its ask left to each node's spread (as a bridge sending bids only does).
      bid += 10;
      const askPoints = bid * 100 + spread;
      for (const node of [two, three]) {
        await eventually(
          `${node.name} quoting the new spread`,
          async () => {
            await tick();
            const quoted = await node.instrument('BTCUSD');
            return quoted.Spread === spread && Math.round(quoted.ForexQuotations.Ask * 100) === askPoints
              ? quoted
              : undefined;
          },
          5000,
          200,
        );
      }
      const trader = await three.demoUser();
      const placed = await three.submit(trader.token, marketOrder());
      expect(placed.body).toMatchObject({ code: 1, data: { Status: 1 } });
      expect(Math.round(placed.body.data.OriginPrice * 100)).toBe(askPoints);
    } finally {
      await one.call('POST', `/admin/api/instruments/${btc.Id}`, {
        token: admin,
        json: { spread_points: btc.Spread },
      });
    }
  });

  it('opens an image uploaded through one node through another, by session and by signed link', async () => {
    const owner = await one.realUser(
      `cluster-${process.pid}-${Date.now()}@example.com`,
      CLUSTER_CAPTCHA_ANSWER,
      (address) => cluster.database.codeFor(address),
    );
    const front = await one.upload(owner.token, pngImage(3, 3, [10, 120, 240]));
    const reverse = await one.upload(owner.token, pngImage(2, 2, [240, 120, 10]));

    const byOwner = await two.file(front, owner.token);
    expect([byOwner.status, byOwner.type]).toEqual([200, 'image/png']);
    const asServed = (await one.file(front, owner.token)).bytes;
    expect(Buffer.compare(byOwner.bytes, asServed)).toBe(0);
    expect((await two.file(front)).status).toBe(404);

    const submitted = await one.call('POST', '/api/user_real/real_name', {
      token: owner.token,
      json: { name: 'Ana Lopez', card_id: 'x7654321', front_pic: front, reverse_pic: reverse },
    });
    expect(submitted.body.code).toBe(1);
    const staff = await cluster.adminToken(two);
    const listed = await two.call<{ list: Array<{ front_pic: string }> }>(
      'GET',
      `/admin/api/identity?user_id=${owner.id}`,
      { token: staff },
    );
    const link = listed.body.data.list[0]!.front_pic;
    expect(link).toMatch(/\?exp=\d+&sig=/);
    // The link was signed on one node and opens on every other: the signing key is shared.
    for (const node of [two, three]) {
      const opened = await node.file(link);
      expect(opened.status).toBe(200);
      expect(Buffer.compare(opened.bytes, asServed)).toBe(0);
    }
  });
});
