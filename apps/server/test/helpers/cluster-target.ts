/**
 * What the in-process cluster suites share: where they run (the PostgreSQL of TEST_DATABASE_URL and
 * the Redis of TEST_REDIS_URL; without either a suite is skipped and says so loudly), another node
 * on the first one's schema and clock, the cleanup of a suite's Redis keys, and a bounded wait.
 */
import { startRuntime, type Runtime } from '../../src/runtime.ts';
import { deleteKeys, testRedis, testRedisUrl } from '../../src/adapters/redis/redis-test-target.ts';
import { testPasswords, type TestRuntime } from './test-runtime.ts';

export { testRedisUrl, uniqueKeyPrefix } from '../../src/adapters/redis/redis-test-target.ts';

export const clusterDatabaseUrl = process.env.TEST_DATABASE_URL;

/** True when the suite `what` cannot run here; it is then skipped with a warning naming it. */
export function clusterUnavailable(what: string): boolean {
  if (!clusterDatabaseUrl) console.warn(`\n!!! ${what} SKIPPED: TEST_DATABASE_URL is not set !!!\n`);
  return !testRedisUrl || !clusterDatabaseUrl;
}

/** Another node of `first`'s cluster: its configuration, clock, PostgreSQL schema and passwords. */
export function startAnotherNode(first: TestRuntime, config = first.config): Promise<Runtime> {
  return startRuntime(config, {
    now: first.clock.now,
    databaseSchema: first.schema!,
    passwords: testPasswords,
    timedHousekeeping: false,
  });
}

/** `runtime` seen with the test helpers of `first` (its clock, configuration and schema). */
export const asTestNode = (first: TestRuntime, runtime: Runtime): TestRuntime => ({ ...first, ...runtime });

/** Removes every Redis key of a suite's prefix. */
export async function forgetRedisKeys(keyPrefix: string): Promise<void> {
  const redis = testRedis();
  await deleteKeys(redis, keyPrefix);
  await redis.quit();
}

/** Polls until `check` holds or `withinMs` passes; answers how long it took. */
export async function waitUntil(check: () => boolean, withinMs: number): Promise<number> {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > withinMs) throw new Error(`not within ${withinMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return Date.now() - started;
}
