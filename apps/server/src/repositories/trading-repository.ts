/**
 * Storage of trading: accounts, orders, the ledger and idempotency keys. `persist` writes a batch
 * of engine Outcomes in one transaction (orders upserted, ledger rows appended, balances set), so
 * a batch is all or nothing; the engine's records map to rows and back without loss.
 */
import type { Kysely, Selectable, Transaction } from 'kysely';
import { OrderStatus } from '@omp/protocol';
import type { Account, Order, Outcome } from '@omp/engine';
import type { Database, LedgerTable } from '../db/schema.ts';
import { isPostgres } from '../db/dialect.ts';
import { toBigInt, toInt } from '../db/values.ts';
import type { IdempotentRecord } from '../services/idempotency.ts';
import { writeRowsTogether, type RowsOf, type RowsStatement } from './bulk-rows.ts';
import { readInLists } from './id-lists.ts';
import { idempotencyRows } from './idempotency-repository.ts';
import { hasMarginEvents, insertMarginEvents } from './margin-event-repository.ts';
import { toAccount, toOrder, toRow } from './order-rows.ts';

/** One unit of work: outcomes of one request or tick, and the answer to remember for a retry. */
export interface PersistItem {
  outcomes: Outcome[];
  idempotent?: IdempotentRecord | undefined;
  /** Rows of other records that belong to the same change (a withdrawal, a reviewed deposit). */
  extra?: ((trx: Transaction<Database>) => Promise<void>) | undefined;
  atMs: number;
}

/** A ledger row as services read it: money as bigint micro-dollars. */
export interface LedgerEntry {
  id: number;
  kind: string;
  amountMicros: bigint;
  balanceAfterMicros: bigint;
  refId: number;
  memoKey: string;
  createdAtMs: number;
}

export function ledgerEntryOf(row: Selectable<LedgerTable>): LedgerEntry {
  return {
    id: toInt(row.id),
    kind: row.kind,
    amountMicros: toBigInt(row.amount),
    balanceAfterMicros: toBigInt(row.balance_after),
    refId: toInt(row.ref_id),
    memoKey: row.memo_key,
    createdAtMs: toInt(row.created_at),
  };
}

/** Memo keys of ledger rows, translated in the UI (`MemoTran`). */
export const memoKeyOf = (kind: string) => `ledger.${kind}`;

export class TradingRepository {
  private readonly db: Kysely<Database>;
  private readonly postgres: boolean;

  constructor(db: Kysely<Database>) {
    this.db = db;
    this.postgres = isPostgres(db as unknown as Kysely<unknown>);
  }

  /** Every account with pending or holding orders, with those orders, and the next order id. */
  async loadOpenBook(): Promise<{ accounts: Account[]; nextOrderId: number }> {
    const rows = await this.db
      .selectFrom('orders')
      .selectAll()
      .where('status', 'in', [OrderStatus.pending, OrderStatus.holding])
      .orderBy('id')
      .execute();
    const userIds = [...new Set(rows.map((row) => toInt(row.user_id)))];
    const accountRows = await readInLists(userIds, (list) =>
      this.db.selectFrom('trading_accounts').selectAll().where('user_id', 'in', list).execute(),
    );
    const accounts = new Map(accountRows.map((row) => [toInt(row.user_id), toAccount(row)]));
    for (const row of rows) accounts.get(toInt(row.user_id))?.orders.set(toInt(row.id), toOrder(row));
    const max = await this.db
      .selectFrom('orders')
      .select((eb) => eb.fn.max('id').as('max'))
      .executeTakeFirst();
    return { accounts: [...accounts.values()], nextOrderId: (max?.max == null ? 0 : toInt(max.max)) + 1 };
  }

  async loadAccount(userId: number): Promise<Account | undefined> {
    const row = await this.db
      .selectFrom('trading_accounts')
      .selectAll()
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (!row) return undefined;
    const account = toAccount(row);
    const orders = await this.db
      .selectFrom('orders')
      .selectAll()
      .where('user_id', '=', userId)
      .where('status', 'in', [OrderStatus.pending, OrderStatus.holding])
      .execute();
    for (const order of orders) account.orders.set(toInt(order.id), toOrder(order));
    return account;
  }

