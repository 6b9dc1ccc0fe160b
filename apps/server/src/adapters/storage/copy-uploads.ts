/**
 * What `npm run uploads:copy` does (scripts/copy-uploads.mjs): the images of a local uploads
 * folder into the store the configuration names, with the database migrated first so its
 * `stored_files` table exists even before the new version's first start.
 */
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { AppConfig } from '../../config.ts';
import { openDatabase } from '../../db/database.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import { chooseFileStorage } from './choose-file-storage.ts';
import { copyFiles } from './copy-files.ts';
import { LocalFolderStorage } from './local-folder-storage.ts';

export type CopyOutcome = 'copied' | 'differing' | 'nothing to do';

export async function copyUploadsIntoConfiguredStore(
  config: AppConfig,
  folder: string | undefined,
  say: (line: string) => void,
): Promise<CopyOutcome> {
  if (config.uploadStorage.kind === 'local') {
    say(
      'UPLOAD_STORAGE is local here: set it (or S3_BUCKET, or REDIS_URL on PostgreSQL) as the cluster will.',
    );
    return 'nothing to do';
  }
  const source = path.resolve(folder ?? path.join(config.dataDir, 'uploads'));
  const database = openDatabase({
    databaseUrl: config.databaseUrl,
    sqlitePath: path.join(config.dataDir, 'app.db'),
  });
  const target = await chooseFileStorage(config, database.db);
  try {
    await migrateToLatest(database.db as unknown as Kysely<unknown>, database.kind);
    say(`copying the images of ${source} into: ${target.kind}`);
    const report = await copyFiles(new LocalFolderStorage(source), target);
    say(
      `${report.copied.length} copied, ${report.alreadyThere.length} already there, ` +
        `${report.differing.length} stored with other bytes`,
    );
    for (const name of report.differing) say(`  left as it is (other bytes under this name): ${name}`);
    return report.differing.length > 0 ? 'differing' : 'copied';
  } finally {
    await target.close?.();
    await database.close();
  }
}
