import type { Kysely } from 'kysely';

/**
 * A real user's own demo account: a demo user row whose `demo_of` names the real user it belongs
 * to. Unique, so a user has one demo account however many times or devices ask for it (rows of
 * visitors' demo accounts and real users leave it null, which the index does not count).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('demo_of', 'integer', (c) => c.references('users.id'))
    .execute();
  await db.schema.createIndex('users_demo_of').on('users').column('demo_of').unique().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('users_demo_of').execute();
  await db.schema.alterTable('users').dropColumn('demo_of').execute();
}
