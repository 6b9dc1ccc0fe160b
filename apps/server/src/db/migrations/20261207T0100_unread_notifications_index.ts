import { sql, type Kysely } from 'kysely';

/**
 * The unread notifications of each user, indexed on their own: every new notification announces
 * the user's unread count with it (a stop cascade counts for a thousand users at once), and the
 * badge asks for it too. The index by user and id made each count read every notification the user
 * ever had, read or not, row by row; this one holds only the unread, so a count reads only them,
 * from the index alone.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('notifications_unread_by_user')
    .on('notifications')
    .column('user_id')
    .where(sql.ref('read_at'), 'is', null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('notifications_unread_by_user').execute();
}
