/**
 * Back-office tables at a broker's size: 100,000 users, 1,000,000 ledger rows over 100 days, 50,000
 * deposits, 25,000 withdrawals, 25,000 identity checks and 200,000 audit entries on the embedded
 * SQLite database, each page of the users desk, the review queues, the audit log's filters and the
 * dashboard (which every open back office asks for every five seconds) read the way the screens
 * read them.
 *
 *   npm run bench:back-office     (USERS and LEDGER_PER_USER override)
 *
 * Every figure is the median of several reads, next to the baseline measured in the same run on
 * the same data: one user read by its primary key, the cheapest read the database answers. The
 * budget is 100 ms a page; a line over it says so.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { openDatabase } from '../apps/server/src/db/database.ts';
import { migrateToLatest } from '../apps/server/src/db/migrate.ts';
import type { Database } from '../apps/server/src/db/schema.ts';
import { listAudit } from '../apps/server/src/repositories/audit-repository.ts';
import { DashboardRepository } from '../apps/server/src/repositories/dashboard-repository.ts';
import { IdentityRepository } from '../apps/server/src/repositories/identity-repository.ts';
import { MoneyRepository } from '../apps/server/src/repositories/money-repository.ts';
import { TradingRepository } from '../apps/server/src/repositories/trading-repository.ts';
import { UserDirectoryRepository } from '../apps/server/src/repositories/user-directory-repository.ts';
import { median } from './measure.ts';

const USERS = Number(process.env.USERS ?? 100_000);
const LEDGER_PER_USER = Number(process.env.LEDGER_PER_USER ?? 10);
const BUDGET_MS = 100;
const RUNS = 7;
const timed = (run: () => Promise<unknown>) => median(run, RUNS);
const BATCH = 1_000;
const NOW_MS = Date.UTC(2026, 10, 18, 12);
const DAY_MS = 86_400_000;
/** The staff member's midnight: the dashboard counts since then. */
const MIDNIGHT_MS = NOW_MS - 12 * 3_600_000;
/** Ledger rows, deposits and withdrawals spread over this many days before now. */
const HISTORY_DAYS = 100;
const LEDGER_KINDS = ['realized_pnl', 'trade_fee', 'adjustment', 'deposit', 'stop_out'];
/** A moment within the history, the same for the same seed: spreads rows over the days. */
const pastMs = (seed: number) => NOW_MS - ((seed * 7_919_993) % (HISTORY_DAYS * DAY_MS));
/** Review states: nearly everything decided long ago, one in a hundred waiting. */
const reviewState = (n: number, states: { waiting: number; approved: number; rejected: number }) =>
  n % 100 === 0 ? states.waiting : n % 50 === 1 ? states.rejected : states.approved;
const MONEY_STATES = { waiting: 0, approved: 1, rejected: 2 };

async function insertBatches(
  db: Kysely<Database>,
  table: keyof Database & string,
  rows: Record<string, unknown>[],
) {
  for (let i = 0; i < rows.length; i += BATCH)
    await db
      .insertInto(table)
      .values(rows.slice(i, i + BATCH) as never)
      .execute();
}

