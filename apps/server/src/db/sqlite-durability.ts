/**
 * Durable commits on the embedded database without blocking the event loop on the disk.
 *
 * With synchronous=FULL, better-sqlite3 calls fsync inside `commit`, on the event loop: every
 * commit stopped the whole server for the disk's flush (about 0.5 ms here, several ms at the tail),
 * and with it every socket, tick and request. Here SQLite writes with synchronous=OFF (its writes
 * reach the operating system, which is what survives a kill -9) and the flush that makes them
 * survive a power cut is done by the file system thread pool instead (`fsync` of the WAL file).
 * Whoever wrote waits for that flush before the connection is theirs no more, so nobody is
 * answered, and no push leaves, before their change is on disk: the durability of FULL, with the
 * flushes of the writers of one moment shared (group commit) and the loop free meanwhile.
 *
 * Checkpoints (copying the WAL into the database file, after which SQLite reuses the WAL from its
 * start) must flush the database file before the WAL is reused, or a power cut could lose what
 * only the reused part held. SQLite's own automatic checkpoint is off; this one runs between
 * transactions, once the WAL has grown by CHECKPOINT_BYTES since the last one, in the steps
 * synchronous=FULL would take, with its two flushes in the thread pool instead of on the loop:
 * the WAL flushed (no page of a transaction a power cut could take from the WAL reaches the
 * database file), the pages copied, the database file flushed, and only then the WAL emptied; the
 * copy and the emptying on a worker thread's connection (checkpoint-thread.ts).
 *
 * The one connection is lent out by a lock of its own rather than Kysely's: Kysely lets the next
 * user in only after `releaseConnection` returns, which here would keep everyone out during the
 * flush. This lock is let go first, then the writer waits for its flush, and a reader for the
 * flush of what it may have read.
 */
import { closeSync, fdatasync, fstatSync, fsyncSync, openSync } from 'node:fs';
import path from 'node:path';
import type SQLite from 'better-sqlite3';
import type { CheckpointThread } from './checkpoint-thread.ts';
import {
  SqliteAdapter,
  SqliteDialect,
  type DatabaseConnection,
  type DialectAdapter,
  type Driver,
  type TransactionSettings,
} from 'kysely';

/** How much the WAL grows between checkpoints (SQLite's own default is 1,000 pages, 4 MiB). */
export const CHECKPOINT_BYTES = 4 * 1024 * 1024;

export type WalFlush = (fd: number, done: (error: Error | null) => void) => void;

/**
 * Counts the writes and flushes the WAL file for all of them at once: `through(n)` resolves once
 * a flush that began after the n-th write has finished. A flush under way when more writes come
 * is followed by one more, which serves all of them.
 */
export class WalFlusher {
  private written = 0;
  private flushed = 0;
  private running: Promise<void> | undefined;
  private fd: number | undefined;
  private databaseFd: number | undefined;
  flushes = 0;

  private readonly walFile: string;
  private readonly flush: WalFlush;

  constructor(walFile: string, flush: WalFlush = fdatasync) {
    this.walFile = walFile;
    this.flush = flush;
  }

  /** One more write reached the operating system; answers how many so far. */
  wrote(): number {
    this.written += 1;
    return this.written;
  }

  get writes(): number {
    return this.written;
  }

  /** Resolves once every write up to the n-th is on disk; rejects when the flush failed. */
  async through(n: number): Promise<void> {
    while (this.flushed < n) {
      this.running ??= this.flushOnce().finally(() => (this.running = undefined));
      await this.running;
    }
  }

  /**
   * Flushes the database file itself (after a checkpoint copied the WAL into it), through a
   * descriptor kept open until `close`. Closing any descriptor of a file drops every POSIX lock the
   * process holds on it, SQLite's own among them: once its shared lock on the database was gone,
   * the next connection from elsewhere (a backup, a `sqlite3` shell) took itself for the last one
   * at its close, checkpointed and deleted the WAL the server was still writing into, and every
   * write acknowledged after that lived only in a deleted file until the next checkpoint.
   */
  async flushDatabase(): Promise<void> {
    this.databaseFd ??= openSync(this.walFile.replace(/-wal$/, ''), 'r');
    await this.flushFile(this.databaseFd);
  }

  /** The WAL's size in bytes (0 before it exists). */
  walBytes(): number {
    const fd = this.openWal();
    return fd === undefined ? 0 : fstatSync(fd).size;
  }

