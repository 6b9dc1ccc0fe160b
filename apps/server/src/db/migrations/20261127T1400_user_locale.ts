import { sql, type Kysely } from 'kysely';

/**
 * One language and time zone per user, for everything the server writes to them when they are not
 * looking at the app: security notices, the notification centre's e-mail and push, the monthly
 * statement when its opt-in named no zone (docs/decisions/0018, "The user's locale").
 *
 * A table of its own rather than columns on `users`: it is written whenever the user switches the
 * app's language (from any request), while `users` is the row every session lookup reads and every
 * node caches; keeping the locale apart means such a write never invalidates a session cache nor
 * waits on the row a sign-in or a staff hold updates.
 *
 * It takes the place of `notification_profiles` (the language the bell last saw), whose rows carry
 * over: those users keep the language their notifications were already written in.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('user_locales')
    .addColumn('user_id', 'bigint', (c) => c.primaryKey().references('users.id'))
    .addColumn('language', 'varchar(8)', (c) => c.notNull())
    // Null until a request carries a zone the server knows (older clients send none).
    .addColumn('time_zone', 'varchar(64)')
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await sql`INSERT INTO user_locales (user_id, language, time_zone, updated_at)
    SELECT user_id, language, NULL, updated_at FROM notification_profiles`.execute(db);
  await db.schema.dropTable('notification_profiles').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('notification_profiles')
    .addColumn('user_id', 'bigint', (c) => c.primaryKey().references('users.id'))
    .addColumn('language', 'varchar(8)', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await sql`INSERT INTO notification_profiles (user_id, language, updated_at)
    SELECT user_id, language, updated_at FROM user_locales`.execute(db);
  await db.schema.dropTable('user_locales').execute();
}