async function fill(db: Kysely<Database>): Promise<void> {
  for (let start = 1; start <= USERS; start += 10_000) {
    const users: Record<string, unknown>[] = [];
    const accounts: Record<string, unknown>[] = [];
    const ledger: Record<string, unknown>[] = [];
    const identities: Record<string, unknown>[] = [];
    const deposits: Record<string, unknown>[] = [];
    const withdrawals: Record<string, unknown>[] = [];
    const audit: Record<string, unknown>[] = [];
    for (let id = start; id < Math.min(start + 10_000, USERS + 1); id++) {
      users.push({
        id,
        uid: 10_000_000 + id,
        email: `trader${id}@example.com`,
        mobile: id % 3 === 0 ? `+8526${String(1_000_000 + id).padStart(7, '0')}` : null,
        area_id: null,
        password_hash: null,
        is_demo: id % 5 === 0 ? 1 : 0,
        demo_id: null,
        invite_code: `B${id}`,
        invited_by: null,
        created_at: NOW_MS - id * 1000,
        password_changed_at: null,
        trading_frozen: id % 997 === 0 ? 1 : 0,
      });
      // Every fourth trader has had an identity check, with a name to search by.
      if (id % 4 === 0)
        identities.push({
          user_id: id,
          name: `Trader Number ${id}`,
          card_type: 'passport',
          card_id: `P${id}`,
          front_pic: 'front.png',
          reverse_pic: 'back.png',
          status: reviewState(id / 4, { waiting: 1, approved: 2, rejected: 3 }),
          remark: null,
          reviewed_by: null,
          reviewed_at: null,
          created_at: NOW_MS - id * 500,
        });
      // Every second trader has made a deposit, every fourth a withdrawal.
      if (id % 2 === 0) {
        const status = reviewState(id / 2, MONEY_STATES);
        const createdAt = pastMs(id);
        deposits.push({
          user_id: id,
          type: 1,
          channel_id: 1,
          currency_code: 'USDT',
          network: 'TRC20',
          address: 'T'.padEnd(34, 'x'),
          amount: 100_000_000,
          proof_pic: `proof${id}.png`,
          status,
          remark: null,
          reviewed_by: status === 0 ? null : 1,
          reviewed_at: status === 0 ? null : createdAt + 3_600_000,
          created_at: createdAt,
          sent_amount: 100_000_000,
          received_amount: status === 1 ? 100_000_000 : null,
          usd_price: '1',
        });
      }
      if (id % 4 === 0) {
        const status = reviewState(id / 4, MONEY_STATES);
        const createdAt = pastMs(id + 1);
        withdrawals.push({
          id,
          user_id: id,
          type: 1,
          draw_currency_id: 1,
          draw_method_id: 1,
          amount: 50_000_000,
          fee: 1_000_000,
          real_number: '49',
          address: 'T'.padEnd(34, 'y'),
          status,
          remark: null,
          reviewed_by: status === 0 ? null : 1,
          reviewed_at: status === 0 ? null : createdAt + 3_600_000,
          created_at: createdAt,
        });
      }
      // Two staff decisions a trader on average (their checks and money), by ten staff members.
      for (let n = 0; n < 2; n++)
        audit.push({
          staff_id: 1 + ((id + n) % 10),
          action: n === 0 ? 'deposit.review' : 'identity.review',
          target_type: n === 0 ? 'deposit' : 'identity',
          target_id: id,
          before: '{"status":0}',
          after: '{"status":1}',
          at: pastMs(id * 2 + n),
          ip: '203.0.113.7',
        });
      accounts.push({
        user_id: id,
        is_demo: id % 5 === 0 ? 1 : 0,
        // Spread out, so sorting by balance has work to do.
        balance: ((id * 7919) % 100_000) * 1_000_000,
        updated_at: NOW_MS,
      });
      for (let n = 0; n < LEDGER_PER_USER; n++)
        ledger.push({
          user_id: id,
          kind: LEDGER_KINDS[(id + n) % LEDGER_KINDS.length],
          amount: 1_000_000,
          balance_after: (n + 1) * 1_000_000,
          ref_id: 0,
          memo_key: 'ledger.adjustment',
          created_at: pastMs(id * LEDGER_PER_USER + n),
        });
    }
    await insertBatches(db, 'users', users);
    await insertBatches(db, 'trading_accounts', accounts);
    await insertBatches(db, 'ledger', ledger);
    await insertBatches(db, 'identity_submissions', identities);
    await insertBatches(db, 'deposits', deposits);
    await insertBatches(db, 'withdrawals', withdrawals);
    await insertBatches(db, 'audit_log', audit);
  }
}

