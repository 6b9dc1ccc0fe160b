/**
 * What a statement reads (the ledger and the closed orders of one account in a range) and the
 * records of the monthly statement e-mail: subscriptions and the one-row-per-month mailing log.
 */
import type { Kysely } from 'kysely';
import { OrderStatus } from '@omp/protocol';
import type { Order } from '@omp/engine';
import type { Database } from '../db/schema.ts';
import { toBigInt, toInt } from '../db/values.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { toOrder } from './order-rows.ts';
import { ledgerEntryOf, type LedgerEntry } from './trading-repository.ts';

export interface StatementSubscription {
  userId: number;
  lang: string;
  timeZone: string;
  email: string | null;
}

export class StatementRepository {
  private readonly db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.db = db;
  }

  /**
   * The balance after the last row before `beforeMs`: 0 for an account with none. Rows are
   * ordered by id, the order they were committed in, which is also their order in time.
   */
  async balanceBefore(userId: number, beforeMs: number): Promise<bigint> {
    const row = await this.db
      .selectFrom('ledger')
      .select('balance_after')
      .where('user_id', '=', userId)
      .where('created_at', '<', beforeMs)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row ? toBigInt(row.balance_after) : 0n;
  }

  async ledgerRows(userId: number, fromMs: number, toMs: number): Promise<LedgerEntry[]> {
    const rows = await this.db
      .selectFrom('ledger')
      .selectAll()
      .where('user_id', '=', userId)
      .where('created_at', '>=', fromMs)
      .where('created_at', '<', toMs)
      .orderBy('id')
      .execute();
    return rows.map(ledgerEntryOf);
  }

  /** Trades closed in the range (partial closes are trades of their own), oldest first. */
  async closedOrders(userId: number, fromMs: number, toMs: number): Promise<Order[]> {
    const rows = await this.db
      .selectFrom('orders')
      .selectAll()
      .where('user_id', '=', userId)
      .where('status', '=', OrderStatus.closed)
      .where('closed_at', '>=', fromMs)
      .where('closed_at', '<', toMs)
      .orderBy('closed_at')
      .orderBy('id')
      .execute();
    return rows.map(toOrder);
  }

  async subscription(userId: number): Promise<StatementSubscription | undefined> {
    const row = await this.db
      .selectFrom('statement_subscriptions')
      .innerJoin('users', 'users.id', 'statement_subscriptions.user_id')
      .select(['user_id', 'lang', 'time_zone', 'users.email'])
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row && { userId: toInt(row.user_id), lang: row.lang, timeZone: row.time_zone, email: row.email };
  }

  /** Subscribes (or keeps the subscription with the latest language and zone). */
  async subscribe(userId: number, lang: string, timeZone: string, atMs: number): Promise<void> {
    await this.db
      .insertInto('statement_subscriptions')
      .values({ user_id: userId, lang, time_zone: timeZone, created_at: atMs })
      .onConflict((conflict) => conflict.column('user_id').doUpdateSet({ lang, time_zone: timeZone }))
      .execute();
  }

  async unsubscribe(userId: number): Promise<void> {
    await this.db.deleteFrom('statement_subscriptions').where('user_id', '=', userId).execute();
  }

  /** Subscribers with an e-mail address and an open account, after `afterUserId`, in id order. */
  async subscribers(afterUserId: number, limit: number): Promise<StatementSubscription[]> {
    const rows = await this.db
      .selectFrom('statement_subscriptions')
      .innerJoin('users', 'users.id', 'statement_subscriptions.user_id')
      .select(['user_id', 'lang', 'time_zone', 'users.email'])
      .where('user_id', '>', afterUserId)
      .where('users.email', 'is not', null)
      .where('users.disabled', '=', 0)
      .orderBy('user_id')
      .limit(limit)
      .execute();
    return rows.map((row) => ({
      userId: toInt(row.user_id),
      lang: row.lang,
      timeZone: row.time_zone,
      email: row.email,
    }));
  }

  /**
   * Claims a user's month: true for the one caller whose row went in. A claim left unsent by a
   * node that stopped half way (older than `staleBeforeMs`) is taken over, so the month still goes.
   */
  async claimMonth(userId: number, month: string, atMs: number, staleBeforeMs: number): Promise<boolean> {
    try {
      await this.db
        .insertInto('statement_mailings')
        .values({ user_id: userId, month, claimed_at: atMs, sent_at: null })
        .execute();
      return true;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
    const taken = await this.db
      .updateTable('statement_mailings')
      .set({ claimed_at: atMs })
      .where('user_id', '=', userId)
      .where('month', '=', month)
      .where('sent_at', 'is', null)
      .where('claimed_at', '<', staleBeforeMs)
      .executeTakeFirst();
    return taken.numUpdatedRows === 1n;
  }

  async markSent(userId: number, month: string, atMs: number): Promise<void> {
    await this.db
      .updateTable('statement_mailings')
      .set({ sent_at: atMs })
      .where('user_id', '=', userId)
      .where('month', '=', month)
      .execute();
  }

  /** Gives a claim back after a failed send, so the next run tries again. */
  async releaseClaim(userId: number, month: string): Promise<void> {
    await this.db
      .deleteFrom('statement_mailings')
      .where('user_id', '=', userId)
      .where('month', '=', month)
      .where('sent_at', 'is', null)
      .execute();
  }
}
