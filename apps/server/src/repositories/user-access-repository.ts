/** A trader's access as the back office holds it: the disabled flag and the live sessions. */
import type { Kysely, Transaction } from 'kysely';
import type { UserAccess } from '@omp/protocol';
import type { Database } from '../db/schema.ts';
import { toInt } from '../db/values.ts';
import { lockPersonForEnding, newestSessionOfPerson, sessionsOfPerson } from './person-sessions.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** The account as the audit log and the answer show it: no contact details, only its access. */
export async function accessOf(db: Db, id: number, nowMs: number): Promise<UserAccess | undefined> {
  const user = await db
    .selectFrom('users')
    .select(['id', 'uid', 'disabled', 'trading_frozen', 'withdrawals_frozen'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!user) return undefined;
  // The person's sessions, their own demo account's included: what ending them ends, staff see.
  const sessions = await db
    .selectFrom('sessions')
    .select((eb) => eb.fn.countAll().as('n'))
    .where(sessionsOfPerson(id))
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', nowMs)
    .executeTakeFirstOrThrow();
  const secondFactor = await db
    .selectFrom('user_second_factors')
    .select('user_id')
    .where('user_id', '=', id)
    .where('enrolled_at', 'is not', null)
    .executeTakeFirst();
  return {
    id: toInt(user.id),
    uid: toInt(user.uid),
    disabled: toInt(user.disabled),
    trading_frozen: toInt(user.trading_frozen),
    withdrawals_frozen: toInt(user.withdrawals_frozen),
    live_sessions: toInt(sessions.n as number | bigint | string),
    two_factor: secondFactor ? 1 : 0,
  };
}

/** Where a user can be reached, for a code staff have sent. */
export async function contactOf(
  db: Db,
  id: number,
): Promise<{ email: string | null; mobile: string | null; isDemo: boolean } | undefined> {
  const row = await db
    .selectFrom('users')
    .select(['email', 'mobile', 'is_demo'])
    .where('id', '=', id)
    .executeTakeFirst();
  return row && { email: row.email, mobile: row.mobile, isDemo: toInt(row.is_demo) === 1 };
}

export async function setDisabled(db: Db, id: number, disabled: boolean): Promise<void> {
  await db
    .updateTable('users')
    .set({ disabled: disabled ? 1 : 0 })
    .where('id', '=', id)
    .execute();
}

export async function setFrozen(
  db: Db,
  id: number,
  holds: { trading?: boolean | undefined; withdrawals?: boolean | undefined },
): Promise<void> {
  await db
    .updateTable('users')
    .set({
      ...(holds.trading === undefined ? {} : { trading_frozen: holds.trading ? 1 : 0 }),
      ...(holds.withdrawals === undefined ? {} : { withdrawals_frozen: holds.withdrawals ? 1 : 0 }),
    })
    .where('id', '=', id)
    .execute();
}

/** A password nobody knows: the old one stops working until the user chooses a new one. */
export async function replacePasswordHash(
  db: Db,
  id: number,
  passwordHash: string,
  nowMs: number,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ password_hash: passwordHash, password_changed_at: nowMs })
    .where('id', '=', id)
    .execute();
}

/**
 * Ends every session of the user, their own demo account's included (person-sessions.ts), and every
 * sign-in still waiting for its second step: a challenge is a session but for the code, so one
 * opened with a password since replaced (or before the account was disabled or logged out by
 * staff) must not open a session afterwards. Call it inside a transaction: the person's row stays
 * locked until it ends. Answers the highest session id it ended (newestSessionOfPerson).
 */
export async function revokeAllSessions(db: Db, userId: number, nowMs: number): Promise<number> {
  // Held to the end of the caller's transaction: a session or challenge being opened meanwhile is
  // written before, and ended here, or checks its ground after, and is refused (session-grounds.ts).
  await lockPersonForEnding(db, userId);
  await db
    .updateTable('sessions')
    .set({ revoked_at: nowMs })
    .where(sessionsOfPerson(userId))
    .where('revoked_at', 'is', null)
    .execute();
  await db.deleteFrom('user_login_challenges').where('user_id', '=', userId).execute();
  return newestSessionOfPerson(db, userId);
}
