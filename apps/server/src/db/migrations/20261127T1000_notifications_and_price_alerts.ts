import type { Kysely } from 'kysely';
import { autoIdType } from '../dialect.ts';

/**
 * Price alerts, the notification centre and each user's choice of channels.
 *
 * - `price_alerts`: levels in points of the instrument's precision at creation (kept beside them,
 *   so a later precision change rescales them on load). `fired_at` is set once, by a conditional
 *   update, before anyone is told: that write is what makes an alert fire once across restarts and
 *   fail-overs. Deleting keeps the row (`deleted_at`) so a fire racing a delete loses.
 * - `notifications`: what the user is told, as a text key with JSON parameters, so each reader gets
 *   it in their own language; `read_at` null while unread.
 * - `notification_settings`: per user and kind, push and e-mail on or off (the centre is always on).
 * - `notification_profiles`: the language the user last used the app in, for e-mail and push.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const autoId = autoIdType(db);
  await db.schema
    .createTable('price_alerts')
    .addColumn('id', autoId, (c) => c.primaryKey())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('instrument_id', 'bigint', (c) => c.notNull())
    .addColumn('condition', 'varchar(8)', (c) => c.notNull())
    .addColumn('above_points', 'bigint', (c) => c.notNull())
    .addColumn('below_points', 'bigint', (c) => c.notNull())
    .addColumn('reference_points', 'bigint', (c) => c.notNull())
    .addColumn('move_basis_points', 'integer', (c) => c.notNull())
    .addColumn('price_precision', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('fired_at', 'bigint')
    .addColumn('fired_points', 'bigint')
    .addColumn('deleted_at', 'bigint')
    .execute();
  await db.schema.createIndex('price_alerts_by_user').on('price_alerts').columns(['user_id', 'id']).execute();
  await db.schema
    .createTable('notifications')
    .addColumn('id', autoId, (c) => c.primaryKey())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('kind', 'varchar(32)', (c) => c.notNull())
    .addColumn('text_key', 'varchar(64)', (c) => c.notNull())
    .addColumn('params', 'text', (c) => c.notNull())
    .addColumn('link', 'varchar(200)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('read_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('notifications_by_user')
    .on('notifications')
    .columns(['user_id', 'id'])
    .execute();
  await db.schema
    .createTable('notification_settings')
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('kind', 'varchar(32)', (c) => c.notNull())
    .addColumn('push', 'integer', (c) => c.notNull())
    .addColumn('email', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('notification_settings_pk', ['user_id', 'kind'])
    .execute();
  await db.schema
    .createTable('notification_profiles')
    .addColumn('user_id', 'bigint', (c) => c.primaryKey().references('users.id'))
    .addColumn('language', 'varchar(8)', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('notification_profiles').execute();
  await db.schema.dropTable('notification_settings').execute();
  await db.schema.dropTable('notifications').execute();
  await db.schema.dropTable('price_alerts').execute();
}
