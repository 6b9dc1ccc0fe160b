/**
 * The order an admin's change of a staff member and a staff session being written take on a real
 * database: while the change (a new password, with its revocation of every session) holds the staff
 * rows, a login's session write waits for it and then, reading the row as the change left it,
 * writes nothing. On PostgreSQL that is the share lock the write takes (READ COMMITTED would
 * otherwise read the row as it was before the change and write a session the change never saw); on
 * SQLite one transaction at a time.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StaffRepository } from '../src/repositories/staff-repository.ts';
import { openMigratedScratchDatabase, type ScratchDatabase } from './helpers/scratch-database.ts';
import { databaseEngines } from './helpers/test-runtime.ts';

const NOW = Date.UTC(2026, 11, 7, 12);
/** Long enough for an unblocked statement to have finished many times over. */
const WAIT_MS = 300;

describe.each(databaseEngines())('staff session grounds on %s', (engine) => {
  let scratch: ScratchDatabase;

  beforeAll(async () => {
    scratch = await openMigratedScratchDatabase(engine, 'staffgrounds');
  });
  afterAll(async () => scratch?.dispose());

  it('a session proven with the old password, written while a new one is being set, is not written', async () => {
    const db = scratch.handle.db;
    const staff = new StaffRepository(db);
    const member = await staff.create({
      username: `grounds-${engine}`,
      passwordHash: 'old-hash',
      roles: ['finance'],
      disabled: false,
      createdAt: NOW,
    });
    let letCommit!: () => void;
    const commitNow = new Promise<void>((resolve) => (letCommit = resolve));
    let changed!: () => void;
    const passwordChanged = new Promise<void>((resolve) => (changed = resolve));
    const change = db.transaction().execute(async (trx) => {
      const repository = new StaffRepository(trx);
      await repository.lockAll();
      await repository.update(member.id, { passwordHash: 'new-hash' });
      await repository.revokeAllSessions(member.id, NOW);
      changed();
      await commitNow;
    });
    await passwordChanged;

    const opening = staff.openSession({
      staffId: member.id,
      passwordHash: 'old-hash',
      tokenHash: `held-${engine}`.padEnd(64, '0'),
      nowMs: NOW,
      expiresAtMs: NOW + 60_000,
      ip: '10.0.0.1',
      userAgent: 'test',
    });
    await new Promise((resolve) => setTimeout(resolve, WAIT_MS));
    letCommit();
    await change;

    expect(await opening).toBe(false);
    expect(await staff.sessionOf(`held-${engine}`.padEnd(64, '0'), NOW + 1)).toBeUndefined();
  });
});
