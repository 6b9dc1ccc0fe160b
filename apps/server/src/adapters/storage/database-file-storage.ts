/**
 * Files in a table of the database (`stored_files`): what a cluster without object storage uses,
 * so every node reads what any node stored, backed up and replicated with the rest of the data.
 * A row is written in one statement, so a crash leaves either the whole file or none, and the
 * primary key refuses a second file under a taken name even between nodes writing at once.
 *
 * The database is no bulk store: each file is capped (STORED_FILE_MAX_BYTES) whatever the caller,
 * and the uploads it holds are capped per user and per hour by the upload service.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { assertSafeName, StorageNameTakenError, type FileStorage } from './file-storage.ts';

/**
 * Uploads are capped at 5 MB as sent and as re-encoded (upload-service.ts), which turns this error
 * into the same refusal; 16 MiB bounds one row whatever another caller stores.
 */
export const STORED_FILE_MAX_BYTES = 16 * 1024 * 1024;

export class StoredFileTooLargeError extends Error {
  constructor(name: string, size: number, max: number) {
    super(`${name} is ${size} bytes; the database keeps files of at most ${max} bytes`);
  }
}

export class DatabaseFileStorage implements FileStorage {
  readonly kind = 'database';
  private readonly db: Kysely<Database>;
  private readonly maxBytes: number;

  constructor(db: Kysely<Database>, options: { maxBytes?: number } = {}) {
    this.db = db;
    this.maxBytes = options.maxBytes ?? STORED_FILE_MAX_BYTES;
  }

  async put(name: string, bytes: Uint8Array): Promise<void> {
    assertSafeName(name);
    if (bytes.length > this.maxBytes) throw new StoredFileTooLargeError(name, bytes.length, this.maxBytes);
    try {
      await this.db
        .insertInto('stored_files')
        // A copy, so a caller reusing its buffer cannot change what is written.
        .values({ name, bytes: Buffer.from(bytes), size: bytes.length })
        .execute();
    } catch (error) {
      if (isUniqueViolation(error)) throw new StorageNameTakenError(name);
      throw error;
    }
  }

  async get(name: string): Promise<Buffer | undefined> {
    assertSafeName(name);
    const row = await this.db
      .selectFrom('stored_files')
      .select('bytes')
      .where('name', '=', name)
      .executeTakeFirst();
    return row ? Buffer.from(row.bytes) : undefined;
  }

  async exists(name: string): Promise<boolean> {
    assertSafeName(name);
    const row = await this.db
      .selectFrom('stored_files')
      .select('name')
      .where('name', '=', name)
      .executeTakeFirst();
    return row !== undefined;
  }

  async delete(name: string): Promise<void> {
    assertSafeName(name);
    await this.db.deleteFrom('stored_files').where('name', '=', name).execute();
  }
}
