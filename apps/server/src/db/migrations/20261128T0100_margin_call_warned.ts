import { sql, type Kysely } from 'kysely';

/**
 * Whether an account has had its margin-call warning and not recovered above the re-arming level
 * since (engine rule S3). Kept with the account so a restart or a new owner of the book does not
 * warn every account already at the margin call a second time. 0 for every existing account: the
 * first start after the upgrade may warn those once more, as every start did before.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('trading_accounts')
    .addColumn('margin_call_warned', 'integer', (c) => c.notNull().defaultTo(sql`0`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('trading_accounts').dropColumn('margin_call_warned').execute();
}
