/**
 * The migration that keeps each upload's SHA-256 digests, on a database that already holds uploads:
 * earlier uploads keep their rows with no digest (they match no other proof), new rows take both,
 * and going back drops the columns and leaves the rows as they were.
 */
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest, migratorFor } from '../src/db/migrate.ts';
import { openScratchDatabase, type ScratchDatabase } from './helpers/scratch-database.ts';
import { databaseEngines } from './helpers/test-runtime.ts';

const BEFORE_DIGESTS = '20261207T1900_upload_reference_indexes';

describe.each(databaseEngines())('upload digests migration on %s', (engine) => {
  let scratch: ScratchDatabase | undefined;
  let db: Kysely<unknown>;

  beforeAll(async () => {
    scratch = await openScratchDatabase(engine, 'digests');
    db = scratch.handle.db as unknown as Kysely<unknown>;
  });
  afterAll(async () => {
    await scratch?.dispose();
  });

  it('adds the digests to the uploads, and takes them away again', async () => {
    const migrator = await migratorFor(db, scratch!.handle.kind);
    expect((await migrator.migrateTo(BEFORE_DIGESTS)).error).toBeUndefined();
    await sql`insert into users (id, uid, invite_code, created_at) values (1, 100001, 'INV1', 0)`.execute(db);
    await sql`insert into uploads (name, owner_user_id, mime, size, created_at)
      values ('a.png', 1, 'image/png', 10, 0)`.execute(db);

    await migrateToLatest(db, scratch!.handle.kind);
    await sql`insert into uploads (name, owner_user_id, mime, size, created_at, sha256, original_sha256)
      values ('b.png', 1, 'image/png', 10, 0, 'aa', 'bb')`.execute(db);
    const rows = await sql<{ name: string; sha256: string | null; original_sha256: string | null }>`
      select name, sha256, original_sha256 from uploads order by name`.execute(db);
    expect(rows.rows).toEqual([
      { name: 'a.png', sha256: null, original_sha256: null },
      { name: 'b.png', sha256: 'aa', original_sha256: 'bb' },
    ]);

    expect((await migrator.migrateTo(BEFORE_DIGESTS)).error).toBeUndefined();
    const back = await sql<Record<string, unknown>>`select * from uploads order by name`.execute(db);
    expect(back.rows.map((row) => Object.keys(row).sort())).toEqual([
      ['created_at', 'id', 'mime', 'name', 'owner_user_id', 'size'],
      ['created_at', 'id', 'mime', 'name', 'owner_user_id', 'size'],
    ]);
    await migrateToLatest(db, scratch!.handle.kind);
  });
});
