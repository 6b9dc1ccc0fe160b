import type { Kysely } from 'kysely';
import { autoIdType } from '../dialect.ts';

/**
 * Money in and out, identity and the broker's staff: uploads, identity submissions, deposit
 * channels and deposits, withdrawal currencies, payout methods and withdrawals, staff accounts
 * with sessions, and the audit log. Amounts are bigint micro-dollars; rates are decimal text.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const autoId = autoIdType(db);

  await db.schema
    .createTable('uploads')
    .addColumn('id', autoId, (c) => c.primaryKey())
    .addColumn('name', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('owner_user_id', 'bigint', (c) => c.references('users.id'))
    .addColumn('mime', 'varchar(32)', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('identity_submissions')
    .addColumn('id', autoId, (c) => c.primaryKey())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('card_type', 'varchar(16)', (c) => c.notNull())
    .addColumn('card_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('front_pic', 'varchar(64)', (c) => c.notNull())
    .addColumn('reverse_pic', 'varchar(64)', (c) => c.notNull())
    // 1 waiting, 2 certified, 3 rejected.
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('remark', 'varchar(500)')
    .addColumn('reviewed_by', 'bigint')
    .addColumn('reviewed_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('identity_user')
    .on('identity_submissions')
    .columns(['user_id', 'id'])
    .execute();

  await db.schema
    .createTable('charge_networks')
    .addColumn('id', autoId, (c) => c.primaryKey())
    .addColumn('currency_code', 'varchar(16)', (c) => c.notNull())
    .addColumn('protocol_code', 'varchar(16)', (c) => c.notNull())
    .addColumn('address', 'varchar(128)', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('wire_banks')
    .addColumn('id', autoId, (c) => c.primaryKey())
    .addColumn('bank_coin', 'varchar(16)', (c) => c.notNull())
    .addColumn('bank_name', 'varchar(128)', (c) => c.notNull())
    .addColumn('bank_address', 'varchar(256)', (c) => c.notNull())
    .addColumn('bank_swift', 'varchar(16)', (c) => c.notNull())
    .addColumn('payee_name', 'varchar(128)', (c) => c.notNull())
    .addColumn('payee_account', 'varchar(64)', (c) => c.notNull())
    .addColumn('bank_remark', 'varchar(256)', (c) => c.notNull().defaultTo(''))
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();

  await db.schema
    .createTable('deposits')
    .addColumn('id', autoId, (c) => c.primaryKey())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
    // 0 crypto network, 1 bank wire.
    .addColumn('type', 'integer', (c) => c.notNull())
    .addColumn('channel_id', 'bigint', (c) => c.notNull())
    .addColumn('currency_code', 'varchar(16)', (c) => c.notNull())
    .addColumn('network', 'varchar(16)', (c) => c.notNull().defaultTo(''))
    .addColumn('address', 'varchar(128)', (c) => c.notNull().defaultTo(''))
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('proof_pic', 'varchar(64)', (c) => c.notNull())
    // 0 unchecked, 1 completed, 2 rejected, 3 invalid.
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('remark', 'varchar(500)')
    .addColumn('reviewed_by', 'bigint')
    .addColumn('reviewed_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('deposits_user').on('deposits').columns(['user_id', 'id']).execute();
  await db.schema.createIndex('deposits_status').on('deposits').columns(['status', 'id']).execute();

  await db.schema
    .createTable('withdraw_currencies')
    .addColumn('id', autoId, (c) => c.primaryKey())
    // 1 crypto address, 2 bank account.
    .addColumn('type', 'integer', (c) => c.notNull())
    .addColumn('code', 'varchar(16)', (c) => c.notNull())
    .addColumn('protocol', 'varchar(16)', (c) => c.notNull().defaultTo(''))
    // 1 fixed fee in USD; otherwise a share of the amount.
    .addColumn('fee_type', 'integer', (c) => c.notNull())
    .addColumn('draw_rate', 'varchar(32)', (c) => c.notNull())
    // Units of the payout currency per 1 USD.
    .addColumn('usd_price', 'varchar(32)', (c) => c.notNull())
    .addColumn('min_amount', 'varchar(32)', (c) => c.notNull().defaultTo('10'))
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();

  await db.schema
    .createTable('draw_methods')
    .addColumn('id', autoId, (c) => c.primaryKey())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('type', 'integer', (c) => c.notNull())
    .addColumn('draw_currency_id', 'bigint', (c) => c.notNull())
    .addColumn('dc_address', 'varchar(128)', (c) => c.notNull().defaultTo(''))
    .addColumn('bank_name', 'varchar(128)', (c) => c.notNull().defaultTo(''))
    .addColumn('bank_address', 'varchar(256)', (c) => c.notNull().defaultTo(''))
    .addColumn('bank_swift', 'varchar(16)', (c) => c.notNull().defaultTo(''))
    .addColumn('payee_name', 'varchar(128)', (c) => c.notNull().defaultTo(''))
    .addColumn('payee_account', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('deleted_at', 'bigint')
    .execute();
  await db.schema.createIndex('draw_methods_user').on('draw_methods').columns(['user_id', 'type']).execute();

  await db.schema
    .createTable('withdrawals')
    // Assigned by the trading service, which holds the amount in the same decision.
    .addColumn('id', 'bigint', (c) => c.primaryKey())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('type', 'integer', (c) => c.notNull())
    .addColumn('draw_currency_id', 'bigint', (c) => c.notNull())
    .addColumn('draw_method_id', 'bigint', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('fee', 'bigint', (c) => c.notNull())
    // What the user receives in the payout currency, 2 decimals, as text.
    .addColumn('real_number', 'varchar(32)', (c) => c.notNull())
    .addColumn('address', 'varchar(128)', (c) => c.notNull().defaultTo(''))
    .addColumn('payee_account', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('memo', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    // 0 pending review, 1 paid, 2 rejected.
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('remark', 'varchar(500)')
    .addColumn('reviewed_by', 'bigint')
    .addColumn('reviewed_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('withdrawals_user').on('withdrawals').columns(['user_id', 'id']).execute();
  await db.schema.createIndex('withdrawals_status').on('withdrawals').columns(['status', 'id']).execute();

  await db.schema
    .createTable('staff')
    .addColumn('id', autoId, (c) => c.primaryKey())
    .addColumn('username', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('password_hash', 'varchar(200)', (c) => c.notNull())
    // JSON array of roles: admin, finance, compliance.
    .addColumn('roles', 'varchar(200)', (c) => c.notNull())
    .addColumn('disabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('staff_sessions')
    .addColumn('id', autoId, (c) => c.primaryKey())
    .addColumn('staff_id', 'bigint', (c) => c.notNull().references('staff.id'))
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('revoked_at', 'bigint')
    .execute();

  await db.schema
    .createTable('audit_log')
    .addColumn('id', autoId, (c) => c.primaryKey())
    .addColumn('staff_id', 'bigint', (c) => c.notNull())
    .addColumn('action', 'varchar(64)', (c) => c.notNull())
    .addColumn('target_type', 'varchar(32)', (c) => c.notNull())
    .addColumn('target_id', 'bigint', (c) => c.notNull())
    .addColumn('before', 'text')
    .addColumn('after', 'text')
    .addColumn('at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('audit_target').on('audit_log').columns(['target_type', 'target_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'audit_log',
    'staff_sessions',
    'staff',
    'withdrawals',
    'draw_methods',
    'withdraw_currencies',
    'deposits',
    'wire_banks',
    'charge_networks',
    'identity_submissions',
    'uploads',
  ])
    await db.schema.dropTable(table).execute();
}
