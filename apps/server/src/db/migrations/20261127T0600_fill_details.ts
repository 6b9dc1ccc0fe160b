import { sql, type Kysely } from 'kysely';

/**
 * What each fill cost beyond its price (packages/engine/SPEC.md F2): the price the trader asked
 * for, the spread of the quote it filled at, and that spread in USD at the fill's rate, kept so
 * the order detail shows the same figures a year on. Orders filled before this migration have 0
 * in all three (nothing was recorded), which the screens show as "not recorded".
 *
 * One column per statement: SQLite adds a single column per ALTER TABLE.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const column of ['asked_points', 'spread_points', 'spread_cost'])
    await db.schema
      .alterTable('orders')
      .addColumn(column, 'bigint', (c) => c.notNull().defaultTo(sql`0`))
      .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ['spread_cost', 'spread_points', 'asked_points'])
    await db.schema.alterTable('orders').dropColumn(column).execute();
}
