/**
 * An empty database of its own for a test that works below the runtime (migrations, repositories,
 * storage adapters): a new schema on the test PostgreSQL, or a new SQLite file in a temporary
 * folder. `dispose` closes it and removes the schema or the folder.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../../src/db/database.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import type { EngineKind } from './test-runtime.ts';

export interface ScratchDatabase {
  handle: DatabaseHandle;
  dispose(): Promise<void>;
}

/** `prefix` names the schema or folder, so a leftover one says which test made it. */
export async function openScratchDatabase(engine: EngineKind, prefix: string): Promise<ScratchDatabase> {
  if (engine === 'postgres') {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error('TEST_DATABASE_URL is not set');
    const schema = `${prefix}_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${schema}`);
    const handle = openDatabase({ databaseUrl: url, schema });
    return {
      handle,
      async dispose() {
        await handle.close();
        await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
        await admin.end();
      },
    };
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), `omp-${prefix}-`));
  const handle = openDatabase({ sqlitePath: path.join(dir, 'app.db') });
  return {
    handle,
    async dispose() {
      await handle.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A scratch database with every migration applied, for tests of repositories and indexes. */
export async function openMigratedScratchDatabase(
  engine: EngineKind,
  prefix: string,
): Promise<ScratchDatabase> {
  const scratch = await openScratchDatabase(engine, prefix);
  try {
    await migrateToLatest(scratch.handle.db as unknown as Kysely<unknown>, scratch.handle.kind);
  } catch (error) {
    await scratch.dispose();
    throw error;
  }
  return scratch;
}
