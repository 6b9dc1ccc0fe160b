import type { Kysely } from 'kysely';

/**
 * A user's preferences kept on the server (the chart's indicators first), so a trader who signs in
 * on another phone or browser finds them there. One row per user and preference name; the value is
 * the JSON text of what the name's schema accepted (packages/protocol/src/preferences.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('user_preferences')
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('user_preferences_pk', ['user_id', 'name'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('user_preferences').execute();
}
