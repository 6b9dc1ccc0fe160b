/**
 * The contract every FileStorage adapter keeps: what a service may rely on whichever adapter the
 * server is configured with. Run by file-storage-contract.test.ts (memory, local folder, S3, the
 * database on SQLite) and by the API project on PostgreSQL (test/file-storage-postgres.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { StorageNameTakenError, type FileStorage } from './file-storage.ts';

export function describeFileStorageContract(
  kind: string,
  make: () => FileStorage | Promise<FileStorage>,
): void {
  describe(`file storage contract: ${kind}`, () => {
    it('gives back exactly the bytes it was given', async () => {
      const storage = await make();
      const bytes = Uint8Array.from([0, 1, 2, 255, 128, 10, 13]);
      await storage.put('a1b2.png', bytes);
      expect(await storage.exists('a1b2.png')).toBe(true);
      expect([...(await storage.get('a1b2.png'))!]).toEqual([...bytes]);
    });

    it('gives back a large file whole', async () => {
      const storage = await make();
      // 3 MiB of varied bytes: bigger than one network packet or SQLite page, like a phone photo.
      const bytes = Uint8Array.from({ length: 3 * 1024 * 1024 }, (_, i) => (i * 7919) % 251);
      await storage.put('large.jpg', bytes);
      const stored = (await storage.get('large.jpg'))!;
      expect(stored.length).toBe(bytes.length);
      expect(Buffer.compare(stored, Buffer.from(bytes))).toBe(0);
    });

    it('reports a name it never stored as absent', async () => {
      const storage = await make();
      expect(await storage.exists('missing.jpg')).toBe(false);
      expect(await storage.get('missing.jpg')).toBeUndefined();
    });

    it('forgets a deleted name, and deleting an absent name is no error', async () => {
      const storage = await make();
      await storage.put('gone.png', Uint8Array.from([9]));
      await storage.delete('gone.png');
      expect(await storage.exists('gone.png')).toBe(false);
      expect(await storage.get('gone.png')).toBeUndefined();
      await expect(storage.delete('gone.png')).resolves.toBeUndefined();
      await expect(storage.delete('../escape.png')).rejects.toThrow(/unsafe storage name/);
    });

    it('never overwrites a stored name', async () => {
      const storage = await make();
      await storage.put('same.webp', Uint8Array.from([1]));
      await expect(storage.put('same.webp', Uint8Array.from([2]))).rejects.toBeInstanceOf(
        StorageNameTakenError,
      );
      expect([...(await storage.get('same.webp'))!]).toEqual([1]);
    });

    it('keeps what it stored when the caller later changes its buffer', async () => {
      const storage = await make();
      const bytes = Uint8Array.from([7, 7, 7]);
      await storage.put('copy.png', bytes);
      bytes[0] = 9;
      expect([...(await storage.get('copy.png'))!]).toEqual([7, 7, 7]);
    });

    it.each(['../escape.png', 'a/b.png', '.hidden', '', 'a\\b.png', 'x..y', 'café.png'])(
      'refuses the unsafe name %j',
      async (name) => {
        const storage = await make();
        await expect(storage.put(name, Uint8Array.from([1]))).rejects.toThrow(/unsafe storage name/);
        await expect(storage.get(name)).rejects.toThrow(/unsafe storage name/);
      },
    );
  });
}
