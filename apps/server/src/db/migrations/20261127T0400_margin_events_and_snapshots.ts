import type { Kysely } from 'kysely';
import { autoIdType } from '../dialect.ts';

/**
 * What explains a stop-out or a margin call afterwards: `margin_events` (one per stop-out or call,
 * with the figures before and after and the protection), `margin_event_closes` (the positions a
 * stop-out closed, in the order it closed them) and `account_snapshots` (an account's balance,
 * equity, used margin and level, every few minutes while it holds positions and at each event).
 * Money is bigint micro-dollars; the level is hundredths of a percent, null without margin in use.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const autoId = autoIdType(db);
  await db.schema
    .createTable('margin_events')
    .addColumn('id', autoId, (c) => c.primaryKey())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addColumn('margin_call_level', 'integer', (c) => c.notNull())
    .addColumn('stop_out_level', 'integer', (c) => c.notNull())
    .addColumn('balance_before', 'bigint', (c) => c.notNull())
    .addColumn('equity_before', 'bigint', (c) => c.notNull())
    .addColumn('used_margin_before', 'bigint', (c) => c.notNull())
    .addColumn('balance_after', 'bigint', (c) => c.notNull())
    .addColumn('equity_after', 'bigint', (c) => c.notNull())
    .addColumn('used_margin_after', 'bigint', (c) => c.notNull())
    .addColumn('protection', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('margin_events_user').on('margin_events').columns(['user_id', 'id']).execute();

  await db.schema
    .createTable('margin_event_closes')
    .addColumn('event_id', 'bigint', (c) => c.notNull().references('margin_events.id'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('order_id', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('margin_event_closes_pk', ['event_id', 'position'])
    .execute();
  await db.schema
    .createIndex('margin_event_closes_order')
    .on('margin_event_closes')
    .column('order_id')
    .execute();

  await db.schema
    .createTable('account_snapshots')
    .addColumn('id', autoId, (c) => c.primaryKey())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addColumn('balance', 'bigint', (c) => c.notNull())
    .addColumn('equity', 'bigint', (c) => c.notNull())
    .addColumn('used_margin', 'bigint', (c) => c.notNull())
    .addColumn('margin_level', 'bigint')
    .addColumn('reason', 'varchar(16)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('account_snapshots_user_at')
    .on('account_snapshots')
    .columns(['user_id', 'at'])
    .execute();
  // Pruning deletes by age across all accounts.
  await db.schema.createIndex('account_snapshots_at').on('account_snapshots').column('at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['account_snapshots', 'margin_event_closes', 'margin_events'])
    await db.schema.dropTable(table).execute();
}
