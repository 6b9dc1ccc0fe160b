/**
 * The user's locale as two nodes of a cluster keep it over one real database: a node answers a
 * request that matches what it remembers without touching the database, writes a change once, and
 * catches up with a change the other node wrote once its memory is older than LOCALE_RECHECK_MS.
 */
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../src/db/schema.ts';
import { UserLocaleRepository } from '../src/repositories/user-locale-repository.ts';
import { LOCALE_RECHECK_MS, UserLocales } from '../src/services/user-locales.ts';
import { openMigratedScratchDatabase, type ScratchDatabase } from './helpers/scratch-database.ts';
import { databaseEngines } from './helpers/test-runtime.ts';

describe.each(databaseEngines())('user locales across nodes on %s', (engine) => {
  let scratch: ScratchDatabase | undefined;
  let db: Kysely<Database>;

  beforeAll(async () => {
    scratch = await openMigratedScratchDatabase(engine, 'locale_nodes');
    db = scratch.handle.db;
    await sql`insert into users (id, uid, invite_code, created_at) values (7, 100007, 'INV7', 0)`.execute(db);
  });
  afterAll(async () => {
    await scratch?.dispose();
  });

  it('writes once per change and catches up with the other node’s change', async () => {
    let nowMs = 1_000_000;
    const errors: unknown[] = [];
    const node = () => {
      const repository = new UserLocaleRepository(db);
      const locales = new UserLocales({ repository, now: () => nowMs, logError: (e) => errors.push(e) });
      return { locales, reads: vi.spyOn(repository, 'of'), writes: vi.spyOn(repository, 'save') };
    };
    const a = node();
    const b = node();

    await a.locales.spoke(7, 'de', 'Europe/Berlin');
    expect([a.reads.mock.calls.length, a.writes.mock.calls.length]).toEqual([1, 1]);
    // The same again, and calls with no zone: answered from memory.
    for (let i = 0; i < 5; i += 1) await a.locales.spoke(7, 'de', i % 2 ? undefined : 'Europe/Berlin');
    expect([a.reads.mock.calls.length, a.writes.mock.calls.length]).toEqual([1, 1]);
    // Node B has not seen the user: one read, and no write, since the database already agrees.
    await b.locales.spoke(7, 'de', undefined);
    expect([b.reads.mock.calls.length, b.writes.mock.calls.length]).toEqual([1, 0]);

    // The user switches to Japanese on node B, then back to German on node A within A's memory:
    // A still believes German is stored and writes nothing...
    nowMs += 1000;
    await b.locales.spoke(7, 'jp', undefined);
    expect(await b.locales.of(7)).toEqual({ lang: 'jp', timeZone: 'Europe/Berlin' });
    await a.locales.spoke(7, 'de', undefined);
    expect(a.writes.mock.calls.length).toBe(1);
    // ...until its memory is older than the recheck time: the next request reads and puts it right.
    nowMs += LOCALE_RECHECK_MS;
    await a.locales.spoke(7, 'de', undefined);
    expect(a.writes.mock.calls.length).toBe(2);
    expect(await a.locales.of(7)).toEqual({ lang: 'de', timeZone: 'Europe/Berlin' });
    expect(await a.locales.languageOf(8, 'fr')).toBe('fr');
    expect(errors).toEqual([]);
  });

  it('knows without waiting what a request would not change, and only while its memory is fresh', async () => {
    let nowMs = 5_000_000;
    const locales = new UserLocales({
      repository: new UserLocaleRepository(db),
      now: () => nowMs,
      logError: () => undefined,
    });
    expect(locales.knows(7, 'en', undefined)).toBe(false);
    const storing = locales.spoke(7, 'en', 'Europe/Paris');
    // A check under way: a request must wait for it rather than skip it.
    expect(locales.knows(7, 'en', 'Europe/Paris')).toBe(false);
    await storing;
    expect(locales.knows(7, 'en', 'Europe/Paris')).toBe(true);
    expect(locales.knows(7, 'en', undefined)).toBe(true);
    expect(locales.knows(7, 'de', undefined)).toBe(false);
    expect(locales.knows(7, 'en', 'Europe/Rome')).toBe(false);
    nowMs += LOCALE_RECHECK_MS;
    expect(locales.knows(7, 'en', 'Europe/Paris')).toBe(false);
  });
});
