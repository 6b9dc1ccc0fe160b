/**
 * What the leaderboard is computed from: the closed trades and the ledger of the users who opted
 * in, summed by the database per user in four grouped queries, so a refresh costs the same four
 * round trips however many traders there are. Sums are exact integers (micro-dollars).
 */
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
const MONEY_IN_KINDS = ['deposit', 'adjustment', 'demo_reset'];

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

  /** Every opted-in user with at least one closed trade, with their sums; `windowStartMs` opens the window. */
  async traderTotals(windowStartMs: number): Promise<TraderTotals[]> {
    const closed = this.db
      .selectFrom('orders')
      .innerJoin('users', 'users.id', 'orders.user_id')
      .where('users.show_on_leaderboard', '=', 1)
      .where('orders.status', '=', OrderStatus.closed)
      // Positions closed by a demo reset were closed by the reset, not by a trading decision.
      .where((eb) =>
        eb.or([eb('orders.cancel_reason', 'is', null), eb('orders.cancel_reason', '!=', 'demo_reset')]),
      );
    const inWindow = sql`orders.closed_at >= ${windowStartMs}`;
    const net = sql`(orders.profit - orders.fee)`;

    const [trades, leverages, instruments, ledger] = await Promise.all([
      closed
        .select([
          'users.id as user_id',
          'users.uid',
          'users.email',
          'users.mobile',
          'users.is_demo',
          sql<string>`count(*)`.as('trades_total'),
          sql<string>`sum(case when ${inWindow} then 1 else 0 end)`.as('trades_window'),
          sql<string>`sum(case when ${inWindow} and ${net} > 0 then 1 else 0 end)`.as('wins_window'),
          sql<string>`sum(${net})`.as('net_total'),
          sql<string>`sum(case when ${inWindow} then ${net} else 0 end)`.as('net_window'),
        ])
        .groupBy(['users.id', 'users.uid', 'users.email', 'users.mobile', 'users.is_demo'])
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
        .innerJoin('users', 'users.id', 'ledger.user_id')
        .where('users.show_on_leaderboard', '=', 1)
        .select([
          'ledger.user_id',
          sql<string>`sum(case when ledger.created_at < ${windowStartMs} then ledger.amount else 0 end)`.as(
            'opening',
          ),
          sql<string>`sum(case when ledger.created_at >= ${windowStartMs} and ledger.kind in (${sql.join(
            MONEY_IN_KINDS,
          )}) and ledger.amount > 0 then ledger.amount else 0 end)`.as('in_window'),
          sql<string>`sum(case when ledger.kind in (${sql.join(
            MONEY_IN_KINDS,
          )}) and ledger.amount > 0 then ledger.amount else 0 end)`.as('in_total'),
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

    return trades.map((row) => {
      const userId = int(row.user_id);
      const money = ledgerOf.get(userId);
      return {
        userId,
        uid: int(row.uid),
        email: row.email,
        mobile: row.mobile,
        isDemo: int(row.is_demo) === 1,
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
