/** A trader's access as the back office holds it: the disabled flag and the live sessions. */
import type { Kysely, Transaction } from 'kysely';
import type { UserAccess } from '@omp/protocol';
import type { Database } from '../db/schema.ts';
import { toInt } from '../db/values.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** The account as the audit log and the answer show it: no contact details, only its access. */
export async function accessOf(db: Db, id: number, nowMs: number): Promise<UserAccess | undefined> {
  const user = await db
    .selectFrom('users')
    .select(['id', 'uid', 'disabled'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!user) return undefined;
  const sessions = await db
    .selectFrom('sessions')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('user_id', '=', id)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', nowMs)
    .executeTakeFirstOrThrow();
  return {
    id: toInt(user.id),
    uid: toInt(user.uid),
    disabled: toInt(user.disabled),
    live_sessions: toInt(sessions.n as number | bigint | string),
  };
}

export async function setDisabled(db: Db, id: number, disabled: boolean): Promise<void> {
  await db
    .updateTable('users')
    .set({ disabled: disabled ? 1 : 0 })
    .where('id', '=', id)
    .execute();
}

export async function revokeAllSessions(db: Db, userId: number, nowMs: number): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: nowMs })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
}
