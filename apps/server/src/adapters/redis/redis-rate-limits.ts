/**
 * Token buckets in Redis (http/rate-limits.ts is the port): one bucket per key, shared by every
 * node, refilled and spent in one Lua script, so two nodes spending at the same moment cannot both
 * take the last token. The arithmetic is the in-memory buckets' (token-buckets.ts). A bucket left
 * idle until it is full again expires, so Redis keeps only buckets in use.
 */
import type { Redis } from 'ioredis';
import { checkRateLimitOptions, type RateLimiter, type RateLimits } from '../../http/rate-limits.ts';

/**
 * KEYS[1] the bucket; ARGV: rate per second, burst, now in ms, expiry in ms. Returns 0 when a
 * token was spent, otherwise the milliseconds until one is available. The stored time never goes
 * back, so a node whose clock lags cannot refill a bucket twice.
 */
const TAKE_SCRIPT = `
local rate = tonumber(ARGV[1])
local burst = tonumber(ARGV[2])
local now = tonumber(ARGV[3])
local state = redis.call('HMGET', KEYS[1], 'tokens', 'at')
local tokens = tonumber(state[1]) or burst
local at = tonumber(state[2]) or now
if now < at then now = at end
local refilled = math.min(burst, tokens + (now - at) * rate / 1000)
local wait = 0
if refilled < 1 then
  wait = math.ceil((1 - refilled) * 1000 / rate)
else
  refilled = refilled - 1
end
redis.call('HSET', KEYS[1], 'tokens', string.format('%.17g', refilled), 'at', string.format('%.17g', now))
redis.call('PEXPIRE', KEYS[1], ARGV[4])
return wait
`;

type WithTake = Redis & {
  rateLimitTake(key: string, rate: number, burst: number, now: number, expiryMs: number): Promise<number>;
};

export interface RedisRateLimitsOptions {
  redis: Redis;
  /** Prefix of every key, so installations (or test runs) sharing one Redis stay apart. */
  keyPrefix: string;
  now: () => number;
  /**
   * Told when Redis cannot answer; the call then goes ahead (the limit fails open), so a Redis
   * restart pauses the flood guard for its few seconds instead of stopping all trading.
   */
  reportError: (error: unknown) => void;
}

export function redisRateLimits({ redis, keyPrefix, now, reportError }: RedisRateLimitsOptions): RateLimits {
  // EVALSHA with the script's hash, loading it again by itself after a Redis restart.
  if (!('rateLimitTake' in redis)) {
    redis.defineCommand('rateLimitTake', { numberOfKeys: 1, lua: TAKE_SCRIPT });
  }
  const commands = redis as WithTake;
  return {
    limiter(name, options): RateLimiter {
      checkRateLimitOptions(options);
      const { ratePerSecond, burst } = options;
      // Idle this long, a bucket is full again: forgetting it changes nothing.
      const expiryMs = Math.ceil((burst * 1000) / ratePerSecond) + 1000;
      return {
        async take(key) {
          try {
            const bucket = `${keyPrefix}rate:${name}:${key}`;
            return Number(await commands.rateLimitTake(bucket, ratePerSecond, burst, now(), expiryMs));
          } catch (error) {
            reportError(error);
            return 0;
          }
        },
      };
    },
  };
}
