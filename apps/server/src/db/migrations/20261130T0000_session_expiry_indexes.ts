import type { Kysely } from 'kysely';

/**
 * An index on when each user's and staff member's session expires, so the housekeeping round
 * (services/housekeeping.ts) finds the sessions that ended long ago without reading whole tables,
 * and one on whose a staff session is, for its "not the newest of its owner" test (users' sessions
 * have had theirs from the start).
 */
const INDEXES = [
  ['sessions_expires', 'sessions', 'expires_at'],
  ['staff_sessions_expires', 'staff_sessions', 'expires_at'],
  ['staff_sessions_staff', 'staff_sessions', 'staff_id'],
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [name, table, column] of INDEXES)
    await db.schema.createIndex(name).on(table).column(column).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [name] of INDEXES) await db.schema.dropIndex(name).execute();
}
