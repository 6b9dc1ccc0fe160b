/**
 * Configuration comes from environment variables only, validated once at start. A bad value stops
 * the server with a message naming the variable, rather than surfacing later as a strange failure.
 * The README lists every variable with its default; keep the two in step.
 */
import path from 'node:path';
import { z } from 'zod';
import { vapidPublicKeyOf } from './security/vapid-keys.ts';
import { webPushOf, type WebPushConfig } from './config-web-push.ts';
import { SEED_INSTRUMENTS } from './seed/instruments.ts';

const port = z.coerce.number().int().min(0).max(65535);
const positiveInt = z.coerce.number().int().positive();
const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

/** A 32-byte key given as 64 hex characters, read as its bytes; unset or empty: undefined. */
const secretsKey = (message: string) =>
  optionalText
    .refine((key) => key === undefined || /^[0-9a-fA-F]{64}$/.test(key), { message })
    .transform((key) => (key === undefined ? undefined : Buffer.from(key, 'hex')));

/** S3's rule for bucket names, which MinIO and the other S3-compatible stores share. */
const S3_BUCKET_NAME = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

/** What a cluster node may do (ROLE): serve the API and socket, own the trading book, produce prices. */
export const NODE_ROLES = ['api', 'book', 'feed'] as const;
export type NodeRole = (typeof NODE_ROLES)[number];

