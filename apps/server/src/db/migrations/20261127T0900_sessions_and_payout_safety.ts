import type { Kysely } from 'kysely';

/**
 * What the devices screen shows of a session (the browser's own description, the time zone the app
 * reported, when it was last used) and the devices each user has signed in from, so a sign-in
 * from one never seen before is told to the user. A payout method's cooling needs nothing new:
 * draw_methods.created_at already says when it was bound.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sessions').addColumn('user_agent', 'varchar(512)').execute();
  await db.schema.alterTable('sessions').addColumn('device_id', 'varchar(64)').execute();
  await db.schema.alterTable('sessions').addColumn('time_zone', 'varchar(64)').execute();
  await db.schema.alterTable('sessions').addColumn('last_used_at', 'bigint').execute();
  await db.schema
    .createTable('user_devices')
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('device_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('first_seen_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('user_devices_pk', ['user_id', 'device_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('user_devices').execute();
  for (const column of ['last_used_at', 'time_zone', 'device_id', 'user_agent'])
    await db.schema.alterTable('sessions').dropColumn(column).execute();
}
