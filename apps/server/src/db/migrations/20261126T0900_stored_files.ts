import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../dialect.ts';

/**
 * The bytes of uploaded images when the database keeps them (UPLOAD_STORAGE=database, the default
 * of a cluster without object storage): one row per stored name, so every node reads what any node
 * stored. Created on both engines, so the same adapter and contract suite run on SQLite too.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('stored_files')
    .addColumn('name', 'varchar(128)', (c) => c.primaryKey())
    .addColumn('bytes', isPostgres(db) ? sql`bytea` : 'blob', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('stored_files').execute();
}