const configSchema = z.object({
  PORT: port.default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalText.refine((url) => url === undefined || /^postgres(ql)?:\/\//.test(url), {
    message: 'must be a postgres:// or postgresql:// URL',
  }),
  DATABASE_SCHEMA: optionalText.refine((name) => name === undefined || /^[a-z_][a-z0-9_]{0,62}$/.test(name), {
    message: 'must be a lower-case PostgreSQL identifier (letters, digits, _)',
  }),
  REDIS_URL: optionalText.refine((url) => url === undefined || /^rediss?:\/\//.test(url), {
    message: 'must be a redis:// or rediss:// URL',
  }),
  REDIS_KEY_PREFIX: z.string().trim().default('omp:'),
  ROLE: z
    .string()
    .trim()
    .default('all')
    .refine(
      (text) =>
        text === 'all' ||
        (text !== '' &&
          text.split(',').every((role) => (NODE_ROLES as readonly string[]).includes(role.trim()))),
      { message: 'must be all, or a comma list of api, book, feed' },
    ),
  FEED: z.enum(['simulated', 'none']).default('simulated'),
  FEED_SEED: z.coerce.number().int().default(42),
  FEED_INTERVAL_MS: positiveInt.default(100),
  SEED_OPEN_ALL_WEEK: z
    .string()
    .default('')
    .transform((list) =>
      list
        .split(',')
        .map((code) => code.trim().toUpperCase())
        .filter((code) => code !== ''),
    )
    .refine((codes) => codes.every((code) => SEED_INSTRUMENTS.some(({ spec }) => spec.code === code)), {
      message: 'must be a comma list of seeded instrument codes, such as EURUSD,XAUUSD',
    }),
  SEED_HISTORY: z
    .enum(['true', 'false', '1', '0', ''])
    .default('true')
    .transform((value) => value !== 'false' && value !== '0'),
  INGEST_SECRET: optionalText.refine((secret) => secret === undefined || secret.length >= 16, {
    message: 'must be at least 16 characters',
  }),
  INGEST_MAX_FUTURE_MS: z.coerce.number().int().min(0).default(5000),
  FILE_LINK_SECRET: optionalText.refine((secret) => secret === undefined || secret.length >= 32, {
    message: 'must be at least 32 characters',
  }),
  FILE_LINK_TTL_S: positiveInt.max(86_400).default(600),
  REQUEST_TIMEOUT_S: positiveInt.max(3600).default(120),
  IMAGE_TIMEOUT_S: positiveInt.max(3600).default(20),
  SECRETS_KEY: secretsKey('must be 32 bytes as 64 hex characters (openssl rand -hex 32)'),
  SECRETS_KEY_PREVIOUS: secretsKey('must be 32 bytes as 64 hex characters: the key SECRETS_KEY replaces'),
  QUOTE_PUSH_INTERVAL_MS: positiveInt.default(250),
  DESKTOP_SITE_URL: optionalText.refine((url) => url === undefined || /^https?:\/\//.test(url), {
    message: 'must be an http(s) URL',
  }),
  WEB_DIST: z.string().default('apps/web/dist'),
  ADMIN_DIST: z.string().default('apps/admin/dist'),
  SMTP_URL: optionalText.refine((url) => url === undefined || /^smtps?:\/\//.test(url), {
    message: 'must be an smtp:// or smtps:// URL',
  }),
  MAIL_FROM: z.string().default('Open Margin <no-reply@localhost>'),
  SMS_PROVIDER_URL: optionalText.refine((url) => url === undefined || /^https?:\/\//.test(url), {
    message: 'must be an http(s) URL',
  }),
  SMS_PROVIDER_TOKEN: optionalText,
  CAPTCHA_TEST_ANSWER: optionalText.refine(
    (answer) => answer === undefined || /^[a-z0-9]{4}$/i.test(answer),
    {
      message: 'must be 4 letters or digits',
    },
  ),
  ADMIN_INITIAL_PASSWORD: optionalText.refine(
    (password) =>
      password === undefined ||
      (password.length >= 8 && password.length <= 64 && /\p{L}/u.test(password) && /\d/.test(password)),
    { message: 'must be 8-64 characters with at least one letter and one digit' },
  ),
  ORDER_RATE_PER_SECOND: positiveInt.default(10),
  ORDER_BURST: positiveInt.default(60),
  SOCKETS_PER_ADDRESS: positiveInt.default(200),
  SOCKETS_PER_USER: positiveInt.default(20),
  LEADERBOARD_REFRESH_MS: positiveInt.min(1000).default(60_000),
  SNAPSHOT_EVERY_MS: positiveInt.min(10).default(300_000),
  SNAPSHOT_RETENTION_DAYS: positiveInt.max(3650).default(14),
  IDEMPOTENCY_RETENTION_DAYS: positiveInt.max(3650).default(7),
  MESSAGE_LOG_RETENTION_DAYS: positiveInt.max(3650).default(90),
  SESSION_HISTORY_RETENTION_DAYS: positiveInt.max(3650).default(365),
  // At least one history page (1,000 bars), so a chart always opens with a whole one.
  KLINE_RETENTION_BARS: positiveInt.min(1000).max(10_000_000).default(100_000),
  HOUSEKEEPING_EVERY_MS: positiveInt.min(1000).default(3_600_000),
  STATEMENT_MAIL_EVERY_MS: positiveInt.min(1000).default(3_600_000),
  UPLOAD_STORAGE: z
    .enum(['local', 'database', 's3', ''])
    .default('')
    .transform((kind) => (kind === '' ? undefined : kind)),
  S3_BUCKET: optionalText.refine((bucket) => bucket === undefined || S3_BUCKET_NAME.test(bucket), {
    message: 'must be a bucket name: 3-63 lower-case letters, digits, dots and dashes',
  }),
  S3_ENDPOINT: optionalText.refine((url) => url === undefined || /^https?:\/\/[^/?#]+\/?$/.test(url), {
    message: 'must be an http(s) URL of the object store, such as https://s3.eu-west-1.amazonaws.com',
  }),
  S3_REGION: z.string().trim().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false', '1', '0', ''])
    .default('false')
    .transform((value) => value === 'true' || value === '1'),
  ALLOWED_ORIGINS: z
    .string()
    .default('')
    .transform((list) =>
      list
        .split(',')
        .map((origin) => origin.trim())
        .filter((origin) => origin !== ''),
    )
    .refine((origins) => origins.every(isOrigin), {
      message: 'must be a comma-separated list of origins such as https://m.example.com',
    }),
  BEHIND_HTTPS: z
    .enum(['true', 'false', '1', '0', ''])
    .default('false')
    .transform((value) => value === 'true' || value === '1'),
  NODE_ENV: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: optionalText.refine(
    (text) =>
      text === undefined || text.split(',').every((part) => /^[0-9a-f:.]+(\/\d{1,3})?$/i.test(part.trim())),
    { message: 'must be a comma list of proxy addresses or CIDR ranges' },
  ),
  DRAIN_DELAY_MS: z.coerce.number().int().min(0).max(15_000).default(0),
  METRICS_TOKEN: optionalText.refine((token) => token === undefined || token.length >= 16, {
    message: 'must be at least 16 characters',
  }),
  VAPID_PUBLIC_KEY: optionalText,
  VAPID_PRIVATE_KEY: optionalText.refine((key) => key === undefined || vapidPublicKeyOf(key) !== undefined, {
    message:
      'must be a P-256 private key in base64url (43 characters), as web-push generate-vapid-keys prints',
  }),
  VAPID_SUBJECT: optionalText.refine(
    (subject) => subject === undefined || /^(mailto:\S+@\S+|https:\/\/\S+)$/.test(subject),
    {
      message: 'must be a mailto: address or an https:// URL where push services can reach the broker',
    },
  ),
  PUSH_SERVICE_HOSTS: optionalText.refine(
    (list) =>
      list === undefined || list.split(',').every((host) => /^[a-z0-9.-]+\.[a-z]{2,}$/i.test(host.trim())),
    { message: 'must be a comma list of host names such as fcm.googleapis.com' },
  ),
  PUSH_ALLOW_LOOPBACK: z
    .enum(['true', 'false', '1', '0', ''])
    .default('false')
    .transform((value) => value === 'true' || value === '1'),
});

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  /** Unset: the embedded SQLite database at `<dataDir>/app.db`. */
  databaseUrl: string | undefined;
  /** PostgreSQL only: the schema this installation works in (made at start); unset: `public`. */
  databaseSchema: string | undefined;
  /**
   * Unset: events and rate limits stay in this process (one node). Set: they cross nodes through
   * this Redis (docs/decisions/0010-redis-across-nodes.md).
   */
  redisUrl: string | undefined;
  /** Before every Redis key and channel, so installations sharing one Redis stay apart. */
  redisKeyPrefix: string;
  /**
   * What this node may do on a cluster (ROLE; all by default): `api` serves the API, the socket and
   * the web apps; `book` stands for the trading book's lease; `feed` for the market producer's.
   */
  roles: ReadonlySet<NodeRole>;
  feed: 'simulated' | 'none';
  feedSeed: number;
  /** Instruments the first start seeds as trading around the clock instead of their usual week. */
  seedOpenAllWeek: string[];
  /**
   * The first start backfills synthetic chart history for every instrument (seed/market-seed.ts).
   * A broker whose real feed brings its own history turns it off: charts then start at the first
   * real tick.
   */
  seedHistory: boolean;
  feedIntervalMs: number;
  /** Unset: the tick-ingest endpoint refuses every call. */
  ingestSecret: string | undefined;
  /**
   * How far ahead of this server's clock an ingested tick may be dated. A bridge with a fast clock
   * would otherwise set a last-tick time no honest tick could pass, freezing the instrument.
   */
  ingestMaxFutureMs: number;
  /**
   * The key that signs the short-lived links to uploaded files. Unset: one is generated once and
   * kept in the database, so every node shares it.
   */
  fileLinkSecret: string | undefined;
  /** How long a signed link to an uploaded file opens it. */
  fileLinkTtlMs: number;
  /**
   * How long a request may take to arrive, headers and body: a client that trickles a body a byte
   * at a time is cut off instead of holding a connection (and an upload's buffers) open for ever.
   */
  requestTimeoutMs: number;
  /**
   * Whole seconds one upload's decoding and re-encoding may take (sharp's own timeout): an image
   * built to be slow is stopped and refused instead of holding a libvips thread for minutes.
   */
  imageTimeoutSeconds: number;
  /**
   * The key authenticator secrets are sealed with at rest (security/secret-box.ts). Unset: on the
   * embedded database a key file in the data folder; on PostgreSQL, none (they stay unsealed).
   */
  secretsKey: Buffer | undefined;
  /** The key `secretsKey` replaces: secrets it sealed still open, and are sealed again at start. */
  previousSecretsKey: Buffer | undefined;
  /**
   * The server is reached only over HTTPS (a TLS proxy in front): browsers are told so with
   * Strict-Transport-Security.
   */
  behindHttps: boolean;
  /**
   * Web pages from these origins may open the realtime socket, besides pages served from the
   * socket's own host and clients that send no Origin (native apps).
   */
  allowedOrigins: string[];
  quotePushIntervalMs: number;
  desktopSiteUrl: string | undefined;
  webDist: string;
  /** The built back office, hosted at /admin/. */
  adminDist: string;
  logLevel: string;
  /**
   * The bearer token that reads /metrics. Unset: /metrics answers only a request made on this
   * machine straight to the node (no proxy's forwarding headers).
   */
  metricsToken: string | undefined;
  /**
   * On a stop, how long the node keeps serving after /readyz turned 503, so a balancer that polls
   * it sees it leave before its listener closes (no request refused at the door). 0: at once.
   */
  drainDelayMs: number;
  /**
   * Which proxies' X-Forwarded-For to believe for the client's address (sign-in and code limits,
   * sessions, the audit log): their addresses or CIDR ranges. Unset: none, so a client cannot
   * claim another address by sending the header itself.
   */
  trustProxy: string[] | undefined;
  /** Unset: e-mails go to the outbox (database and log) instead of an SMTP server. */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Unset: SMS go to the outbox. */
  smsProviderUrl: string | undefined;
  smsProviderToken: string | undefined;
  /**
   * Browser tests only: every captcha shows and accepts this text, so a test can solve it.
   * Refused when NODE_ENV is production.
   */
  captchaTestAnswer: string | undefined;
  /**
   * The password of the first back-office account (`admin`), created on the first start when there
   * is no staff yet. Unset: a random one is generated and printed once in the log.
   */
  adminInitialPassword: string | undefined;
  /**
   * Order calls (submit, close, cancel, stops) one user may make: `orderBurst` at once, then
   * `orderRatePerSecond` on average. Beyond it the answer is code 429 and nothing changes.
   */
  orderRatePerSecond: number;
  orderBurst: number;
  /**
   * Realtime sockets one client address (an IPv6 /64) may hold on a node: beyond it the upgrade is
   * answered HTTP 429. And signed-in sockets per user on a node: a login beyond it closes that
   * user's oldest socket (close code 4010). docs/socket.md "Limits and close codes".
   */
  socketsPerAddress: number;
  socketsPerUser: number;
  /** How often the leaderboard is recomputed from trades; between refreshes it is served from memory. */
  leaderboardRefreshMs: number;
  /**
   * How often the figures of every account holding a position are recorded (the margin-level
   * history a stop-out report shows), and for how long those records are kept.
   */
  snapshotEveryMs: number;
  snapshotRetentionMs: number;
  /**
   * How long stored idempotency replies, the message log, sessions that ended and chart bars are
   * kept, and how often the node that owns the book deletes what is older (services/housekeeping.ts).
   */
  idempotencyRetentionMs: number;
  messageLogRetentionMs: number;
  sessionHistoryRetentionMs: number;
  /** How many periods of its own length each chart series keeps; older bars are deleted. */
  klineRetentionBars: number;
  housekeepingEveryMs: number;
  /** How often the node that owns the book looks for monthly statements due by e-mail. */
  statementMailEveryMs: number;
  /** Where uploaded images are kept (adapters/storage/choose-file-storage.ts). */
  uploadStorage: UploadStorageConfig;
  /** Notifications to the installed phone app (services/web-push-channel.ts). */
  webPush: WebPushConfig;
}

