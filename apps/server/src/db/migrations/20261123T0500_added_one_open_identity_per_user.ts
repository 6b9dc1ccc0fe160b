import { sql, type Kysely } from 'kysely';

/**
 * At most one identity submission per user that is waiting or certified. The service checks this
 * before inserting, but two submissions sent at the same moment could both pass that check on
 * PostgreSQL; this index makes the second insert fail instead. Rejected submissions (status 3) are
 * outside the index, so a rejected user can send again as often as needed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('identity_one_open_per_user')
    .on('identity_submissions')
    .column('user_id')
    .unique()
    .where(sql<boolean>`status in (1, 2)`)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('identity_one_open_per_user').execute();
}
