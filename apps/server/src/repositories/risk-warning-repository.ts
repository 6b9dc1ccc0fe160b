/**
 * The risk warning's figure, its texts, the leverage caps and the users' acknowledgements
 * (docs/decisions/0022). The figure is one aggregate over the closed orders of real users, the
 * same SQL on SQLite and PostgreSQL.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { toInt } from '../db/values.ts';
import type { Tx } from './unit-of-work.ts';

/** Real accounts with a trade closed in a window, and how many of them lost money over it. */
export interface LossShareCount {
  accounts: number;
  losingAccounts: number;
}

export class RiskWarningRepository {
  private readonly db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.db = db;
  }

  /**
   * Over real users with at least one order closed in [fromMs, toMs): each user's net result is the
   * sum of those orders' realized profit minus their trade fees (a partly closed position's parts
   * each carry their share of the fee). The spread is not taken again: a position opens at the ask
   * or the bid, so its profit already paid it. Demo users, open positions, cancelled orders and
   * money movements (deposits, bonuses, adjustments) do not count.
   */
  async countLossShare(fromMs: number, toMs: number): Promise<LossShareCount> {
    const perAccount = this.db
      .selectFrom('orders')
      .innerJoin('users', 'users.id', 'orders.user_id')
      .select(['orders.user_id', sql<string>`sum(orders.profit - orders.fee)`.as('net')])
      .where('users.is_demo', '=', 0)
      .where('orders.status', '=', 3)
      .where('orders.closed_at', '>=', fromMs)
      .where('orders.closed_at', '<', toMs)
      .groupBy('orders.user_id');
    const row = await this.db
      .selectFrom(perAccount.as('results'))
      .select([
        sql<number | bigint | string>`count(*)`.as('accounts'),
        sql<number | bigint | string | null>`sum(case when results.net < 0 then 1 else 0 end)`.as('losing'),
      ])
      .executeTakeFirstOrThrow();
    return { accounts: toInt(row.accounts), losingAccounts: row.losing === null ? 0 : toInt(row.losing) };
  }

  async texts(db: Kysely<Database> | Tx = this.db): Promise<Map<string, string>> {
    const rows = await db.selectFrom('risk_warning_texts').select(['lang', 'text']).execute();
    return new Map(rows.map((row) => [row.lang, row.text]));
  }

  /** Stores the texts given; an empty text removes the language's row (its default shows again). */
  async saveTexts(trx: Tx, texts: ReadonlyArray<readonly [string, string]>, nowMs: number): Promise<void> {
    for (const [lang, text] of texts) {
      if (text === '') {
        await trx.deleteFrom('risk_warning_texts').where('lang', '=', lang).execute();
        continue;
      }
      await trx
        .insertInto('risk_warning_texts')
        .values({ lang, text, updated_at: nowMs })
        .onConflict((oc) => oc.column('lang').doUpdateSet({ text, updated_at: nowMs }))
        .execute();
    }
  }

  async caps(db: Kysely<Database> | Tx = this.db): Promise<Map<string, number>> {
    const rows = await db.selectFrom('leverage_caps').select(['cap_class', 'max_leverage']).execute();
    return new Map(rows.map((row) => [row.cap_class, toInt(row.max_leverage)]));
  }

  async saveCaps(trx: Tx, caps: ReadonlyArray<readonly [string, number]>, nowMs: number): Promise<void> {
    for (const [capClass, maxLeverage] of caps)
      await trx
        .insertInto('leverage_caps')
        .values({ cap_class: capClass, max_leverage: maxLeverage, updated_at: nowMs })
        .onConflict((oc) =>
          oc.column('cap_class').doUpdateSet({ max_leverage: maxLeverage, updated_at: nowMs }),
        )
        .execute();
  }

  async acknowledgedAt(userId: number): Promise<number | undefined> {
    const row = await this.db
      .selectFrom('risk_acknowledgements')
      .select('acknowledged_at')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row ? toInt(row.acknowledged_at) : undefined;
  }

  /** Keeps the first acknowledgement: asking again changes nothing. */
  async acknowledge(userId: number, nowMs: number): Promise<number> {
    await this.db
      .insertInto('risk_acknowledgements')
      .values({ user_id: userId, acknowledged_at: nowMs })
      .onConflict((oc) => oc.column('user_id').doNothing())
      .execute();
    return (await this.acknowledgedAt(userId)) ?? nowMs;
  }

  transaction<T>(work: (trx: Tx) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(work);
  }
}
