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
import { S3FileStorage } from './s3-file-storage.ts';

export function chooseFileStorage(config: AppConfig, db: Kysely<Database>): FileStorage {
  const choice = config.uploadStorage;
  switch (choice.kind) {
    case 'local':
      return new LocalFolderStorage(path.join(config.dataDir, 'uploads'));
    case 'database':
      return new DatabaseFileStorage(db);
    case 's3':
      return new S3FileStorage(choice.s3);
  }
}
