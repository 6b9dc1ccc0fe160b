import { PostgresAdapter, type Kysely } from 'kysely';

export function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/**
 * The column type of an auto-assigned integer key: SQLite makes `integer primary key` an alias of
 * the rowid (assigned on insert); PostgreSQL needs an identity column for the same behaviour.
 */
export function autoIdType(db: Kysely<unknown>): 'integer' | 'bigserial' {
  return isPostgres(db) ? 'bigserial' : 'integer';
}