  close(): void {
    if (this.fd !== undefined) closeSync(this.fd);
    if (this.databaseFd !== undefined) closeSync(this.databaseFd);
    this.fd = undefined;
    this.databaseFd = undefined;
  }

  private async flushOnce(): Promise<void> {
    const target = this.written;
    const fd = this.openWal();
    if (fd !== undefined) {
      await this.flushFile(fd);
      this.flushes += 1;
    }
    this.flushed = Math.max(this.flushed, target);
  }

  private flushFile(fd: number): Promise<void> {
    return new Promise((resolve, reject) => this.flush(fd, (error) => (error ? reject(error) : resolve())));
  }

  private openWal(): number | undefined {
    if (this.fd !== undefined) return this.fd;
    try {
      this.fd = openSync(this.walFile, 'r');
    } catch {
      return undefined; // no WAL yet: nothing was written through it
    }
    // The WAL's name in its folder must survive a power cut too: once, when it first appears.
    const folder = openSync(path.dirname(this.walFile), 'r');
    try {
      fsyncSync(folder);
    } finally {
      closeSync(folder);
    }
    return this.fd;
  }
}

/** A lock with a queue, for lending out the one connection. */
class Turns {
  private tail: Promise<void> = Promise.resolve();
  private releaseCurrent: (() => void) | undefined;

  async take(): Promise<void> {
    const previous = this.tail;
    let release!: () => void;
    this.tail = new Promise<void>((resolve) => (release = resolve));
    await previous;
    this.releaseCurrent = release;
  }

  give(): void {
    const release = this.releaseCurrent;
    this.releaseCurrent = undefined;
    release?.();
  }
}

const NOT_WRITES = /^\s*(begin|commit|end|rollback|savepoint|release|pragma)\b/i;

/**
 * Counts every statement that may write (anything but a reader, a pragma, or a transaction's own
 * begin and end) on `flusher`, through the statements the connection prepares and its `exec`.
 */
export function countWrites(sqlite: SQLite.Database, flusher: WalFlusher): void {
  const prepare = sqlite.prepare.bind(sqlite);
  sqlite.prepare = ((source: string) => {
    const statement = prepare(source);
    if (statement.reader || NOT_WRITES.test(source)) return statement;
    const run = statement.run.bind(statement);
    statement.run = ((...parameters: unknown[]) => {
      flusher.wrote();
      return run(...parameters);
    }) as typeof statement.run;
    return statement;
  }) as typeof sqlite.prepare;
  const exec = sqlite.exec.bind(sqlite);
  sqlite.exec = ((source: string) => {
    flusher.wrote();
    return exec(source);
  }) as typeof sqlite.exec;
}

/** The Kysely dialect of a durable embedded database (see the top of this file). */
export class DurableSqliteDialect extends SqliteDialect {
  private readonly sqlite: SQLite.Database;
  private readonly flusher: WalFlusher;
  private readonly checkpoints: CheckpointThread;

  constructor(sqlite: SQLite.Database, flusher: WalFlusher, checkpoints: CheckpointThread) {
    super({ database: sqlite });
    this.sqlite = sqlite;
    this.flusher = flusher;
    this.checkpoints = checkpoints;
  }

  override createDriver(): Driver {
    return new DurableSqliteDriver(super.createDriver(), this.sqlite, this.flusher, this.checkpoints);
  }

  override createAdapter(): DialectAdapter {
    return new LentConnectionAdapter();
  }
}

/** Tells Kysely not to lend the connection itself: the driver does (Turns). */
class LentConnectionAdapter extends SqliteAdapter {
  override get supportsMultipleConnections(): boolean {
    return true;
  }
}

class DurableSqliteDriver implements Driver {
  private readonly turns = new Turns();
  private writesAtWalCheck = 0;
  private walAtCheckpoint = 0;

  private readonly inner: Driver;
  private readonly sqlite: SQLite.Database;
  private readonly flusher: WalFlusher;
  private readonly checkpoints: CheckpointThread;

  constructor(inner: Driver, sqlite: SQLite.Database, flusher: WalFlusher, checkpoints: CheckpointThread) {
    this.inner = inner;
    this.sqlite = sqlite;
    this.flusher = flusher;
    this.checkpoints = checkpoints;
  }

