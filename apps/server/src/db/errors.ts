/** Recognises database errors the services react to, on both engines. */

/**
 * A unique index or the primary key refused the row: PostgreSQL's SQLSTATE 23505 (both), or
 * SQLite's extended codes, which tell a taken primary key (SQLITE_CONSTRAINT_PRIMARYKEY) apart
 * from a unique index (SQLITE_CONSTRAINT_UNIQUE). A check that knew only the second answered 500
 * to two requests racing for one row keyed by its primary key (a user's enrolment).
 */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/**
 * PostgreSQL SQLSTATEs of a value the request carried that a column cannot hold: a number out of
 * the column's range (an `integer` column holds 32 bits; SQLite stores any size), text in a form
 * the type cannot read, text too long for its type or for an index, bytes the encoding refuses.
 */
const UNSTORABLE_VALUE_STATES = new Set(['22001', '22003', '22021', '22P02', '54000']);

/** The database refused a value as it was given, not because of a fault of ours. */
export function isUnstorableValue(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && UNSTORABLE_VALUE_STATES.has(code);
}
