import { sql, type Kysely } from 'kysely';

/** The address each staff action came from ("from where" in the audit log); '' before this. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('audit_log')
    .addColumn('ip', 'varchar(64)', (c) => c.notNull().defaultTo(sql`''`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('audit_log').dropColumn('ip').execute();
}