  init(...options: Parameters<Driver['init']>): Promise<void> {
    return this.inner.init(...options);
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    await this.turns.take();
    try {
      await this.checkpointIfDue();
    } catch (error) {
      this.turns.give();
      throw error;
    }
    return this.inner.acquireConnection();
  }

  /**
   * Gives the connection to the next user, then waits for the flush of every write made before
   * this one gave it back: a writer's own, and for a reader the rows it may have read, committed
   * by others whose flush is still under way. Nobody answers with a row a power cut could still
   * take (as under FULL, where the commit flushed before anyone could read); a reader waits only
   * while a flush is under way, and never holds the connection meanwhile.
   */
  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    await this.inner.releaseConnection(connection);
    const writes = this.flusher.writes;
    this.turns.give();
    await this.flusher.through(writes);
  }

  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    return this.inner.beginTransaction(connection, settings);
  }

  commitTransaction(connection: DatabaseConnection): Promise<void> {
    return this.inner.commitTransaction(connection);
  }

  rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    return this.inner.rollbackTransaction(connection);
  }

  savepoint(...args: Parameters<NonNullable<Driver['savepoint']>>): Promise<void> {
    return this.inner.savepoint!(...args);
  }

  rollbackToSavepoint(...args: Parameters<NonNullable<Driver['rollbackToSavepoint']>>): Promise<void> {
    return this.inner.rollbackToSavepoint!(...args);
  }

  releaseSavepoint(...args: Parameters<NonNullable<Driver['releaseSavepoint']>>): Promise<void> {
    return this.inner.releaseSavepoint!(...args);
  }

  async destroy(): Promise<void> {
    await this.turns.take();
    // A flush under way still needs the file: the last writers are answered before it closes.
    await this.flusher.through(this.flusher.writes).catch(() => undefined);
    // The worker's connection closes first, so the main one is the last (which empties the WAL).
    await this.checkpoints.close();
    // The last connection to close copies the WAL into the database file and deletes the WAL.
    // With OFF it would not flush that file first, and a power cut soon after a graceful stop
    // could lose what the deleted WAL held; with FULL it does.
    this.sqlite.pragma('synchronous = FULL');
    await this.inner.destroy();
    // Only now: closing the flusher's descriptor of the database file drops SQLite's locks on it.
    this.flusher.close();
  }

  /**
   * Between transactions (the connection is held and none is open): once the WAL grew by
   * CHECKPOINT_BYTES, copy it into the database file and empty it, with the flushes SQLite does
   * under FULL run in the thread pool and the copy and the emptying in a worker thread, so the
   * loop goes on meanwhile (writers and readers wait for all of it).
   */
  private async checkpointIfDue(): Promise<void> {
    if (this.flusher.writes === this.writesAtWalCheck) return;
    this.writesAtWalCheck = this.flusher.writes;
    const bytes = this.flusher.walBytes();
    if (bytes >= this.walAtCheckpoint + CHECKPOINT_BYTES / 2) this.checkpoints.prepare();
    if (bytes < this.walAtCheckpoint + CHECKPOINT_BYTES) return;
    // Every frame to copy is on disk first: a page of a transaction whose frames a power cut took
    // from the WAL must not reach the database file.
    const writes = this.flusher.writes;
    await this.flusher.through(writes);
    // The copy, with synchronous OFF: the pages reach the operating system, not yet the disk.
    await this.checkpoints.run('PASSIVE', () => this.checkpoint('PASSIVE'));
    await this.flusher.flushDatabase();
    // The database file holds the WAL on disk: emptying it loses nothing. Nobody wrote meanwhile
    // (the connection is held), or this would empty frames no flush of the database file covered.
    if (this.flusher.writes === writes)
      await this.checkpoints.run('TRUNCATE', () => this.checkpoint('TRUNCATE'));
    // A reader elsewhere can keep the WAL from being emptied: wait for as much again before retrying.
    this.walAtCheckpoint = this.flusher.walBytes();
  }

  private checkpoint(mode: 'PASSIVE' | 'TRUNCATE'): void {
    // Never wait for a reader elsewhere (a backup, say): the loop would stand still meanwhile.
    const patience = this.sqlite.pragma('busy_timeout', { simple: true }) as number | bigint;
    this.sqlite.pragma('busy_timeout = 0');
    try {
      this.sqlite.pragma(`wal_checkpoint(${mode})`);
    } finally {
      this.sqlite.pragma(`busy_timeout = ${Number(patience)}`);
    }
  }
}