/**
 * Where uploaded images are kept. `local`: the folder `<dataDir>/uploads` of this node (the
 * embedded default). `database`: a table of the database, so every node of a cluster reads what
 * any node stored. `s3`: a bucket of S3-compatible object storage (AWS, MinIO, the clouds).
 */
export type UploadStorageConfig =
  { kind: 'local' } | { kind: 'database' } | { kind: 's3'; s3: S3StorageConfig };

export interface S3StorageConfig {
  bucket: string;
  /** Unset: AWS itself, in `region`. */
  endpoint: string | undefined;
  region: string;
  /** Both or neither; neither: the SDK's usual sources (instance role, AWS_* variables). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** Bucket in the path (`host/bucket/key`), as MinIO and most self-hosted stores want. */
  forcePathStyle: boolean;
}

export class ConfigError extends Error {}

/** `scheme://host[:port]` and nothing more, as a browser sends it in the Origin header. */
function isOrigin(text: string): boolean {
  try {
    const url = new URL(text);
    return (
      /^https?:$/.test(url.protocol) && url.pathname === '/' && !url.search && !url.hash && !url.username
    );
  } catch {
    return false;
  }
}

/**
 * `UPLOAD_STORAGE` when given; otherwise S3 when a bucket is configured, the database on a cluster
 * (PostgreSQL and Redis: a node's own disk would hide a file from the other nodes), and the local
 * folder everywhere else, which keeps the embedded default and single-node PostgreSQL as they were.
 */
