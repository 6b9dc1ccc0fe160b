/**
 * The port behind every limit that must hold per user across the whole installation, not per
 * process: `rateLimits.limiter('orders', { ratePerSecond, burst })` hands out a token bucket per
 * key. On one node the buckets live in memory (token-buckets.ts); on a cluster (REDIS_URL) they
 * live in Redis, so one user's limit is one limit whichever node a call reaches
 * (adapters/redis/redis-rate-limits.ts). Both pass the same contract suite.
 *
 * Time comes from the caller's clock (`now`), so tests can move it; on a cluster the nodes' clocks
 * are kept in step by NTP and a bucket never runs backwards when one node's clock lags.
 */
import { TokenBuckets } from './token-buckets.ts';

export interface RateLimitOptions {
  ratePerSecond: number;
  burst: number;
}

export interface RateLimiter {
  /**
   * Spends one token of `key`. Resolves to 0 when the call may go ahead, otherwise to how many
   * milliseconds until a token is available (nothing is spent then).
   */
  take(key: string): Promise<number>;
}

export interface RateLimits {
  /** The buckets of one kind of call; `name` keeps different kinds apart. */
  limiter(name: string, options: RateLimitOptions): RateLimiter;
}

export function checkRateLimitOptions({ ratePerSecond, burst }: RateLimitOptions): void {
  if (!(ratePerSecond > 0) || !(burst >= 1)) {
    throw new RangeError('ratePerSecond must be positive and burst at least 1');
  }
}

/** One process: buckets in memory, one set per name, so a second `limiter('orders')` shares them. */
export function inMemoryRateLimits(now: () => number): RateLimits {
  const byName = new Map<string, TokenBuckets<string>>();
  return {
    limiter(name, options) {
      checkRateLimitOptions(options);
      let buckets = byName.get(name);
      if (!buckets) byName.set(name, (buckets = new TokenBuckets<string>({ ...options, now })));
      const shared = buckets;
      return { take: (key) => Promise.resolve(shared.take(key)) };
    },
  };
}