  /**
   * Opens a user's money account unless it is open; a demo one starts funded by a ledger row of its
   * own. On a cluster `fence` checks first, in the same transaction, that this node still owns the
   * book.
   */
  async createAccount(
    userId: number,
    isDemo: boolean,
    openingMicros: bigint,
    atMs: number,
    fence?: (trx: Transaction<Database>) => Promise<void>,
  ): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await fence?.(trx);
      // Opened once: a second opening of the same account (two calls racing) changes nothing.
      const opened = await trx
        .insertInto('trading_accounts')
        .values({ user_id: userId, is_demo: isDemo ? 1 : 0, balance: openingMicros, updated_at: atMs })
        .onConflict((conflict) => conflict.column('user_id').doNothing())
        .executeTakeFirst();
      if (opened.numInsertedOrUpdatedRows !== 0n && openingMicros !== 0n)
        await trx
          .insertInto('ledger')
          .values({
            user_id: userId,
            kind: 'demo_reset',
            amount: openingMicros,
            balance_after: openingMicros,
            ref_id: 0,
            memo_key: 'ledger.demo_opening',
            created_at: atMs,
          })
          .execute();
    });
  }

  /**
   * Writes a batch in one transaction: all of it or none of it. On a cluster `fence` first checks,
   * in the same transaction, that this node still owns the book (cluster/book-lease.ts). Its orders,
   * ledger rows, balances and idempotent replies go in one statement on PostgreSQL (bulk-rows.ts),
   * which is the whole transaction when nothing else must commit with them: one round trip.
   */
  async persist(
    items: readonly PersistItem[],
    fence?: (trx: Transaction<Database>) => Promise<void>,
  ): Promise<void> {
    const batch = batchRows(items);
    const alone =
      this.postgres &&
      !fence &&
      batch.warnings.size === 0 &&
      !items.some((item) => item.extra || hasMarginEvents(item.outcomes));
    if (alone) return writeRowsTogether(this.db, batch.writes);
    await this.db.transaction().execute(async (trx) => {
      await fence?.(trx);
      await writeRowsTogether(trx, batch.writes);
      for (const [userId, warned] of batch.warnings)
        await trx
          .updateTable('trading_accounts')
          .set({ margin_call_warned: warned ? 1 : 0 })
          .where('user_id', '=', userId)
          .execute();
      await insertMarginEvents(trx, items);
      for (const item of items) if (item.extra) await item.extra(trx);
    });
  }

  async ordersPage(userId: number, statuses: number[], offset: number, limit: number): Promise<Order[]> {
    const rows = await this.db
      .selectFrom('orders')
      .selectAll()
      .where('user_id', '=', userId)
      .where('status', 'in', statuses)
      .orderBy('id', 'desc')
      .offset(offset)
      .limit(limit)
      .execute();
    return rows.map(toOrder);
  }

  async orderSummary(userId: number, statuses: number[]): Promise<{ total: number; profitMicros: bigint }> {
    const row = await this.db
      .selectFrom('orders')
      .select((eb) => [eb.fn.countAll().as('total'), eb.fn.sum('profit').as('profit')])
      .where('user_id', '=', userId)
      .where('status', 'in', statuses)
      .executeTakeFirst();
    return {
      total: toInt((row?.total as number | bigint | string) ?? 0),
      profitMicros: toBigInt(String(row?.profit ?? 0)),
    };
  }

  async orderById(userId: number, id: number): Promise<Order | undefined> {
    const row = await this.db
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row && toOrder(row);
  }

  async ledgerPage(userId: number, offset: number, limit: number) {
    const rows = await this.db
      .selectFrom('ledger')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('id', 'desc')
      .offset(offset)
      .limit(limit)
      .execute();
    return rows.map(ledgerEntryOf);
  }

  async ledgerSummary(userId: number): Promise<{ total: number; sumMicros: bigint }> {
    const row = await this.db
      .selectFrom('ledger')
      .select((eb) => [eb.fn.countAll().as('total'), eb.fn.sum('amount').as('sum')])
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return {
      total: toInt((row?.total as number | bigint | string) ?? 0),
      sumMicros: toBigInt(String(row?.sum ?? 0)),
    };
  }

  async storedBalance(userId: number): Promise<bigint | undefined> {
    const row = await this.db
      .selectFrom('trading_accounts')
      .select('balance')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row && toBigInt(row.balance);
  }
}

