/**
 * Deletes short-lived records whose use has ended (services/housekeeping.ts), a bounded number of
 * rows per statement, oldest first, through the index on the column that dates them
 * (migration 20261129T2100).
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/** A table of short-lived records: the columns that name a row, and the one that dates it. */
export interface ExpiringTable {
  table: keyof Database;
  key: readonly string[];
  datedBy: string;
}

export class RetentionRepository {
  private readonly db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.db = db;
  }

  /** Deletes at most `limit` rows dated before `beforeMs`, the oldest first; answers how many. */
  async deleteBefore(expiring: ExpiringTable, beforeMs: number, limit: number): Promise<number> {
    const table = sql.table(expiring.table);
    const key = sql.join(expiring.key.map((column) => sql.ref(column)));
    const dated = sql.ref(expiring.datedBy);
    // The key as a row value works alike on SQLite and PostgreSQL, whatever the table's key is.
    const result = await sql`delete from ${table} where (${key}) in (
        select ${key} from ${table} where ${dated} < ${beforeMs} order by ${dated} limit ${limit})`.execute(
      this.db,
    );
    return Number(result.numAffectedRows ?? 0n);
  }
}
