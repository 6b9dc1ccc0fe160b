/**
 * One staff change in one transaction with its audit row: the record as `read` shows it before
 * and after `write`, so the log can always answer "who changed what, from what, to what". A
 * change that changed nothing is not logged as one.
 */
import { notFound } from '../domain/errors.ts';
import { readsTheSame, type AuditEntry } from '../repositories/audit-repository.ts';
import type { Db, Tx } from '../repositories/unit-of-work.ts';

export interface AuditedChange {
  staffId: number;
  /** "<target type>.<verb>", e.g. news.update; the part before the dot is the audit target type. */
  action: string;
  /** The record changed; absent when the change creates it and `write` returns the new id. */
  id?: number;
  /** Message key of the refusal when `id` names no record. */
  missingKey: string;
  /** Why, in the staff member's words, when the change asks for one: logged with the record after. */
  reason?: string;
  /** The record as the audit row shows it; undefined when it does not exist (after a delete). */
  read: (trx: Tx, id: number) => Promise<object | undefined>;
  write: (trx: Tx) => Promise<number | void>;
  /**
   * An action that is an event rather than a state (a password reset, a sign-out everywhere):
   * audited even when the record reads the same after. Otherwise a change that leaves the record
   * as it was (staff repeating a change already in place) writes no audit row.
   */
  auditedWhenUnchanged?: boolean;
}

export function auditedChanges(
  db: Db,
  writeAudit: (db: Tx, entry: AuditEntry) => Promise<void>,
  now: () => number,
) {
  return (change: AuditedChange): Promise<number> =>
    db.transaction().execute(async (trx) => {
      let before: object | null = null;
      if (change.id !== undefined) {
        before = (await change.read(trx, change.id)) ?? null;
        if (!before) throw notFound(change.missingKey, { id: change.id });
      }
      const id = (await change.write(trx)) ?? change.id!;
      const after = (await change.read(trx, id)) ?? null;
      if (!change.auditedWhenUnchanged && readsTheSame(before, after)) return id;
      await writeAudit(trx, {
        staffId: change.staffId,
        action: change.action,
        targetType: change.action.split('.')[0]!,
        targetId: id,
        before,
        after: after && change.reason !== undefined ? { ...after, reason: change.reason } : after,
        atMs: now(),
      });
      return id;
    });
}
