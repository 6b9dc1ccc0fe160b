/**
 * The sessions of a person: the user's own and, for a real user, those of their own demo account.
 * Only the real user's session leads to that account (auth-service.ts `ownDemoLogin`), so whatever
 * ends the real user's sessions (signing the others out, a new password, staff) ends those too: a
 * device signed out must not keep a way in through the demo account, which also reads the real
 * account's statement.
 */
import type { ExpressionBuilder } from 'kysely';
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
