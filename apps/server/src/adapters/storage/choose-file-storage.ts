/**
 * The storage adapter the configuration asks for (config.ts, UPLOAD_STORAGE and S3_*): the local
 * folder by default, the database or an S3 bucket on a cluster, where a node's own disk would hide
 * a file from the other nodes.
 */
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { AppConfig } from '../../config.ts';
import type { Database } from '../../db/schema.ts';
import { DatabaseFileStorage } from './database-file-storage.ts';
import type { FileStorage } from './file-storage.ts';
import { LocalFolderStorage } from './local-folder-storage.ts';

/** The S3 adapter and its SDK (0.17 s of a start to import) load only where a bucket is configured. */
export async function chooseFileStorage(config: AppConfig, db: Kysely<Database>): Promise<FileStorage> {
  const choice = config.uploadStorage;
  switch (choice.kind) {
    case 'local':
      return new LocalFolderStorage(path.join(config.dataDir, 'uploads'));
    case 'database':
      return new DatabaseFileStorage(db);
    case 's3': {
      const { S3FileStorage } = await import('./s3-file-storage.ts');
      return new S3FileStorage(choice.s3);
    }
  }
}
