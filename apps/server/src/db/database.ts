/**
 * Opens the database: embedded SQLite by default, PostgreSQL when DATABASE_URL is set. Both are
 * reached through the same Kysely code; the differences stay in this file.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, sql, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.ts';
import { sqliteLower } from './case-folding.ts';
import { CheckpointThread } from './checkpoint-thread.ts';
import { countWrites, DurableSqliteDialect, WalFlusher, type WalFlush } from './sqlite-durability.ts';

export type DatabaseKind = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  kind: DatabaseKind;
  /** Where the data lives, for logs (the password of a URL is masked). */
  location: string;
  /** A trivial query (readiness): resolves when the database answers. */
  ping(): Promise<void>;
  /** PostgreSQL's pool connections (metrics); absent on SQLite, which has one connection. */
  poolFigures?(): { total: number; idle: number; waiting: number };
  /** SQLite on a file: how many WAL flushes served the writes so far (metrics, tests). */
  walFlushes?(): number;
  /** SQLite on a file: checkpoint steps run by the worker thread and (its fallback) on the loop. */
  walCheckpoints?(): { offLoop: number; onLoop: number };
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  databaseUrl?: string | undefined;
  sqlitePath?: string;
  /** PostgreSQL only: a schema to work in (tests use one schema per run). */
  schema?: string;
  /** SQLite only: how the WAL file is flushed (fdatasync); tests hold it to see who waits for it. */
  walFlush?: WalFlush;
}

export function openDatabase(options: OpenDatabaseOptions): DatabaseHandle {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.schema);
  if (!options.sqlitePath) throw new Error('openDatabase needs databaseUrl or sqlitePath');
  return openSqlite(options.sqlitePath, options.walFlush);
}

function openSqlite(file: string, walFlush?: WalFlush): DatabaseHandle {
  if (file !== ':memory:') mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  // WAL lets readers run beside the single writer. Balances must survive a power cut, not only a
  // process crash (docs/decisions/0002): SQLite writes with synchronous=OFF and each writer waits
  // for the WAL's flush off the event loop before it is answered (sqlite-durability.ts). Where
  // there is no WAL (in memory, or a file system without shared memory), SQLite flushes itself.
  const hasWal = sqlite.pragma('journal_mode = WAL', { simple: true }) === 'wal';
  sqlite.pragma(hasWal ? 'synchronous = OFF' : 'synchronous = FULL');
  if (hasWal) sqlite.pragma('wal_autocheckpoint = 0');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.defaultSafeIntegers(true);
  // Unicode's lower case, as PostgreSQL's lower() writes it, in place of SQLite's A–Z one.
  sqlite.function('lower', { deterministic: true }, sqliteLower);
  const flusher = hasWal ? new WalFlusher(`${file}-wal`, walFlush) : undefined;
  if (flusher) countWrites(sqlite, flusher);
  cachePreparedStatements(sqlite);
  const checkpoints = flusher ? new CheckpointThread(file) : undefined;
  const dialect =
    flusher && checkpoints
      ? new DurableSqliteDialect(sqlite, flusher, checkpoints)
      : new SqliteDialect({ database: sqlite });
  const db = new Kysely<Database>({ dialect });
  return {
    db,
    kind: 'sqlite',
    location: file,
    ping: () => ping(db),
    ...(flusher && { walFlushes: () => flusher.flushes }),
    ...(checkpoints && { walCheckpoints: () => ({ ...checkpoints.checkpoints }) }),
    close: () => db.destroy(),
  };
}

/**
 * Kysely asks better-sqlite3 to prepare every statement again on each query, which cost more than
 * running it (a quarter of an order's CPU). The same SQL text gets the same prepared statement.
 * Safe because statements run to completion synchronously (nothing here iterates a cursor while
 * another query runs). The cache is bounded, since multi-row inserts vary their text by row count:
 * past `max` texts, the one used longest ago is let go, so the statements of every request stay.
 */
export const STATEMENT_CACHE_MAX = 500;

export function cachePreparedStatements(
  sqlite: Pick<SQLite.Database, 'prepare'>,
  max: number = STATEMENT_CACHE_MAX,
): void {
  const prepare = sqlite.prepare.bind(sqlite);
  // A Map keeps insertion order: a statement used again moves to the end, the first is the oldest.
  const cache = new Map<string, SQLite.Statement>();
  sqlite.prepare = ((source: string) => {
    let statement = cache.get(source);
    if (statement) {
      cache.delete(source);
    } else {
      statement = prepare(source);
      if (cache.size >= max) cache.delete(cache.keys().next().value!);
    }
    cache.set(source, statement);
    return statement;
  }) as typeof sqlite.prepare;
}

function openPostgres(url: string, schema: string | undefined): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    // int8 as bigint: money columns must never pass through a double.
    types: {
      getTypeParser: (oid: number, format?: string) =>
        oid === 20 ? (text: string) => BigInt(text) : pg.types.getTypeParser(oid, format as 'text'),
    },
    // A node whose machine vanished mid-transaction would keep its row locks (the book lease's
    // share lock among them, which a takeover waits for) until the server notices the dead peer:
    // keepalives find the dead peer, and a transaction left idle is ended after 15 s, far beyond
    // any unit of work here, so a takeover waits seconds at most, never hours.
    keepAlive: true,
    keepAliveInitialDelayMillis: 5000,
    options: [
      `-c idle_in_transaction_session_timeout=15000`,
      ...(schema ? [`-c search_path=${schema}`] : []),
    ].join(' '),
  });
  // A connection that PostgreSQL or the network drops emits 'error' on its client, and on the pool
  // while idle; unheard, that event ends the process, so one network blip would kill every node of
  // a cluster at once. The query under way fails by itself, the pool replaces the broken client on
  // the next checkout, and /readyz reports the database until it answers again.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  const location = url.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@');
  return {
    db,
    kind: 'postgres',
    location,
    ping: () => ping(db),
    poolFigures: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close: () => db.destroy(),
  };
}

/**
 * Creates the schema an installation works in (DATABASE_SCHEMA) unless it exists, so several
 * installations (or a cluster demo beside a single node) can share one PostgreSQL database. The
 * name is checked by the configuration to be a plain identifier before it gets here.
 */
export async function ensurePostgresSchema(url: string, schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
  } catch (error) {
    // Two nodes starting at once: the loser of the race finds the schema made by the other.
    if ((error as { code?: string }).code !== '23505') throw error;
  } finally {
    await client.end();
  }
}

async function ping(db: Kysely<Database>): Promise<void> {
  await sql`select 1`.execute(db);
}
