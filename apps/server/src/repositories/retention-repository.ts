/**
 * Deletes short-lived records whose use has ended (services/housekeeping.ts), a bounded number of
 * rows per statement, oldest first, through the index on the column that dates them
 * (migrations 20261129T2100 and 20261130T0000), and chart bars past their retention, through the
 * bars' primary key.
 */
import type { StoredKlinePeriod } from '@omp/engine';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/** A table of short-lived records: the columns that name a row, and the one that dates it. */
export interface ExpiringTable {
  table: keyof Database;
  key: readonly string[];
  datedBy: string;
  /**
   * Keeps each owner's newest row (by `created_at`) whatever its age: the owner column. A user's last
   * session stays, so staff still see when and from where they last signed in, and a sign-in after
   * years away still counts as a returning user's (a new device is told of).
   */
  keepNewestOf?: string;
}

export class RetentionRepository {
  private readonly db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.db = db;
  }

  /** Deletes at most `limit` rows dated before `beforeMs`, the oldest first; answers how many. */
  async deleteBefore(expiring: ExpiringTable, beforeMs: number, limit: number): Promise<number> {
    const table = sql.table(expiring.table);
    const key = sql.join(expiring.key.map((column) => sql.ref(`expiring.${column}`)));
    const keyOfTable = sql.join(expiring.key.map((column) => sql.ref(column)));
    const dated = sql.ref(`expiring.${expiring.datedBy}`);
    const owner = expiring.keepNewestOf;
    const notNewest =
      owner === undefined
        ? sql``
        : sql`and exists (select 1 from ${table} as newer
            where ${sql.ref(`newer.${owner}`)} = ${sql.ref(`expiring.${owner}`)} and newer.created_at > expiring.created_at)`;
    // The key as a row value works alike on SQLite and PostgreSQL, whatever the table's key is.
    const result = await sql`delete from ${table} where (${keyOfTable}) in (
        select ${key} from ${table} as expiring where ${dated} < ${beforeMs} ${notNewest}
        order by ${dated} limit ${limit})`.execute(this.db);
    return Number(result.numAffectedRows ?? 0n);
  }

  /** The instruments whose bars may be stored: every one ever listed, the disabled ones too. */
  async barSeriesInstruments(): Promise<number[]> {
    const rows = await this.db.selectFrom('instruments').select('id').orderBy('id').execute();
    return rows.map((row) => Number(row.id));
  }

  /**
   * Deletes at most `limit` bars of one series opened before `beforeSec`, the oldest first; answers
   * how many. The series and its times are the primary key's prefix and order, so the statement
   * reads only the rows it deletes.
   */
  async deleteBarsBefore(
    instrumentId: number,
    period: StoredKlinePeriod,
    beforeSec: number,
    limit: number,
  ): Promise<number> {
    const result = await sql`delete from klines where instrument_id = ${instrumentId} and period = ${period}
        and time in (select time from klines where instrument_id = ${instrumentId} and period = ${period}
          and time < ${beforeSec} order by time limit ${limit})`.execute(this.db);
    return Number(result.numAffectedRows ?? 0n);
  }
}
