import { sql, type Kysely } from 'kysely';

/**
 * A position closed in part leaves a closed record of the part beside it (packages/engine/SPEC.md
 * PC1): `split_from_id` is the position that part came from, 0 for every other order. A number
 * rather than a foreign key, like `ledger.ref_id`: the position and its parts are written in one
 * batch, and 0 must mean "none" without a null every reader would have to handle.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('orders')
    .addColumn('split_from_id', 'bigint', (c) => c.notNull().defaultTo(sql`0`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('orders').dropColumn('split_from_id').execute();
}
