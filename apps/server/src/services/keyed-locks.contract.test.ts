/**
 * One contract for the keyed-lock port: promise queues in memory (one node) and locks in Redis (any
 * number of nodes). Two lock sets on one Redis and key prefix are two nodes; on the in-memory side
 * "two nodes" are one process, which is what it serves. Timings are real: locks use real time.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { InProcessKeyedLocks, withLocks, type KeyedLocks } from './keyed-locks.ts';
import { redisKeyedLocks } from '../adapters/redis/redis-keyed-locks.ts';
import { deleteKeys, testRedis, testRedisUrl, uniqueKeyPrefix } from '../adapters/redis/redis-test-target.ts';

interface Timing {
  waitMs?: number;
  ttlMs?: number;
}

interface Nodes {
  nodes: KeyedLocks[];
  /** How many locks are still remembered (map entries, Redis keys). */
  leftovers(): Promise<number>;
  close(): Promise<void>;
}

type NodesFactory = (count: number, timing?: Timing) => Nodes;

const failOnError = (error: unknown) => {
  throw error;
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const inMemoryNodes: NodesFactory = (count, timing = {}) => {
  const locks = new InProcessKeyedLocks(timing);
  return {
    nodes: Array.from({ length: count }, () => locks),
    leftovers: async () => locks.size,
    close: async () => undefined,
  };
};

async function countKeys(redis: Redis, prefix: string): Promise<number> {
  return (await redis.keys(`${prefix}*`)).length;
}

const redisNodes: NodesFactory = (count, timing = {}) => {
  const keyPrefix = uniqueKeyPrefix();
  const connections: Redis[] = Array.from({ length: count }, () => testRedis());
  return {
    nodes: connections.map((redis) =>
      redisKeyedLocks({ redis, keyPrefix, reportError: failOnError, ...timing }),
    ),
    leftovers: () => countKeys(connections[0]!, keyPrefix),
    async close() {
      await deleteKeys(connections[0]!, keyPrefix);
      await Promise.all(connections.map((redis) => redis.quit()));
    },
  };
};

const cases: [string, NodesFactory, boolean][] = [
  ['in-memory keyed locks', inMemoryNodes, true],
  ['Redis keyed locks', redisNodes, Boolean(testRedisUrl)],
];

for (const [name, makeNodes, available] of cases) {
  describe.skipIf(!available)(`${name} (contract)`, () => {
    let started: Nodes | undefined;
    const start = (count: number, timing?: Timing) => (started = makeNodes(count, timing));
    afterEach(async () => {
      await started?.close();
      started = undefined;
    });

    it('lets one holder of a key at a time run, wherever the callers are', async () => {
      const { nodes } = start(3);
      let inside = 0;
      let most = 0;
      let counted = 0;
      // A count, a pause, a write: the race of "count the rows, then insert one".
      const countThenWrite = async () => {
        inside++;
        most = Math.max(most, inside);
        const seen = counted;
        await sleep(1);
        counted = seen + 1;
        inside--;
      };
      await Promise.all(
        Array.from({ length: 24 }, (_, i) => nodes[i % 3]!.withLock('uploads:user:1', countThenWrite)),
      );
      expect(most).toBe(1);
      expect(counted).toBe(24);
    });

    it('answers what the work answers, and lets the next holder in when the work fails', async () => {
      const { nodes } = start(2);
      await expect(
        nodes[0]!.withLock('k', async () => {
          throw new Error('holder failed');
        }),
      ).rejects.toThrow('holder failed');
      expect(await nodes[1]!.withLock('k', async () => 'next')).toBe('next');
    });

    it('does not make one key wait for another', async () => {
      const { nodes } = start(2);
      let letGo!: () => void;
      const holding = nodes[0]!.withLock(
        'codes:ip:10.0.0.1',
        () => new Promise<void>((resolve) => (letGo = resolve)),
      );
      await sleep(20);
      expect(await nodes[1]!.withLock('codes:ip:10.0.0.2', async () => 'other key')).toBe('other key');
      letGo();
      await holding;
    });

    it('refuses as rate limited, instead of hanging, a caller that waited past the bound', async () => {
      const { nodes } = start(2, { waitMs: 150 });
      let letGo!: () => void;
      const holding = nodes[0]!.withLock('k', () => new Promise<void>((resolve) => (letGo = resolve)));
      await sleep(20);
      let ran = false;
      const startedAt = performance.now();
      await expect(
        nodes[1]!.withLock('k', async () => {
          ran = true;
        }),
      ).rejects.toMatchObject({ code: 429, messageKey: 'rate_limited' });
      expect(performance.now() - startedAt).toBeLessThan(1000);
      expect(ran).toBe(false);
      letGo();
      await holding;
      // The refused caller left no trace: the key is free for the next one.
      expect(await nodes[1]!.withLock('k', async () => 'free')).toBe('free');
    });

    it('takes several keys in one order, so callers naming them in any order never deadlock', async () => {
      const { nodes } = start(2);
      const keys = ['codes:address:a@example.com', 'codes:ip:10.0.0.9'];
      let done = 0;
      await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          withLocks(nodes[i % 2]!, i % 3 === 0 ? [...keys].reverse() : keys, async () => {
            await sleep(1);
            done++;
          }),
        ),
      );
      expect(done).toBe(12);
    });

    it('remembers nothing once the work has ended, refused and failed work included', async () => {
      const { nodes, leftovers } = start(2, { waitMs: 50 });
      await Promise.all(
        Array.from({ length: 30 }, (_, i) => nodes[i % 2]!.withLock(`uploads:user:${i % 5}`, () => sleep(1))),
      );
      let letGo!: () => void;
      const holding = nodes[0]!.withLock('held', () => new Promise<void>((resolve) => (letGo = resolve)));
      await sleep(10);
      await expect(nodes[1]!.withLock('held', async () => undefined)).rejects.toMatchObject({ code: 429 });
      await expect(nodes[1]!.withLock('failing', () => Promise.reject(new Error('x')))).rejects.toThrow('x');
      letGo();
      await holding;
      expect(await leftovers()).toBe(0);
    });
  });
}

