import type { Kysely } from 'kysely';

/** The hourly upload cap counts a user's recent uploads on every upload; this keeps it a seek. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('uploads_by_owner')
    .on('uploads')
    .columns(['owner_user_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('uploads_by_owner').execute();
}
