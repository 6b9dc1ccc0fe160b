/**
 * A node started with REDIS_URL shares what crosses nodes: the orders it takes are heard by
 * another node's subscribers, what another node publishes reaches it and the sockets signed in on
 * it, and one user's order limit is spent by both. The "other node" is a bus and a limiter of its own on the same Redis and key
 * prefix, as another process would have (adapters/redis/cross-node.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Redis } from 'ioredis';
import { createRedisEventBus, type RedisEventBus } from '../src/adapters/redis/redis-event-bus.ts';
import { redisRateLimits } from '../src/adapters/redis/redis-rate-limits.ts';
import {
  deleteKeys,
  testRedis,
  testRedisUrl,
  uniqueKeyPrefix,
} from '../src/adapters/redis/redis-test-target.ts';
import type { TradingUpdate } from '../src/events/event-bus.ts';
import { databaseEngines, startTestRuntime, type TestRuntime } from './helpers/test-runtime.ts';
import { tradingClient } from './helpers/trading-helpers.ts';
import { RecordingClient, type Message } from './helpers/recording-client.ts';

const isType = (type: string) => (m: Message) => typeof m === 'object' && m.type === type;

describe.skipIf(!testRedisUrl).each(databaseEngines())('a node on Redis, on %s', (engine) => {
  const keyPrefix = uniqueKeyPrefix();
  let rt: TestRuntime;
  let t: ReturnType<typeof tradingClient>;
  let order: Record<string, string | number>;
  let connections: Redis[];
  let otherNode: RedisEventBus;
  const sockets: RecordingClient[] = [];

  beforeAll(async () => {
    rt = await startTestRuntime({
      engine,
      env: {
        REDIS_URL: testRedisUrl!,
        REDIS_KEY_PREFIX: keyPrefix,
        ORDER_BURST: '3',
        ORDER_RATE_PER_SECOND: '2',
      },
    });
    await rt.app.listen({ port: 0, host: '127.0.0.1' });
    t = tradingClient(rt);
    order = { type: 1, cont: '0.1', forex_id: t.spec('EURUSD').id, status: 1 };
    t.tick('EURUSD', '1.10000', '1.10012');
    connections = [testRedis(), testRedis()];
    otherNode = createRedisEventBus({
      publisher: connections[0]!,
      subscriber: connections[1]!,
      keyPrefix,
      reportError: (error) => {
        throw error;
      },
    });
    await otherNode.ready();
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await rt?.dispose();
    await otherNode?.close();
    if (connections) {
      await deleteKeys(connections[0]!, keyPrefix);
      await Promise.all(connections.map((connection) => connection.quit()));
    }
  });

  it('tells another node of an order it placed', async () => {
    const trader = await t.demoUser();
    const heard = new Promise<TradingUpdate>((resolve) => {
      const off = otherNode.subscribe('trading_updates', ({ updates }) => {
        const update = updates.find((u) => u.userId === trader.id && u.message.type === 'FOREX_ORDER');
        if (!update) return;
        off();
        resolve(update);
      });
    });
    const placed = await t.submit(trader.token, order);
    expect(placed.code).toBe(1);
    const update = await heard;
    expect(update.message).toMatchObject({ type: 'FOREX_ORDER', orders: [{ Id: placed.data.Id }] });
  });

  it('hears what another node publishes', async () => {
    const heard = new Promise<number>((resolve) =>
      rt.events.subscribe('user_changed', (e) => resolve(e.userId)),
    );
    otherNode.publish('user_changed', { userId: 4242 });
    expect(await heard).toBe(4242);
  });

  it('holds one order limit per user with the other node', async () => {
    const flooder = await t.demoUser();
    expect((await t.submit(flooder.token, order)).code).toBe(1);
    // The other node takes the rest of the burst of 3 for the same user.
    const otherLimiter = redisRateLimits({
      redis: connections[0]!,
      keyPrefix,
      now: rt.clock.now,
      reportError: (error) => {
        throw error;
      },
    }).limiter('orders', { ratePerSecond: 2, burst: 3 });
    expect(await otherLimiter.take(String(flooder.id))).toBe(0);
    expect(await otherLimiter.take(String(flooder.id))).toBe(0);
    expect(await t.submit(flooder.token, order)).toMatchObject({ code: 429, data: null });
    expect((await t.myDeal(flooder.token, 1)).data.total).toBe(1);
    // Another user's allowance is untouched.
    const other = await t.demoUser();
    expect((await t.submit(other.token, order)).code).toBe(1);
  });

  it('pushes to a socket on this node what another node decided: a margin call, then the end of the session', async () => {
    const trader = await t.demoUser();
    const address = rt.app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    const socket = new RecordingClient(`ws://127.0.0.1:${address.port}/v1/ws?lang=en`);
    sockets.push(socket);
    await socket.open();
    socket.send({ type: 'login', params: trader.token });
    expect(await socket.waitFor(isType('login_result'))).toMatchObject({ code: 1 });

    otherNode.publish('trading_update', {
      userId: trader.id,
      message: { type: 'MARGIN_CALL', margin_level: 80, margin_call_level: 100, stop_out_level: 50 },
    });
    expect(await socket.waitFor(isType('MARGIN_CALL'))).toMatchObject({
      margin_level: 80,
      stop_out_level: 50,
    });

    otherNode.publish('session_ended', { userId: trader.id, reason: 'forced_logout' });
    expect(await socket.waitFor(isType('session_ended'))).toMatchObject({
      code: 999,
      reason: 'forced_logout',
    });
  });
});
