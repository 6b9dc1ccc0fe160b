/**
 * For the migrations that rewrite stored e-mail addresses: users stored with the given addresses on
 * a scratch database migrated up to just before the migration, then the rest of the migrations run,
 * and each user's address as it is stored after them.
 */
import { sql, type Kysely } from 'kysely';
import { expect } from 'vitest';
import { migrateToLatest, migratorFor } from '../../src/db/migrate.ts';
import type { ScratchDatabase } from './scratch-database.ts';

export type StoredEmail = [id: number, email: string | null];

export async function storedEmailsAcross(
  scratch: ScratchDatabase,
  lastBefore: string,
  stored: readonly StoredEmail[],
): Promise<StoredEmail[]> {
  const db = scratch.handle.db as unknown as Kysely<unknown>;
  const migrator = await migratorFor(db, scratch.handle.kind);
  expect((await migrator.migrateTo(lastBefore)).error).toBeUndefined();
  for (const [id, email] of stored)
    await sql`insert into users (id, uid, invite_code, email, created_at)
      values (${id}, ${100_000 + id}, ${`INV${id}`}, ${email}, 0)`.execute(db);
  await migrateToLatest(db, scratch.handle.kind);
  const rows = await sql<{ id: unknown; email: string | null }>`
    select id, email from users order by id`.execute(db);
  return rows.rows.map((row) => [Number(row.id), row.email]);
}
