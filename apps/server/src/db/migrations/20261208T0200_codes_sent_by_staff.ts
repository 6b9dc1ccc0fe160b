import type { Kysely } from 'kysely';

/**
 * Which codes a staff member had sent (a password reset from the back office): 1, else 0. An
 * address's daily bounds (codes sent, wrong tries over all its codes) hold back a stranger, who can
 * use them up on purpose; a code staff send after checking who asks is not held back by them, so a
 * stranger's guesses cannot keep the owner from the reset support gave them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('verification_codes')
    .addColumn('by_staff', 'integer', (column) => column.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('verification_codes').dropColumn('by_staff').execute();
}
