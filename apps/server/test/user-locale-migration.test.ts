/**
 * The migration that brought one locale per user, on a database whose notification centre already
 * remembered languages: each remembered language becomes the user's (zone unknown), nothing else
 * is made up, and going back restores the old table with the same rows.
 */
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest, migratorFor } from '../src/db/migrate.ts';
import { openScratchDatabase, type ScratchDatabase } from './helpers/scratch-database.ts';
import { databaseEngines } from './helpers/test-runtime.ts';

const BEFORE_LOCALES = '20261127T1300_risk_warning_and_leverage_caps';

describe.each(databaseEngines())('user locale migration on %s', (engine) => {
  let scratch: ScratchDatabase | undefined;
  let db: Kysely<unknown>;

  beforeAll(async () => {
    scratch = await openScratchDatabase(engine, 'locales');
    db = scratch.handle.db as unknown as Kysely<unknown>;
  });
  afterAll(async () => {
    await scratch?.dispose();
  });

  it('carries the notification centre’s languages over, and back', async () => {
    const migrator = await migratorFor(db, scratch!.handle.kind);
    expect((await migrator.migrateTo(BEFORE_LOCALES)).error).toBeUndefined();
    await sql`insert into users (id, uid, invite_code, created_at)
      values (1, 100001, 'INV1', 0), (2, 100002, 'INV2', 0), (3, 100003, 'INV3', 0)`.execute(db);
    await sql`insert into notification_profiles (user_id, language, updated_at)
      values (1, 'de', 1000), (2, 'jp', 2000)`.execute(db);

    await migrateToLatest(db, scratch!.handle.kind);
    const locales = await sql<{
      user_id: unknown;
      language: string;
      time_zone: string | null;
      updated_at: unknown;
    }>`
      select user_id, language, time_zone, updated_at from user_locales order by user_id`.execute(db);
    expect(
      locales.rows.map((r) => [Number(r.user_id), r.language, r.time_zone, Number(r.updated_at)]),
    ).toEqual([
      [1, 'de', null, 1000],
      [2, 'jp', null, 2000],
    ]);

    expect((await migrator.migrateTo(BEFORE_LOCALES)).error).toBeUndefined();
    const profiles = await sql<{ user_id: unknown; language: string }>`
      select user_id, language from notification_profiles order by user_id`.execute(db);
    expect(profiles.rows.map((r) => [Number(r.user_id), r.language])).toEqual([
      [1, 'de'],
      [2, 'jp'],
    ]);
  });
});
