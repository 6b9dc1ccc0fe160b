/**
 * The sessions of a person: the user's own and, for a real user, those of their own demo account.
 * Only the real user's session leads to that account (auth-service.ts `ownDemoLogin`), so whatever
 * ends the real user's sessions (signing the others out, a new password, staff) ends those too: a
 * device signed out must not keep a way in through the demo account, which also reads the real
 * account's statement.
 */
import type { ExpressionBuilder, Kysely } from 'kysely';
import { isPostgres } from '../db/dialect.ts';
import type { Database } from '../db/schema.ts';
import { toInt } from '../db/values.ts';

export const sessionsOfPerson = (userId: number) => (eb: ExpressionBuilder<Database, 'sessions'>) =>
  eb.or([
    eb('sessions.user_id', '=', userId),
    eb(
      'sessions.user_id',
      'in',
      eb.selectFrom('users').select('users.id').where('users.demo_of', '=', userId),
    ),
  ]);

/**
 * Takes the person's user row for the rest of the transaction before ending their sessions (a new
 * password, signing the others out, staff). What opens a session takes the same row in share mode
 * while it checks its ground (session-grounds.ts `groundHolds`). On PostgreSQL (READ COMMITTED) the
 * two wait for each other, so either the opening commits first and the ending's next statement,
 * which reads anew, sees and revokes its row, or the ending commits first and the opening, reading
 * the row after the wait, sees the change and refuses. SQLite needs no lock: its transactions
 * already run one at a time.
 */
export async function lockPersonForEnding(db: Kysely<Database>, userId: number) {
  if (!isPostgres(db as unknown as Kysely<unknown>)) return;
  await db.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
}

/**
 * The highest session id of the person, read after their sessions were ended in the same
 * transaction (0 for none): every session it names or below was ended or spared by that end, and a
 * session with a higher id was opened after it (the new token a password change hands its device),
 * which that end, however late a node hears of it, must leave alone (SessionEnded `lastSessionId`).
 */
export async function newestSessionOfPerson(db: Kysely<Database>, userId: number): Promise<number> {
  const row = await db
    .selectFrom('sessions')
    .select((eb) => eb.fn.max('sessions.id').as('newest'))
    .where(sessionsOfPerson(userId))
    .executeTakeFirst();
  return row?.newest == null ? 0 : toInt(row.newest);
}
