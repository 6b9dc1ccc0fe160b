import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('configuration from the environment', () => {
  it('has working defaults for the embedded setup', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      feed: 'simulated',
      databaseUrl: undefined,
      ingestSecret: undefined,
    });
    expect(config.dataDir.endsWith('data')).toBe(true);
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', INGEST_SECRET: ' ' })).toMatchObject({
      databaseUrl: undefined,
      ingestSecret: undefined,
    });
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL: must be a postgres:// or postgresql:// URL'],
    [{ FEED: 'random' }, 'FEED'],
    [{ INGEST_SECRET: 'short' }, 'INGEST_SECRET: must be at least 16 characters'],
    [{ DESKTOP_SITE_URL: 'pc.example.com' }, 'DESKTOP_SITE_URL: must be an http(s) URL'],
    [{ ALLOWED_ORIGINS: 'https://m.example.com/app' }, 'ALLOWED_ORIGINS: must be a comma-separated list'],
    [{ ALLOWED_ORIGINS: 'm.example.com' }, 'ALLOWED_ORIGINS'],
  ])('refuses %j with a message naming the variable', (env, expected) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(expected);
  });
});

describe('the test-only captcha answer', () => {
  it('is accepted outside production and refused in production', () => {
    expect(loadConfig({ CAPTCHA_TEST_ANSWER: 'ab12' }).captchaTestAnswer).toBe('ab12');
    expect(() => loadConfig({ CAPTCHA_TEST_ANSWER: 'ab12', NODE_ENV: 'production' })).toThrow(
      'CAPTCHA_TEST_ANSWER: must not be set in production',
    );
  });
});

describe('origins allowed to open the socket', () => {
  it('are none beyond the same host by default, and a trimmed list of origins when set', () => {
    expect(loadConfig({}).allowedOrigins).toEqual([]);
    expect(
      loadConfig({ ALLOWED_ORIGINS: ' https://M.Example.com , http://localhost:5173/' }).allowedOrigins,
    ).toEqual(['https://m.example.com', 'http://localhost:5173']);
  });
});
