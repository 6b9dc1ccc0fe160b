/**
 * Files in a local folder (by default `${DATA_DIR}/uploads`). A file is written to a temporary
 * name, flushed to disk and then linked to its final name, so a crash never leaves a half-written
 * file under a name the database points at, and an existing name is never overwritten.
 */
import { mkdir, open, readdir, readFile, rm, stat, link } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { assertSafeName, isSafeName, StorageNameTakenError, type FileStorage } from './file-storage.ts';

/** Temporary files start with a dot, so they are never one of the stored names (isSafeName). */
const TEMPORARY_PREFIX = '.tmp-';

export class LocalFolderStorage implements FileStorage {
  readonly kind = 'local-folder';
  private readonly root: string;
  private ready: Promise<unknown> | undefined;

  constructor(root: string) {
    this.root = path.resolve(root);
  }

  private pathOf(name: string): string {
    assertSafeName(name);
    return path.join(this.root, name);
  }

  async put(name: string, bytes: Uint8Array): Promise<void> {
    const target = this.pathOf(name);
    this.ready ??= mkdir(this.root, { recursive: true, mode: 0o700 });
    await this.ready;
    const temporary = path.join(this.root, `${TEMPORARY_PREFIX}${randomBytes(8).toString('hex')}`);
    let linked = false;
    try {
      const handle = await open(temporary, 'wx', 0o600);
      try {
        await handle.writeFile(bytes);
        // The database row that names this file is committed durably (flushed to disk); the file
        // must be as durable as the row, or an identity photo could vanish in a power cut.
        await handle.sync();
      } finally {
        await handle.close();
      }
      try {
        // link() fails when the target exists, unlike rename(), which would silently replace it.
        await link(temporary, target);
        linked = true;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'EEXIST') throw new StorageNameTakenError(name);
        throw error;
      }
      // The new name is a directory entry: flush the folder too, or a power cut could lose the name.
      const folder = await open(this.root, 'r');
      try {
        await folder.sync();
      } finally {
        await folder.close();
      }
    } catch (error) {
      // A write that failed anywhere (a full disk, an I/O error) leaves nothing behind: the caller
      // answers that nothing was changed, and that must be true. A name that was taken is not ours.
      if (linked) await rm(target, { force: true }).catch(() => undefined);
      throw error;
    } finally {
      // Whatever happened, the temporary name goes: the file lives on under its own name or not at all.
      await rm(temporary, { force: true }).catch(() => undefined);
    }
  }

  /**
   * Removes the temporary files of writes that never finished: a process that died in the middle
   * of one (a crash, a kill, a power cut) left them. Runs before this process writes anything, so
   * none of them can be a write of its own; one process at a time uses a data folder.
   */
  async sweepTemporary(): Promise<number> {
    let entries;
    try {
      entries = await readdir(this.root, { withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
      throw error;
    }
    const stale = entries.filter((entry) => entry.isFile() && entry.name.startsWith(TEMPORARY_PREFIX));
    for (const entry of stale) await rm(path.join(this.root, entry.name), { force: true });
    return stale.length;
  }

  async get(name: string): Promise<Buffer | undefined> {
    try {
      return await readFile(this.pathOf(name));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  async exists(name: string): Promise<boolean> {
    try {
      return (await stat(this.pathOf(name))).isFile();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
      throw error;
    }
  }

  async delete(name: string): Promise<void> {
    await rm(this.pathOf(name), { force: true });
  }

  /**
   * The names stored here (copy-files.ts reads them to move a folder into a shared store). A
   * temporary file of a write under way starts with a dot and is not one of them.
   */
  async names(): Promise<string[]> {
    try {
      const entries = await readdir(this.root, { withFileTypes: true });
      return entries
        .filter((entry) => entry.isFile() && isSafeName(entry.name))
        .map((entry) => entry.name)
        .sort();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
  }
}
