/**
 * What crosses nodes, chosen once at start: with REDIS_URL, the event bus, the rate limits and the
 * keyed locks of the counted limits go through Redis (two connections: one for commands and
 * publishing, one that only listens); without it, all stay in this process exactly as on a single
 * node, and nothing else runs.
 */
import { createInProcessEventBus, type EventBus } from '../../events/event-bus.ts';
import { inMemoryRateLimits, type RateLimits } from '../../http/rate-limits.ts';
import { InProcessKeyedLocks, type KeyedLocks } from '../../services/keyed-locks.ts';
import { closeRedis, connectRedis } from './redis-connection.ts';
import { createRedisEventBus } from './redis-event-bus.ts';
import { redisKeyedLocks } from './redis-keyed-locks.ts';
import { redisRateLimits } from './redis-rate-limits.ts';

/** Redis did not answer when the node started: it refuses to run without what crosses nodes. */
export class CrossNodeError extends Error {}

/** The URL without its password, fit for a log line. */
export function redactedRedisUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'REDIS_URL';
  }
}

export interface CrossNode {
  events: EventBus;
  rateLimits: RateLimits;
  /** Held around each counted limit's check and insert (uploads, codes, failed logins). */
  locks: KeyedLocks;
  /** `redis` when shared with other nodes, `in-process` on a single node. */
  kind: 'redis' | 'in-process';
  /** Stops listening and closes the connections (nothing on a single node). */
  close(): Promise<void>;
  /**
   * Resolves when what crosses nodes flows: the listening connection is up and Redis answers a
   * PING (readiness, `redis`). Always on a single node.
   */
  ping(): Promise<void>;
}

export interface CrossNodeLog {
  warn(message: string): void;
  info(message: string): void;
}

export interface CrossNodeOptions {
  redisUrl: string | undefined;
  keyPrefix: string;
  now: () => number;
  log: CrossNodeLog;
  reportEventError: (error: unknown, type: string) => void;
}

export async function openCrossNode(options: CrossNodeOptions): Promise<CrossNode> {
  const { redisUrl, keyPrefix, now, log, reportEventError } = options;
  if (!redisUrl) {
    return {
      events: createInProcessEventBus(reportEventError),
      rateLimits: inMemoryRateLimits(now),
      locks: new InProcessKeyedLocks(),
      kind: 'in-process',
      close: async () => undefined,
      ping: async () => undefined,
    };
  }
  const commands = connectRedis({ url: redisUrl, purpose: 'commands', log });
  const subscriber = connectRedis({ url: redisUrl, purpose: 'event subscriber', log });
  const events = createRedisEventBus({
    publisher: commands,
    subscriber,
    keyPrefix,
    reportError: reportEventError,
  });
  try {
    // A node starts serving only once it hears the other nodes' events.
    await events.ready();
  } catch (error) {
    await Promise.all([closeRedis(commands), closeRedis(subscriber)]);
    const reason = error instanceof Error ? error.message : String(error);
    throw new CrossNodeError(`Redis at ${redactedRedisUrl(redisUrl)} did not answer: ${reason}`, {
      cause: error,
    });
  }
  return {
    events,
    rateLimits: redisRateLimits({
      redis: commands,
      keyPrefix,
      now,
      reportError: (error) => log.warn(`rate limit not checked, Redis did not answer: ${String(error)}`),
    }),
    // Fails closed: while Redis is away, codes are not sent and uploads not taken (logged here).
    locks: redisKeyedLocks({
      redis: commands,
      keyPrefix,
      reportError: (error) => log.warn(`keyed lock in Redis: ${String(error)}`),
    }),
    kind: 'redis',
    async ping() {
      // Down, the subscriber would miss other nodes' events while commands still seemed to work.
      if (subscriber.status !== 'ready') throw new Error(`event subscriber ${subscriber.status}`);
      await commands.ping();
    },
    async close() {
      await events.close();
      await Promise.all([closeRedis(subscriber), closeRedis(commands)]);
    },
  };
}
