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
 * Takes the person's user row for the rest of the transaction, the one place where what opens a
 * session and what ends a person's sessions meet. `update`: ending them (a new password, signing
 * the others out, staff); `share`: opening one, which checks its ground (session-repository.ts)
 * under the lock. On PostgreSQL (READ COMMITTED) the two wait for each other, so either the opening
 * commits first and the ending's next statement, which reads anew, sees and revokes its row, or
 * the ending commits first and the opening, reading the row after the wait, sees the change and
 * refuses. SQLite needs no lock: its transactions already run one at a time.
 */
export async function lockPerson(db: Kysely<Database>, userId: number, mode: 'update' | 'share') {
  if (!isPostgres(db as unknown as Kysely<unknown>)) return;
  const query = db.selectFrom('users').select('id').where('id', '=', userId);
  await (mode === 'update' ? query.forUpdate() : query.forShare()).execute();
}
