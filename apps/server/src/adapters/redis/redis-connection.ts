/**
 * Connections to the Redis that carries what crosses nodes (REDIS_URL). ioredis reconnects by
 * itself; this only decides how patiently, and logs each failure once per outage instead of once per
 * attempt, so a Redis restart shows as two lines (lost, back) rather than a flood.
 */
import { Redis } from 'ioredis';

export interface RedisConnectionOptions {
  url: string;
  /** What the connection is for, in log lines: `events`, `event subscriber`, `counters`. */
  purpose: string;
  log: { warn(message: string): void; info(message: string): void };
}

/** Waits between reconnection attempts: 50 ms, 100 ms, … up to 2 s, and never gives up. */
export const reconnectDelayMs = (attempt: number) => Math.min(attempt * 50, 2000);

export function connectRedis({ url, purpose, log }: RedisConnectionOptions): Redis {
  const redis = new Redis(url, {
    retryStrategy: reconnectDelayMs,
    // A command issued while Redis is away waits for the reconnection instead of failing at once;
    // after this many reconnection attempts it fails, so a caller is never held for long.
    maxRetriesPerRequest: 3,
    connectionName: `omp:${purpose.replaceAll(' ', '-')}`,
  });
  let down = false;
  redis.on('error', (error: Error) => {
    if (down) return;
    down = true;
    log.warn(`redis (${purpose}) unreachable, retrying: ${error.message}`);
  });
  redis.on('ready', () => {
    if (!down) return;
    down = false;
    log.info(`redis (${purpose}) connected again`);
  });
  return redis;
}

/** Closes a connection after what it has queued is sent; a dead connection is dropped at once. */
export async function closeRedis(redis: Redis): Promise<void> {
  if (redis.status === 'end') return;
  try {
    await redis.quit();
  } catch {
    redis.disconnect();
  }
}
