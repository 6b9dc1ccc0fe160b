/**
 * The unread notifications' own index: the unread counts every new notification announces are
 * read from it (not from every notification each user ever had), they stay right as notifications
 * are read, and the migration goes back and forth.
 */
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest, migratorFor } from '../src/db/migrate.ts';
import type { Database } from '../src/db/schema.ts';
import { NotificationRepository } from '../src/repositories/notification-repository.ts';
import { openMigratedScratchDatabase, type ScratchDatabase } from './helpers/scratch-database.ts';
import { databaseEngines } from './helpers/test-runtime.ts';

const BEFORE_INDEX = '20261130T0000_session_expiry_indexes';
const USERS = [1, 2, 3];

describe.each(databaseEngines())('unread notifications on %s', (engine) => {
  let scratch: ScratchDatabase | undefined;
  let db: Kysely<Database>;
  let notifications: NotificationRepository;

  beforeAll(async () => {
    scratch = await openMigratedScratchDatabase(engine, 'unread');
    db = scratch.handle.db;
    notifications = new NotificationRepository(db);
    await sql`insert into users (id, uid, invite_code, created_at)
      values (1, 100001, 'INV1', 0), (2, 100002, 'INV2', 0), (3, 100003, 'INV3', 0)`.execute(db);
    // User 1 has 30 notifications, user 2 has 5; user 3 none.
    const rows = [...Array.from({ length: 30 }, () => 1), ...Array.from({ length: 5 }, () => 2)];
    await notifications.insertMany(
      rows.map((userId, at) => ({
        userId,
        kind: 'stop_loss',
        textKey: 'stop_loss',
        params: '{}',
        link: '/order',
        createdAtMs: at,
      })),
    );
  });
  afterAll(async () => {
    await scratch?.dispose();
  });

  const countsOf = async () => Object.fromEntries(await notifications.unreadCounts(USERS));

  it('counts each user’s unread, and follows what is read', async () => {
    expect(await countsOf()).toEqual({ 1: 30, 2: 5 });
    const { list } = await notifications.page(1, 1, 10);
    for (const { id } of list.slice(0, 4)) await notifications.markRead(1, id, 1000);
    await notifications.markAllRead(2, 1000);
    expect(await countsOf()).toEqual({ 1: 26 });
    expect(await notifications.unreadCount(1)).toBe(26);
    expect(await notifications.unreadCount(2)).toBe(0);
  });

  it('reads the counts from the unread index', async () => {
    const plan =
      engine === 'sqlite'
        ? await sql<{ detail: string }>`explain query plan
            select user_id, count(*) as n from notifications
            where user_id in (1, 2, 3) and read_at is null group by user_id`.execute(db)
        : await db.connection().execute(async (connection) => {
            // A table this small is read whole unless told otherwise; the point is the index is usable.
            await sql`set enable_seqscan = off`.execute(connection);
            try {
              return await sql<{ 'QUERY PLAN': string }>`explain
                select user_id, count(*) as n from notifications
                where user_id in (1, 2, 3) and read_at is null group by user_id`.execute(connection);
            } finally {
              await sql`set enable_seqscan = on`.execute(connection);
            }
          });
    const text = plan.rows.map((row) => Object.values(row).join(' ')).join('\n');
    expect(text).toContain('notifications_unread_by_user');
  });

  it('goes back and forth', async () => {
    const migrator = await migratorFor(db as unknown as Kysely<unknown>, scratch!.handle.kind);
    expect((await migrator.migrateTo(BEFORE_INDEX)).error).toBeUndefined();
    expect(await countsOf()).toEqual({ 1: 26 });
    await migrateToLatest(db as unknown as Kysely<unknown>, scratch!.handle.kind);
    expect(await countsOf()).toEqual({ 1: 26 });
  });
});
