/**
 * Leaderboard: what a refresh costs as traders and closed trades grow, and what a page read costs
 * once the board is computed (docs/decisions/0007-leaderboard.md: "a page read costs no database
 * work").
 *
 *   npm run bench:leaderboard     (TRADERS, TRADES_PER_TRADER and BENCH_DATABASE_URL override)
 *
 * Each size fills a fresh database with users (nine in ten opted in, one in five a demo account),
 * their closed trades over six weeks and the ledger rows those trades wrote (a deposit, then the
 * fee and the realized P/L of each trade). A refresh is the four grouped queries of
 * `LeaderboardRepository.traderTotals` plus ranking; the baseline, measured in the same run on
 * the same data, is one plain scan of the orders table (`count(*)` and `sum(profit)`), so the
 * ratio says how many table scans a refresh is worth. The longest stall is the longest stretch the
 * refresh held the event loop (SQLite answers on the server's only thread, so this is how long
 * prices and orders would wait; the refresh works in rounds of traders to keep it short). The same
 * data also times the risk warning's share of losing accounts over the year, and its longest
 * stall (it counts in rounds of users too). Runs on SQLite, and on PostgreSQL when reachable (in a
 * schema of its own, dropped afterwards).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../apps/server/src/db/database.ts';
import { migrateToLatest } from '../apps/server/src/db/migrate.ts';
import type { Database } from '../apps/server/src/db/schema.ts';
import { LeaderboardRepository } from '../apps/server/src/repositories/leaderboard-repository.ts';
import { RiskWarningRepository } from '../apps/server/src/repositories/risk-warning-repository.ts';
import { LeaderboardService } from '../apps/server/src/services/leaderboard-service.ts';
import { seededPrng } from '../packages/engine/src/testing/seeded-prng.ts';
import { median } from './measure.ts';

const TRADERS = (process.env.TRADERS ?? '1000,10000').split(',').map(Number);
const TRADES_PER_TRADER = Number(process.env.TRADES_PER_TRADER ?? 50);
const PG_URL =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/test';
const RUNS = 5;
const timed = (run: () => Promise<unknown>) => median(run, RUNS);
const PAGE_READS = 100_000;
const NOW_MS = Date.UTC(2026, 10, 18, 12);
const SIX_WEEKS_MS = 42 * 24 * 3_600_000;
const YEAR_MS = 365 * 24 * 3_600_000;
const BATCH = 1_000;

async function insertBatches<T extends keyof Database & string>(
  db: Kysely<Database>,
  table: T,
  rows: Record<string, unknown>[],
): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH)
    // The rows are built for each table below; a generic table name defeats Kysely's row typing.
    await db
      .insertInto(table)
      .values(rows.slice(i, i + BATCH) as never)
      .execute();
}

/** Users, their closed trades and the ledger those trades wrote; returns the number of orders. */
async function fill(db: Kysely<Database>, traders: number): Promise<number> {
  const random = seededPrng(7);
  const users: Record<string, unknown>[] = [];
  const orders: Record<string, unknown>[] = [];
  const ledger: Record<string, unknown>[] = [];
  let orderId = 0;
  for (let i = 1; i <= traders; i++) {
    users.push({
      id: i,
      uid: 10_000_000 + i,
      email: `trader${i}@example.com`,
      mobile: null,
      area_id: null,
      password_hash: null,
      is_demo: i % 5 === 0 ? 1 : 0,
      demo_id: null,
      invite_code: `B${i}`,
      invited_by: null,
      created_at: NOW_MS - SIX_WEEKS_MS,
      password_changed_at: null,
      show_on_leaderboard: i % 10 === 0 ? 0 : 1,
    });
    const deposit = 10_000_000_000;
    ledger.push(ledgerRow(i, 'deposit', deposit, NOW_MS - SIX_WEEKS_MS));
    for (let n = 0; n < TRADES_PER_TRADER; n++) {
      const closedAt = NOW_MS - Math.floor(random.next() * SIX_WEEKS_MS);
      const profit = Math.round((random.next() - 0.45) * 200_000_000);
      const fee = 500_000 + Math.floor(random.next() * 1_000_000);
      orderId++;
      orders.push({
        id: orderId,
        user_id: i,
        instrument_id: 1 + Math.floor(random.next() * 20),
        side: 1 + Math.floor(random.next() * 2),
        kind: 'market',
        status: 3,
        lots: 10_000_000,
        leverage: [50, 100, 200][Math.floor(random.next() * 3)],
        target_points: 0,
        open_points: 110_000,
        close_points: 110_100,
        stop_loss_points: 0,
        take_profit_points: 0,
        margin: 1_100_000_000,
        fee,
        profit,
        closed_type: 1,
        cancel_reason: null,
        created_at: closedAt - 60_000,
        opened_at: closedAt - 60_000,
        closed_at: closedAt,
      });
      ledger.push(ledgerRow(i, 'trade_fee', -fee, closedAt - 60_000));
      ledger.push(ledgerRow(i, 'realized_pnl', profit, closedAt));
    }
  }
  await insertBatches(db, 'users', users);
  await insertBatches(db, 'orders', orders);
  await insertBatches(db, 'ledger', ledger);
  return orders.length;
}

