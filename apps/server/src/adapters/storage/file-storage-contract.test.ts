/**
 * The contract every FileStorage adapter keeps, run against each of them: what a service may rely
 * on whichever adapter the server is configured with.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { StorageNameTakenError, type FileStorage } from './file-storage.ts';
import { LocalFolderStorage } from './local-folder-storage.ts';
import { MemoryFileStorage } from './memory-file-storage.ts';

const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

function localFolder(): { storage: FileStorage; root: string } {
  const base = mkdtempSync(path.join(os.tmpdir(), 'omp-storage-'));
  folders.push(base);
  // A folder that does not exist yet: the adapter creates it on the first write.
  const root = path.join(base, 'uploads');
  return { storage: new LocalFolderStorage(root), root };
}

const adapters: Array<[string, () => FileStorage]> = [
  ['memory', () => new MemoryFileStorage()],
  ['local folder', () => localFolder().storage],
];

describe.each(adapters)('file storage contract: %s', (_kind, make) => {
  it('gives back exactly the bytes it was given', async () => {
    const storage = make();
    const bytes = Uint8Array.from([0, 1, 2, 255, 128, 10, 13]);
    await storage.put('a1b2.png', bytes);
    expect(await storage.exists('a1b2.png')).toBe(true);
    expect([...(await storage.get('a1b2.png'))!]).toEqual([...bytes]);
  });

  it('reports a name it never stored as absent', async () => {
    const storage = make();
    expect(await storage.exists('missing.jpg')).toBe(false);
    expect(await storage.get('missing.jpg')).toBeUndefined();
  });

  it('forgets a deleted name, and deleting an absent name is no error', async () => {
    const storage = make();
    await storage.put('gone.png', Uint8Array.from([9]));
    await storage.delete('gone.png');
    expect(await storage.exists('gone.png')).toBe(false);
    expect(await storage.get('gone.png')).toBeUndefined();
    await expect(storage.delete('gone.png')).resolves.toBeUndefined();
    await expect(storage.delete('../escape.png')).rejects.toThrow(/unsafe storage name/);
  });

  it('never overwrites a stored name', async () => {
    const storage = make();
    await storage.put('same.webp', Uint8Array.from([1]));
    await expect(storage.put('same.webp', Uint8Array.from([2]))).rejects.toBeInstanceOf(
      StorageNameTakenError,
    );
    expect([...(await storage.get('same.webp'))!]).toEqual([1]);
  });

  it('keeps what it stored when the caller later changes its buffer', async () => {
    const storage = make();
    const bytes = Uint8Array.from([7, 7, 7]);
    await storage.put('copy.png', bytes);
    bytes[0] = 9;
    expect([...(await storage.get('copy.png'))!]).toEqual([7, 7, 7]);
  });

  it.each(['../escape.png', 'a/b.png', '.hidden', '', 'a\\b.png', 'x..y', 'café.png'])(
    'refuses the unsafe name %j',
    async (name) => {
      const storage = make();
      await expect(storage.put(name, Uint8Array.from([1]))).rejects.toThrow(/unsafe storage name/);
      await expect(storage.get(name)).rejects.toThrow(/unsafe storage name/);
    },
  );
});

describe('local folder storage', () => {
  it('leaves no temporary file behind', async () => {
    const { storage, root } = localFolder();
    await storage.put('one.png', Uint8Array.from([1, 2]));
    await storage.put('two.png', Uint8Array.from([3]));
    await expect(storage.put('two.png', Uint8Array.from([4]))).rejects.toThrow();
    expect(readdirSync(root).sort()).toEqual(['one.png', 'two.png']);
  });
});
