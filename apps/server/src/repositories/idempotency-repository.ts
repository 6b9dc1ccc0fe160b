/**
 * Stored replies of idempotent calls. A reply is written only by the unit of work it answers, in
 * that unit's transaction (`insertIdempotencyRecord`), never on its own.
 */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { IdempotentRecord, StoredReply } from '../services/idempotency.ts';
import { reusableQuery } from '../db/reusable-query.ts';
import { writeRows, type RowsOf, type RowsStatement } from './bulk-rows.ts';

export class IdempotencyRepository {
  private readonly db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.db = db;
  }

  /** Compiled once (db/reusable-query.ts): every keyed order asks it before it is decided. */
  private findStored: ((values: [number, string]) => Promise<StoredReply[]>) | undefined;

  async find(userId: number, key: string): Promise<StoredReply | undefined> {
    this.findStored ??= reusableQuery(this.db, 2, ([user, stored]: [number, string]) =>
      this.db
        .selectFrom('idempotency_keys')
        .select(['route as operation', 'fingerprint', 'response'])
        .where('user_id', '=', user)
        .where('key', '=', stored),
    );
    const [row] = await this.findStored([userId, key]);
    return row;
  }
}

export async function insertIdempotencyRecord(
  trx: Transaction<Database>,
  record: IdempotentRecord,
  atMs: number,
): Promise<void> {
  await insertIdempotencyRecords(trx, [record], atMs);
}

type KeyColumn = 'user_id' | 'key' | 'route' | 'fingerprint' | 'response' | 'created_at';

const KEY_ROWS: RowsStatement<KeyColumn> = {
  table: 'idempotency_keys',
  columns: ['user_id', 'key', 'route', 'fingerprint', 'response', 'created_at'],
};

/** A batch's stored replies in as few statements as its size allows (bulk-rows.ts), not one each. */
export async function insertIdempotencyRecords(
  trx: Transaction<Database>,
  records: readonly IdempotentRecord[],
  atMs: number,
): Promise<void> {
  if (records.length === 0) return;
  const { statement, rows } = idempotencyRows(records, atMs);
  await writeRows(trx, statement, rows);
}

/** The replies' rows, to write with the rest of the batch they answer (trading-repository.ts). */
export function idempotencyRows(records: readonly IdempotentRecord[], atMs: number): RowsOf<KeyColumn> {
  return {
    statement: KEY_ROWS,
    rows: records.map((record) => ({
      user_id: record.userId,
      key: record.key,
      route: record.operation,
      fingerprint: record.fingerprint,
      response: record.response,
      created_at: atMs,
    })),
  };
}
