import { sql, type Kysely } from 'kysely';

/**
 * Trailing stops: an order's trailing distance in points (0 none). The stop loss it moves is the
 * order's own `stop_loss_points`, so a restart resumes from the stored stop and nothing else.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('orders')
    .addColumn('trailing_points', 'bigint', (c) => c.notNull().defaultTo(sql`0`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('orders').dropColumn('trailing_points').execute();
}
