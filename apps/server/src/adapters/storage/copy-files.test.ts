/** Moving a node's uploads folder into a shared store (copy-files.ts, copy-uploads.ts). */
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { openDatabase } from '../../db/database.ts';
import { copyFiles } from './copy-files.ts';
import { copyUploadsIntoConfiguredStore } from './copy-uploads.ts';
import { DatabaseFileStorage } from './database-file-storage.ts';
import { LocalFolderStorage } from './local-folder-storage.ts';
import { MemoryFileStorage } from './memory-file-storage.ts';

const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

/** A data folder whose uploads/ holds the given files (and a temporary file of a write under way). */
function dataFolder(files: Record<string, number[]>): { dataDir: string; uploads: string } {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'omp-copy-'));
  folders.push(dataDir);
  const uploads = path.join(dataDir, 'uploads');
  mkdirSync(uploads);
  for (const [name, bytes] of Object.entries(files))
    writeFileSync(path.join(uploads, name), Buffer.from(bytes));
  writeFileSync(path.join(uploads, '.tmp-0a1b2c3d'), Buffer.from([0]));
  return { dataDir, uploads };
}

describe('copying stored files into another store', () => {
  it('copies every file once, skips what is there already, and reports a name holding other bytes', async () => {
    const { uploads } = dataFolder({ 'a1.png': [1, 2], 'b2.jpg': [3], 'c3.webp': [4, 5, 6] });
    const target = new MemoryFileStorage();
    await target.put('c3.webp', Uint8Array.from([9]));

    const first = await copyFiles(new LocalFolderStorage(uploads), target);
    expect(first).toEqual({ copied: ['a1.png', 'b2.jpg'], alreadyThere: [], differing: ['c3.webp'] });
    expect([...(await target.get('a1.png'))!]).toEqual([1, 2]);
    expect([...(await target.get('c3.webp'))!]).toEqual([9]);
    expect(await target.exists('.tmp-0a1b2c3d').catch(() => 'refused')).toBe('refused');

    const again = await copyFiles(new LocalFolderStorage(uploads), target);
    expect(again).toEqual({ copied: [], alreadyThere: ['a1.png', 'b2.jpg'], differing: ['c3.webp'] });
    // The source folder is never changed.
    expect(readdirSync(uploads).sort()).toEqual(['.tmp-0a1b2c3d', 'a1.png', 'b2.jpg', 'c3.webp']);
  });

  it('finds nothing to copy in a folder that does not exist', async () => {
    const missing = path.join(os.tmpdir(), `omp-no-such-folder-${process.pid}`);
    expect(await copyFiles(new LocalFolderStorage(missing), new MemoryFileStorage())).toEqual({
      copied: [],
      alreadyThere: [],
      differing: [],
    });
  });
});

describe('npm run uploads:copy', () => {
  it("moves a node's folder into the database the configuration names, migrating it first", async () => {
    const { dataDir } = dataFolder({ 'a1.png': [1, 2], 'b2.jpg': [3] });
    const lines: string[] = [];
    const config = loadConfig({ DATA_DIR: dataDir, UPLOAD_STORAGE: 'database' });
    expect(await copyUploadsIntoConfiguredStore(config, undefined, (line) => lines.push(line))).toBe(
      'copied',
    );
    expect(lines.at(-1)).toBe('2 copied, 0 already there, 0 stored with other bytes');

    const database = openDatabase({ sqlitePath: path.join(dataDir, 'app.db') });
    try {
      const stored = new DatabaseFileStorage(database.db);
      expect([...(await stored.get('a1.png'))!]).toEqual([1, 2]);
      expect([...(await stored.get('b2.jpg'))!]).toEqual([3]);
    } finally {
      await database.close();
    }
  });

  it('does nothing, and says why, where uploads are kept in the local folder', async () => {
    const { dataDir } = dataFolder({ 'a1.png': [1] });
    const lines: string[] = [];
    const outcome = await copyUploadsIntoConfiguredStore(
      loadConfig({ DATA_DIR: dataDir }),
      undefined,
      (line) => lines.push(line),
    );
    expect(outcome).toBe('nothing to do');
    expect(lines).toEqual([expect.stringContaining('UPLOAD_STORAGE is local')]);
  });
});
