/**
 * Installations sharing one PostgreSQL database, each in its own schema (DATABASE_SCHEMA, and the
 * parallel test runs): a start migrates its own schema whatever the others do meanwhile. Kysely's
 * migrator listed every schema's tables with their columns, and a schema dropped or a table
 * altered elsewhere during that listing failed the start; now it lists its own schema's alone.
 */
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { migrateToLatest, tablesOf } from '../src/db/migrate.ts';
import { openScratchDatabase, type ScratchDatabase } from './helpers/scratch-database.ts';

const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)('migrations on a PostgreSQL database shared by several schemas', () => {
  const opened: ScratchDatabase[] = [];
  afterAll(async () => {
    for (const scratch of opened) await scratch.dispose();
  });
  const scratchDb = async (prefix: string) => {
    const scratch = await openScratchDatabase('postgres', prefix);
    opened.push(scratch);
    const db = scratch.handle.db as unknown as Kysely<unknown>;
    const schema = (await sql<{ name: string }>`select current_schema() as name`.execute(db)).rows[0]!.name;
    return { db, schema };
  };

  it("lists only its own schema's tables", async () => {
    const other = await scratchDb('shared_other');
    await migrateToLatest(other.db, 'postgres');
    const own = await scratchDb('shared_own');
    await sql`create table only_here (id integer)`.execute(own.db);
    expect((await tablesOf(own.db, own.schema)).map((t) => t.name)).toEqual(['only_here']);
  });

  it('migrates while other schemas are created, altered and dropped', async () => {
    const neighbour = new pg.Client({ connectionString: url });
    await neighbour.connect();
    let busy = true;
    const churn = (async () => {
      for (let round = 0; busy; round++) {
        const schema = `shared_churn_${process.pid}_${round}`;
        await neighbour.query(`create schema ${schema}`);
        await neighbour.query(`create table ${schema}.withdrawals (id serial primary key, amount bigint)`);
        await neighbour.query(`alter table ${schema}.withdrawals add column memo text`);
        await neighbour.query(`drop schema ${schema} cascade`);
      }
    })();
    try {
      for (let start = 0; start < 4; start++) {
        const own = await scratchDb(`shared_start${start}`);
        const migrated = await migrateToLatest(own.db, 'postgres');
        expect(migrated.length).toBeGreaterThan(30);
      }
    } finally {
      busy = false;
      await churn;
      await neighbour.end();
    }
  });
});
