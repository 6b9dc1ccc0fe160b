/**
 * One contract for every event bus: the in-process one (one node) and the Redis one (any number of
 * nodes, each a bus with its own connections on one Redis). A "cluster" of the in-process bus is
 * one bus seen from every node, which is what one process is.
 *
 * No case waits on the clock: a case publishes a last event after the ones it checks and waits
 * until that one arrives; since one node's events arrive in order, everything before it has too.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Redis } from 'ioredis';
import {
  createInProcessEventBus,
  type AppEvents,
  type EventBus,
  type QuoteEvent,
  type SessionEnded,
} from './event-bus.ts';
import { createRedisEventBus, encodeEvent, type RedisEventBus } from '../adapters/redis/redis-event-bus.ts';
import { deleteKeys, testRedis, testRedisUrl, uniqueKeyPrefix } from '../adapters/redis/redis-test-target.ts';

interface Cluster {
  nodes: EventBus[];
  reported: unknown[];
  close(): Promise<void>;
}

type ClusterFactory = (nodeCount: number) => Promise<Cluster>;

const inProcessCluster: ClusterFactory = async (nodeCount) => {
  const reported: unknown[] = [];
  const bus = createInProcessEventBus((error) => reported.push(error));
  return { nodes: Array.from({ length: nodeCount }, () => bus), reported, close: async () => undefined };
};

const redisCluster: ClusterFactory = async (nodeCount) => {
  const reported: unknown[] = [];
  const keyPrefix = uniqueKeyPrefix();
  const connections: Redis[] = [];
  const buses: RedisEventBus[] = [];
  for (let i = 0; i < nodeCount; i++) {
    const publisher = testRedis();
    const subscriber = testRedis();
    connections.push(publisher, subscriber);
    buses.push(
      createRedisEventBus({ publisher, subscriber, keyPrefix, reportError: (error) => reported.push(error) }),
    );
  }
  await Promise.all(buses.map((bus) => bus.ready()));
  return {
    nodes: buses,
    reported,
    async close() {
      await Promise.all(buses.map((bus) => bus.close()));
      await deleteKeys(connections[0]!, keyPrefix);
      await Promise.all(connections.map((connection) => connection.quit()));
    },
  };
};

/** Resolves with the first `session_ended` event on `bus` whose user is `userId`. */
function arrival(bus: EventBus, userId: number): Promise<SessionEnded> {
  return new Promise((resolve) => {
    const off = bus.subscribe('session_ended', (event) => {
      if (event.userId !== userId) return;
      off();
      resolve(event);
    });
  });
}

const ended = (userId: number): SessionEnded => ({ userId, reason: 'logout' });
const quote = (code: string): QuoteEvent => ({
  code,
  marketStatus: 1,
  quotation: {
    Id: 1,
    ForexId: 1,
    Open: 1.1,
    High: 1.1,
    Low: 1.1,
    Close: 1.1,
    Bid: 1.1,
    Ask: 1.1001,
    Change: 0,
    Volume: 1,
    Amount: 0,
    NowTime: 0,
  },
});
const LAST = 1_000_000;

const cases: [string, ClusterFactory, boolean][] = [
  ['in-process event bus', inProcessCluster, true],
  ['Redis event bus', redisCluster, Boolean(testRedisUrl)],
];

