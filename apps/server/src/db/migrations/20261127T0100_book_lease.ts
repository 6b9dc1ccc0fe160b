import type { Kysely } from 'kysely';

/**
 * The lease of the trading book on a cluster (cluster/book-lease.ts): one row per shard, holding
 * the fencing token of its current owner and when its lease ends (milliseconds of the database's
 * clock). Created on both engines so the schema is one; only a cluster on PostgreSQL uses it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('book_lease')
    .addColumn('shard', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('token', 'bigint', (c) => c.notNull())
    .addColumn('holder', 'varchar(128)', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('book_lease').execute();
}
