import { sql, type Kysely } from 'kysely';

/**
 * Two holds staff put on a trader short of disabling the account: no new orders (positions can
 * still be closed), and no withdrawals (deposits still arrive). Either is set with a reason in the
 * audit log and lifted the same way. And the indexes the back office's user table sorts and
 * filters by (registration time, balance) and a user's invitees are found with.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const column of ['trading_frozen', 'withdrawals_frozen'])
    await db.schema
      .alterTable('users')
      .addColumn(column, 'integer', (c) => c.notNull().defaultTo(sql`0`))
      .execute();
  await db.schema.createIndex('users_created').on('users').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('users_invited_by').on('users').columns(['invited_by', 'id']).execute();
  await db.schema
    .createIndex('trading_accounts_balance')
    .on('trading_accounts')
    .columns(['balance', 'user_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('trading_accounts_balance').execute();
  await db.schema.dropIndex('users_invited_by').execute();
  await db.schema.dropIndex('users_created').execute();
  for (const column of ['trading_frozen', 'withdrawals_frozen'])
    await db.schema.alterTable('users').dropColumn(column).execute();
}
