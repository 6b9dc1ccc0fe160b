import type { Kysely } from 'kysely';

/**
 * Which session started a pending enrolment of an authenticator (the hash of its token). The
 * pending secret is shown again to that session only (a reload shows the same QR code), and only
 * that session can confirm it: another session holding the same account, a stolen one say, gets a
 * secret of its own instead of the one the owner is about to scan. Null for an enrolment that is
 * confirmed, or pending from before this step (confirmable by no session: started again, it binds).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('user_second_factors').addColumn('pending_session', 'varchar(64)').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('user_second_factors').dropColumn('pending_session').execute();
}
