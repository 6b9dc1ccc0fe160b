/**
 * Starts the real runtime on a fresh database for a test file: SQLite in a temporary folder, or a
 * fresh PostgreSQL schema when the engine is 'postgres' (TEST_DATABASE_URL). The feed is off and
 * the clock is the test's, so ticks and time are exactly what the test says.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { loadConfig, type AppConfig } from '../../src/config.ts';
import { startRuntime, type Runtime } from '../../src/runtime.ts';
import { scryptHasher, type PasswordHasher } from '../../src/security/password-hasher.ts';
import type { NotificationChannelAdapter } from '../../src/services/notification-channels.ts';
import type { ImageReencoder } from '../../src/adapters/images/image-reencode.ts';
import type { WorkLimits } from '../../src/services/work-limiter.ts';

export type EngineKind = 'sqlite' | 'postgres';

/** SQLite always; PostgreSQL too when TEST_DATABASE_URL names a server. */
export function databaseEngines(): EngineKind[] {
  return process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];
}

/**
 * The passwords of test runtimes: the server's scrypt scheme at N = 2^10 instead of 2^15. The API
 * suite signs in and registers thousands of times (the fuzz file alone thousands), and at the
 * server's cost each hash is tens of milliseconds of a core; what is tested (a hash is stored,
 * checked, never shown, and a wrong password refused) is the same at any cost.
 * `password-hasher.test.ts` checks the server's own cost.
 */
export const testPasswords = scryptHasher(2 ** 10);

/**
 * The env of a runtime whose first start backfills chart history, as a server does by default
 * (`SEED_HISTORY`): for files about bars, and those that trade instruments they never tick.
 */
export const WITH_HISTORY = { SEED_HISTORY: 'true' } as const;

/** The password of the `admin` staff account every test runtime starts with. */
export const TEST_ADMIN_PASSWORD = 'Admin-test-2026';

/** Wednesday 18 November 2026, 12:00 UTC: every market of the seed is open. */
export const WEDNESDAY_NOON_MS = Date.UTC(2026, 10, 18, 12, 0, 0);

export interface TestClock {
  now: () => number;
  set(ms: number): void;
  advance(ms: number): void;
}

export function testClock(startMs = WEDNESDAY_NOON_MS): TestClock {
  let current = startMs;
  return {
    now: () => current,
    set: (ms) => (current = ms),
    advance: (ms) => (current += ms),
  };
}

export interface TestRuntime extends Runtime {
  clock: TestClock;
  config: AppConfig;
  /** The PostgreSQL schema this runtime works in, when on PostgreSQL. */
  schema: string | undefined;
  /**
   * Stops and starts the runtime on the same database, as a process restart would; `env` changes
   * settings for the new start, as an operator editing them between the two would.
   */
  restart(env?: Record<string, string | undefined>): Promise<TestRuntime>;
  dispose(): Promise<void>;
}

export async function startTestRuntime(
  options: {
    engine?: EngineKind;
    env?: Record<string, string>;
    clock?: TestClock;
    passwords?: PasswordHasher;
    /** Receives the JSON log lines (set LOG_LEVEL in `env`, which is silent by default). */
    logStream?: { write(line: string): void };
    /** The Web Push channel of notifications (a recording one in tests). */
    pushChannel?: NotificationChannelAdapter;
    /** False: the forming bars are written only when the test calls `market.flush()`. */
    timedBarFlush?: boolean;
    /** Put in front of the uploads' re-encoding, to count or hold the calls. */
    reencodeImage?: ImageReencoder;
    imageWork?: WorkLimits;
  } = {},
): Promise<TestRuntime> {
  const engine = options.engine ?? 'sqlite';
  const clock = options.clock ?? testClock();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'omp-test-'));
  let schema: string | undefined;
  const databaseUrl = engine === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;
  if (engine === 'postgres') {
    if (!databaseUrl) throw new Error('TEST_DATABASE_URL is not set');
    schema = `t_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
    await withPg(databaseUrl, (client) => client.query(`CREATE SCHEMA ${schema}`));
  }
  const baseEnv: Record<string, string | undefined> = {
    DATA_DIR: dataDir,
    FEED: 'none',
    LOG_LEVEL: 'silent',
    QUOTE_PUSH_INTERVAL_MS: '50',
    // No synthetic chart history unless a file asks for it (`WITH_HISTORY`): writing 390,000 bars
    // was 4 of a runtime's 4.5 s to start on SQLite and 13 of 14 s on PostgreSQL, in every file.
    SEED_HISTORY: 'false',
    // The first back-office admin gets a known password, so tests can log in as staff.
    ADMIN_INITIAL_PASSWORD: TEST_ADMIN_PASSWORD,
    // On PostgreSQL the secrets are sealed only with a key given, as a deployment is told to give;
    // the embedded database makes its own key file.
    ...(databaseUrl ? { DATABASE_URL: databaseUrl, SECRETS_KEY: randomBytes(32).toString('hex') } : {}),
    ...options.env,
  };
  const start = async (env: Record<string, string | undefined>): Promise<TestRuntime> => {
    const config = loadConfig(env);
    const runtime = await startRuntime(config, {
      now: clock.now,
      ...(schema ? { databaseSchema: schema } : {}),
      passwords: options.passwords ?? testPasswords,
      ...(options.logStream ? { logStream: options.logStream } : {}),
      ...(options.pushChannel ? { pushChannel: options.pushChannel } : {}),
      ...(options.timedBarFlush === false ? { timedBarFlush: false } : {}),
      ...(options.reencodeImage ? { reencodeImage: options.reencodeImage } : {}),
      ...(options.imageWork ? { imageWork: options.imageWork } : {}),
      // Rounds run when a test asks (housekeeping-api.test.ts), on the test's clock.
      timedHousekeeping: false,
    });
    return {
      ...runtime,
      clock,
      config,
      schema,
      async restart(changes = {}) {
        await runtime.stop();
        return start({ ...env, ...changes });
      },
      async dispose() {
        await runtime.stop();
        rmSync(dataDir, { recursive: true, force: true });
        if (schema && databaseUrl)
          await withPg(databaseUrl, (client) => client.query(`DROP SCHEMA ${schema} CASCADE`));
      },
    };
  };
  return start(baseEnv);
}

async function withPg<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}
