/**
 * What staff and traders' second factors keep alike: the time step of the last accepted code and
 * the hashed single-use recovery codes. One store serves both, over the tables each one has
 * (`staff` + `staff_recovery_codes`, `user_second_factors` + `user_recovery_codes`), so the
 * replay and single-use rules are written once.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { toInt } from '../db/values.ts';

export interface SecondFactorTables {
  /** The row of the secret: its table, key column and the column of the last accepted step. */
  secret: { table: 'staff' | 'user_second_factors'; key: 'id' | 'user_id'; lastStep: string };
  /** The recovery codes: their table and the column naming their owner. */
  recovery: { table: 'staff_recovery_codes' | 'user_recovery_codes'; owner: 'staff_id' | 'user_id' };
}

export const STAFF_SECOND_FACTOR_TABLES: SecondFactorTables = {
  secret: { table: 'staff', key: 'id', lastStep: 'totp_last_step' },
  recovery: { table: 'staff_recovery_codes', owner: 'staff_id' },
};

export const USER_SECOND_FACTOR_TABLES: SecondFactorTables = {
  secret: { table: 'user_second_factors', key: 'user_id', lastStep: 'last_step' },
  recovery: { table: 'user_recovery_codes', owner: 'user_id' },
};

export class SecondFactorStore {
  private readonly db: Kysely<Database>;
  private readonly tables: SecondFactorTables;

  constructor(db: Kysely<Database>, tables: SecondFactorTables) {
    this.db = db;
    this.tables = tables;
  }

  /**
   * Records that a code of this time step was used; false when that step or a later one already
   * was, so of two requests with one code only one passes, whatever races.
   */
  async acceptStep(ownerId: number, step: number): Promise<boolean> {
    const { table, key, lastStep } = this.tables.secret;
    const result = await sql`
      update ${sql.table(table)} set ${sql.ref(lastStep)} = ${step}
      where ${sql.ref(key)} = ${ownerId}
        and (${sql.ref(lastStep)} is null or ${sql.ref(lastStep)} < ${step})`.execute(this.db);
    return Number(result.numAffectedRows ?? 0) === 1;
  }

  /** The new codes in place of every earlier one, spent or not. */
  async replaceRecoveryCodes(ownerId: number, codeHashes: string[]): Promise<void> {
    const { table, owner } = this.tables.recovery;
    await this.clearRecoveryCodes(ownerId);
    const rows = codeHashes.map((hash) => sql`(${ownerId}, ${hash})`);
    await sql`insert into ${sql.table(table)} (${sql.ref(owner)}, code_hash) values ${sql.join(rows)}`.execute(
      this.db,
    );
  }

  async clearRecoveryCodes(ownerId: number): Promise<void> {
    const { table, owner } = this.tables.recovery;
    await sql`delete from ${sql.table(table)} where ${sql.ref(owner)} = ${ownerId}`.execute(this.db);
  }

  /** Spends a recovery code; false when it is unknown or already spent. */
  async useRecoveryCode(ownerId: number, codeHash: string, nowMs: number): Promise<boolean> {
    const { table, owner } = this.tables.recovery;
    const result = await sql`
      update ${sql.table(table)} set used_at = ${nowMs}
      where ${sql.ref(owner)} = ${ownerId} and code_hash = ${codeHash} and used_at is null`.execute(this.db);
    return Number(result.numAffectedRows ?? 0) === 1;
  }

  async unusedRecoveryCodes(ownerId: number): Promise<number> {
    const { table, owner } = this.tables.recovery;
    const result = await sql<{ n: number | bigint | string }>`
      select count(*) as n from ${sql.table(table)}
      where ${sql.ref(owner)} = ${ownerId} and used_at is null`.execute(this.db);
    return toInt(result.rows[0]?.n ?? 0);
  }
}
