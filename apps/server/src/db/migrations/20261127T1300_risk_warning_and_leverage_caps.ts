import type { Kysely } from 'kysely';

/**
 * The retail risk warning and the leverage caps (docs/decisions/0022): the warning text staff set
 * per language (a language without a row shows its default), the cap staff set per class of
 * instrument (a class without a row keeps its default cap), and each real user's acknowledgement of
 * the warning before their first order, kept here so another phone does not ask again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('risk_warning_texts')
    .addColumn('lang', 'varchar(8)', (c) => c.primaryKey())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('leverage_caps')
    .addColumn('cap_class', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('max_leverage', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('risk_acknowledgements')
    .addColumn('user_id', 'bigint', (c) => c.primaryKey().references('users.id'))
    .addColumn('acknowledged_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('risk_acknowledgements').execute();
  await db.schema.dropTable('leverage_caps').execute();
  await db.schema.dropTable('risk_warning_texts').execute();
}
