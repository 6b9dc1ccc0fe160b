import type { Kysely } from 'kysely';

// Migrations take Kysely<unknown>: they must not depend on today's schema types, which will change.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('categories')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('code', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('names', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('instruments')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('code', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('show_code', 'varchar(64)', (c) => c.notNull())
    .addColumn('logo', 'varchar(128)', (c) => c.notNull())
    .addColumn('category_id', 'integer', (c) => c.notNull().references('categories.id'))
    .addColumn('base_currency', 'varchar(8)', (c) => c.notNull())
    .addColumn('quote_currency', 'varchar(8)', (c) => c.notNull())
    .addColumn('price_precision', 'integer', (c) => c.notNull())
    .addColumn('lot_step', 'varchar(32)', (c) => c.notNull())
    .addColumn('min_lots', 'varchar(32)', (c) => c.notNull())
    .addColumn('max_lots', 'varchar(32)', (c) => c.notNull())
    .addColumn('contract_size', 'integer', (c) => c.notNull())
    .addColumn('margin_mode', 'integer', (c) => c.notNull())
    .addColumn('fee_rate', 'varchar(32)', (c) => c.notNull())
    .addColumn('leverage_options', 'text', (c) => c.notNull())
    .addColumn('spread_points', 'integer', (c) => c.notNull())
    .addColumn('schedule', 'text', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sim_start_price', 'varchar(32)', (c) => c.notNull())
    .addColumn('sim_annual_volatility', 'varchar(32)', (c) => c.notNull())
    .addColumn('sim_ticks_per_second', 'varchar(32)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('klines')
    .addColumn('instrument_id', 'integer', (c) => c.notNull().references('instruments.id'))
    .addColumn('period', 'varchar(4)', (c) => c.notNull())
    .addColumn('time', 'bigint', (c) => c.notNull())
    .addColumn('open', 'bigint', (c) => c.notNull())
    .addColumn('high', 'bigint', (c) => c.notNull())
    .addColumn('low', 'bigint', (c) => c.notNull())
    .addColumn('close', 'bigint', (c) => c.notNull())
    .addColumn('volume', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('klines_pk', ['instrument_id', 'period', 'time'])
    .execute();

  await db.schema
    .createTable('settings')
    .addColumn('key', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['klines', 'instruments', 'categories', 'settings']) {
    await db.schema.dropTable(table).execute();
  }
}