/** Every column of an order row (order-rows.ts `toRow`). */
const ORDER_COLUMNS = [
  'id',
  'user_id',
  'instrument_id',
  'side',
  'kind',
  'status',
  'lots',
  'leverage',
  'target_points',
  'open_points',
  'asked_points',
  'spread_points',
  'spread_cost',
  'close_points',
  'stop_loss_points',
  'take_profit_points',
  'trailing_points',
  'margin',
  'fee',
  'profit',
  'closed_type',
  'cancel_reason',
  'created_at',
  'opened_at',
  'closed_at',
  'split_from_id',
] as const satisfies ReadonlyArray<keyof ReturnType<typeof toRow>>;

/**
 * New orders are inserted, known ones take what may change. A partial close leaves the position
 * fewer lots (packages/engine/SPEC.md PC1); who placed it, where and when it was created, and the
 * order it was split from never change.
 */
const UPSERT_ORDERS: RowsStatement<(typeof ORDER_COLUMNS)[number]> = {
  table: 'orders',
  columns: ORDER_COLUMNS,
  onConflict: {
    key: 'id',
    update: [
      'status',
      'lots',
      'kind',
      'open_points',
      'asked_points',
      'spread_points',
      'spread_cost',
      'close_points',
      'stop_loss_points',
      'take_profit_points',
      'trailing_points',
      'margin',
      'fee',
      'profit',
      'closed_type',
      'cancel_reason',
      'opened_at',
      'closed_at',
    ],
  },
};

/** A type, not an interface: rows are read by column name (bulk-rows.ts). */
type LedgerRow = {
  user_id: number;
  kind: string;
  amount: bigint;
  balance_after: bigint;
  ref_id: number;
  memo_key: string;
  created_at: number;
};

const INSERT_LEDGER: RowsStatement<keyof LedgerRow> = {
  table: 'ledger',
  columns: ['user_id', 'kind', 'amount', 'balance_after', 'ref_id', 'memo_key', 'created_at'],
};

/**
 * One statement for every balance of the batch: an upsert on rows that always exist (accounts are
 * opened before they trade), so only `balance` and `updated_at` ever change. One UPDATE per account
 * cost a round trip each on PostgreSQL.
 */
const SET_BALANCES: RowsStatement<'user_id' | 'is_demo' | 'balance' | 'updated_at'> = {
  table: 'trading_accounts',
  columns: ['user_id', 'is_demo', 'balance', 'updated_at'],
  onConflict: { key: 'user_id', update: ['balance', 'updated_at'] },
};

/**
 * What a batch writes: its orders' newest records, its ledger rows, the balances after them and
 * its idempotent replies (rows of four tables, each table once), and the margin-call flags it
 * changed (rare: a warning or a recovery).
 */
function batchRows(items: readonly PersistItem[]): { writes: RowsOf[]; warnings: Map<number, boolean> } {
  const orders = new Map<number, Order>();
  const ledger: LedgerRow[] = [];
  const balances = new Map<number, { balance: bigint; atMs: number }>();
  const answers: IdempotentRecord[] = [];
  const warnings = new Map<number, boolean>();
  for (const item of items) {
    for (const outcome of item.outcomes) {
      for (const order of outcome.orders) orders.set(order.id, order);
      for (const posting of outcome.postings)
        ledger.push({
          user_id: posting.accountId,
          kind: posting.kind,
          amount: posting.amountMicros,
          balance_after: posting.balanceAfterMicros,
          ref_id: posting.refId,
          memo_key: memoKeyOf(posting.kind),
          created_at: posting.atMs,
        });
      if (outcome.postings.length > 0)
        balances.set(outcome.accountId, { balance: outcome.balanceMicros, atMs: item.atMs });
      if (outcome.marginCallWarned !== undefined) warnings.set(outcome.accountId, outcome.marginCallWarned);
    }
    if (item.idempotent) answers.push(item.idempotent);
  }
  const balanceRows = [...balances].map(([userId, { balance, atMs }]) => ({
    user_id: userId,
    is_demo: 0,
    balance,
    updated_at: atMs,
  }));
  const writes: RowsOf[] = [
    { statement: UPSERT_ORDERS, rows: [...orders.values()].map(toRow) },
    { statement: INSERT_LEDGER, rows: ledger },
    { statement: SET_BALANCES, rows: balanceRows },
  ];
  // An empty batch (a fence check alone) has no first item to date the replies by.
  if (answers.length > 0) writes.push(idempotencyRows(answers, items[0]!.atMs));
  return { writes, warnings };
}