function uploadStorageOf(c: z.infer<typeof configSchema>): UploadStorageConfig {
  const kind =
    c.UPLOAD_STORAGE ?? (c.S3_BUCKET ? 's3' : c.DATABASE_URL && c.REDIS_URL ? 'database' : 'local');
  if (kind !== 's3') return { kind };
  if (!c.S3_BUCKET) throw invalidConfig('S3_BUCKET: must be set when UPLOAD_STORAGE is s3');
  if (Boolean(c.S3_ACCESS_KEY_ID) !== Boolean(c.S3_SECRET_ACCESS_KEY))
    throw invalidConfig('S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both or neither');
  return {
    kind,
    s3: {
      bucket: c.S3_BUCKET,
      endpoint: c.S3_ENDPOINT?.replace(/\/$/, ''),
      region: c.S3_REGION,
      credentials:
        c.S3_ACCESS_KEY_ID && c.S3_SECRET_ACCESS_KEY
          ? { accessKeyId: c.S3_ACCESS_KEY_ID, secretAccessKey: c.S3_SECRET_ACCESS_KEY }
          : undefined,
      forcePathStyle: c.S3_FORCE_PATH_STYLE,
    },
  };
}

const invalidConfig = (line: string) => new ConfigError(`Invalid configuration:\n  ${line}`);

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  if (c.CAPTCHA_TEST_ANSWER && c.NODE_ENV === 'production') {
    throw new ConfigError('Invalid configuration:\n  CAPTCHA_TEST_ANSWER: must not be set in production');
  }
  if (c.PUSH_ALLOW_LOOPBACK && c.NODE_ENV === 'production')
    throw invalidConfig('PUSH_ALLOW_LOOPBACK: must not be set in production');
  const roles = new Set<NodeRole>(
    c.ROLE === 'all' ? NODE_ROLES : c.ROLE.split(',').map((role) => role.trim() as NodeRole),
  );
  // One process on its own must do everything; only a cluster can leave a part to other nodes.
  if (roles.size < NODE_ROLES.length && !(c.DATABASE_URL && c.REDIS_URL))
    throw invalidConfig('ROLE: needs DATABASE_URL and REDIS_URL (a cluster); a single node does everything');
  return {
    port: c.PORT,
    host: c.HOST,
    dataDir: path.resolve(c.DATA_DIR),
    databaseUrl: c.DATABASE_URL,
    databaseSchema: c.DATABASE_SCHEMA,
    redisUrl: c.REDIS_URL,
    redisKeyPrefix: c.REDIS_KEY_PREFIX,
    roles,
    feed: c.FEED,
    feedSeed: c.FEED_SEED,
    seedOpenAllWeek: c.SEED_OPEN_ALL_WEEK,
    seedHistory: c.SEED_HISTORY,
    feedIntervalMs: c.FEED_INTERVAL_MS,
    ingestSecret: c.INGEST_SECRET,
    ingestMaxFutureMs: c.INGEST_MAX_FUTURE_MS,
    fileLinkSecret: c.FILE_LINK_SECRET,
    fileLinkTtlMs: c.FILE_LINK_TTL_S * 1000,
    requestTimeoutMs: c.REQUEST_TIMEOUT_S * 1000,
    imageTimeoutSeconds: c.IMAGE_TIMEOUT_S,
    secretsKey: c.SECRETS_KEY,
    previousSecretsKey: c.SECRETS_KEY_PREVIOUS,
    behindHttps: c.BEHIND_HTTPS,
    allowedOrigins: c.ALLOWED_ORIGINS.map((origin) => new URL(origin).origin),
    quotePushIntervalMs: c.QUOTE_PUSH_INTERVAL_MS,
    desktopSiteUrl: c.DESKTOP_SITE_URL,
    webDist: path.resolve(c.WEB_DIST),
    adminDist: path.resolve(c.ADMIN_DIST),
    logLevel: c.LOG_LEVEL,
    metricsToken: c.METRICS_TOKEN,
    drainDelayMs: c.DRAIN_DELAY_MS,
    trustProxy: c.TRUST_PROXY?.split(',').map((part) => part.trim()),
    smtpUrl: c.SMTP_URL,
    mailFrom: c.MAIL_FROM,
    smsProviderUrl: c.SMS_PROVIDER_URL,
    smsProviderToken: c.SMS_PROVIDER_TOKEN,
    captchaTestAnswer: c.CAPTCHA_TEST_ANSWER,
    adminInitialPassword: c.ADMIN_INITIAL_PASSWORD,
    orderRatePerSecond: c.ORDER_RATE_PER_SECOND,
    orderBurst: c.ORDER_BURST,
    socketsPerAddress: c.SOCKETS_PER_ADDRESS,
    socketsPerUser: c.SOCKETS_PER_USER,
    leaderboardRefreshMs: c.LEADERBOARD_REFRESH_MS,
    snapshotEveryMs: c.SNAPSHOT_EVERY_MS,
    snapshotRetentionMs: c.SNAPSHOT_RETENTION_DAYS * 86_400_000,
    idempotencyRetentionMs: c.IDEMPOTENCY_RETENTION_DAYS * 86_400_000,
    messageLogRetentionMs: c.MESSAGE_LOG_RETENTION_DAYS * 86_400_000,
    sessionHistoryRetentionMs: c.SESSION_HISTORY_RETENTION_DAYS * 86_400_000,
    klineRetentionBars: c.KLINE_RETENTION_BARS,
    housekeepingEveryMs: c.HOUSEKEEPING_EVERY_MS,
    statementMailEveryMs: c.STATEMENT_MAIL_EVERY_MS,
    uploadStorage: uploadStorageOf(c),
    webPush: webPushOf(c, invalidConfig),
  };
}