function ledgerRow(userId: number, kind: string, amount: number, atMs: number) {
  return { user_id: userId, kind, amount, balance_after: 0, ref_id: 0, memo_key: kind, created_at: atMs };
}

async function measure(label: string, handle: DatabaseHandle, traders: number): Promise<void> {
  const db = handle.db;
  await migrateToLatest(db as unknown as Kysely<unknown>, handle.kind);
  const filling = performance.now();
  const orders = await fill(db, traders);
  const fillSeconds = (performance.now() - filling) / 1000;
  if (handle.kind === 'postgres') await sql`analyze`.execute(db);

  const service = new LeaderboardService({
    repository: new LeaderboardRepository(db),
    codeOf: (id) => `I${id}`,
    now: () => NOW_MS,
    logError: () => undefined,
  });
  const scanMs = await timed(() =>
    db
      .selectFrom('orders')
      .select([sql`count(*)`.as('n'), sql`sum(profit)`.as('p')])
      .execute(),
  );
  const refreshMs = await timed(() => service.refresh());
  // How long the server's thread is held at a stretch: SQLite answers on it, PostgreSQL does not.
  const stalls = monitorEventLoopDelay({ resolution: 1 });
  stalls.enable();
  await service.refresh();
  stalls.disable();
  const stallMs = stalls.max / 1e6;
  // The risk warning's loss share over the year (risk-warning-service.ts: hourly, and at start).
  const lossShare = new RiskWarningRepository(db);
  const countLosses = () => lossShare.countLossShare(NOW_MS - YEAR_MS, NOW_MS + 1);
  const lossShareMs = await timed(countLosses);
  const lossShareStallMs = await longestStall(countLosses);
  const board = await service.page(false, 1, 20);
  const reading = performance.now();
  for (let i = 0; i < PAGE_READS; i++) await service.page(false, 1 + (i % 5), 20);
  const pageMicros = ((performance.now() - reading) * 1000) / PAGE_READS;

  console.log(
    `${label.padEnd(10)} ${String(traders).padStart(6)} traders ${String(orders).padStart(8)} trades ` +
      `(filled in ${fillSeconds.toFixed(1)} s) | refresh ${refreshMs.toFixed(1).padStart(7)} ms ` +
      `| longest stall ${stallMs.toFixed(1).padStart(6)} ms ` +
      `| orders scan ${scanMs.toFixed(1).padStart(6)} ms | refresh/scan ${(refreshMs / scanMs).toFixed(1).padStart(5)}x ` +
      `| page read ${pageMicros.toFixed(2)} µs (${board.total} on the real board)`,
  );
  console.log(
    `${''.padEnd(10)} risk warning's loss share over the year ${lossShareMs.toFixed(1).padStart(7)} ms ` +
      `| longest stall ${lossShareStallMs.toFixed(1).padStart(6)} ms | loss share/scan ${(lossShareMs / scanMs).toFixed(1).padStart(5)}x`,
  );
}

/**
 * The longest stretch `run` held this thread, seen by a 1 ms ticker (a histogram of the loop's
 * delay misses a stall that comes before its first sample).
 */
async function longestStall(run: () => Promise<unknown>): Promise<number> {
  let last = performance.now();
  let longest = 0;
  const ticker = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
  }, 1);
  await new Promise((resolve) => setTimeout(resolve, 5));
  last = performance.now();
  longest = 0;
  await run();
  await new Promise((resolve) => setTimeout(resolve, 5));
  clearInterval(ticker);
  return longest;
}

async function onSqlite(traders: number): Promise<void> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'omp-bench-board-'));
  const handle = openDatabase({ sqlitePath: path.join(dir, 'app.db') });
  try {
    await measure('sqlite', handle, traders);
  } finally {
    await handle.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function onPostgres(traders: number): Promise<boolean> {
  const admin = new pg.Client({ connectionString: PG_URL });
  try {
    await admin.connect();
  } catch {
    return false;
  }
  const schema = `bench_board_${process.pid}`;
  await admin.query(`CREATE SCHEMA ${schema}`);
  const handle = openDatabase({ databaseUrl: PG_URL, schema });
  try {
    await measure('postgres', handle, traders);
  } finally {
    await handle.close();
    await admin.query(`DROP SCHEMA ${schema} CASCADE`);
    await admin.end();
  }
  return true;
}

console.log(
  `Leaderboard refresh and page read, ${TRADES_PER_TRADER} closed trades per trader; medians of ${RUNS} runs`,
);
let postgres = true;
for (const traders of TRADERS) {
  await onSqlite(traders);
  if (postgres) postgres = await onPostgres(traders);
}
if (!postgres) console.log(`PostgreSQL not reachable at ${PG_URL}: SQLite only`);
console.log(
  'A refresh runs every LEADERBOARD_REFRESH_MS (60 s by default) in the background; readers only ever pay the page read.',
);