describe.skipIf(!testRedisUrl)('Redis keyed locks (their own cases)', () => {
  const keyPrefix = uniqueKeyPrefix();
  const opened: Redis[] = [];
  const connection = () => {
    const redis = testRedis();
    opened.push(redis);
    return redis;
  };
  afterEach(async () => {
    await deleteKeys(
      opened.find((redis) => redis.status === 'ready')!,
      keyPrefix,
    );
    await Promise.all(opened.filter((redis) => redis.status === 'ready').map((redis) => redis.quit()));
    opened.length = 0;
  });

  it('lets a holder that died lose its lock within its ttl, so the key is not stuck', async () => {
    const reported: unknown[] = [];
    const dyingConnection = connection();
    const dying = redisKeyedLocks({
      redis: dyingConnection,
      keyPrefix,
      ttlMs: 300,
      reportError: (error) => reported.push(error),
    });
    let endWork!: () => void;
    const held = dying.withLock('k', () => new Promise<void>((resolve) => (endWork = resolve)));
    await sleep(50);
    // The process is gone: no more renewals, no release.
    dyingConnection.disconnect();
    const survivor = redisKeyedLocks({ redis: connection(), keyPrefix, reportError: failOnError });
    const startedAt = performance.now();
    expect(await survivor.withLock('k', async () => 'taken over')).toBe('taken over');
    expect(performance.now() - startedAt).toBeLessThan(1000);
    endWork();
    await held;
    // Its renewals and its release found no Redis, and said so.
    expect(reported.length).toBeGreaterThan(0);
  });

  it('keeps a slow holder’s lock alive past its ttl while the work runs', async () => {
    const first = redisKeyedLocks({ redis: connection(), keyPrefix, ttlMs: 150, reportError: failOnError });
    const second = redisKeyedLocks({ redis: connection(), keyPrefix, ttlMs: 150, reportError: failOnError });
    const order: string[] = [];
    const slow = first.withLock('k', async () => {
      order.push('slow in');
      await sleep(600);
      order.push('slow out');
    });
    await sleep(30);
    await second.withLock('k', async () => {
      order.push('next in');
    });
    await slow;
    expect(order).toEqual(['slow in', 'slow out', 'next in']);
  });

  it('releases only its own lock: a holder whose lock passed to another leaves the other’s alone', async () => {
    const redis = connection();
    const reported: unknown[] = [];
    const locks = redisKeyedLocks({ redis, keyPrefix, reportError: (error) => reported.push(error) });
    await locks.withLock('k', async () => {
      // As if the lock had expired and another node had taken it meanwhile.
      await redis.set(`${keyPrefix}lock:k`, 'another-holder', 'PX', 10_000);
    });
    expect(await redis.get(`${keyPrefix}lock:k`)).toBe('another-holder');
  });
});

describe('Redis keyed locks without Redis', () => {
  it('refuse the work with nothing done, and report why, rather than let a limit fall open', async () => {
    // Port 1: nothing listens there; no reconnection attempts.
    const redis = new Redis('redis://127.0.0.1:1', { retryStrategy: () => null, maxRetriesPerRequest: 0 });
    redis.on('error', () => undefined);
    const reported: unknown[] = [];
    const locks = redisKeyedLocks({
      redis,
      keyPrefix: uniqueKeyPrefix(),
      reportError: (error) => reported.push(error),
    });
    let ran = false;
    await expect(
      locks.withLock('codes:ip:10.0.0.1', async () => {
        ran = true;
      }),
    ).rejects.toMatchObject({ code: 500, messageKey: 'internal_error' });
    expect(ran).toBe(false);
    expect(reported).toHaveLength(1);
    redis.disconnect();
  });
});
