import type { Kysely } from 'kysely';

/**
 * Indexes for what the back office reads most often, so those reads cost what they answer and not
 * the size of the history (on the embedded database they run on the event loop every price and
 * order shares). The dashboard, which every open back office asks for every five seconds, sums the
 * ledger since the staff member's midnight (by when each row was written) and the money decided
 * since then (by status and when it was decided); the identity queue counts and pages the checks
 * that wait (by status, newest first, as deposits and withdrawals already were); the audit log is
 * filtered by a record's id alone, by a staff member and by dates (it had an index by the record's
 * type and id only).
 */
const INDEXES = [
  ['ledger_created', 'ledger', ['created_at']],
  ['deposits_decided', 'deposits', ['status', 'reviewed_at']],
  ['withdrawals_decided', 'withdrawals', ['status', 'reviewed_at']],
  ['identity_status', 'identity_submissions', ['status', 'id']],
  ['audit_target_id', 'audit_log', ['target_id', 'id']],
  ['audit_staff', 'audit_log', ['staff_id', 'id']],
  ['audit_at', 'audit_log', ['at']],
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [name, table, columns] of INDEXES)
    await db.schema
      .createIndex(name)
      .on(table)
      .columns([...columns])
      .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [name] of INDEXES) await db.schema.dropIndex(name).execute();
}
