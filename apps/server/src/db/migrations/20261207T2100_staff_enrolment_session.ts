import type { Kysely } from 'kysely';

/**
 * Which staff session started a pending enrolment of an authenticator (the session's id). The
 * pending secret is shown again to that session only (a reload shows the same QR code), and only
 * that session can confirm it: another session holding the member's password gets a secret of its
 * own instead of the one the member is about to scan. Null once enrolment is confirmed, and for a
 * secret pending from before this step (confirmable by no session: started again, it binds).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('staff').addColumn('totp_pending_session', 'bigint').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('staff').dropColumn('totp_pending_session').execute();
}
