/**
 * The book's lease on PostgreSQL (cluster/book-lease.ts), two leases on one schema as two nodes
 * would hold them: one owner at a time, a takeover only once the lease ran out, a takeover that
 * waits for the old owner's batch under way, and every later write of the old owner refused.
 */
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BookLease, FencedError } from '../src/cluster/book-lease.ts';
import { migrateToLatest } from '../src/db/migrate.ts';

const databaseUrl = process.env.TEST_DATABASE_URL;
if (!databaseUrl) {
  const banner = '!'.repeat(78);
  console.warn(`\n${banner}\n  BOOK LEASE CASES SKIPPED: TEST_DATABASE_URL is not set\n${banner}\n`);
}

const quiet = { warn: () => undefined, info: () => undefined };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(!databaseUrl)('the lease of the trading book on PostgreSQL', () => {
  const schema = `lease_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  let db: Kysely<unknown>;
  const leases: BookLease[] = [];
  const events: string[] = [];

  const lease = (holder: string, leaseMs: number) => {
    const made = new BookLease({
      db,
      holder,
      leaseMs,
      renewMs: 60_000, // renewed by hand below, so the test decides when a lease runs out
      onGained: async (token) => void events.push(`${holder} gained ${token}`),
      onLost: () => void events.push(`${holder} lost`),
      log: quiet,
    });
    leases.push(made);
    return made;
  };

  beforeAll(async () => {
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 4 });
    pool.on('connect', (client) => void client.query(`SET search_path TO ${schema}`));
    db = new Kysely({ dialect: new PostgresDialect({ pool }) });
    await sql.raw(`CREATE SCHEMA ${schema}`).execute(db);
    await migrateToLatest(db, 'postgres');
  });
  afterAll(async () => {
    for (const held of leases) await held.stop(false);
    await sql.raw(`DROP SCHEMA ${schema} CASCADE`).execute(db);
    await db.destroy();
  });

  it('gives the book to one node, then to the next only once the first lease ran out', async () => {
    const first = lease('first', 1000);
    await first.start();
    const second = lease('second', 1000);
    await second.start();
    expect(first.owns()).toBe(true);
    expect(second.owns()).toBe(false);
    expect(events).toEqual(['first gained 1']);

    await sleep(1100); // the first node stops renewing: its lease runs out
    expect(first.owns()).toBe(false);
    await second.round();
    expect(second.owns()).toBe(true);
    expect(events).toEqual(['first gained 1', 'second gained 2']);

    // The first node's next renewal finds the token moved on: it knows it was deposed.
    await first.round();
    expect(events.at(-1)).toBe('first lost');
  });

  it('makes a takeover wait for the batch under way, and refuses every write after it', async () => {
    // `owner` holds the book and stops renewing; its lease runs out while a batch of it is under way.
    for (const held of leases) await held.stop(true); // the book is free again
    const owner = lease('owner', 1000);
    await owner.start();
    expect(owner.owns()).toBe(true);
    await sleep(1100);

    const order: string[] = [];
    let finishBatch!: () => void;
    const batchHeld = new Promise<void>((resolve) => (finishBatch = resolve));
    const batch = db.transaction().execute(async (trx) => {
      await owner.fence(trx as never);
      order.push('batch fenced');
      await batchHeld;
      order.push('batch committed');
    });
    await sleep(50);
    const successor = lease('successor', 1000);
    const takeover = successor.start().then(() => void order.push('successor took over'));
    await sleep(300);
    // The takeover waits for the batch's share lock on the lease row.
    expect(order).toEqual(['batch fenced']);
    finishBatch();
    await Promise.all([batch, takeover]);
    expect(order).toEqual(['batch fenced', 'batch committed', 'successor took over']);
    expect(successor.owns()).toBe(true);

    const late = db.transaction().execute((trx) => owner.fence(trx as never));
    await expect(late).rejects.toBeInstanceOf(FencedError);
    await expect(db.transaction().execute((trx) => successor.fence(trx as never))).resolves.toBeUndefined();
  });
});
