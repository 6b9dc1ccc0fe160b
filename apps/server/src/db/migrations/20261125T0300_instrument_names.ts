import { sql, type Kysely } from 'kysely';

/**
 * An instrument's name in each language the screens show under its code ("Euro vs US Dollar"),
 * as a JSON object by language, set by staff in the back office.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('instruments')
    .addColumn('names', 'text', (c) => c.notNull().defaultTo(sql`'{}'`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('instruments').dropColumn('names').execute();
}
