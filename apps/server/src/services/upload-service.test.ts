import { describe, expect, it } from 'vitest';
import { MemoryFileStorage } from '../adapters/storage/memory-file-storage.ts';
import type { UploadRecord, UploadRepository } from '../repositories/upload-repository.ts';
import { FileLinks } from '../security/file-links.ts';
import { InProcessKeyedLocks } from './keyed-locks.ts';
import { UploadService } from './upload-service.ts';

// The smallest valid PNG header and IHDR chunk: enough for the content sniffing.
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000a49444154789c6300010000050001' +
    '0d0a2db40000000049454e44ae426082',
  'hex',
);

function repositoryFailingInsert(): UploadRepository {
  return {
    insert: async (_upload: UploadRecord) => {
      throw new Error('database unavailable');
    },
    chargeAttempt: async () => 1,
    withdrawAttempt: async () => undefined,
    byName: async () => undefined,
  } as unknown as UploadRepository;
}

describe('UploadService', () => {
  it('removes the stored bytes again when the record cannot be written', async () => {
    const storage = new MemoryFileStorage();
    const stored: string[] = [];
    const put = storage.put.bind(storage);
    storage.put = async (name, bytes) => {
      stored.push(name);
      await put(name, bytes);
    };
    const service = new UploadService({
      repository: repositoryFailingInsert(),
      storage,
      links: new FileLinks({ secret: 'x'.repeat(32), ttlMs: 60_000, now: () => 0 }),
      now: () => 0,
      locks: new InProcessKeyedLocks(),
    });
    await expect(service.storeImage(1, PNG)).rejects.toThrow('database unavailable');
    expect(stored).toHaveLength(1);
    expect(await storage.exists(stored[0]!)).toBe(false);
  });
});
