import type { Kysely } from 'kysely';

/**
 * The Web Push subscriptions of the phone app installed on a home screen: where the browser's
 * push service takes a notification for it (endpoint) and the keys its payload is encrypted with.
 * The endpoint is the key: a browser has one per site, so one row per browser, and a browser that
 * signs in as someone else moves its row to that user instead of notifying both. The session that
 * subscribed is kept too: once it ends (sign-out, expiry, a disabled account) nothing more goes to
 * that phone, whose notices could otherwise be read by whoever holds it next.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('push_subscriptions')
    .addColumn('endpoint', 'varchar(1024)', (c) => c.primaryKey())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('p256dh', 'varchar(128)', (c) => c.notNull())
    .addColumn('auth', 'varchar(64)', (c) => c.notNull())
    .addColumn('session_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('push_subscriptions_by_user')
    .on('push_subscriptions')
    .column('user_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('push_subscriptions').execute();
}
