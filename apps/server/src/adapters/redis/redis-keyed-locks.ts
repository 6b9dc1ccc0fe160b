/**
 * Keyed locks in Redis (services/keyed-locks.ts is the port), one lock shared by every node:
 *
 * - taking it is `SET <prefix>lock:<key> <random token> NX PX <ttl>`; while taken, the caller
 *   tries again after a short, growing, jittered pause, until the wait bound, then is refused as
 *   rate limited;
 * - callers on the same node queue in memory first, so only one of them at a time asks Redis and a
 *   flood on one node does not become a flood of SETs;
 * - the holder renews the expiry while its work runs, so a slow holder keeps the lock and a holder
 *   that died (its process gone, its connection cut) loses it within one ttl;
 * - releasing deletes the key only when it still holds the holder's token (one Lua script), so a
 *   holder whose lock expired never releases the next holder's.
 *
 * When Redis does not answer, the lock is refused (locksUnavailable): the limits these locks guard
 * bound what an attacker can make us send or store, and must not fall open while Redis is away.
 */
import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import {
  InProcessKeyedLocks,
  LOCK_WAIT_MS,
  lockBusy,
  locksUnavailable,
  type KeyedLocks,
} from '../../services/keyed-locks.ts';

/** KEYS[1] the lock, ARGV[1] the holder's token: deletes it only if it is still the holder's. */
const RELEASE_SCRIPT = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
`;

/** KEYS[1] the lock, ARGV[1] the holder's token, ARGV[2] the ttl: renews only the holder's lock. */
const RENEW_SCRIPT = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return 0
`;

type WithLockScripts = Redis & {
  keyedLockRelease(lock: string, token: string): Promise<number>;
  keyedLockRenew(lock: string, token: string, ttlMs: number): Promise<number>;
};

/** Long enough for any count-and-insert, renewed while the work runs anyway. */
export const LOCK_TTL_MS = 10_000;
const FIRST_RETRY_MS = 5;
const LONGEST_RETRY_MS = 100;

export interface RedisKeyedLocksOptions {
  redis: Redis;
  /** Prefix of every key, so installations (or test runs) sharing one Redis stay apart. */
  keyPrefix: string;
  /** Told when Redis does not answer, or a holder found its lock gone before it finished. */
  reportError: (error: unknown) => void;
  ttlMs?: number;
  waitMs?: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function redisKeyedLocks(options: RedisKeyedLocksOptions): KeyedLocks {
  const { redis, keyPrefix, reportError } = options;
  const ttlMs = options.ttlMs ?? LOCK_TTL_MS;
  const waitMs = options.waitMs ?? LOCK_WAIT_MS;
  // EVALSHA with the scripts' hashes, loading them again by itself after a Redis restart.
  if (!('keyedLockRelease' in redis)) {
    redis.defineCommand('keyedLockRelease', { numberOfKeys: 1, lua: RELEASE_SCRIPT });
    redis.defineCommand('keyedLockRenew', { numberOfKeys: 1, lua: RENEW_SCRIPT });
  }
  const commands = redis as WithLockScripts;
  const local = new InProcessKeyedLocks({ waitMs });

  /** Takes the Redis lock before `deadline` (performance.now() ms) or refuses. */
  async function take(lock: string, token: string, deadline: number): Promise<void> {
    for (let pause = FIRST_RETRY_MS; ; pause = Math.min(pause * 2, LONGEST_RETRY_MS)) {
      let taken: string | null;
      try {
        taken = await redis.set(lock, token, 'PX', ttlMs, 'NX');
      } catch (error) {
        reportError(error);
        throw locksUnavailable();
      }
      if (taken === 'OK') return;
      const left = deadline - performance.now();
      if (left <= 0) throw lockBusy();
      // Jitter keeps the nodes waiting for one key from asking in step.
      await sleep(Math.min(left, pause * (0.5 + Math.random())));
    }
  }

  /** Keeps the lock alive while the work runs; a lock found gone is reported, not hidden. */
  function keepAlive(lock: string, token: string): () => void {
    const timer = setInterval(() => {
      commands.keyedLockRenew(lock, token, ttlMs).then((renewed) => {
        if (Number(renewed) === 0) reportError(new Error(`lock ${lock} expired while held`));
      }, reportError);
    }, ttlMs / 3);
    timer.unref();
    return () => clearInterval(timer);
  }

  return {
    async withLock(key, work) {
      // Real time, not the installation's clock: tests freeze that one.
      const deadline = performance.now() + waitMs;
      const releaseLocal = await local.acquire(key, waitMs);
      try {
        const lock = `${keyPrefix}lock:${key}`;
        const token = randomBytes(16).toString('hex');
        await take(lock, token, deadline);
        const stopRenewing = keepAlive(lock, token);
        try {
          return await work();
        } finally {
          stopRenewing();
          // Not released (Redis away): it expires within one ttl by itself.
          await commands.keyedLockRelease(lock, token).catch(reportError);
        }
      } finally {
        releaseLocal();
      }
    },
  };
}
