/**
 * Checkpoints on a worker thread (checkpoint-thread.ts): it copies the WAL into the database file
 * and empties the WAL, the loop's own checkpoint stands in when the worker cannot run, and closing
 * it ends the worker's connection so the main one is the last.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CheckpointThread } from './checkpoint-thread.ts';

const folders: string[] = [];
const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** A database in WAL mode that never copies its WAL by itself, with a WAL of about 2 MB. */
function databaseWithWal() {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'omp-checkpoints-'));
  folders.push(folder);
  const file = path.join(folder, 'data.db');
  const sqlite = new SQLite(file);
  cleanups.push(() => sqlite.close());
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('wal_autocheckpoint = 0');
  sqlite.exec('create table entries (id integer primary key, note text not null)');
  const insert = sqlite.prepare('insert into entries (note) values (?)');
  sqlite.transaction(() => {
    for (let row = 0; row < 1000; row += 1) insert.run('x'.repeat(2000));
  })();
  return { file, sqlite };
}

describe('the checkpoint thread', () => {
  it('copies the WAL into the database file and empties it on its worker, not on the loop', async () => {
    const { file, sqlite } = databaseWithWal();
    const thread = new CheckpointThread(file);
    cleanups.push(() => thread.close());
    const before = statSync(file).size;
    const onLoop = vi.fn();
    await thread.run('PASSIVE', onLoop);
    expect(statSync(file).size).toBeGreaterThan(before + 1_500_000);
    expect(statSync(`${file}-wal`).size).toBeGreaterThan(1_500_000);
    await thread.run('TRUNCATE', onLoop);
    expect(statSync(`${file}-wal`).size).toBe(0);
    expect(onLoop).not.toHaveBeenCalled();
    expect(thread.checkpoints).toEqual({ offLoop: 2, onLoop: 0 });
    // The main connection writes on, into the emptied WAL, and reads everything back.
    sqlite.prepare('insert into entries (note) values (?)').run('after');
    expect(sqlite.prepare('select count(*) as n from entries').get()).toEqual({ n: 1001 });
  });

  it('lets the loop run a checkpoint the worker cannot, and tries a worker again next time', async () => {
    const folder = mkdtempSync(path.join(os.tmpdir(), 'omp-checkpoints-'));
    folders.push(folder);
    // A database in a folder that does not exist: the worker's connection fails to open.
    const thread = new CheckpointThread(path.join(folder, 'missing', 'data.db'));
    cleanups.push(() => thread.close());
    const onLoop = vi.fn();
    await thread.run('PASSIVE', onLoop);
    await thread.run('TRUNCATE', onLoop);
    expect(onLoop).toHaveBeenCalledTimes(2);
    expect(thread.checkpoints).toEqual({ offLoop: 0, onLoop: 2 });
  });

  it('ends its connection when closed, so the main connection is the last and deletes the WAL', async () => {
    const { file, sqlite } = databaseWithWal();
    const thread = new CheckpointThread(file);
    thread.prepare();
    await thread.run('PASSIVE', () => undefined);
    await thread.close();
    sqlite.close();
    expect(() => statSync(`${file}-wal`)).toThrow(/ENOENT/);
    // One closed before it ever started has nothing to end.
    await new CheckpointThread(file).close();
  });
});
