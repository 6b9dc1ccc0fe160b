/**
 * Who owns the trading book on a cluster (PostgreSQL and Redis): a lease row per shard in
 * `book_lease`, with a fencing token that grows by one at every change of owner.
 *
 * - A node takes a shard whose lease has ended (or was released) by raising its token; the token it
 *   got is its proof of ownership until someone else raises it again.
 * - The owner renews every `renewMs` for `leaseMs` more; a renewal that finds another token means
 *   the node was deposed, and it stops acting at once.
 * - Every batch the book writes first checks the token in its own transaction (`fence`), holding
 *   the lease row with a share lock until it commits. A successor's takeover (an update of that
 *   row) therefore waits for a batch under way and, once committed, makes every later batch of the
 *   deposed owner fail: a deposed owner can never write after its successor started.
 *
 * Times are the database's own clock, so nodes with skewed clocks agree on when a lease ends. The
 * shards today are `book` (the whole book) and `feed` (the node that produces the market,
 * feed-cluster.ts); the table and the loop take more names unchanged.
 */
import { sql, type Kysely } from 'kysely';
import type { Tx } from '../repositories/unit-of-work.ts';

export const BOOK_SHARD = 'book';

/** Thrown inside a batch's transaction when this node's token is no longer the shard's. */
export class FencedError extends Error {
  constructor(shard: string, token: bigint) {
    super(`the lease of shard ${shard} moved past token ${token}: this node no longer owns it`);
  }
}

export interface BookLeaseOptions {
  db: Kysely<unknown>;
  /** This node's name in the lease row (for operators: who owns the book). */
  holder: string;
  shard?: string;
  leaseMs?: number;
  renewMs?: number;
  /** Called once the shard is this node's, with the token; ownership counts once this resolves. */
  onGained: (token: bigint) => Promise<void>;
  /** Called when the shard is no longer this node's (deposed, or the database unreachable). */
  onLost: () => void;
  log: { warn(message: string): void; info(message: string): void };
}

const NOW_MS = sql<string>`(extract(epoch from clock_timestamp()) * 1000)::bigint`;

export class BookLease {
  private readonly options: Required<Omit<BookLeaseOptions, 'shard'>> & { shard: string };
  private token: bigint | undefined;
  private timer: NodeJS.Timeout | undefined;
  private turn: Promise<void> = Promise.resolve();
  private stopped = false;
  /** When the lease we hold ends by our own clock: past it we stop acting even unrenewed. */
  private validUntil = 0;

  constructor(options: BookLeaseOptions) {
    this.options = { shard: BOOK_SHARD, leaseMs: 3000, renewMs: 1000, ...options };
  }

  /** The token while this node owns the shard. */
  get heldToken(): bigint | undefined {
    return this.token !== undefined && Date.now() < this.validUntil ? this.token : undefined;
  }

  owns(): boolean {
    return this.heldToken !== undefined;
  }

  /** Makes sure the row exists, tries once at once, then every `renewMs`. */
  async start(): Promise<void> {
    await sql`INSERT INTO book_lease (shard, token, holder, expires_at) VALUES (${this.options.shard}, 0, '', 0)
      ON CONFLICT (shard) DO NOTHING`.execute(this.options.db);
    await this.round();
    this.timer = setInterval(() => {
      this.turn = this.turn.then(() => this.round());
    }, this.options.renewMs);
    this.timer.unref();
  }

  /** In a batch's transaction: passes only while our token is the shard's (see the header). */
  async fence(trx: Tx): Promise<void> {
    const token = this.token;
    if (token === undefined) throw new FencedError(this.options.shard, -1n);
    const { rows } = await sql<{ token: string }>`SELECT token FROM book_lease
      WHERE shard = ${this.options.shard} AND token = ${String(token)} FOR SHARE`.execute(trx);
    if (rows.length === 0) throw new FencedError(this.options.shard, token);
  }

  /** Stops renewing; with `release`, ends the lease at once so another node takes over now. */
  async stop(release: boolean): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.turn;
    this.validUntil = 0;
    const token = this.token;
    // Stopped without release, the token stays: a write still made is checked by the database.
    if (!release || token === undefined) return;
    this.token = undefined;
    await sql`UPDATE book_lease SET expires_at = 0, holder = '' WHERE shard = ${this.options.shard}
      AND token = ${String(token)}`.execute(this.options.db);
  }

  /** One round: renew the lease held, or try to take the shard (the timer runs it; tests too). */
  async round(): Promise<void> {
    if (this.stopped) return;
    const { shard, leaseMs, holder } = this.options;
    const askedAt = Date.now();
    try {
      if (this.token !== undefined) {
        const { rows } = await sql<{
          token: string;
        }>`UPDATE book_lease SET expires_at = ${NOW_MS} + ${leaseMs}
          WHERE shard = ${shard} AND token = ${String(this.token)} RETURNING token`.execute(this.options.db);
        if (rows.length > 0) this.validUntil = askedAt + leaseMs;
        else this.lose(`lost the lease of shard ${shard} to another node`);
        return;
      }
      const { rows } = await sql<{ token: string }>`UPDATE book_lease
        SET token = token + 1, holder = ${holder}, expires_at = ${NOW_MS} + ${leaseMs}
        WHERE shard = ${shard} AND expires_at < ${NOW_MS} RETURNING token`.execute(this.options.db);
      const taken = rows[0];
      if (!taken || this.stopped) return;
      this.token = BigInt(taken.token);
      this.validUntil = askedAt + leaseMs;
      this.options.log.info(`took the lease of shard ${shard} with token ${this.token}`);
      await this.options.onGained(this.token);
    } catch (error) {
      // Unreachable database: past the lease's end another node may own the shard, so stop there.
      if (this.token !== undefined && Date.now() >= this.validUntil)
        this.lose(`could not renew the lease of shard ${shard}: ${(error as Error).message}`);
      else this.options.log.warn(`lease of shard ${shard}: ${(error as Error).message}`);
    }
  }

  private lose(reason: string): void {
    this.token = undefined;
    this.options.log.warn(reason);
    this.options.onLost();
  }
}
