/**
 * A node on Redis is ready only while Redis carries what crosses nodes: when the way to Redis is
 * cut, /readyz answers 503 naming `redis` (and the load balancer stops sending it users whose
 * sockets would miss other nodes' events); once Redis is back, the node is ready again by itself.
 * The cut is a TCP relay between the node and the machine's Redis, so the shared Redis is never
 * stopped.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testRedisUrl, uniqueKeyPrefix } from '../src/adapters/redis/redis-test-target.ts';
import { startTestRuntime, type TestRuntime } from './helpers/test-runtime.ts';
import { startTcpRelay, type TcpRelay } from './helpers/tcp-relay.ts';

describe.skipIf(!testRedisUrl)('readiness of a node on Redis', () => {
  let rt: TestRuntime;
  let relay: TcpRelay;

  beforeAll(async () => {
    relay = await startTcpRelay(new URL(testRedisUrl!), 6379);
    rt = await startTestRuntime({ env: { REDIS_URL: relay.url, REDIS_KEY_PREFIX: uniqueKeyPrefix() } });
  });
  afterAll(async () => {
    relay.restore();
    await rt?.dispose();
    await relay?.close();
  });

  const readyz = async () => {
    const res = await rt.app.inject({ method: 'GET', url: '/readyz' });
    return { status: res.statusCode, body: res.json() as Record<string, unknown> };
  };

  it('checks Redis, is not ready while it is cut off, and is ready again once it is back', async () => {
    expect(await readyz()).toEqual({
      status: 200,
      body: { status: 'ready', checks: { database: { ok: true }, redis: { ok: true }, book: { ok: true } } },
    });

    relay.cut();
    const cut = await readyz();
    expect(cut.status).toBe(503);
    expect(cut.body).toMatchObject({
      status: 'not_ready',
      failing: ['redis'],
      checks: { database: { ok: true }, redis: { ok: false }, book: { ok: true } },
    });

    relay.restore();
    await expect.poll(async () => (await readyz()).status, { timeout: 10_000, interval: 200 }).toBe(200);
  });
});
