/** Recognises database errors the services react to, on both engines. */

/**
 * A unique index refused the row: PostgreSQL's SQLSTATE 23505, or SQLite's SQLITE_CONSTRAINT_UNIQUE
 * (better-sqlite3 reports the extended code).
 */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}
