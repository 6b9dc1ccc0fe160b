import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from './database.ts';
import type { Database } from './schema.ts';
import { reusableQuery } from './reusable-query.ts';

describe('a reusable query', () => {
  let handle: DatabaseHandle;
  let db: Kysely<Database>;
  beforeAll(async () => {
    handle = openDatabase({ sqlitePath: ':memory:' });
    db = handle.db;
    await sql`create table settings (key text primary key, value text not null)`.execute(db);
    await sql`insert into settings values ('a', '1'), ('b', '2'), ('c', '3')`.execute(db);
  });
  afterAll(() => handle.close());

  it('runs with each call’s values in their places, fixed values kept', async () => {
    const between = reusableQuery(db, 2, ([from, to]: [string, string]) =>
      db
        .selectFrom('settings')
        .select('key')
        .where('key', '>=', from)
        .where('value', '!=', '9')
        .where('key', '<=', to)
        .orderBy('key'),
    );
    expect(await between(['a', 'b'])).toEqual([{ key: 'a' }, { key: 'b' }]);
    expect(await between(['b', 'c'])).toEqual([{ key: 'b' }, { key: 'c' }]);
    expect(await between(['x', 'z'])).toEqual([]);
  });

  it('refuses a query that does not use each value exactly once', () => {
    expect(() =>
      reusableQuery(db, 2, ([key]: [string, string]) =>
        db.selectFrom('settings').selectAll().where('key', '=', key),
      ),
    ).toThrow(/each value once/);
    expect(() =>
      reusableQuery(db, 1, ([key]: [string]) =>
        db.selectFrom('settings').selectAll().where('key', '=', key).where('value', '=', key),
      ),
    ).toThrow(/each value once/);
  });
});
