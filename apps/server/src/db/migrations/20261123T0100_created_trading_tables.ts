import type { Kysely } from 'kysely';
import { autoIdType } from '../dialect.ts';

/**
 * Trading: one money account per user, orders (pending, holding, closed, cancelled), the ledger
 * and idempotency keys. Money is bigint micro-dollars, lots bigint 10^-8 lots, prices bigint
 * points of the instrument's precision (docs/decisions/0002 and 0004).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const autoId = autoIdType(db);
  await db.schema
    .createTable('trading_accounts')
    .addColumn('user_id', 'bigint', (c) => c.primaryKey().references('users.id'))
    .addColumn('is_demo', 'integer', (c) => c.notNull())
    .addColumn('balance', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('orders')
    // Assigned by the trading engine (it decides before the transaction that stores the order).
    .addColumn('id', 'bigint', (c) => c.primaryKey())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('instrument_id', 'integer', (c) => c.notNull())
    .addColumn('side', 'integer', (c) => c.notNull())
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('lots', 'bigint', (c) => c.notNull())
    .addColumn('leverage', 'integer', (c) => c.notNull())
    .addColumn('target_points', 'bigint', (c) => c.notNull())
    .addColumn('open_points', 'bigint', (c) => c.notNull())
    .addColumn('close_points', 'bigint', (c) => c.notNull())
    .addColumn('stop_loss_points', 'bigint', (c) => c.notNull())
    .addColumn('take_profit_points', 'bigint', (c) => c.notNull())
    .addColumn('margin', 'bigint', (c) => c.notNull())
    .addColumn('fee', 'bigint', (c) => c.notNull())
    .addColumn('profit', 'bigint', (c) => c.notNull())
    .addColumn('closed_type', 'integer', (c) => c.notNull())
    .addColumn('cancel_reason', 'varchar(32)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('opened_at', 'bigint', (c) => c.notNull())
    .addColumn('closed_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('orders_user_status')
    .on('orders')
    .columns(['user_id', 'status', 'id'])
    .execute();
  await db.schema.createIndex('orders_open').on('orders').column('status').execute();

  await db.schema
    .createTable('ledger')
    .addColumn('id', autoId, (c) => c.primaryKey())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('kind', 'varchar(32)', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('balance_after', 'bigint', (c) => c.notNull())
    .addColumn('ref_id', 'bigint', (c) => c.notNull())
    .addColumn('memo_key', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('ledger_user').on('ledger').columns(['user_id', 'id']).execute();

  await db.schema
    .createTable('idempotency_keys')
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    .addColumn('key', 'varchar(64)', (c) => c.notNull())
    .addColumn('route', 'varchar(64)', (c) => c.notNull())
    .addColumn('response', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['user_id', 'key'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['idempotency_keys', 'ledger', 'orders', 'trading_accounts'])
    await db.schema.dropTable(table).execute();
}