const dir = mkdtempSync(path.join(os.tmpdir(), 'omp-bench-office-'));
const handle = openDatabase({ sqlitePath: path.join(dir, 'app.db') });
try {
  const db = handle.db;
  await migrateToLatest(db as unknown as Kysely<unknown>, handle.kind);
  const filling = performance.now();
  await fill(db);
  console.log(
    `SQLite: ${USERS.toLocaleString('en')} users, ${(USERS * LEDGER_PER_USER).toLocaleString('en')} ledger rows, ` +
      `${(USERS / 2).toLocaleString('en')} deposits, ${(USERS / 4).toLocaleString('en')} withdrawals, ` +
      `${(USERS * 2).toLocaleString('en')} audit entries ` +
      `(filled in ${((performance.now() - filling) / 1000).toFixed(1)} s)`,
  );
  const directory = new UserDirectoryRepository(db);
  const trading = new TradingRepository(db);
  const dashboard = new DashboardRepository(db);
  const identity = new IdentityRepository(db);
  const money = new MoneyRepository(db);
  const someone = Math.floor(USERS / 2);
  const baseline = await timed(() =>
    db.selectFrom('users').selectAll().where('id', '=', someone).executeTakeFirst(),
  );
  const cases: Array<[string, () => Promise<unknown>]> = [
    ['users, first page of 20 (with balance and identity)', () => directory.page({}, 0, 20)],
    ['users, page 100 of 20', () => directory.page({}, 99 * 20, 20)],
    ['users, last page of 20', () => directory.page({}, USERS - 20, 20)],
    ['users, real accounts only, first page', () => directory.page({ isDemo: false }, 0, 20)],
    ['users by balance, richest first, first page', () => directory.page({ sort: 'balance' }, 0, 20)],
    ['users by balance, page 100', () => directory.page({ sort: 'balance' }, 99 * 20, 20)],
    [
      'users by balance, poorest real accounts first',
      () => directory.page({ sort: 'balance', descending: false, isDemo: false }, 0, 20),
    ],
    [
      'users by registration, oldest first',
      () => directory.page({ sort: 'created_at', descending: false }, 0, 20),
    ],
    [
      'users registered in one day, newest first',
      () => directory.page({ createdFromMs: NOW_MS - 86_400_000, createdBeforeMs: NOW_MS }, 0, 20),
    ],
    ['users with trading frozen', () => directory.page({ state: 'trading_frozen' }, 0, 20)],
    ['users, search by id', () => directory.page({ q: String(someone) }, 0, 20)],
    ['users, search by part of an e-mail', () => directory.page({ q: `trader${someone}@` }, 0, 20)],
    ['users, search by part of a mobile number', () => directory.page({ q: '61050' }, 0, 20)],
    ['users, search by part of an identity name', () => directory.page({ q: `number ${someone}` }, 0, 20)],
    ['one user with figures', () => directory.byId(someone)],
    [
      'ledger of one user, first page and total',
      () => Promise.all([trading.ledgerPage(someone, 0, 20), trading.ledgerSummary(someone)]),
    ],
    [
      'dashboard: queues, money, new users and ledger since midnight',
      () =>
        Promise.all([
          dashboard.queues(),
          dashboard.moneySince(MIDNIGHT_MS),
          dashboard.newUsersSince(MIDNIGHT_MS),
          dashboard.ledgerSince(MIDNIGHT_MS),
        ]),
    ],
    ['identity checks waiting, first page and total', () => identity.list({ status: 1 }, 1, 20)],
    ['deposits waiting, first page and total', () => money.depositsPage({ status: 0 }, 0, 20)],
    ['withdrawals waiting, first page and total', () => money.withdrawalsPage({ status: 0 }, 0, 20)],
    [
      'deposits filed in one day, first page and total',
      () => money.depositsPage({ fromMs: NOW_MS - DAY_MS, toMs: NOW_MS }, 0, 20),
    ],
    ['audit of one record, first page and total', () => listAudit(db, { targetId: someone }, 1, 20)],
    [
      'audit of one staff member this week',
      () => listAudit(db, { staffId: 3, fromMs: NOW_MS - 7 * DAY_MS }, 1, 20),
    ],
    ['audit of one day', () => listAudit(db, { fromMs: NOW_MS - DAY_MS, toMs: NOW_MS }, 1, 20)],
  ];
  console.log(`baseline: one user by primary key ${baseline.toFixed(3)} ms (median of ${RUNS})`);
  console.log('read'.padEnd(64), 'median ms'.padStart(10), 'x baseline'.padStart(12), '  budget');
  for (const [name, run] of cases) {
    const ms = await timed(run);
    const verdict = ms <= BUDGET_MS ? 'ok' : `OVER ${BUDGET_MS} ms`;
    console.log(
      name.padEnd(64),
      ms.toFixed(2).padStart(10),
      (ms / baseline).toFixed(0).padStart(12),
      `  ${verdict}`,
    );
  }
} finally {
  await handle.close();
  rmSync(dir, { recursive: true, force: true });
}
