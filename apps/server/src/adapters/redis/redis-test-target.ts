/**
 * For tests: the Redis named by TEST_REDIS_URL, with a key prefix of its own per test run, so runs
 * in parallel never meet, and a clean-up that removes what the run left. Without TEST_REDIS_URL the
 * Redis cases are skipped and say so loudly.
 */
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';

export const testRedisUrl = process.env.TEST_REDIS_URL;

if (!testRedisUrl) {
  const banner = '!'.repeat(78);
  console.warn(
    `\n${banner}\n  REDIS CASES SKIPPED: TEST_REDIS_URL is not set (npm run test:redis sets it)\n${banner}\n`,
  );
}

export function uniqueKeyPrefix(): string {
  return `omp-test:${randomBytes(6).toString('hex')}:`;
}

/** A plain connection for a test: no retries, so a missing Redis fails the test at once. */
export function testRedis(): Redis {
  if (!testRedisUrl) throw new Error('TEST_REDIS_URL is not set');
  return new Redis(testRedisUrl, { maxRetriesPerRequest: 1 });
}

/** Deletes every key under `prefix`. */
export async function deleteKeys(redis: Redis, prefix: string): Promise<void> {
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
    if (keys.length > 0) await redis.del(...keys);
    cursor = next;
  } while (cursor !== '0');
}