for (const [name, makeCluster, available] of cases) {
  describe.skipIf(!available)(`${name} (contract)`, () => {
    let cluster: Cluster | undefined;
    const start = async (nodeCount: number) => (cluster = await makeCluster(nodeCount));
    afterEach(async () => {
      await cluster?.close();
      cluster = undefined;
    });

    it('delivers an event published on one node to every subscriber on every node, the publisher’s own included, once each', async () => {
      const {
        nodes: [a, b],
      } = await start(2);
      const heardOnA: number[] = [];
      const heardOnB1: number[] = [];
      const heardOnB2: number[] = [];
      a!.subscribe('session_ended', (event) => heardOnA.push(event.userId));
      b!.subscribe('session_ended', (event) => heardOnB1.push(event.userId));
      b!.subscribe('session_ended', (event) => heardOnB2.push(event.userId));
      const lastOnA = arrival(a!, LAST);
      const lastOnB = arrival(b!, LAST);
      a!.publish('session_ended', ended(7));
      a!.publish('session_ended', ended(LAST));
      await Promise.all([lastOnA, lastOnB]);
      // B answers only after it heard A's events, so A hears the answer after any echo of its own.
      const answerOnA = arrival(a!, LAST + 1);
      b!.publish('session_ended', ended(LAST + 1));
      await answerOnA;
      expect(heardOnA).toEqual([7, LAST, LAST + 1]);
      expect(heardOnB1).toEqual([7, LAST, LAST + 1]);
      expect(heardOnB2).toEqual([7, LAST, LAST + 1]);
    });

    it('keeps each node’s events in the order it published them, on every node', async () => {
      const {
        nodes: [a, b, c],
      } = await start(3);
      const fromA: number[] = [];
      const fromB: number[] = [];
      c!.subscribe('session_ended', (event) => {
        if (event.reason === 'logout') fromA.push(event.userId);
        else fromB.push(event.userId);
      });
      const lastFromA = arrival(c!, LAST);
      const lastFromB = arrival(c!, LAST + 1);
      for (let i = 0; i < 300; i++) {
        a!.publish('session_ended', { userId: i, reason: 'logout' });
        b!.publish('session_ended', { userId: i, reason: 'expired' });
      }
      a!.publish('session_ended', { userId: LAST, reason: 'logout' });
      b!.publish('session_ended', { userId: LAST + 1, reason: 'expired' });
      await Promise.all([lastFromA, lastFromB]);
      const sequence = Array.from({ length: 300 }, (_, i) => i);
      expect(fromA).toEqual([...sequence, LAST]);
      expect(fromB).toEqual([...sequence, LAST + 1]);
    });

    it('delivers a node-local event (a quote) at once to the publishing node’s subscribers and to no other node', async () => {
      const {
        nodes: [a, b],
      } = await start(2);
      const heardOnA: string[] = [];
      const heardOnB: string[] = [];
      a!.subscribe('quote', (event) => heardOnA.push(event.code));
      if (b !== a) b!.subscribe('quote', (event) => heardOnB.push(event.code));
      a!.publish('quote', quote('EURUSD'));
      expect(heardOnA).toEqual(['EURUSD']);
      // A's later event reached B, so the quote would have too, had it crossed.
      const last = arrival(b!, LAST);
      a!.publish('session_ended', ended(LAST));
      await last;
      expect(heardOnB).toEqual([]);
      expect(heardOnA).toEqual(['EURUSD']);
    });

    it('delivers only the subscribed type, and nothing after the subscription stops', async () => {
      const {
        nodes: [a, b],
      } = await start(2);
      const heard: number[] = [];
      const users: number[] = [];
      const off = b!.subscribe('session_ended', (event) => heard.push(event.userId));
      b!.subscribe('user_changed', (event) => users.push(event.userId));
      const first = arrival(b!, 1);
      a!.publish('session_ended', ended(1));
      await first;
      off();
      const last = arrival(b!, LAST);
      a!.publish('user_changed', { userId: 5 });
      a!.publish('session_ended', ended(2));
      a!.publish('session_ended', ended(LAST));
      await last;
      expect(heard).toEqual([1]);
      expect(users).toEqual([5]);
    });

    it('hands every node an equal copy of a nested event', async () => {
      const {
        nodes: [a, b],
      } = await start(2);
      const change: AppEvents['settings_changed'] = {
        keys: ['spread', 'names'],
        values: { spread: '12', names: '{"en":"Gold","hk":"黃金"}' },
      };
      const heard = new Promise<AppEvents['settings_changed']>((resolve) =>
        b!.subscribe('settings_changed', resolve),
      );
      a!.publish('settings_changed', change);
      expect(await heard).toEqual(change);
    });

    it('reports a subscriber that throws and still runs the others', async () => {
      const started = await start(2);
      const [a, b] = started.nodes;
      b!.subscribe('session_ended', () => {
        throw new Error('broken listener');
      });
      const heard: number[] = [];
      b!.subscribe('session_ended', (event) => heard.push(event.userId));
      const last = arrival(b!, LAST);
      expect(() => a!.publish('session_ended', ended(3))).not.toThrow();
      a!.publish('session_ended', ended(LAST));
      await last;
      expect(heard).toEqual([3, LAST]);
      // The thrower failed on both events, once each.
      expect(started.reported).toHaveLength(2);
    });
  });
}

