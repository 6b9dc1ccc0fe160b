/** Users' sessions as the devices screen sees them, and the devices each user has signed in from. */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { toInt } from '../db/values.ts';
import { lockPersonForEnding, newestSessionOfPerson, sessionsOfPerson } from './person-sessions.ts';
import { groundHolds, type SessionGround } from './session-grounds.ts';

export type { SessionGround } from './session-grounds.ts';

export interface NewSession {
  userId: number;
  tokenHash: string;
  nowMs: number;
  expiresAtMs: number;
  ip: string;
  userAgent: string | null;
  deviceId: string | null;
  timeZone: string | null;
}

export interface StoredSession {
  id: number;
  /** The user's own, or (`demo`) their own demo account's. */
  userId: number;
  tokenHash: string;
  createdAt: number;
  lastUsedAt: number;
  ip: string;
  userAgent: string;
  timeZone: string;
}

export class SessionRepository {
  private readonly db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.db = db;
  }

  /**
   * Writes the session if its ground holds still (session-grounds.ts), in one transaction with the
   * check; false when it does not, and nothing is written.
   */
  async create(session: NewSession, ground: SessionGround): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      if (!(await groundHolds(trx, session.userId, ground, session.nowMs))) return false;
      await trx
        .insertInto('sessions')
        .values({
          user_id: session.userId,
          token_hash: session.tokenHash,
          created_at: session.nowMs,
          expires_at: session.expiresAtMs,
          ip: session.ip,
          user_agent: session.userAgent,
          device_id: session.deviceId,
          time_zone: session.timeZone,
          last_used_at: session.nowMs,
        })
        .execute();
      return true;
    });
  }

  /** Whether the user ever had a session: their very first one comes from no "new" device. */
  async hasAny(userId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', userId)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  /**
   * Records a device of the user; true when it was not known yet. Two sign-ins racing from one new
   * device both insert, the primary key keeps one, and only that one answers true.
   */
  async rememberDevice(userId: number, deviceId: string, nowMs: number): Promise<boolean> {
    const inserted = await this.db
      .insertInto('user_devices')
      .values({ user_id: userId, device_id: deviceId, first_seen_at: nowMs })
      .onConflict((conflict) => conflict.columns(['user_id', 'device_id']).doNothing())
      .returning('user_id')
      .executeTakeFirst();
    return inserted !== undefined;
  }

  /**
   * The sessions that still work of the user and of their own demo account (person-sessions.ts),
   * the most recently used first.
   */
  async live(userId: number, nowMs: number): Promise<StoredSession[]> {
    const rows = await this.db
      .selectFrom('sessions')
      .select(['id', 'user_id', 'token_hash', 'created_at', 'last_used_at', 'ip', 'user_agent', 'time_zone'])
      .where(sessionsOfPerson(userId))
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', nowMs)
      .orderBy('last_used_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    return rows.map((row) => ({
      id: toInt(row.id),
      userId: toInt(row.user_id),
      tokenHash: row.token_hash,
      createdAt: toInt(row.created_at),
      lastUsedAt: toInt(row.last_used_at ?? row.created_at),
      ip: row.ip ?? '',
      userAgent: row.user_agent ?? '',
      timeZone: row.time_zone ?? '',
    }));
  }

  /**
   * Revokes one live session of the user or of their own demo account; answers its token's hash
   * and whose it was, or undefined when there is none.
   */
  async revokeOne(
    userId: number,
    id: number,
    nowMs: number,
  ): Promise<{ tokenHash: string; userId: number } | undefined> {
    const row = await this.db
      .updateTable('sessions')
      .set({ revoked_at: nowMs })
      .where('id', '=', id)
      .where(sessionsOfPerson(userId))
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', nowMs)
      .returning(['token_hash', 'user_id'])
      .executeTakeFirst();
    return row && { tokenHash: row.token_hash, userId: toInt(row.user_id) };
  }

  /**
   * Revokes every live session of the user and their own demo account but one; answers how many
   * ended, and the highest session id of the person then (newestSessionOfPerson).
   */
  async revokeAllBut(
    userId: number,
    keepTokenHash: string,
    nowMs: number,
  ): Promise<{ ended: number; lastSessionId: number }> {
    return this.db.transaction().execute(async (trx) => {
      // An own demo session being opened from one of these sessions is written before, and ended
      // here, or finds its session revoked (session-grounds.ts).
      await lockPersonForEnding(trx, userId);
      const result = await trx
        .updateTable('sessions')
        .set({ revoked_at: nowMs })
        .where(sessionsOfPerson(userId))
        .where('token_hash', '!=', keepTokenHash)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', nowMs)
        .executeTakeFirst();
      return {
        ended: Number(result.numUpdatedRows),
        lastSessionId: await newestSessionOfPerson(trx, userId),
      };
    });
  }

  /**
   * Moves a session's last use to now unless it was written less than `gapMs` ago: the condition
   * keeps it to one write a minute per session even when several nodes serve it.
   */
  async touch(tokenHash: string, nowMs: number, gapMs: number): Promise<void> {
    await this.db
      .updateTable('sessions')
      .set({ last_used_at: nowMs })
      .where('token_hash', '=', tokenHash)
      .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<=', nowMs - gapMs)]))
      .execute();
  }
}
