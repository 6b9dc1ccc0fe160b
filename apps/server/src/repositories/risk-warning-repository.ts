/**
 * The risk warning's figure, its texts, the leverage caps and the users' acknowledgements
 * (docs/decisions/0022). The figure is summed over the closed orders of real users, a round of
 * users at a time, the same SQL on SQLite and PostgreSQL.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import { sql, type Kysely } from 'kysely';
import { OrderStatus } from '@omp/protocol';
import type { Database } from '../db/schema.ts';
import { toBigInt, toInt } from '../db/values.ts';
import type { Tx } from './unit-of-work.ts';

/** Real accounts with a trade closed in a window, and how many of them lost money over it. */
export interface LossShareCount {
  accounts: number;
  losingAccounts: number;
}

/** Real users counted per round: at 50 trades each, a few ms of SQLite work. */
const USERS_PER_ROUND = 500;

export class RiskWarningRepository {
  private readonly db: Kysely<Database>;
  private readonly usersPerRound: number;

  /** `usersPerRound` is for tests that count over several rounds with a handful of users. */
  constructor(db: Kysely<Database>, usersPerRound = USERS_PER_ROUND) {
    this.db = db;
    this.usersPerRound = usersPerRound;
  }

  /**
   * Over real users with at least one order closed in [fromMs, toMs): each user's net result is the
   * sum of those orders' realized profit minus their trade fees (a partly closed position's parts
   * each carry their share of the fee). The spread is not taken again: a position opens at the ask
   * or the bid, so its profit already paid it. Demo users, open positions, cancelled orders and
   * money movements (deposits, bonuses, adjustments) do not count.
   *
   * Users are counted a round at a time (in order of id), and each round yields to other work:
   * SQLite answers on the server's only thread, and one aggregate over a year of every user's
   * orders held prices and orders for as long as it ran (bench/leaderboard.ts measures both).
   */
  async countLossShare(fromMs: number, toMs: number): Promise<LossShareCount> {
    let accounts = 0;
    let losingAccounts = 0;
    for (let afterId = 0; ; await nextTurn()) {
      const users = await this.db
        .selectFrom('users')
        .select('id')
        .where('is_demo', '=', 0)
        .where('id', '>', afterId)
        .orderBy('id')
        .limit(this.usersPerRound)
        .execute();
      if (users.length === 0) break;
      const ids = users.map((user) => toInt(user.id));
      afterId = ids.at(-1)!;
      const results = await this.db
        .selectFrom('orders')
        .select(['user_id', sql<number | bigint | string>`sum(orders.profit - orders.fee)`.as('net')])
        .where('user_id', 'in', ids)
        .where('status', '=', OrderStatus.closed)
        .where('closed_at', '>=', fromMs)
        .where('closed_at', '<', toMs)
        .groupBy('user_id')
        .execute();
      accounts += results.length;
      for (const { net } of results) if (toBigInt(String(net)) < 0n) losingAccounts += 1;
      if (users.length < this.usersPerRound) break;
    }
    return { accounts, losingAccounts };
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
