import type { Kysely } from 'kysely';

/**
 * The instruments each user starred: the quote list's Favourites category, the same on every
 * device the user signs in on. One row per user and instrument; starring twice changes nothing.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('favourite_instruments')
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('instrument_id', 'bigint', (c) => c.notNull().references('instruments.id'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('favourite_instruments_pk', ['user_id', 'instrument_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('favourite_instruments').execute();
}