describe('Redis event wire format', () => {
  it('writes a bigint as its decimal text, so no node ever meets a number it cannot read', () => {
    const text = encodeEvent('node-1', 'user_changed', { userId: 4, amount: 12345678901234567890n });
    expect(JSON.parse(text)).toEqual({
      n: 'node-1',
      t: 'user_changed',
      e: { userId: 4, amount: '12345678901234567890' },
    });
  });
});

describe.skipIf(!testRedisUrl)('Redis event bus (its own cases)', () => {
  it('hears the other nodes again after its connection to Redis was cut', async () => {
    const keyPrefix = uniqueKeyPrefix();
    const [publisher, subscriber, otherPublisher, otherSubscriber, raw] = Array.from(
      { length: 5 },
      testRedis,
    );
    // Asked before the connection starts listening, when it can still answer commands.
    const subscriberId = await subscriber!.client('ID');
    const fail = (error: unknown) => {
      throw error;
    };
    const bus = createRedisEventBus({
      publisher: publisher!,
      subscriber: subscriber!,
      keyPrefix,
      reportError: fail,
    });
    const other = createRedisEventBus({
      publisher: otherPublisher!,
      subscriber: otherSubscriber!,
      keyPrefix,
      reportError: fail,
    });
    await Promise.all([bus.ready(), other.ready()]);
    const channel = `${keyPrefix}events`;
    const listeners = async () => ((await raw!.pubsub('NUMSUB', channel)) as [string, number])[1];
    expect(await listeners()).toBe(2);
    await raw!.client('KILL', 'ID', String(subscriberId));
    // ioredis connects again and subscribes again by itself.
    await vi.waitFor(async () => expect(await listeners()).toBe(2), { timeout: 10_000, interval: 20 });
    const heard = arrival(bus, 11);
    other.publish('session_ended', ended(11));
    expect(await heard).toEqual(ended(11));
    await Promise.all([bus.close(), other.close()]);
    await Promise.all([publisher, subscriber, otherPublisher, otherSubscriber, raw].map((c) => c!.quit()));
  });

  it('drops a node-local event that reaches it from Redis (a node of an older release)', async () => {
    const keyPrefix = uniqueKeyPrefix();
    const [publisher, subscriber, raw] = [testRedis(), testRedis(), testRedis()];
    const bus = createRedisEventBus({
      publisher,
      subscriber,
      keyPrefix,
      reportError: (error) => {
        throw error;
      },
    });
    await bus.ready();
    const quotes: string[] = [];
    bus.subscribe('quote', (event) => quotes.push(event.code));
    const heard = arrival(bus, 12);
    await raw.publish(`${keyPrefix}events`, encodeEvent('another-node', 'quote', quote('XAUUSD')));
    await raw.publish(`${keyPrefix}events`, encodeEvent('another-node', 'session_ended', ended(12)));
    await heard;
    expect(quotes).toEqual([]);
    await bus.close();
    await Promise.all([publisher.quit(), subscriber.quit(), raw.quit()]);
  });

  it('reports a message it cannot read on its channel and goes on with the next', async () => {
    const keyPrefix = uniqueKeyPrefix();
    const [publisher, subscriber, raw] = [testRedis(), testRedis(), testRedis()];
    const reported: unknown[] = [];
    const bus = createRedisEventBus({
      publisher,
      subscriber,
      keyPrefix,
      reportError: (e) => reported.push(e),
    });
    await bus.ready();
    const heard = arrival(bus, 9);
    await raw.publish(`${keyPrefix}events`, 'not json');
    await raw.publish(`${keyPrefix}events`, encodeEvent('another-node', 'session_ended', ended(9)));
    expect(await heard).toEqual(ended(9));
    expect(reported).toHaveLength(1);
    await bus.close();
    await Promise.all([publisher.quit(), subscriber.quit(), raw.quit()]);
  });
});
