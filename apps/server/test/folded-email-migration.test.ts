/**
 * The migration that folds stored e-mail addresses as sign-in now folds what is typed (NFKC, lower
 * case): an address stored in another spelling is folded, so its owner still signs in with it;
 * where the folded address already has an account, both stay as they were.
 */
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest, migratorFor } from '../src/db/migrate.ts';
import { normalizeEmail } from '../src/inputs/identifiers.ts';
import { openScratchDatabase, type ScratchDatabase } from './helpers/scratch-database.ts';
import { databaseEngines } from './helpers/test-runtime.ts';

const BEFORE_FOLDING = '20261207T0200_back_office_indexes';

describe.each(databaseEngines())('folded e-mail addresses on %s', (engine) => {
  let scratch: ScratchDatabase | undefined;
  let db: Kysely<unknown>;

  beforeAll(async () => {
    scratch = await openScratchDatabase(engine, 'folded_email');
    db = scratch.handle.db as unknown as Kysely<unknown>;
  });
  afterAll(async () => {
    await scratch?.dispose();
  });

  it('folds what another spelling stored, and leaves two accounts of one address to staff', async () => {
    const migrator = await migratorFor(db, scratch!.handle.kind);
    expect((await migrator.migrateTo(BEFORE_FOLDING)).error).toBeUndefined();
    const stored: Array<[number, string | null]> = [
      [1, 'ja\u0308ger@example.com'], // a combining mark: the plain spelling is free
      [2, 'wide\uff20\uff45xample.com'], // full-width @ and e
      [3, 'dup\u00e9@example.com'], // already folded
      [4, 'dupe\u0301@example.com'], // folds onto 3's address: both stay
      [5, 'plain@example.com'],
      [6, null],
    ];
    for (const [id, email] of stored)
      await sql`insert into users (id, uid, invite_code, email, created_at)
        values (${id}, ${100_000 + id}, ${`INV${id}`}, ${email}, 0)`.execute(db);

    await migrateToLatest(db, scratch!.handle.kind);
    const rows = await sql<{ id: unknown; email: string | null }>`
      select id, email from users order by id`.execute(db);
    expect(rows.rows.map((row) => [Number(row.id), row.email])).toEqual([
      [1, 'j\u00e4ger@example.com'],
      [2, 'wide@example.com'],
      [3, 'dup\u00e9@example.com'],
      [4, 'dupe\u0301@example.com'],
      [5, 'plain@example.com'],
      [6, null],
    ]);
    // What a sign-in looks up for each spelling is now what is stored.
    expect(normalizeEmail('JA\u0308GER@example.com')).toBe(rows.rows[0]!.email);
    expect(normalizeEmail('wide\uff20example.com')).toBe(rows.rows[1]!.email);
  });
});
