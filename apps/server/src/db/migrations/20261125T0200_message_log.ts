import { sql, type Kysely } from 'kysely';

/**
 * The outbox becomes the log of every message sent to a user, whichever way it left: `delivery`
 * says how (smtp, http for an SMS provider, or outbox when it stayed here for lack of one), so
 * support can see what a user received.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('outbox')
    .addColumn('delivery', 'varchar(16)', (c) => c.notNull().defaultTo(sql`'outbox'`))
    .execute();
  await db.schema.createIndex('outbox_address').on('outbox').columns(['address', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('outbox_address').execute();
  await db.schema.alterTable('outbox').dropColumn('delivery').execute();
}
