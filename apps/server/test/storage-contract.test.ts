/**
 * The storage contract: the same suite against every database engine the server supports, so
 * SQLite and PostgreSQL behave alike for what the services rely on.
 */
import type { Kysely } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Bar } from '@omp/engine';
import { openDatabase, type DatabaseHandle } from '../src/db/database.ts';
import { MIGRATIONS, migrateToLatest } from '../src/db/migrate.ts';
import { writeRows, type RowsStatement } from '../src/repositories/bulk-rows.ts';
import { MarketRepository } from '../src/repositories/market-repository.ts';
import { SEED_CATEGORIES, SEED_INSTRUMENTS } from '../src/seed/instruments.ts';
import { openScratchDatabase, type ScratchDatabase } from './helpers/scratch-database.ts';
import { databaseEngines } from './helpers/test-runtime.ts';

const bar = (time: number, close: number): Bar => ({
  time,
  open: close - 5,
  high: close + 10,
  low: close - 10,
  close,
  volume: 3,
});

describe.each(databaseEngines())('storage contract on %s', (engine) => {
  let scratch: ScratchDatabase | undefined;
  let handle: DatabaseHandle;
  let repo: MarketRepository;

  beforeAll(async () => {
    scratch = await openScratchDatabase(engine, 'contract');
    handle = scratch.handle;
    await migrateToLatest(handle.db as unknown as Kysely<unknown>, handle.kind);
    repo = new MarketRepository(handle.db);
  });
  afterAll(async () => {
    await scratch?.dispose();
  });

  it('runs migrations once: a second run applies nothing', async () => {
    expect(await migrateToLatest(handle.db as unknown as Kysely<unknown>, handle.kind)).toEqual([]);
  });

  it.runIf(engine === 'postgres')(
    'migrates its own schema when another schema of the database already has migration tables',
    async () => {
      const url = process.env.TEST_DATABASE_URL!;
      const schemas = [0, 1].map((i) => `m${i}_${process.pid}_${Math.random().toString(36).slice(2, 8)}`);
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      const handles: DatabaseHandle[] = [];
      try {
        for (const schema of schemas) {
          await admin.query(`CREATE SCHEMA ${schema}`);
          const other = openDatabase({ databaseUrl: url, schema });
          handles.push(other);
          // The second schema starts empty while the first already holds Kysely's tables.
          const applied = await migrateToLatest(other.db as unknown as Kysely<unknown>, other.kind);
          expect(applied).toEqual(Object.keys(MIGRATIONS));
        }
        const { rows } = await admin.query<{ n: string }>(
          `select count(*) as n from information_schema.tables where table_schema = $1 and table_name = 'kysely_migration_lock'`,
          [schemas[1]],
        );
        expect(Number(rows[0]!.n)).toBe(1);
      } finally {
        for (const other of handles) await other.close();
        for (const schema of schemas) await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
        await admin.end();
      }
    },
  );

  it('round-trips categories and instruments exactly', async () => {
    await repo.insertCategories(SEED_CATEGORIES);
    await repo.insertInstruments(
      SEED_INSTRUMENTS.map(({ spec, profile }) => ({ spec, profile, enabled: true })),
    );
    const categories = await repo.listCategories();
    expect(categories.map((c) => c.code)).toEqual(SEED_CATEGORIES.map((c) => c.code));
    expect(categories[0]!.names).toEqual(SEED_CATEGORIES[0]!.names);
    const instruments = await repo.listInstruments();
    expect(instruments).toHaveLength(SEED_INSTRUMENTS.length);
    const first = SEED_INSTRUMENTS[0]!;
    expect(instruments.find((i) => i.spec.id === first.spec.id)).toEqual({
      ...first,
      enabled: true,
      names: {},
    });
    // A halted instrument reads back halted, and its names as stored.
    await repo.changeInstrument(
      first.spec.id,
      (before) => ({ ...before, enabled: false, names: { en: 'Euro vs US Dollar' } }),
      async () => {},
    );
    const halted = (await repo.listInstruments()).find((i) => i.spec.id === first.spec.id)!;
    expect(halted).toMatchObject({ enabled: false, names: { en: 'Euro vs US Dollar' } });
    expect(halted.spec.tradingHalted).toBe(true);
  });

  it('upserts bars: the same time replaces, others append, reads come oldest first', async () => {
    const id = SEED_INSTRUMENTS[0]!.spec.id;
    await repo.upsertBars(id, '1M', [bar(60, 100), bar(120, 101), bar(180, 102)]);
    await repo.upsertBars(id, '1M', [bar(180, 150), bar(240, 103)]);
    expect((await repo.recentBars(id, '1M', 10)).map((b) => [b.time, b.close])).toEqual([
      [60, 100],
      [120, 101],
      [180, 150],
      [240, 103],
    ]);
    expect((await repo.recentBars(id, '1M', 2)).map((b) => b.time)).toEqual([180, 240]);
    expect((await repo.recentBars(id, '1M', 10, 180)).map((b) => b.time)).toEqual([60, 120]);
    expect(await repo.recentBars(id, '5M', 10)).toEqual([]);
  });

  it('returns plain safe numbers for bars, including large prices and volumes', async () => {
    const id = SEED_INSTRUMENTS[1]!.spec.id;
    const big: Bar = {
      time: 1_800_000_000,
      open: 9_000_000_000,
      high: 9_000_000_100,
      low: 8_999_999_900,
      close: 9_000_000_050,
      volume: 5_000_000_000,
    };
    await repo.upsertBars(id, '1D', [big]);
    const [read] = await repo.recentBars(id, '1D', 1);
    expect(read).toEqual(big);
    expect(typeof read!.close).toBe('number');
  });

  it('writes many instruments in one batch transaction', async () => {
    const batch = SEED_INSTRUMENTS.slice(0, 5).map(({ spec }) => ({
      instrumentId: spec.id,
      period: '1H' as const,
      bars: Array.from({ length: 2500 }, (_, i) => bar(3600 * (i + 1), 1000 + i)),
    }));
    await repo.upsertBarsBatch(batch);
    for (const item of batch) expect(await repo.recentBars(item.instrumentId, '1H', 3000)).toHaveLength(2500);
  });

  it('writes a batch of instruments and periods together; a bar named twice keeps its later state', async () => {
    const [first, second] = SEED_INSTRUMENTS.slice(5, 7).map(({ spec }) => spec.id);
    await repo.upsertBarsBatch([
      { instrumentId: first!, period: '5M', bars: [bar(300, 10), bar(600, 11)] },
      { instrumentId: second!, period: '5M', bars: [bar(300, 20)] },
      { instrumentId: first!, period: '15M', bars: [bar(900, 30)] },
      { instrumentId: first!, period: '5M', bars: [bar(600, 12), bar(900, 13)] },
      // Named twice within one series too.
      { instrumentId: second!, period: '15M', bars: [bar(900, 40), bar(900, 41)] },
    ]);
    const closes = async (id: number, period: '5M' | '15M') =>
      (await repo.recentBars(id, period, 10)).map((b) => [b.time, b.close]);
    expect(await closes(first!, '5M')).toEqual([
      [300, 10],
      [600, 12],
      [900, 13],
    ]);
    expect(await closes(second!, '5M')).toEqual([[300, 20]]);
    expect(await closes(first!, '15M')).toEqual([[900, 30]]);
    expect(await closes(second!, '15M')).toEqual([[900, 41]]);
  });

  it('stores settings and updates them in place', async () => {
    expect(await repo.getSetting('nope')).toBeUndefined();
    await repo.setSetting('demo_balance', '100000', 1);
    await repo.setSetting('demo_balance', '50000', 2);
    expect(await repo.getSetting('demo_balance')).toBe('50000');
  });
  it('writes and upserts many rows in one go with every awkward value intact', async () => {
    // Texts an array literal must quote or escape, and integers beyond a double's.
    const texts = [
      '',
      'plain',
      'a,b',
      '{braces}',
      '"quoted"',
      'back\\slash',
      "it's",
      'NULL',
      ' spaced ',
      'ünïcödé 汇',
    ];
    const statement: RowsStatement<'key' | 'value' | 'updated_at'> = {
      table: 'settings',
      columns: ['key', 'value', 'updated_at'],
      onConflict: { key: 'key', update: ['value', 'updated_at'] },
    };
    const rows = Array.from({ length: 1000 }, (_, i) => ({
      key: `contract_${String(i).padStart(4, '0')}`,
      value: texts[i % texts.length]!,
      updated_at: 9_007_199_254_740_993n + BigInt(i),
    }));
    const read = () =>
      handle.db
        .selectFrom('settings')
        .select(['key', 'value', 'updated_at'])
        .where('key', 'like', 'contract_%')
        .orderBy('key')
        .execute()
        .then((stored) => stored.map((row) => ({ ...row, updated_at: BigInt(row.updated_at) })));
    await handle.db.transaction().execute((trx) => writeRows(trx, statement, rows));
    expect(await read()).toEqual(rows);
    // The same keys again: every row takes its new value in place.
    const changed = rows.map((row) => ({ ...row, value: `${row.value}!`, updated_at: 2n }));
    await handle.db.transaction().execute((trx) => writeRows(trx, statement, changed));
    expect(await read()).toEqual(changed);
  });
});
