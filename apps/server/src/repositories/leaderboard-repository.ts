/**
 * What the leaderboard is computed from: the closed trades and the ledger of the users who opted
 * in, summed by the database per user in four grouped queries per round of traders, using the
 * user_id indexes of both tables. Sums are exact integers (micro-dollars).
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import { sql, type Kysely } from 'kysely';
import { OrderStatus } from '@omp/protocol';
import type { Database } from '../db/schema.ts';
import { toBigInt, toInt } from '../db/values.ts';

export interface TraderTotals {
  userId: number;
  uid: number;
  email: string | null;
  mobile: string | null;
  isDemo: boolean;
  /** Closed trades of all time and of the window. */
  tradesTotal: number;
  tradesWindow: number;
  winsWindow: number;
  /** Net realized P/L (profit less the trade's fee), micro-dollars. */
  netTotalMicros: bigint;
  netWindowMicros: bigint;
  /** Balance when the window opened: the sum of ledger rows before it. */
  openingMicros: bigint;
  /** Money put in (deposits, adjustments, demo funding) in the window and of all time. */
  moneyInWindowMicros: bigint;
  moneyInTotalMicros: bigint;
  /** Most used leverage and most traded instrument id, over all closed trades. */
  leverage: number;
  instrumentId: number;
}

/** Ledger kinds that bring money into an account (credits only; see docs/decisions/0007). */
const MONEY_IN_KINDS = ['deposit', 'adjustment', 'bonus', 'demo_reset'];
/** Traders summed per round of queries: about 10 ms of SQLite work at 50 trades each. */
const USERS_PER_ROUND = 200;

interface TraderRow {
  id: unknown;
  uid: unknown;
  email: string | null;
  mobile: string | null;
  is_demo: unknown;
}

const big = (value: unknown) => toBigInt(String(value ?? 0));
const int = (value: unknown) => toInt(String(value ?? 0));

export class LeaderboardRepository {
  private readonly db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.db = db;
  }

  async setOptIn(userId: number, enabled: boolean): Promise<void> {
    await this.db
      .updateTable('users')
      .set({ show_on_leaderboard: enabled ? 1 : 0 })
      .where('id', '=', userId)
      .execute();
  }

  async optedIn(userId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('users')
      .select('show_on_leaderboard')
      .where('id', '=', userId)
      .executeTakeFirst();
    return row !== undefined && toInt(row.show_on_leaderboard) === 1;
  }

  /**
   * Every opted-in user with at least one closed trade, with their sums; `windowStartMs` opens the
   * window. Users are summed a round at a time, and each round yields to other work: SQLite answers
   * on the server's only thread, so one query over every trader would stall prices and orders for
   * as long as it ran (bench/leaderboard.ts measures the longest stall).
   */
  async traderTotals(windowStartMs: number): Promise<TraderTotals[]> {
    const users = await this.db
      .selectFrom('users')
      .select(['id', 'uid', 'email', 'mobile', 'is_demo'])
      .where('show_on_leaderboard', '=', 1)
      .orderBy('id')
      .execute();
    const totals: TraderTotals[] = [];
    for (let i = 0; i < users.length; i += USERS_PER_ROUND) {
      totals.push(...(await this.roundTotals(users.slice(i, i + USERS_PER_ROUND), windowStartMs)));
      await nextTurn();
    }
    return totals;
  }

  private async roundTotals(users: readonly TraderRow[], windowStartMs: number): Promise<TraderTotals[]> {
    const ids = users.map((user) => int(user.id));
    const closed = this.db
      .selectFrom('orders')
      .where('orders.user_id', 'in', ids)
      .where('orders.status', '=', OrderStatus.closed)
      // Positions closed by a demo reset were closed by the reset, not by a trading decision.
      .where((eb) =>
        eb.or([eb('orders.cancel_reason', 'is', null), eb('orders.cancel_reason', '!=', 'demo_reset')]),
      );
    const inWindow = sql`orders.closed_at >= ${windowStartMs}`;
    const net = sql`(orders.profit - orders.fee)`;
    const moneyIn = sql`ledger.kind in (${sql.join(MONEY_IN_KINDS)}) and ledger.amount > 0`;

    const [trades, leverages, instruments, ledger] = await Promise.all([
      closed
        .select([
          'orders.user_id',
          sql<string>`count(*)`.as('trades_total'),
          sql<string>`sum(case when ${inWindow} then 1 else 0 end)`.as('trades_window'),
          sql<string>`sum(case when ${inWindow} and ${net} > 0 then 1 else 0 end)`.as('wins_window'),
          sql<string>`sum(${net})`.as('net_total'),
          sql<string>`sum(case when ${inWindow} then ${net} else 0 end)`.as('net_window'),
        ])
        .groupBy('orders.user_id')
        .execute(),
      closed
        .select(['orders.user_id', 'orders.leverage as value', sql<string>`count(*)`.as('n')])
        .groupBy(['orders.user_id', 'orders.leverage'])
        .execute(),
      closed
        .select(['orders.user_id', 'orders.instrument_id as value', sql<string>`count(*)`.as('n')])
        .groupBy(['orders.user_id', 'orders.instrument_id'])
        .execute(),
      this.db
        .selectFrom('ledger')
        .where('ledger.user_id', 'in', ids)
        .select([
          'ledger.user_id',
          sql<string>`sum(case when ledger.created_at < ${windowStartMs} then ledger.amount else 0 end)`.as(
            'opening',
          ),
          sql<string>`sum(case when ledger.created_at >= ${windowStartMs} and ${moneyIn} then ledger.amount else 0 end)`.as(
            'in_window',
          ),
          sql<string>`sum(case when ${moneyIn} then ledger.amount else 0 end)`.as('in_total'),
        ])
        .groupBy('ledger.user_id')
        .execute(),
    ]);

    const modeOf = (rows: Array<{ user_id: unknown; value: unknown; n: unknown }>) => {
      // Most frequent value; a tie goes to the larger value, so the answer never depends on row order.
      const best = new Map<number, { value: number; n: number }>();
      for (const row of rows) {
        const userId = int(row.user_id);
        const candidate = { value: int(row.value), n: int(row.n) };
        const current = best.get(userId);
        if (
          !current ||
          candidate.n > current.n ||
          (candidate.n === current.n && candidate.value > current.value)
        )
          best.set(userId, candidate);
      }
      return best;
    };
    const leverageOf = modeOf(leverages);
    const instrumentOf = modeOf(instruments);
    const ledgerOf = new Map(ledger.map((row) => [int(row.user_id), row]));

    const userOf = new Map(users.map((user) => [int(user.id), user]));

    return trades.map((row) => {
      const userId = int(row.user_id);
      const user = userOf.get(userId)!;
      const money = ledgerOf.get(userId);
      return {
        userId,
        uid: int(user.uid),
        email: user.email,
        mobile: user.mobile,
        isDemo: int(user.is_demo) === 1,
        tradesTotal: int(row.trades_total),
        tradesWindow: int(row.trades_window),
        winsWindow: int(row.wins_window),
        netTotalMicros: big(row.net_total),
        netWindowMicros: big(row.net_window),
        openingMicros: big(money?.opening),
        moneyInWindowMicros: big(money?.in_window),
        moneyInTotalMicros: big(money?.in_total),
        leverage: leverageOf.get(userId)?.value ?? 0,
        instrumentId: instrumentOf.get(userId)?.value ?? 0,
      };
    });
  }
}
