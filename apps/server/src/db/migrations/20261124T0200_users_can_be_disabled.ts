import { sql, type Kysely } from 'kysely';

/**
 * Staff can disable a user: a disabled user cannot log in and no session of theirs is accepted,
 * even one that was open before (the sessions are revoked too; this column also covers a session
 * another node had cached).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('disabled', 'integer', (c) => c.notNull().defaultTo(sql`0`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('disabled').execute();
}
