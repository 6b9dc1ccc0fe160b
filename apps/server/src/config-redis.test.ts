import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('the Redis that carries what crosses nodes', () => {
  it('is unset by default and when empty, so a single node needs nothing else', () => {
    expect(loadConfig({})).toMatchObject({ redisUrl: undefined, redisKeyPrefix: 'omp:' });
    expect(loadConfig({ REDIS_URL: ' ' }).redisUrl).toBeUndefined();
  });

  it('takes a redis:// or rediss:// URL and a key prefix of its own', () => {
    expect(
      loadConfig({ REDIS_URL: 'redis://cache.internal:6379/2', REDIS_KEY_PREFIX: 'broker-a:' }),
    ).toMatchObject({
      redisUrl: 'redis://cache.internal:6379/2',
      redisKeyPrefix: 'broker-a:',
    });
    expect(loadConfig({ REDIS_URL: 'rediss://:secret@cache.example.com:6380' }).redisUrl).toBe(
      'rediss://:secret@cache.example.com:6380',
    );
  });

  it('refuses anything else with a message naming the variable', () => {
    expect(() => loadConfig({ REDIS_URL: 'cache.internal:6379' })).toThrow(ConfigError);
    expect(() => loadConfig({ REDIS_URL: 'http://cache.internal' })).toThrow(
      'REDIS_URL: must be a redis:// or rediss:// URL',
    );
  });
});
