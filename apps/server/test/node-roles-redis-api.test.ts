/**
 * ROLE pins what a cluster node may do. An `api` node serves the phones and never stands for the
 * book, so the book goes to the `book` node even when the API node started first; orders placed on
 * the API node are decided there. The `book` node answers only the operator's probes: its product
 * routes are refused in the envelope, and /readyz keeps balancers from sending it clients.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import type { Runtime } from '../src/runtime.ts';
import { startTestRuntime, type TestRuntime } from './helpers/test-runtime.ts';
import { tradingClient } from './helpers/trading-helpers.ts';
import {
  clusterDatabaseUrl,
  clusterUnavailable,
  startAnotherNode,
  forgetRedisKeys,
  testRedisUrl,
  uniqueKeyPrefix,
} from './helpers/cluster-target.ts';

describe.skipIf(clusterUnavailable('NODE ROLE CASES'))('nodes pinned to roles', () => {
  const keyPrefix = uniqueKeyPrefix();
  let apiNode: TestRuntime;
  let bookNode: Runtime;

  beforeAll(async () => {
    apiNode = await startTestRuntime({
      engine: 'postgres',
      env: { REDIS_URL: testRedisUrl!, REDIS_KEY_PREFIX: keyPrefix, ROLE: 'api' },
    });
    const bookConfig = loadConfig({
      DATA_DIR: apiNode.config.dataDir,
      FEED: 'none',
      LOG_LEVEL: 'silent',
      DATABASE_URL: clusterDatabaseUrl!,
      REDIS_URL: testRedisUrl!,
      REDIS_KEY_PREFIX: keyPrefix,
      ROLE: 'book,feed',
    });
    bookNode = await startAnotherNode(apiNode, bookConfig);
    // Straight into each node's market, as the ticks channel would deliver them.
    tradingClient(apiNode).tick('EURUSD', '1.10000', '1.10012');
    tradingClient({ ...apiNode, ...bookNode }).tick('EURUSD', '1.10000', '1.10012');
  });
  afterAll(async () => {
    await bookNode?.stop();
    await apiNode?.dispose();
    await forgetRedisKeys(keyPrefix);
  });

  it('gives the book to the node that stands for it, though the API node started first', async () => {
    await expect.poll(() => bookNode.bookCluster?.owns(), { timeout: 5000 }).toBe(true);
    expect(apiNode.bookCluster?.owns()).toBe(false);
    // The market's producer is pinned the same way.
    await expect.poll(() => bookNode.feedCluster?.producing(), { timeout: 5000 }).toBe(true);
    expect(apiNode.feedCluster?.producing()).toBe(false);
    const t = tradingClient(apiNode);
    const trader = await t.demoUser();
    const placed = await t.submit(trader.token, {
      type: 1,
      cont: '0.1',
      forex_id: t.spec('EURUSD').id,
      status: 1,
    });
    expect(placed).toMatchObject({ code: 1, data: { Status: 1 } });
    expect(bookNode.trading.bookBalanceMicros(trader.id)).toBeDefined();
  });

  it('keeps clients off the book node: product routes refused in the envelope, not ready for traffic', async () => {
    const quotes = await bookNode.app.inject({
      method: 'GET',
      url: '/v1/api/forex/list',
      headers: { lang: 'de' },
    });
    expect(quotes.statusCode).toBe(503);
    expect(quotes.json()).toMatchObject({ code: 500, msg: expect.stringMatching(/Server/), data: null });
    const ready = await bookNode.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ failing: ['role'] });
    expect((await bookNode.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    expect((await apiNode.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  });
});
