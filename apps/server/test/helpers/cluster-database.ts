/**
 * What a test of a cluster reads straight from its PostgreSQL schema: the stored orders, each
 * account's balance against the sum of its ledger, the idempotency keys, and the codes in the
 * outbox. Every read is one statement, so it sees one committed state of the database.
 */
import pg from 'pg';

export interface StoredOrder {
  id: number;
  userId: number;
  status: number;
  closedType: number;
  closePoints: number;
  closedAt: number;
}

export interface UnbalancedAccount {
  userId: number;
  balance: string;
  ledgerSum: string;
}

export class ClusterDatabase {
  private readonly pool: pg.Pool;
  readonly schema: string;

  constructor(url: string, schema: string) {
    this.schema = schema;
    this.pool = new pg.Pool({ connectionString: url, max: 2, options: `-c search_path=${schema}` });
  }

  async ordersByIds(ids: readonly number[]): Promise<StoredOrder[]> {
    const { rows } = await this.pool.query<Record<string, string>>(
      `SELECT id, user_id, status, closed_type, close_points, closed_at FROM orders WHERE id = ANY($1::bigint[])`,
      [ids],
    );
    return rows.map((row) => ({
      id: Number(row.id),
      userId: Number(row.user_id),
      status: Number(row.status),
      closedType: Number(row.closed_type),
      closePoints: Number(row.close_points),
      closedAt: Number(row.closed_at),
    }));
  }

  /** Every account whose stored balance is not the sum of its ledger rows. */
  async unbalancedAccounts(): Promise<UnbalancedAccount[]> {
    const { rows } = await this.pool.query<{ user_id: string; balance: string; ledger_sum: string }>(
      `SELECT a.user_id, a.balance::text AS balance, COALESCE(l.total, 0)::text AS ledger_sum
         FROM trading_accounts a
         LEFT JOIN (SELECT user_id, SUM(amount) AS total FROM ledger GROUP BY user_id) l
           ON l.user_id = a.user_id
        WHERE a.balance <> COALESCE(l.total, 0)`,
    );
    return rows.map((row) => ({
      userId: Number(row.user_id),
      balance: row.balance,
      ledgerSum: row.ledger_sum,
    }));
  }

  async accountCount(): Promise<number> {
    const { rows } = await this.pool.query<{ n: string }>(`SELECT count(*)::text AS n FROM trading_accounts`);
    return Number(rows[0]!.n);
  }

  /**
   * Per user: how many orders are stored and how many submit keys were answered. When every
   * submit carries a key, the two are equal unless a retried key placed a second order.
   */
  async ordersAndSubmitKeys(
    userIds: readonly number[],
  ): Promise<Map<number, { orders: number; keys: number }>> {
    const { rows } = await this.pool.query<{ user_id: string; orders: string; keys: string }>(
      `SELECT u.id AS user_id,
              (SELECT count(*) FROM orders o WHERE o.user_id = u.id)::text AS orders,
              (SELECT count(*) FROM idempotency_keys k WHERE k.user_id = u.id AND k.route = 'submit')::text AS keys
         FROM users u WHERE u.id = ANY($1::bigint[])`,
      [userIds],
    );
    return new Map(
      rows.map((row) => [Number(row.user_id), { orders: Number(row.orders), keys: Number(row.keys) }]),
    );
  }

  /** How many `realized_pnl` rows an order has: one per close. */
  async realizedRows(orderIds: readonly number[]): Promise<Map<number, number>> {
    const { rows } = await this.pool.query<{ ref_id: string; n: string }>(
      `SELECT ref_id, count(*)::text AS n FROM ledger
        WHERE kind = 'realized_pnl' AND ref_id = ANY($1::bigint[]) GROUP BY ref_id`,
      [orderIds],
    );
    return new Map(rows.map((row) => [Number(row.ref_id), Number(row.n)]));
  }

  /** The 6-digit code in the newest outbox message to an address. */
  async codeFor(address: string): Promise<string> {
    const { rows } = await this.pool.query<{ body: string }>(
      `SELECT body FROM outbox WHERE address = $1 ORDER BY id DESC LIMIT 1`,
      [address],
    );
    const code = rows[0]?.body.match(/\b(\d{6})\b/)?.[1];
    if (!code) throw new Error(`no code in the outbox for ${address}`);
    return code;
  }

  async dropSchema(): Promise<void> {
    await this.pool.query(`DROP SCHEMA IF EXISTS ${this.schema} CASCADE`);
  }

  close(): Promise<void> {
    return this.pool.end();
  }
}
