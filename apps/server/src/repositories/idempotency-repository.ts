/**
 * Stored replies of idempotent calls. A reply is written only by the unit of work it answers, in
 * that unit's transaction (`insertIdempotencyRecord`), never on its own.
 */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { IdempotentRecord, StoredReply } from '../services/idempotency.ts';

export class IdempotencyRepository {
  private readonly db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.db = db;
  }

  find(userId: number, key: string): Promise<StoredReply | undefined> {
    return this.db
      .selectFrom('idempotency_keys')
      .select(['route as operation', 'fingerprint', 'response'])
      .where('user_id', '=', userId)
      .where('key', '=', key)
      .executeTakeFirst();
  }
}

export async function insertIdempotencyRecord(
  trx: Transaction<Database>,
  record: IdempotentRecord,
  atMs: number,
): Promise<void> {
  await trx
    .insertInto('idempotency_keys')
    .values({
      user_id: record.userId,
      key: record.key,
      route: record.operation,
      fingerprint: record.fingerprint,
      response: record.response,
      created_at: atMs,
    })
    .execute();
}
