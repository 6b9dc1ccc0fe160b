/**
 * The back office's frequent reads find their rows through an index, not by reading whole tables:
 * the dashboard (asked for every five seconds by every open back office), the review queues and the
 * audit log's filters.
 * Each statement the repositories send is captured as compiled and explained on the database
 * itself; a read of the ledger, deposits, withdrawals, identity checks, users or the audit log from
 * end to end fails.
 * On PostgreSQL sequential scans are discouraged, as a table this small would otherwise be read
 * whole whatever its indexes, and an index read without a condition counts as whole: the point is
 * that an index serves the read.
 */
import { sql, type CompiledQuery, type Kysely, type KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/schema.ts';
import { listAudit } from '../src/repositories/audit-repository.ts';
import { DashboardRepository } from '../src/repositories/dashboard-repository.ts';
import { IdentityRepository } from '../src/repositories/identity-repository.ts';
import { MoneyRepository } from '../src/repositories/money-repository.ts';
import { openMigratedScratchDatabase, type ScratchDatabase } from './helpers/scratch-database.ts';
import { databaseEngines } from './helpers/test-runtime.ts';

const HISTORY_TABLES = ['ledger', 'deposits', 'withdrawals', 'identity_submissions', 'users', 'audit_log'];

/** A node of PostgreSQL's plan, as `explain (format json)` gives it. */
interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Cond'?: string;
  Plans?: PlanNode[];
}

describe.each(databaseEngines())('back-office reads on %s', (engine) => {
  let scratch: ScratchDatabase | undefined;
  let db: Kysely<Database>;

  beforeAll(async () => {
    scratch = await openMigratedScratchDatabase(engine, 'office_reads');
    db = scratch.handle.db;
  });
  afterAll(async () => {
    await scratch?.dispose();
  });

  /** The statements `read` sends, compiled as the database receives them. */
  async function statementsOf(read: (db: Kysely<Database>) => Promise<unknown>): Promise<CompiledQuery[]> {
    const sent: CompiledQuery[] = [];
    const capture: KyselyPlugin = {
      transformQuery: (args) => {
        sent.push(db.getExecutor().compileQuery(args.node, args.queryId));
        return args.node;
      },
      transformResult: async (args) => args.result,
    };
    await read(db.withPlugin(capture));
    return sent;
  }

  /** The tables of HISTORY_TABLES a statement reads from end to end. */
  async function tablesScanned(statement: CompiledQuery): Promise<string[]> {
    if (engine === 'sqlite') {
      const plan = await db.executeQuery<{ detail: string }>({
        ...statement,
        sql: `explain query plan ${statement.sql}`,
      });
      return HISTORY_TABLES.filter((table) =>
        plan.rows.some((row) => new RegExp(`^SCAN ${table}\\b(?! USING)`).test(row.detail)),
      );
    }
    return db.connection().execute(async (connection) => {
      await sql`set enable_seqscan = off`.execute(connection);
      try {
        const plan = await connection.executeQuery<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>({
          ...statement,
          sql: `explain (format json) ${statement.sql}`,
        });
        const read = new Set<string>();
        const walk = (node: PlanNode) => {
          const table = node['Relation Name'];
          // A sequential scan, or an index read from end to end (no condition on the index).
          const whole =
            node['Node Type'] === 'Seq Scan' ||
            (/^Index (Only )?Scan$/.test(node['Node Type']) && node['Index Cond'] === undefined);
          if (table && HISTORY_TABLES.includes(table) && whole) read.add(table);
          for (const child of node.Plans ?? []) walk(child);
        };
        walk(plan.rows[0]!['QUERY PLAN'][0].Plan);
        return [...read];
      } finally {
        await sql`set enable_seqscan = on`.execute(connection);
      }
    });
  }

  const midnight = Date.UTC(2026, 11, 7);
  it.each([
    [
      'the dashboard',
      (d: Kysely<Database>) => {
        const dashboard = new DashboardRepository(d);
        return Promise.all([
          dashboard.queues(),
          dashboard.moneySince(midnight),
          dashboard.newUsersSince(midnight),
          dashboard.ledgerSince(midnight),
        ]);
      },
    ],
    [
      'the identity checks waiting',
      (d: Kysely<Database>) => new IdentityRepository(d).list({ status: 1 }, 1, 20),
    ],
    [
      'the deposits waiting',
      (d: Kysely<Database>) => new MoneyRepository(d).depositsPage({ status: 0 }, 0, 20),
    ],
    [
      'the withdrawals waiting',
      (d: Kysely<Database>) => new MoneyRepository(d).withdrawalsPage({ status: 0 }, 0, 20),
    ],
    ['the audit of one record', (d: Kysely<Database>) => listAudit(d, { targetId: 5 }, 1, 20)],
    [
      'the audit of one staff member this week',
      (d: Kysely<Database>) => listAudit(d, { staffId: 2, fromMs: midnight - 6 * 86_400_000 }, 1, 20),
    ],
    [
      'the audit of one day',
      (d: Kysely<Database>) => listAudit(d, { fromMs: midnight, toMs: midnight + 86_400_000 }, 1, 20),
    ],
  ] as const)('%s through indexes', async (_name, read) => {
    const statements = await statementsOf(read);
    expect(statements.length).toBeGreaterThan(0);
    for (const statement of statements)
      expect({ sql: statement.sql, scans: await tablesScanned(statement) }).toEqual({
        sql: statement.sql,
        scans: [],
      });
  });
});
