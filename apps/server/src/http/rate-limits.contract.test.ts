/**
 * One contract for the rate-limit port: buckets in memory (one node) and in Redis (any number of
 * nodes). Two limiters made on two nodes with the same name are one limit; on the in-memory side
 * "two nodes" are one process, which is what it serves. Time is a number the test moves.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { inMemoryRateLimits, type RateLimits } from './rate-limits.ts';
import { redisRateLimits } from '../adapters/redis/redis-rate-limits.ts';
import { deleteKeys, testRedis, testRedisUrl, uniqueKeyPrefix } from '../adapters/redis/redis-test-target.ts';

interface Nodes {
  nodes: RateLimits[];
  clock: { ms: number };
  close(): Promise<void>;
}

type NodesFactory = (count: number) => Nodes;

const failOnError = (error: unknown) => {
  throw error;
};

const inMemoryNodes: NodesFactory = (count) => {
  const clock = { ms: 1_700_000_000_000 };
  const limits = inMemoryRateLimits(() => clock.ms);
  return { nodes: Array.from({ length: count }, () => limits), clock, close: async () => undefined };
};

const redisNodes: NodesFactory = (count) => {
  const clock = { ms: 1_700_000_000_000 };
  const keyPrefix = uniqueKeyPrefix();
  const connections: Redis[] = Array.from({ length: count }, () => testRedis());
  return {
    nodes: connections.map((redis) =>
      redisRateLimits({ redis, keyPrefix, now: () => clock.ms, reportError: failOnError }),
    ),
    clock,
    async close() {
      await deleteKeys(connections[0]!, keyPrefix);
      await Promise.all(connections.map((redis) => redis.quit()));
    },
  };
};

const cases: [string, NodesFactory, boolean][] = [
  ['in-memory rate limits', inMemoryNodes, true],
  ['Redis rate limits', redisNodes, Boolean(testRedisUrl)],
];

for (const [name, makeNodes, available] of cases) {
  describe.skipIf(!available)(`${name} (contract)`, () => {
    let started: Nodes | undefined;
    const start = (count: number) => (started = makeNodes(count));
    afterEach(async () => {
      await started?.close();
      started = undefined;
    });

    it('lets a key spend its burst at once, then refuses with the wait until the next token', async () => {
      const { nodes } = start(1);
      const orders = nodes[0]!.limiter('orders', { ratePerSecond: 2, burst: 3 });
      const answers = [];
      for (let i = 0; i < 4; i++) answers.push(await orders.take('user:1'));
      expect(answers).toEqual([0, 0, 0, 500]);
    });

    it('refills at the rate as time passes, never beyond the burst', async () => {
      const { nodes, clock } = start(1);
      const orders = nodes[0]!.limiter('orders', { ratePerSecond: 2, burst: 3 });
      for (let i = 0; i < 3; i++) await orders.take('user:1');
      clock.ms += 250;
      expect(await orders.take('user:1')).toBe(250);
      clock.ms += 250;
      expect(await orders.take('user:1')).toBe(0);
      expect(await orders.take('user:1')).toBe(500);
      clock.ms += 60_000;
      const afterIdle = [];
      for (let i = 0; i < 4; i++) afterIdle.push(await orders.take('user:1'));
      expect(afterIdle).toEqual([0, 0, 0, 500]);
    });

    it('keeps keys and names apart', async () => {
      const { nodes } = start(1);
      const orders = nodes[0]!.limiter('orders', { ratePerSecond: 1, burst: 1 });
      const logins = nodes[0]!.limiter('logins', { ratePerSecond: 1, burst: 1 });
      expect(await orders.take('user:1')).toBe(0);
      expect(await orders.take('user:1')).toBe(1000);
      expect(await orders.take('user:2')).toBe(0);
      expect(await logins.take('user:1')).toBe(0);
    });

    it('holds one limit for one key across nodes', async () => {
      const { nodes } = start(3);
      const limiters = nodes.map((node) => node.limiter('orders', { ratePerSecond: 1, burst: 5 }));
      // Ten calls at once, spread over three nodes: five pass, wherever they land.
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) => limiters[i % 3]!.take('user:9')),
      );
      expect(answers.filter((wait) => wait === 0)).toHaveLength(5);
      expect(answers.filter((wait) => wait > 0)).toHaveLength(5);
    });

    it('refuses a rate or burst that would never let anything through', () => {
      const { nodes } = start(1);
      expect(() => nodes[0]!.limiter('orders', { ratePerSecond: 0, burst: 5 })).toThrow(RangeError);
      expect(() => nodes[0]!.limiter('orders', { ratePerSecond: 1, burst: 0 })).toThrow(RangeError);
    });
  });
}

describe.skipIf(!testRedisUrl)('Redis rate limits (their own cases)', () => {
  it('lets an idle bucket expire once it would be full again, and never runs a bucket backwards for a lagging clock', async () => {
    const redis = testRedis();
    const keyPrefix = uniqueKeyPrefix();
    const clock = { ms: 1_700_000_000_000 };
    const orders = redisRateLimits({
      redis,
      keyPrefix,
      now: () => clock.ms,
      reportError: failOnError,
    }).limiter('orders', {
      ratePerSecond: 10,
      burst: 20,
    });
    expect(await orders.take('user:1')).toBe(0);
    const ttl = await redis.pttl(`${keyPrefix}rate:orders:user:1`);
    // Full again after 2 s; kept one second longer.
    expect(ttl).toBeGreaterThan(2000);
    expect(ttl).toBeLessThanOrEqual(3000);
    for (let i = 0; i < 19; i++) await orders.take('user:1');
    // Another node's clock a minute behind refills nothing.
    clock.ms -= 60_000;
    expect(await orders.take('user:1')).toBe(100);
    await deleteKeys(redis, keyPrefix);
    await redis.quit();
  });

  it('keeps counting after Redis forgot its scripts (a restart or a failover does that)', async () => {
    const redis = testRedis();
    const keyPrefix = uniqueKeyPrefix();
    const orders = redisRateLimits({ redis, keyPrefix, now: () => 0, reportError: failOnError }).limiter(
      'orders',
      {
        ratePerSecond: 1,
        burst: 2,
      },
    );
    expect(await orders.take('user:1')).toBe(0);
    await redis.script('FLUSH');
    expect(await orders.take('user:1')).toBe(0);
    expect(await orders.take('user:1')).toBe(1000);
    await deleteKeys(redis, keyPrefix);
    await redis.quit();
  });
});

describe('Redis rate limits without Redis', () => {
  it('let the call go ahead and report why, rather than stop all trading while Redis is away', async () => {
    // Port 1: nothing listens there; no reconnection attempts.
    const redis = new Redis('redis://127.0.0.1:1', { retryStrategy: () => null, maxRetriesPerRequest: 0 });
    redis.on('error', () => undefined);
    const reported: unknown[] = [];
    const orders = redisRateLimits({
      redis,
      keyPrefix: uniqueKeyPrefix(),
      now: () => 0,
      reportError: (error) => reported.push(error),
    }).limiter('orders', { ratePerSecond: 1, burst: 1 });
    expect(await orders.take('user:1')).toBe(0);
    expect(await orders.take('user:1')).toBe(0);
    expect(reported).toHaveLength(2);
    redis.disconnect();
  });
});
