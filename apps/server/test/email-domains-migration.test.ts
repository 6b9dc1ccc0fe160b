/**
 * The migration that stores e-mail domains as mail is delivered to them (the Unicode form of their
 * IDNA name), as sign-in now takes what is typed: an address stored with an `xn--` domain is
 * rewritten, so its owner still signs in with it; where the rewritten address already has an
 * account, both stay as they were.
 */
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest, migratorFor } from '../src/db/migrate.ts';
import { normalizeEmail } from '../src/inputs/identifiers.ts';
import { openScratchDatabase, type ScratchDatabase } from './helpers/scratch-database.ts';
import { databaseEngines } from './helpers/test-runtime.ts';

const BEFORE_DOMAINS = '20261207T2100_staff_enrolment_session';

describe.each(databaseEngines())('e-mail domains as delivered on %s', (engine) => {
  let scratch: ScratchDatabase | undefined;
  let db: Kysely<unknown>;

  beforeAll(async () => {
    scratch = await openScratchDatabase(engine, 'email_domains');
    db = scratch.handle.db as unknown as Kysely<unknown>;
  });
  afterAll(async () => {
    await scratch?.dispose();
  });

  it('rewrites an xn-- domain to its Unicode name, and leaves two accounts of one mailbox to staff', async () => {
    const migrator = await migratorFor(db, scratch!.handle.kind);
    expect((await migrator.migrateTo(BEFORE_DOMAINS)).error).toBeUndefined();
    const stored: Array<[number, string | null]> = [
      [1, 'kim@xn--bcher-kva.example'], // the Unicode spelling is free
      [2, 'lee@b\u00fccher.example'], // already as delivered
      [3, 'lee@xn--bcher-kva.example'], // the same mailbox as 2's: both stay
      [4, 'ann@mail\u3002example.com'], // an ideographic full stop between labels
      [5, 'plain@example.com'],
      [6, 'odd@xn--zz.example'], // an xn-- label that reads as nothing else
      [7, null],
    ];
    for (const [id, email] of stored)
      await sql`insert into users (id, uid, invite_code, email, created_at)
        values (${id}, ${100_000 + id}, ${`INV${id}`}, ${email}, 0)`.execute(db);

    await migrateToLatest(db, scratch!.handle.kind);
    const rows = await sql<{ id: unknown; email: string | null }>`
      select id, email from users order by id`.execute(db);
    expect(rows.rows.map((row) => [Number(row.id), row.email])).toEqual([
      [1, 'kim@b\u00fccher.example'],
      [2, 'lee@b\u00fccher.example'],
      [3, 'lee@xn--bcher-kva.example'],
      [4, 'ann@mail.example.com'],
      [5, 'plain@example.com'],
      [6, 'odd@xn--zz.example'],
      [7, null],
    ]);
    // What a sign-in looks up for each spelling is now what is stored.
    expect(normalizeEmail('KIM@XN--BCHER-KVA.EXAMPLE')).toBe(rows.rows[0]!.email);
    expect(normalizeEmail('ann@mail\u3002example.com')).toBe(rows.rows[3]!.email);
  });
});
