import { describe, expect, it } from 'vitest';
import { CrossNodeError, openCrossNode, redactedRedisUrl } from './cross-node.ts';
import { deleteKeys, testRedis, testRedisUrl, uniqueKeyPrefix } from './redis-test-target.ts';

const quiet = { warn: () => undefined, info: () => undefined };
const options = (redisUrl: string | undefined, keyPrefix = 'omp-test:') => ({
  redisUrl,
  keyPrefix,
  now: () => 0,
  log: quiet,
  reportEventError: (error: unknown) => {
    throw error;
  },
});

describe('what crosses nodes, chosen at start', () => {
  it('stays in the process without REDIS_URL', async () => {
    const crossNode = await openCrossNode(options(undefined));
    expect(crossNode.kind).toBe('in-process');
    const heard: number[] = [];
    crossNode.events.subscribe('user_changed', (event) => heard.push(event.userId));
    crossNode.events.publish('user_changed', { userId: 3 });
    expect(heard).toEqual([3]);
    await expect(crossNode.ping()).resolves.toBeUndefined();
    await crossNode.close();
  });

  it('refuses to start when Redis does not answer, naming it without its password', async () => {
    const opening = openCrossNode(options('redis://:s3cret@127.0.0.1:1'));
    await expect(opening).rejects.toThrow(CrossNodeError);
    await expect(opening).rejects.toThrow(/^Redis at redis:\/\/:\*\*\*@127\.0\.0\.1:1 did not answer/);
    expect(redactedRedisUrl('rediss://user:pw@cache.example.com:6380/2')).toBe(
      'rediss://user:***@cache.example.com:6380/2',
    );
  });

  it.skipIf(!testRedisUrl)(
    'goes through Redis with REDIS_URL, answers the readiness probe, and closes its connections on stop',
    async () => {
      const keyPrefix = uniqueKeyPrefix();
      const crossNode = await openCrossNode(options(testRedisUrl, keyPrefix));
      expect(crossNode.kind).toBe('redis');
      const observer = testRedis();
      expect(await observer.pubsub('NUMSUB', `${keyPrefix}events`)).toEqual([`${keyPrefix}events`, 1]);
      expect(await crossNode.rateLimits.limiter('orders', { ratePerSecond: 1, burst: 1 }).take('u')).toBe(0);
      expect(await observer.exists(`${keyPrefix}rate:orders:u`)).toBe(1);
      await expect(crossNode.ping()).resolves.toBeUndefined();
      await crossNode.close();
      // Readiness fails once the node no longer hears the others.
      await expect(crossNode.ping()).rejects.toThrow();
      expect(await observer.pubsub('NUMSUB', `${keyPrefix}events`)).toEqual([`${keyPrefix}events`, 0]);
      await deleteKeys(observer, keyPrefix);
      await observer.quit();
    },
  );
});
