import type { Kysely } from 'kysely';
import { autoIdType } from '../dialect.ts';

/**
 * Upload attempts, counted against the hourly cap before the image is decoded: decoding is the
 * costly part of an upload, so a user at the cap must be refused before it, and an image that
 * fails to decode (truncated, corrupt) must use up the cap as a stored one does. A user's rows
 * older than the hour are deleted whenever that user uploads, so the table stays small.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('upload_attempts')
    .addColumn('id', autoIdType(db), (c) => c.primaryKey())
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    .addColumn('at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('upload_attempts_by_user')
    .on('upload_attempts')
    .columns(['user_id', 'at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('upload_attempts').execute();
}
