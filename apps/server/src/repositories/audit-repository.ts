/**
 * The audit log: who on the staff did what to which record, when, and the record before and after.
 * Rows are only ever inserted. `writeAudit` takes a transaction, so an action and its audit row
 * commit together or not at all: there is no decision without its trace, and no trace of a
 * decision that was rolled back.
 */
import { requestOrigin } from '../domain/request-origin.ts';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { toInt } from '../db/values.ts';

export interface AuditEntry {
  staffId: number;
  /** What was done, `<target>.<verb>`, e.g. `identity.approve`. */
  action: string;
  targetType: string;
  targetId: number;
  /** The record before the action; null when the action created it. */
  before: unknown;
  after: unknown;
  atMs: number;
}

export interface AuditRecord extends AuditEntry {
  id: number;
  staffUsername: string;
  /** Where the action came from. */
  ip: string;
}

export interface AuditFilter {
  targetType?: string | undefined;
  targetId?: number | undefined;
  staffId?: number | undefined;
  /** At or after, and before, ms. */
  fromMs?: number | undefined;
  toMs?: number | undefined;
}

/** JSON that also carries bigint amounts (as decimal text, exactly), which JSON.stringify cannot. */
function toJson(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  return JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? v.toString() : v));
}

/**
 * The keys whose values differ between `before` and `after`, each side with only those: what an
 * audit row says of a change. Undefined when nothing differs, as when staff repeat a change that
 * is already in place: an action that changed nothing leaves no audit row.
 */
export function changedValues(
  before: Readonly<Record<string, unknown>>,
  after: Readonly<Record<string, unknown>>,
): { before: Record<string, unknown>; after: Record<string, unknown> } | undefined {
  const was: Record<string, unknown> = {};
  const now: Record<string, unknown> = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (toJson(before[key]) === toJson(after[key])) continue;
    was[key] = before[key] ?? null;
    now[key] = after[key] ?? null;
  }
  return Object.keys(now).length === 0 ? undefined : { before: was, after: now };
}

/** Whether the record reads the same before and after an action. */
export const readsTheSame = (before: unknown, after: unknown): boolean => toJson(before) === toJson(after);

function fromJson(text: string | null): unknown {
  return text === null ? null : (JSON.parse(text) as unknown);
}

export async function writeAudit(
  db: Kysely<Database> | Transaction<Database>,
  entry: AuditEntry,
): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      staff_id: entry.staffId,
      action: entry.action,
      target_type: entry.targetType,
      target_id: entry.targetId,
      before: toJson(entry.before),
      after: toJson(entry.after),
      at: entry.atMs,
      // Every staff action is a request's work: its address is in the request's context.
      ip: requestOrigin(),
    })
    .execute();
}

/** One page of the log, newest first. */
export async function listAudit(
  db: Kysely<Database>,
  filter: AuditFilter,
  page: number,
  pageSize: number,
): Promise<{ list: AuditRecord[]; total: number }> {
  let query = db.selectFrom('audit_log');
  if (filter.targetType !== undefined) query = query.where('audit_log.target_type', '=', filter.targetType);
  if (filter.targetId !== undefined) query = query.where('audit_log.target_id', '=', filter.targetId);
  if (filter.staffId !== undefined) query = query.where('audit_log.staff_id', '=', filter.staffId);
  if (filter.fromMs !== undefined) query = query.where('audit_log.at', '>=', filter.fromMs);
  if (filter.toMs !== undefined) query = query.where('audit_log.at', '<', filter.toMs);
  const [counted, rows] = await Promise.all([
    query.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
    query
      .leftJoin('staff', 'staff.id', 'audit_log.staff_id')
      .selectAll('audit_log')
      .select('staff.username as staff_username')
      .orderBy('audit_log.id', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
  ]);
  return {
    total: toInt(counted.n as number | bigint | string),
    list: rows.map((row) => ({
      id: toInt(row.id),
      staffId: toInt(row.staff_id),
      staffUsername: row.staff_username ?? '',
      action: row.action,
      targetType: row.target_type,
      targetId: toInt(row.target_id),
      before: fromJson(row.before),
      after: fromJson(row.after),
      atMs: toInt(row.at),
      ip: row.ip,
    })),
  };
}
