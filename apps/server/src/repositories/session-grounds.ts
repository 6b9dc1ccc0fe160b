/**
 * What proved the right to a new session (or to a login challenge), checked again in the
 * transaction that writes it, holding the person's user row in share mode (what ends their
 * sessions takes it for update: person-sessions.ts `lockPersonForEnding`).
 *
 * A login checks the password, then spends a scrypt's time before it writes the session; a password
 * change or reset meanwhile revokes every session and challenge the user has, but not one written
 * after it. Checked again at the write, a session proven with a password since replaced, with a
 * challenge since dropped, or opened from a session since revoked is never written: whichever of
 * the two commits second sees what the first did.
 */
import type { Kysely } from 'kysely';
import { isPostgres } from '../db/dialect.ts';
import type { Database } from '../db/schema.ts';
import { toInt } from '../db/values.ts';

export type SessionGround =
  /** A password login: the stored hash the password was checked against must be the one still. */
  | { passwordHash: string }
  /** A login's second step: the challenge it passed is there still (ending every session drops it). */
  | { challengeHash: string }
  /** Opened from a signed-in session (the own demo account's): that session is live still. */
  | { sessionHash: string }
  /** Nothing to check again: an account just registered, a visitor's demo account. */
  | { fresh: true };

/**
 * Whether the ground holds, the user (and the owner of an own demo account) enabled, with their
 * rows held (FOR SHARE on PostgreSQL) until the transaction ends. Call it inside the transaction
 * that writes what it allows.
 */
export async function groundHolds(
  trx: Kysely<Database>,
  userId: number,
  ground: SessionGround,
  nowMs: number,
): Promise<boolean> {
  const user = await lockedUser(trx, userId);
  if (!user || user.disabled) return false;
  // An own demo account's sessions end with its owner's (person-sessions.ts): the owner's row is
  // the one every ending of them takes.
  if (user.demoOf !== null) {
    const owner = await lockedUser(trx, user.demoOf);
    if (!owner || owner.disabled) return false;
  }
  if ('passwordHash' in ground) return user.passwordHash === ground.passwordHash;
  if ('challengeHash' in ground) {
    const challenge = await trx
      .selectFrom('user_login_challenges')
      .select('user_id')
      .where('token_hash', '=', ground.challengeHash)
      .where('user_id', '=', userId)
      .where('passed_at', 'is not', null)
      .executeTakeFirst();
    return challenge !== undefined;
  }
  if ('sessionHash' in ground) {
    const session = await trx
      .selectFrom('sessions')
      .select('id')
      .where('token_hash', '=', ground.sessionHash)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', nowMs)
      .executeTakeFirst();
    return session !== undefined;
  }
  return true;
}

async function lockedUser(trx: Kysely<Database>, userId: number) {
  const query = trx
    .selectFrom('users')
    .select(['password_hash', 'disabled', 'demo_of'])
    .where('id', '=', userId);
  const row = await (
    isPostgres(trx as unknown as Kysely<unknown>) ? query.forShare() : query
  ).executeTakeFirst();
  return (
    row && {
      passwordHash: row.password_hash,
      disabled: toInt(row.disabled) === 1,
      demoOf: row.demo_of === null ? null : toInt(row.demo_of),
    }
  );
}
