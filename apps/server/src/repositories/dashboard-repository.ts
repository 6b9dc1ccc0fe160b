/**
 * The back office's counts: what waits in each review queue and since when, and what came in and
 * went out since a moment (the staff member's midnight). Aggregates only; no row leaves here.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { toBigInt, toInt } from '../db/values.ts';

export interface QueueCount {
  waiting: number;
  /** When the oldest waiting item arrived; null when none waits. */
  oldestAtMs: number | null;
}

export interface MoneySince {
  count: number;
  amountMicros: bigint;
}

type Aggregate = { n: unknown; oldest?: unknown; total?: unknown } | undefined;
const countOf = (row: Aggregate) => toInt(String(row?.n ?? 0));

export class DashboardRepository {
  private readonly db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.db = db;
  }

  async queues(): Promise<{ identity: QueueCount; deposits: QueueCount; withdrawals: QueueCount }> {
    const queue = (row: Aggregate): QueueCount => ({
      waiting: countOf(row),
      oldestAtMs: row?.oldest == null ? null : toInt(String(row.oldest)),
    });
    // The three tables share status and created_at; one concrete name keeps the builder typed.
    const oldestWaiting = (table: 'identity_submissions' | 'deposits' | 'withdrawals', status: number) =>
      this.db
        .selectFrom(table as 'deposits')
        .select((eb) => [eb.fn.countAll().as('n'), eb.fn.min('created_at').as('oldest')])
        .where('status', '=', status)
        .executeTakeFirst();
    const [identity, deposits, withdrawals] = await Promise.all([
      oldestWaiting('identity_submissions', 1),
      oldestWaiting('deposits', 0),
      oldestWaiting('withdrawals', 0),
    ]);
    return { identity: queue(identity), deposits: queue(deposits), withdrawals: queue(withdrawals) };
  }

  /** Deposits credited and withdrawals paid since `sinceMs` (decided then, whenever filed). */
  async moneySince(sinceMs: number): Promise<{ deposits: MoneySince; withdrawals: MoneySince }> {
    const money = (row: Aggregate): MoneySince => ({
      count: countOf(row),
      amountMicros: toBigInt(String(row?.total ?? 0)),
    });
    const [deposits, withdrawals] = await Promise.all([
      this.db
        .selectFrom('deposits')
        .select((eb) => [eb.fn.countAll().as('n'), eb.fn.sum('amount').as('total')])
        .where('status', '=', 1)
        .where('reviewed_at', '>=', sinceMs)
        .executeTakeFirst(),
      this.db
        .selectFrom('withdrawals')
        .select((eb) => [eb.fn.countAll().as('n'), eb.fn.sum('amount').as('total')])
        .where('status', '=', 1)
        .where('reviewed_at', '>=', sinceMs)
        .executeTakeFirst(),
    ]);
    return { deposits: money(deposits), withdrawals: money(withdrawals) };
  }

  /**
   * What the real accounts' ledger says happened since `sinceMs`, per kind: the P/L traders
   * realized (closes and stop-outs), the fees they paid, stop-outs and negative-balance corrections.
   */
  async ledgerSince(sinceMs: number): Promise<Map<string, MoneySince>> {
    const rows = await this.db
      .selectFrom('ledger')
      .innerJoin('users', 'users.id', 'ledger.user_id')
      .select((eb) => ['ledger.kind', eb.fn.countAll().as('n'), eb.fn.sum('ledger.amount').as('total')])
      .where('users.is_demo', '=', 0)
      .where('ledger.created_at', '>=', sinceMs)
      .where('ledger.kind', 'in', ['realized_pnl', 'stop_out', 'trade_fee', 'negative_balance_protection'])
      .groupBy('ledger.kind')
      .execute();
    return new Map(
      rows.map((row) => [row.kind, { count: countOf(row), amountMicros: toBigInt(String(row.total ?? 0)) }]),
    );
  }

  /** Registered (not demo) users who signed up since `sinceMs`. */
  async newUsersSince(sinceMs: number): Promise<number> {
    const row = await this.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('is_demo', '=', 0)
      .where('created_at', '>=', sinceMs)
      .executeTakeFirst();
    return countOf(row);
  }
}
