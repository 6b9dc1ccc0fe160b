/**
 * The file storage contract (src/adapters/storage/file-storage-contract.test-support.ts) for the
 * database adapter on PostgreSQL, the store of a cluster without object storage: bytea round trips,
 * the primary key refusing a taken name, a large photo whole. Needs TEST_DATABASE_URL.
 */
import type { Kysely } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DatabaseFileStorage } from '../src/adapters/storage/database-file-storage.ts';
import { describeFileStorageContract } from '../src/adapters/storage/file-storage-contract.test-support.ts';
import { StorageNameTakenError } from '../src/adapters/storage/file-storage.ts';
import { openDatabase, type DatabaseHandle } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';

const url = process.env.TEST_DATABASE_URL;
if (!url) {
  console.warn(
    '\n!!! PostgreSQL file storage contract SKIPPED: TEST_DATABASE_URL is not set (npm run test:pg sets it) !!!\n',
  );
}

describe.skipIf(!url)('database file storage on PostgreSQL', () => {
  let handle: DatabaseHandle;
  let admin: pg.Client;
  const schema = `f_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${schema}`);
    handle = openDatabase({ databaseUrl: url, schema });
    await migrateToLatest(handle.db as unknown as Kysely<unknown>, handle.kind);
  });
  afterAll(async () => {
    await handle?.close();
    await admin?.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await admin?.end();
  });

  describeFileStorageContract('database on PostgreSQL', async () => {
    await handle.db.deleteFrom('stored_files').execute();
    return new DatabaseFileStorage(handle.db);
  });

  it('keeps the bytes as bytea, and lets exactly one of two nodes writing the same name at once win', async () => {
    await handle.db.deleteFrom('stored_files').execute();
    // Two adapters on two pools stand for two nodes.
    const otherNode = openDatabase({ databaseUrl: url, schema });
    try {
      const nodes = [new DatabaseFileStorage(handle.db), new DatabaseFileStorage(otherNode.db)];
      const results = await Promise.allSettled(
        nodes.map((node, i) => node.put('raced.png', Uint8Array.from([i + 1]))),
      );
      const won = results.filter((result) => result.status === 'fulfilled');
      const lost = results.flatMap((result) => (result.status === 'rejected' ? [result.reason] : []));
      expect(won).toHaveLength(1);
      expect(lost).toHaveLength(1);
      expect(lost[0]).toBeInstanceOf(StorageNameTakenError);
      const { rows } = await admin.query<{ type: string; size: string }>(
        `select pg_typeof(bytes)::text as type, size from ${schema}.stored_files where name = 'raced.png'`,
      );
      expect(rows).toEqual([{ type: 'bytea', size: '1' }]);
      expect((await nodes[1]!.get('raced.png'))!.length).toBe(1);
    } finally {
      await otherNode.close();
    }
  });
});
