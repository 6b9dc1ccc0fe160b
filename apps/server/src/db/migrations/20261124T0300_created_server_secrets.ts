import type { Kysely } from 'kysely';

/**
 * Secrets the server makes for itself when none is configured (the key that signs file links).
 * Kept in the database, not in a node's memory or disk, so every node signs and checks with the
 * same key and a restart does not break the links already handed out.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('server_secrets')
    .addColumn('name', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('value', 'varchar(128)', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('server_secrets').execute();
}
