/** Files kept in memory: for tests and for trying the server without a disk to write to. */
import { assertSafeName, StorageNameTakenError, type FileStorage } from './file-storage.ts';

export class MemoryFileStorage implements FileStorage {
  readonly kind = 'memory';
  private readonly files = new Map<string, Buffer>();

  async put(name: string, bytes: Uint8Array): Promise<void> {
    assertSafeName(name);
    if (this.files.has(name)) throw new StorageNameTakenError(name);
    // A copy, so a caller reusing its buffer cannot change what was stored.
    this.files.set(name, Buffer.from(bytes));
  }

  async get(name: string): Promise<Buffer | undefined> {
    assertSafeName(name);
    const stored = this.files.get(name);
    return stored ? Buffer.from(stored) : undefined;
  }

  async exists(name: string): Promise<boolean> {
    assertSafeName(name);
    return this.files.has(name);
  }

  async delete(name: string): Promise<void> {
    assertSafeName(name);
    this.files.delete(name);
  }
}
