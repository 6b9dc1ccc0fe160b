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

  it('keeps idempotency answers a week, the message log 90 days, ended sessions a year and 100,000 periods of each chart, and prunes hourly, unless told', () => {
    expect(loadConfig({})).toMatchObject({
      idempotencyRetentionMs: 7 * 86_400_000,
      messageLogRetentionMs: 90 * 86_400_000,
      sessionHistoryRetentionMs: 365 * 86_400_000,
      klineRetentionBars: 100_000,
      housekeepingEveryMs: 3_600_000,
    });
    expect(
      loadConfig({
        IDEMPOTENCY_RETENTION_DAYS: '2',
        MESSAGE_LOG_RETENTION_DAYS: '30',
        SESSION_HISTORY_RETENTION_DAYS: '730',
        KLINE_RETENTION_BARS: '20000',
        HOUSEKEEPING_EVERY_MS: '60000',
      }),
    ).toMatchObject({
      idempotencyRetentionMs: 2 * 86_400_000,
      messageLogRetentionMs: 30 * 86_400_000,
      sessionHistoryRetentionMs: 730 * 86_400_000,
      klineRetentionBars: 20_000,
      housekeepingEveryMs: 60_000,
    });
  });

  it('gives every node every role unless a cluster node is pinned to some', () => {
    expect([...loadConfig({}).roles].sort()).toEqual(['api', 'book', 'feed']);
    const pinned = loadConfig({
      ROLE: 'book, feed',
      DATABASE_URL: 'postgres://db/x',
      REDIS_URL: 'redis://r',
    });
    expect([...pinned.roles].sort()).toEqual(['book', 'feed']);
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
    [{ DATABASE_SCHEMA: 'x"; drop' }, 'DATABASE_SCHEMA: must be a lower-case PostgreSQL identifier'],
    [{ DATABASE_SCHEMA: 'Upper' }, 'DATABASE_SCHEMA: must be a lower-case PostgreSQL identifier'],
    [
      { TRUST_PROXY: '10.0.0.1, example.com' },
      'TRUST_PROXY: must be a comma list of proxy addresses or CIDR ranges',
    ],
    [{ ROLE: 'api,broker' }, 'ROLE: must be all, or a comma list of api, book, feed'],
    [{ ROLE: 'api' }, 'ROLE: needs DATABASE_URL and REDIS_URL'],
    [{ FEED: 'random' }, 'FEED'],
    [
      { SEED_OPEN_ALL_WEEK: 'EURUSD,EURUSX' },
      'SEED_OPEN_ALL_WEEK: must be a comma list of seeded instrument codes',
    ],
    [{ INGEST_SECRET: 'short' }, 'INGEST_SECRET: must be at least 16 characters'],
    [{ DESKTOP_SITE_URL: 'pc.example.com' }, 'DESKTOP_SITE_URL: must be an http(s) URL'],
    [{ ALLOWED_ORIGINS: 'https://m.example.com/app' }, 'ALLOWED_ORIGINS: must be a comma-separated list'],
    [{ ALLOWED_ORIGINS: 'm.example.com' }, 'ALLOWED_ORIGINS'],
    [{ IDEMPOTENCY_RETENTION_DAYS: '0' }, 'IDEMPOTENCY_RETENTION_DAYS'],
    [{ MESSAGE_LOG_RETENTION_DAYS: 'forever' }, 'MESSAGE_LOG_RETENTION_DAYS'],
    [{ SESSION_HISTORY_RETENTION_DAYS: '4000' }, 'SESSION_HISTORY_RETENTION_DAYS'],
    [{ KLINE_RETENTION_BARS: '999' }, 'KLINE_RETENTION_BARS'],
    [{ HOUSEKEEPING_EVERY_MS: '10' }, 'HOUSEKEEPING_EVERY_MS'],
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

describe('where uploaded images are kept', () => {
  const pg = 'postgres://app@db.internal/omp';
  const bucket = { S3_BUCKET: 'omp-uploads' };

  it('is the local folder on SQLite and on a single PostgreSQL node, as it always was', () => {
    expect(loadConfig({}).uploadStorage).toEqual({ kind: 'local' });
    expect(loadConfig({ DATABASE_URL: pg }).uploadStorage).toEqual({ kind: 'local' });
  });

  it('is the database on a cluster without object storage, and the bucket once one is configured', () => {
    expect(loadConfig({ DATABASE_URL: pg, REDIS_URL: 'redis://cache:6379' }).uploadStorage).toEqual({
      kind: 'database',
    });
    expect(
      loadConfig({ DATABASE_URL: pg, REDIS_URL: 'redis://cache:6379', ...bucket }).uploadStorage,
    ).toEqual({
      kind: 's3',
      s3: {
        bucket: 'omp-uploads',
        endpoint: undefined,
        region: 'us-east-1',
        credentials: undefined,
        forcePathStyle: false,
      },
    });
  });

  it('follows UPLOAD_STORAGE when it is set, whatever else is', () => {
    expect(loadConfig({ UPLOAD_STORAGE: 'database' }).uploadStorage).toEqual({ kind: 'database' });
    expect(
      loadConfig({ UPLOAD_STORAGE: 'local', REDIS_URL: 'redis://c', DATABASE_URL: pg, ...bucket })
        .uploadStorage,
    ).toEqual({ kind: 'local' });
  });

  it('reads a MinIO-style S3 configuration', () => {
    const config = loadConfig({
      UPLOAD_STORAGE: 's3',
      S3_BUCKET: 'uploads',
      S3_ENDPOINT: 'http://minio.internal:9000/',
      S3_REGION: 'eu-central-1',
      S3_ACCESS_KEY_ID: 'omp',
      S3_SECRET_ACCESS_KEY: 'a-long-secret',
      S3_FORCE_PATH_STYLE: 'true',
    });
    expect(config.uploadStorage).toEqual({
      kind: 's3',
      s3: {
        bucket: 'uploads',
        endpoint: 'http://minio.internal:9000',
        region: 'eu-central-1',
        credentials: { accessKeyId: 'omp', secretAccessKey: 'a-long-secret' },
        forcePathStyle: true,
      },
    });
  });

  it.each([
    [{ UPLOAD_STORAGE: 'disk' }, 'UPLOAD_STORAGE'],
    [{ UPLOAD_STORAGE: 's3' }, 'S3_BUCKET: must be set when UPLOAD_STORAGE is s3'],
    [{ S3_BUCKET: 'Uploads_2026' }, 'S3_BUCKET: must be a bucket name'],
    [{ ...bucket, S3_ENDPOINT: 'minio:9000' }, 'S3_ENDPOINT: must be an http(s) URL'],
    [{ ...bucket, S3_ENDPOINT: 'https://s3.example.com/uploads' }, 'S3_ENDPOINT: must be an http(s) URL'],
    [{ ...bucket, S3_ACCESS_KEY_ID: 'omp' }, 'S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both or neither'],
    [{ ...bucket, S3_FORCE_PATH_STYLE: 'yes' }, 'S3_FORCE_PATH_STYLE'],
  ])('refuses %j with a message naming the variable', (env, expected) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(expected);
  });
});
