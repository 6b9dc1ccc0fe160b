/**
 * Stored replies of idempotent calls. A reply is written only by the unit of work it answers, in
 * that unit's transaction (`insertIdempotencyRecord`), never on its own.
 */
import { CompiledQuery, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { IdempotentRecord, StoredReply } from '../services/idempotency.ts';
import { isPostgres } from '../db/dialect.ts';
import { reusableQuery } from '../db/reusable-query.ts';
import { writeRows, type RowsOf, type RowsStatement } from './bulk-rows.ts';

/** A key being looked up, and who waits for it. */
interface Lookup {
  userId: number;
  key: string;
  resolve: (reply: StoredReply | undefined) => void;
  reject: (error: unknown) => void;
}

/**
 * The stored replies of many keys in one statement (PostgreSQL): the keys as two arrays, joined on
 * the table's primary key.
 */
const FIND_MANY = `select "user_id", "key", "route" as "operation", "fingerprint", "response"
  from "idempotency_keys"
  where ("user_id", "key") in (select * from unnest($1::bigint[], $2::text[]))`;

export class IdempotencyRepository {
  private readonly db: Kysely<Database>;
  private readonly postgres: boolean;
  /** PostgreSQL: the keys asked for in this turn of the event loop, read together after it. */
  private waiting: Lookup[] = [];

  constructor(db: Kysely<Database>) {
    this.db = db;
    this.postgres = isPostgres(db as unknown as Kysely<unknown>);
  }

  /** Compiled once (db/reusable-query.ts): every keyed order asks it before it is decided. */
  private findStored: ((values: [number, string]) => Promise<StoredReply[]>) | undefined;

  /**
   * The reply stored under a user's key. On PostgreSQL the keys asked for in one turn of the event
   * loop are read in one statement after it: each keyed order asks before it is decided, and a
   * statement each was a round trip each, waiting for a connection and then for a turn of a busy
   * loop. On SQLite a read is a call into the library, with no round trip to save.
   */
  find(userId: number, key: string): Promise<StoredReply | undefined> {
    if (!this.postgres) return this.findOne(userId, key);
    return new Promise((resolve, reject) => {
      if (this.waiting.length === 0) setImmediate(() => void this.readWaiting());
      this.waiting.push({ userId, key, resolve, reject });
    });
  }

  private async findOne(userId: number, key: string): Promise<StoredReply | undefined> {
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

  private async readWaiting(): Promise<void> {
    const lookups = this.waiting;
    this.waiting = [];
    try {
      if (lookups.length === 1) {
        const [{ userId, key, resolve }] = lookups as [Lookup];
        return resolve(await this.findOne(userId, key));
      }
      const result = await this.db.executeQuery<StoredReply & { user_id: unknown; key: string }>(
        CompiledQuery.raw(FIND_MANY, [lookups.map((l) => l.userId), lookups.map((l) => l.key)]),
      );
      const found = new Map<string, StoredReply>();
      for (const { user_id, key, operation, fingerprint, response } of result.rows)
        found.set(`${Number(user_id)}:${key}`, { operation, fingerprint, response });
      for (const lookup of lookups) lookup.resolve(found.get(`${lookup.userId}:${lookup.key}`));
    } catch (error) {
      for (const lookup of lookups) lookup.reject(error);
    }
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

/**
 * Replies stored by a unit of work of their own (a deposit report): a key already stored clashes,
 * so the unit rolls back and the guard answers by the stored reply (services/idempotency.ts).
 */
export async function insertIdempotencyRecords(
  trx: Transaction<Database>,
  records: readonly IdempotentRecord[],
  atMs: number,
): Promise<void> {
  if (records.length === 0) return;
  await writeRows(trx, KEY_ROWS, keyRowsOf(records, atMs));
}

/**
 * In a batch of the book's changes, a key already stored keeps its reply. The guard looked the key
 * up before deciding, so only another node can have stored it since (a deposit report is filed on
 * the node that took it, with that node's guard): the batch holds other users' changes the engine
 * already made, and failing it for one reply would refuse them all and rebuild the book. The change
 * is kept; its key answers the request that stored it first.
 */
const BATCH_KEY_ROWS: RowsStatement<KeyColumn> = {
  ...KEY_ROWS,
  onConflict: { key: ['user_id', 'key'], update: [] },
};

/** The replies' rows, to write with the rest of the batch they answer (trading-repository.ts). */
export function idempotencyRows(records: readonly IdempotentRecord[], atMs: number): RowsOf<KeyColumn> {
  return { statement: BATCH_KEY_ROWS, rows: keyRowsOf(records, atMs) };
}

const keyRowsOf = (records: readonly IdempotentRecord[], atMs: number) =>
  records.map((record) => ({
    user_id: record.userId,
    key: record.key,
    route: record.operation,
    fingerprint: record.fingerprint,
    response: record.response,
    created_at: atMs,
  }));
