/**
 * A node on Redis is ready only while Redis carries what crosses nodes: when the way to Redis is
 * cut, /readyz answers 503 naming `redis` (and the load balancer stops sending it users whose
 * sockets would miss other nodes' events); once Redis is back, the node is ready again by itself.
 * The cut is a TCP relay between the node and the machine's Redis, so the shared Redis is never
 * stopped.
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testRedisUrl, uniqueKeyPrefix } from '../src/adapters/redis/redis-test-target.ts';
import { startTestRuntime, type TestRuntime } from './helpers/test-runtime.ts';

/** Relays TCP to `target`; `cut()` drops every connection and refuses new ones until `restore()`. */
async function startRelay(target: URL) {
  const sockets = new Set<net.Socket>();
  let open = true;
  const server = net.createServer((client) => {
    if (!open) return void client.destroy();
    const upstream = net.connect(Number(target.port || 6379), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => undefined);
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  const url = new URL(target.href);
  url.hostname = '127.0.0.1';
  url.port = String(port);
  return {
    url: url.href,
    cut() {
      open = false;
      for (const socket of sockets) socket.destroy();
    },
    restore() {
      open = true;
    },
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

describe.skipIf(!testRedisUrl)('readiness of a node on Redis', () => {
  let rt: TestRuntime;
  let relay: Awaited<ReturnType<typeof startRelay>>;

  beforeAll(async () => {
    relay = await startRelay(new URL(testRedisUrl!));
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
