/**
 * The embedded database's commits: nobody is answered before the WAL flush that covers their
 * write has finished, the writers of one moment share a flush, readers and the event loop go on
 * while it runs, checkpoints keep the WAL bounded, and what was acknowledged is there after the
 * process is killed (kill -9) half-way through a stream of writes.
 */
import { execFileSync, spawn } from 'node:child_process';
import {
  existsSync,
  fdatasync,
  mkdtempSync,
  readFileSync,
  readlinkSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from './database.ts';
import { CHECKPOINT_BYTES, WalFlusher, type WalFlush } from './sqlite-durability.ts';

const folders: string[] = [];
const handles: DatabaseHandle[] = [];
afterEach(async () => {
  for (const handle of handles.splice(0)) await handle.close();
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function scratchFile(): string {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'omp-durable-'));
  folders.push(folder);
  return path.join(folder, 'data.db');
}

/** A flush the test holds once `hold()` was called: each waits in `held` until `releaseAll`. */
function heldFlush() {
  const held: Array<() => void> = [];
  let holding = false;
  const flush: WalFlush = (fd, done) => {
    if (holding) held.push(() => fdatasync(fd, done));
    else fdatasync(fd, done);
  };
  return {
    flush,
    held,
    hold: () => (holding = true),
    releaseAll() {
      for (const finish of held.splice(0)) finish();
    },
  };
}

async function open(walFlush?: WalFlush): Promise<DatabaseHandle> {
  const handle = openDatabase({ sqlitePath: scratchFile(), ...(walFlush ? { walFlush } : {}) });
  handles.push(handle);
  await sql`create table entries (id integer primary key, note text not null)`.execute(handle.db);
  return handle;
}

/** One value read by a connection of another process, opened and closed as a backup's would be. */
function readElsewhere(file: string, query: string): number {
  const script =
    'const Database = require(process.argv[1]); const db = new Database(process.argv[2]);' +
    'process.stdout.write(String(db.prepare(process.argv[3]).pluck().get())); db.close();';
  const betterSqlite = createRequire(import.meta.url).resolve('better-sqlite3');
  const out = execFileSync(process.execPath, ['-e', script, betterSqlite, file, query], { encoding: 'utf8' });
  return Number(out);
}

/** The POSIX locks this process holds on a file, from the kernel's table (`maj:min:inode` per lock). */
function locksHeldOn(file: string): number {
  const inode = statSync(file).ino;
  return readFileSync('/proc/locks', 'utf8')
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .filter((fields) => fields[4] === String(process.pid) && fields[5]?.split(':')[2] === String(inode))
    .length;
}

const settled = async (promise: Promise<unknown>) => {
  let done = false;
  void promise.then(
    () => (done = true),
    () => (done = true),
  );
  for (let turn = 0; turn < 20; turn += 1) await new Promise((resolve) => setImmediate(resolve));
  return done;
};

describe('WAL flushes', () => {
  it('shares one flush among the writes made before it began, and starts one more for later ones', async () => {
    const calls: Array<(error: Error | null) => void> = [];
    const wal = `${scratchFile()}-wal`;
    writeFileSync(wal, '');
    const flusher = new WalFlusher(wal, (_fd, done) => calls.push(done));
    const [one, two] = [flusher.wrote(), flusher.wrote()];
    const first = flusher.through(one);
    const second = flusher.through(two);
    await settled(first);
    expect(calls).toHaveLength(1);
    const third = flusher.through(flusher.wrote()); // written after the flush began
    calls[0]!(null);
    await Promise.all([first, second]);
    expect(await settled(third)).toBe(false);
    expect(calls).toHaveLength(2);
    calls[1]!(null);
    await third;
    expect(flusher.flushes).toBe(2);
    flusher.close();
  });

  it('rejects the writers of a failed flush and flushes again for the next', async () => {
    const calls: Array<(error: Error | null) => void> = [];
    const wal = `${scratchFile()}-wal`;
    writeFileSync(wal, '');
    const flusher = new WalFlusher(wal, (_fd, done) => calls.push(done));
    const failed = flusher.through(flusher.wrote());
    await settled(failed);
    calls[0]!(new Error('EIO'));
    await expect(failed).rejects.toThrow('EIO');
    const retried = flusher.through(flusher.writes);
    await settled(retried);
    calls[1]!(null);
    await retried;
    flusher.close();
  });
});

describe('durable commits on the embedded database', () => {
  it('answers a transaction only after its flush, while readers and other work go on', async () => {
    const flush = heldFlush();
    const handle = await open(flush.flush);
    flush.hold();
    const writing = handle.db
      .transaction()
      .execute((trx) => sql`insert into entries (note) values ('order 1')`.execute(trx));
    expect(await settled(writing)).toBe(false);
    expect(flush.held).toHaveLength(1);
    // The connection is free for others meanwhile: another writer's statements run at once.
    let secondRan = false;
    const second = handle.db.transaction().execute(async (trx) => {
      await sql`insert into entries (note) values ('order 2')`.execute(trx);
      secondRan = true;
    });
    await settled(second);
    expect(secondRan).toBe(true);
    flush.releaseAll();
    await writing;
    // The second write came after the first flush began: one more flush covers it.
    await settled(second);
    flush.releaseAll();
    await second;
  });

  it('answers a reader only once what it may have read is flushed: nobody sees a row a power cut could take', async () => {
    const flush = heldFlush();
    const handle = await open(flush.flush);
    const read = () => sql<{ note: string }>`select note from entries`.execute(handle.db);
    // Nothing waiting for a flush: a read is answered at once.
    expect((await read()).rows).toEqual([]);
    flush.hold();
    const writing = sql`insert into entries (note) values ('order 1')`.execute(handle.db);
    await settled(writing);
    expect(flush.held).toHaveLength(1);
    // The row is committed but its flush is held: the read runs, and its answer waits.
    const reading = read();
    expect(await settled(reading)).toBe(false);
    flush.releaseAll();
    expect((await reading).rows.map((row) => row.note)).toEqual(['order 1']);
    await writing;
    // Flushed: the next read is answered without waiting again.
    expect(await settled(read())).toBe(true);
  });

  it('serves the writers of one moment with one flush', async () => {
    const flush = heldFlush();
    const handle = await open(flush.flush);
    flush.hold();
    const before = handle.walFlushes!();
    const writes = Array.from({ length: 20 }, (_, i) =>
      handle.db
        .transaction()
        .execute((trx) => sql`insert into entries (note) values (${`order ${i}`})`.execute(trx)),
    );
    const all = Promise.all(writes);
    while (!(await settled(all))) {
      expect(flush.held.length).toBeLessThanOrEqual(1);
      flush.releaseAll();
    }
    await all;
    expect(handle.walFlushes!() - before).toBeLessThanOrEqual(2);
    const count = await sql<{ n: bigint }>`select count(*) as n from entries`.execute(handle.db);
    expect(count.rows[0]!.n).toBe(20n);
  });

  it('keeps the WAL within about two checkpoints of data however much is written', async () => {
    const handle = await open();
    const note = 'x'.repeat(2000);
    for (let batch = 0; batch < 30; batch += 1) {
      await handle.db.transaction().execute(async (trx) => {
        for (let row = 0; row < 200; row += 1)
          await sql`insert into entries (note) values (${note})`.execute(trx);
      });
    }
    const wal = statSync(`${handle.location}-wal`).size;
    expect(wal).toBeLessThan(2 * CHECKPOINT_BYTES + 1024 * 1024);
    const count = await sql<{ n: bigint }>`select count(*) as n from entries`.execute(handle.db);
    expect(count.rows[0]!.n).toBe(6000n);
  });

  it('copies the WAL only once it is flushed, and empties it only once the copy is flushed', async () => {
    // Records which file each flush is for and the database file's size then; holds what is asked.
    const flushes: Array<{ file: 'wal' | 'database'; databaseBytes: number }> = [];
    const held: Array<() => void> = [];
    const holding = new Set<'wal' | 'database'>();
    let location = '';
    const flush: WalFlush = (fd, done) => {
      if (!location) return fdatasync(fd, done);
      const file = readlinkSync(`/proc/self/fd/${fd}`).endsWith('-wal') ? 'wal' : 'database';
      flushes.push({ file, databaseBytes: statSync(location).size });
      if (holding.has(file)) held.push(() => fdatasync(fd, done));
      else fdatasync(fd, done);
    };
    const releaseHeld = () => held.splice(0).forEach((finish) => finish());
    const handle = await open(flush);
    location = handle.location;
    const note = 'x'.repeat(2000);
    const writeBatch = () =>
      handle.db.transaction().execute(async (trx) => {
        for (let row = 0; row < 200; row += 1)
          await sql`insert into entries (note) values (${note})`.execute(trx);
      });
    while (statSync(`${location}-wal`).size < CHECKPOINT_BYTES - 500_000) await writeBatch();
    const databaseBefore = statSync(location).size;

    // The batch that crosses the checkpoint's size waits for its WAL flush; the next one starts
    // with the checkpoint, which must not copy pages of a transaction not yet on disk.
    holding.add('wal').add('database');
    flushes.length = 0;
    const crossing = writeBatch();
    const next = writeBatch();
    expect(await settled(next)).toBe(false);
    expect(flushes.map((f) => f.file)).toEqual(['wal']);
    expect(statSync(location).size).toBe(databaseBefore);
    const walWhole = statSync(`${location}-wal`).size;
    expect(walWhole).toBeGreaterThanOrEqual(CHECKPOINT_BYTES);

    // Flushed: the pages are copied, then the database file is flushed; until that flush ends
    // the WAL stays whole and the next writer waits.
    const offLoop = handle.walCheckpoints!().offLoop;
    releaseHeld();
    await crossing;
    // The copy runs in a worker thread: the database file's flush is asked for once it is done.
    while (flushes.length < 2) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(await settled(next)).toBe(false);
    expect(flushes.map((f) => f.file)).toEqual(['wal', 'database']);
    expect(handle.walCheckpoints!()).toEqual({ offLoop: offLoop + 1, onLoop: 0 });
    expect(flushes[1]!.databaseBytes).toBeGreaterThan(databaseBefore + CHECKPOINT_BYTES / 2);
    expect(statSync(`${location}-wal`).size).toBe(walWhole);

    holding.clear();
    releaseHeld();
    await next;
    // The worker emptied the WAL too, after the flush.
    expect(handle.walCheckpoints!()).toEqual({ offLoop: offLoop + 2, onLoop: 0 });
    expect(statSync(`${location}-wal`).size).toBeLessThan(CHECKPOINT_BYTES / 2);
    const count = await sql<{ n: bigint }>`select count(*) as n from entries`.execute(handle.db);
    expect(Number(count.rows[0]!.n) % 200).toBe(0);
  });

  it('keeps its lock on the database through checkpoints, so a connection elsewhere never deletes the WAL in use', async () => {
    const handle = await open();
    const note = 'x'.repeat(2000);
    const writeBatch = () =>
      handle.db.transaction().execute(async (trx) => {
        for (let row = 0; row < 200; row += 1)
          await sql`insert into entries (note) values (${note})`.execute(trx);
      });
    // A checkpoint copies the WAL, flushes the database file, and empties the WAL.
    const before = handle.walCheckpoints!().offLoop;
    while (handle.walCheckpoints!().offLoop < before + 2) await writeBatch();

    // SQLite's shared lock on the database file tells a connection of another process (a backup,
    // a shell) that it is not the last one: without it, that connection's close checkpoints and
    // deletes the WAL the server goes on writing into, and what it acknowledges then is lost
    // with the process.
    expect(locksHeldOn(handle.location)).toBeGreaterThan(0);
    expect(readElsewhere(handle.location, 'select count(*) from entries')).toBeGreaterThan(0);
    expect(existsSync(`${handle.location}-wal`)).toBe(true);
    await handle.db
      .transaction()
      .execute((trx) => sql`insert into entries (note) values ('after the reader')`.execute(trx));
    expect(
      readElsewhere(handle.location, "select count(*) from entries where note = 'after the reader'"),
    ).toBe(1);
  });

  it('lets SQLite flush by itself where there is no WAL (a database in memory)', async () => {
    const handle = openDatabase({ sqlitePath: ':memory:' });
    handles.push(handle);
    await sql`create table entries (id integer primary key, note text not null)`.execute(handle.db);
    await handle.db
      .transaction()
      .execute((trx) => sql`insert into entries (note) values ('kept')`.execute(trx));
    expect(handle.walFlushes).toBeUndefined();
    const rows = await sql<{ note: string }>`select note from entries`.execute(handle.db);
    expect(rows.rows).toEqual([{ note: 'kept' }]);
  });

  it('keeps every acknowledged write when the process is killed mid-stream (kill -9)', async () => {
    const file = scratchFile();
    const writer = fileURLToPath(new URL('./sqlite-durability.writer.test-support.ts', import.meta.url));
    const child = spawn(process.execPath, [writer, file], { stdio: ['ignore', 'pipe', 'inherit'] });
    const acknowledged: number[] = [];
    await new Promise<void>((resolve, reject) => {
      child.on('error', reject);
      child.stdout.setEncoding('utf8').on('data', (text: string) => {
        for (const line of text.split('\n')) if (/^\d+$/.test(line)) acknowledged.push(Number(line));
        if (acknowledged.length >= 300 && !child.killed) {
          child.kill('SIGKILL');
          resolve();
        }
      });
      child.on('exit', () => resolve());
    });
    await new Promise((resolve) => child.once('close', resolve));
    expect(acknowledged.length).toBeGreaterThanOrEqual(300);
    const handle = openDatabase({ sqlitePath: file });
    handles.push(handle);
    const stored = await sql<{ id: bigint }>`select id from entries`.execute(handle.db);
    const ids = new Set(stored.rows.map((row) => Number(row.id)));
    expect(acknowledged.filter((id) => !ids.has(id))).toEqual([]);
  });
});
