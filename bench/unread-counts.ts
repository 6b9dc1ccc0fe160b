/**
 * Unread counts: what announcing a notification's unread count costs once users have a history.
 *
 *   npm run bench:unread   (USERS, READ and UNREAD per user, DATABASES=sqlite,postgresql)
 *
 * Every stored notification goes out with its user's unread count, and a stop cascade counts for a
 * thousand users at once (`NotificationRepository.unreadCounts`, 500 users a statement). Each user
 * here has READ notifications already read and UNREAD not yet. The same database is measured with
 * the unread index (migration 20261207T0100) and, as the baseline, migrated back to before it,
 * where the index by user and id makes each count read every notification the user has.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { openDatabase, type DatabaseHandle } from '../apps/server/src/db/database.ts';
import { migrateToLatest, migratorFor } from '../apps/server/src/db/migrate.ts';
import { NotificationRepository } from '../apps/server/src/repositories/notification-repository.ts';
import { withPostgresDatabase } from './server-process.ts';

const USERS = Number(process.env.USERS ?? 1000);
const READ = Number(process.env.READ ?? 200);
const UNREAD = Number(process.env.UNREAD ?? 5);
const ROUNDS = Number(process.env.ROUNDS ?? 30);
const BEFORE_INDEX = '20261130T0000_session_expiry_indexes';

async function fill(handle: DatabaseHandle): Promise<NotificationRepository> {
  const db = handle.db as unknown as Kysely<unknown>;
  await migrateToLatest(db, handle.kind);
  for (let from = 1; from <= USERS; from += 500) {
    const users = Array.from({ length: Math.min(500, USERS - from + 1) }, (_, i) => from + i);
    await handle.db
      .insertInto('users')
      .values(
        users.map((id) => ({ id, uid: 100_000 + id, is_demo: 0, invite_code: `B${id}`, created_at: 0 })),
      )
      .execute();
  }
  const notifications = new NotificationRepository(handle.db);
  for (let round = 0; round < READ + UNREAD; round++) {
    await notifications.insertMany(
      Array.from({ length: USERS }, (_, i) => ({
        userId: i + 1,
        kind: 'stop_loss',
        textKey: 'stop_loss',
        params: '{"code":"EURUSD","id":123456,"price":"1.08000","profit":"-12.34"}',
        link: '/order',
        createdAtMs: round,
      })),
    );
    if (round === READ - 1)
      await handle.db.updateTable('notifications').set({ read_at: 1 }).where('read_at', 'is', null).execute();
  }
  return notifications;
}

/** Median ms to count the unread of every user (the cascade's call). */
async function countAll(notifications: NotificationRepository): Promise<number> {
  const users = Array.from({ length: USERS }, (_, i) => i + 1);
  const samples: number[] = [];
  for (let round = 0; round < ROUNDS + 3; round++) {
    const started = performance.now();
    const counts = await notifications.unreadCounts(users);
    if (round >= 3) samples.push(performance.now() - started);
    if (counts.get(USERS) !== UNREAD) throw new Error(`counted ${counts.get(USERS)} unread, not ${UNREAD}`);
  }
  return samples.sort((a, b) => a - b)[samples.length >> 1]!;
}

async function measure(name: string, handle: DatabaseHandle): Promise<void> {
  try {
    const notifications = await fill(handle);
    const db = handle.db as unknown as Kysely<unknown>;
    const migrator = await migratorFor(db, handle.kind);
    // Alternated: with the index, without it, and with it again.
    const withIndex = [await countAll(notifications)];
    if ((await migrator.migrateTo(BEFORE_INDEX)).error) throw new Error('could not migrate back');
    const without = await countAll(notifications);
    await migrateToLatest(db, handle.kind);
    withIndex.push(await countAll(notifications));
    const after = Math.min(...withIndex);
    console.log(
      `${name.padEnd(11)} ${without.toFixed(2).padStart(14)} ${after.toFixed(2).padStart(14)} ${(without / after).toFixed(1).padStart(8)}x`,
    );
  } finally {
    await handle.close();
  }
}

console.log(
  `unread counts of ${USERS} users (${READ} read and ${UNREAD} unread notifications each), median of ${ROUNDS}\n`,
);
console.log('database    ms without (baseline)  ms with index  faster');
const only = process.env.DATABASES?.split(',') ?? ['sqlite', 'postgresql'];
if (only.includes('sqlite')) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'omp-unread-'));
  try {
    await measure('sqlite', openDatabase({ sqlitePath: path.join(dir, 'app.db') }));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
if (only.includes('postgresql'))
  await withPostgresDatabase((url) => measure('postgresql', openDatabase({ databaseUrl: url })));
