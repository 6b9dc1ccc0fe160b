/**
 * A trader who opts out leaves the leaderboard at once on every node, not only on the node that
 * took the request: each node serves its own cached board, and the opt-out crosses the event bus.
 * On one process both "nodes" share the in-process bus; with TEST_REDIS_URL each has a Redis bus.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Redis } from 'ioredis';
import { createInProcessEventBus, type EventBus } from '../events/event-bus.ts';
import { createRedisEventBus, type RedisEventBus } from '../adapters/redis/redis-event-bus.ts';
import { deleteKeys, testRedis, testRedisUrl, uniqueKeyPrefix } from '../adapters/redis/redis-test-target.ts';
import type { LeaderboardRepository, TraderTotals } from '../repositories/leaderboard-repository.ts';
import { LeaderboardService } from './leaderboard-service.ts';

const trader = (userId: number, netWindowMicros: bigint): TraderTotals => ({
  userId,
  uid: 1000 + userId,
  email: `trader${userId}@example.com`,
  mobile: null,
  isDemo: false,
  tradesTotal: 4,
  tradesWindow: 4,
  winsWindow: 3,
  netTotalMicros: netWindowMicros,
  netWindowMicros,
  openingMicros: 10_000_000_000n,
  moneyInWindowMicros: 0n,
  moneyInTotalMicros: 10_000_000_000n,
  leverage: 100,
  instrumentId: 1,
});

/** The database both nodes share: who opted in, and their trades' totals. */
function sharedRepository(): LeaderboardRepository {
  const optedIn = new Set([1, 2]);
  const totals = [trader(1, 500_000_000n), trader(2, 200_000_000n)];
  return {
    setOptIn: async (userId: number, enabled: boolean) =>
      void (enabled ? optedIn.add(userId) : optedIn.delete(userId)),
    optedIn: async (userId: number) => optedIn.has(userId),
    traderTotals: async () => totals.filter((t) => optedIn.has(t.userId)),
  } as unknown as LeaderboardRepository;
}

interface TwoNodes {
  buses: [EventBus, EventBus];
  close(): Promise<void>;
}

async function inProcessNodes(): Promise<TwoNodes> {
  const bus = createInProcessEventBus();
  return { buses: [bus, bus], close: async () => undefined };
}

async function redisNodes(): Promise<TwoNodes> {
  const keyPrefix = uniqueKeyPrefix();
  const connections: Redis[] = [testRedis(), testRedis(), testRedis(), testRedis()];
  const fail = (error: unknown) => {
    throw error;
  };
  const buses: [RedisEventBus, RedisEventBus] = [
    createRedisEventBus({
      publisher: connections[0]!,
      subscriber: connections[1]!,
      keyPrefix,
      reportError: fail,
    }),
    createRedisEventBus({
      publisher: connections[2]!,
      subscriber: connections[3]!,
      keyPrefix,
      reportError: fail,
    }),
  ];
  await Promise.all(buses.map((bus) => bus.ready()));
  return {
    buses,
    async close() {
      await Promise.all(buses.map((bus) => bus.close()));
      await deleteKeys(connections[0]!, keyPrefix);
      await Promise.all(connections.map((connection) => connection.quit()));
    },
  };
}

const cases: [string, () => Promise<TwoNodes>, boolean][] = [
  ['in-process bus', inProcessNodes, true],
  ['Redis bus', redisNodes, Boolean(testRedisUrl)],
];

for (const [name, makeNodes, available] of cases) {
  describe.skipIf(!available)(`leaderboard opt-out over the ${name}`, () => {
    let nodes: TwoNodes | undefined;
    afterEach(async () => {
      await nodes?.close();
      nodes = undefined;
    });

    it('takes the trader off the board served by every node at once', async () => {
      nodes = await makeNodes();
      const repository = sharedRepository();
      const [a, b] = nodes.buses.map(
        (events) =>
          new LeaderboardService({
            repository,
            codeOf: () => 'EUR/USD',
            now: () => Date.UTC(2026, 10, 18),
            logError: (error) => {
              throw error;
            },
            events,
          }),
      );
      await Promise.all([a!.refresh(), b!.refresh()]);
      expect((await b!.page(false, 1, 20)).total).toBe(2);
      const dropped = new Promise<void>((resolve) =>
        nodes!.buses[1].subscribe('leaderboard_opted_out', () => resolve()),
      );
      await a!.setOptIn(1, false);
      await dropped;
      for (const node of [a!, b!]) {
        const board = await node.page(false, 1, 20);
        expect(board.total).toBe(1);
        expect(board.list[0]!.user).toBe('tr***@ex***.com');
      }
    });
  });
}
