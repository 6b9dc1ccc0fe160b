/**
 * The order a new password and a session being written take on a real database: a session whose
 * ground was checked, and not yet written, holds the user's row, so the new password (with its
 * revocation of every session) waits for it and then revokes it too. On PostgreSQL that is the
 * row lock (READ COMMITTED would otherwise let the revocation miss a row committed after it read);
 * on SQLite one transaction at a time.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groundHolds } from '../src/repositories/session-grounds.ts';
import { UserRepository } from '../src/repositories/user-repository.ts';
import { openMigratedScratchDatabase, type ScratchDatabase } from './helpers/scratch-database.ts';
import { databaseEngines } from './helpers/test-runtime.ts';

const NOW = Date.UTC(2026, 10, 18, 12);
/** Long enough for an unblocked statement to have finished many times over. */
const WAIT_MS = 300;

describe.each(databaseEngines())('session grounds on %s', (engine) => {
  let scratch: ScratchDatabase;
  let users: UserRepository;

  beforeAll(async () => {
    scratch = await openMigratedScratchDatabase(engine, 'grounds');
    users = new UserRepository(scratch.handle.db);
  });
  afterAll(async () => scratch?.dispose());

  it('a new password waits for a session whose ground was checked, then revokes it', async () => {
    const user = await users.create({
      email: `grounds-${engine}@example.com`,
      mobile: null,
      areaId: null,
      passwordHash: 'old-hash',
      isDemo: false,
      demoId: null,
      demoOf: null,
      inviteCode: `G${engine.toUpperCase()}`,
      invitedBy: null,
      createdAt: NOW,
    });
    const db = scratch.handle.db;
    let letWrite!: () => void;
    const writeNow = new Promise<void>((resolve) => (letWrite = resolve));
    let checked!: () => void;
    const groundChecked = new Promise<void>((resolve) => (checked = resolve));
    const opening = db.transaction().execute(async (trx) => {
      expect(await groundHolds(trx, user.id, { passwordHash: 'old-hash' }, NOW)).toBe(true);
      checked();
      await writeNow;
      await trx
        .insertInto('sessions')
        .values({ user_id: user.id, token_hash: 'held', created_at: NOW, expires_at: NOW + 60_000 })
        .execute();
    });
    await groundChecked;

    let changedAt: 'before the session was written' | 'after' | undefined;
    const change = users
      .replacePassword(user.id, 'new-hash', NOW + 1)
      .then(() => (changedAt ??= 'before the session was written'));
    await new Promise((resolve) => setTimeout(resolve, WAIT_MS));
    changedAt ??= 'after';
    letWrite();
    await opening;
    await change;

    expect(changedAt).toBe('after');
    expect(await users.sessionOf('held', NOW + 2)).toBeUndefined();
  });
});
