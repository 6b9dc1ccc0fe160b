/** Users and their sessions. */
import type { Kysely, Selectable } from 'kysely';
import type { Database, UserTable } from '../db/schema.ts';
import { toInt } from '../db/values.ts';
import { reusableQuery } from '../db/reusable-query.ts';
import { revokeAllSessions } from './user-access-repository.ts';
import { numbersInAnyArea } from '../inputs/identifiers.ts';

export interface UserRecord {
  id: number;
  uid: number;
  email: string | null;
  mobile: string | null;
  areaId: number | null;
  passwordHash: string | null;
  isDemo: boolean;
  demoId: string | null;
  /** The real user whose own demo account this is; null for visitors' demo accounts and real users. */
  demoOf: number | null;
  inviteCode: string;
  invitedBy: number | null;
  createdAt: number;
  /** Staff disabled the account: it cannot log in and none of its sessions is accepted. */
  disabled: boolean;
  /** Staff froze trading: no new orders (closing stays possible). */
  tradingFrozen: boolean;
  /** Staff froze withdrawals. */
  withdrawalsFrozen: boolean;
}

export type NewUser = Omit<UserRecord, 'id' | 'uid' | 'disabled' | 'tradingFrozen' | 'withdrawalsFrozen'>;

/** A live session and its user, as the socket needs it: who, and until when. */
export interface SessionRecord {
  user: UserRecord;
  /** The session's row id: ids grow, so a later session has a higher one (SessionEnded `lastSessionId`). */
  sessionId: number;
  expiresAtMs: number;
}

/** Public user numbers start here, so they never look like small row ids. */
const UID_BASE = 10_000_000;

type Row = Selectable<UserTable> | undefined;
type LiveSessionRow = Selectable<UserTable> & {
  session_expires_at: Selectable<Database['sessions']>['expires_at'];
  session_id: Selectable<Database['sessions']>['id'];
};

export class UserRepository {
  private readonly db: Kysely<Database>;

  /**
   * The live-session lookup, built once on first use: every request whose session is not cached
   * asks it (session-cache.ts), and building the query cost more than running it.
   */
  private liveSession: ((values: [string, number]) => Promise<LiveSessionRow[]>) | undefined;

  constructor(db: Kysely<Database>) {
    this.db = db;
  }

  private selectUsers() {
    return this.db.selectFrom('users').selectAll();
  }

  async byId(id: number): Promise<UserRecord | undefined> {
    return toUser(await this.selectUsers().where('id', '=', id).executeTakeFirst());
  }

  async byEmail(email: string): Promise<UserRecord | undefined> {
    return toUser(await this.selectUsers().where('email', '=', email).executeTakeFirst());
  }

  async byMobile(mobile: string): Promise<UserRecord | undefined> {
    return toUser(await this.selectUsers().where('mobile', '=', mobile).executeTakeFirst());
  }

  /**
   * Users whose mobile number is this national number (its trunk zeros dropped: numbersInAnyArea)
   * after some country calling code (login without a country code): the whole number, never a tail
   * of it, which would let a few digits reach an account whose number the one typing them does not
   * know. Two at most: one is an answer, two are too many.
   */
  async byNationalNumber(nationalDigits: string): Promise<UserRecord[]> {
    const numbers = numbersInAnyArea(nationalDigits);
    if (numbers.length === 0) return [];
    const rows = await this.selectUsers().where('mobile', 'in', numbers).limit(2).execute();
    return rows.map((row) => toUser(row)!);
  }

  async byDemoId(demoId: string): Promise<UserRecord | undefined> {
    return toUser(await this.selectUsers().where('demo_id', '=', demoId).executeTakeFirst());
  }

  /** The real user's own demo account, if it was opened. */
  async demoAccountOf(ownerId: number): Promise<UserRecord | undefined> {
    return toUser(await this.selectUsers().where('demo_of', '=', ownerId).executeTakeFirst());
  }

  async byInviteCode(inviteCode: string): Promise<UserRecord | undefined> {
    return toUser(await this.selectUsers().where('invite_code', '=', inviteCode).executeTakeFirst());
  }

  async create(user: NewUser): Promise<UserRecord> {
    // The uid needs the row id, so insert with a placeholder that cannot collide, then set it.
    const placeholder = -Math.floor(Math.random() * 1e12) - 1;
    const inserted = await this.db
      .insertInto('users')
      .values({
        uid: placeholder,
        email: user.email,
        mobile: user.mobile,
        area_id: user.areaId,
        password_hash: user.passwordHash,
        is_demo: user.isDemo ? 1 : 0,
        demo_id: user.demoId,
        demo_of: user.demoOf,
        invite_code: user.inviteCode,
        invited_by: user.invitedBy,
        created_at: user.createdAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const id = toInt(inserted.id);
    await this.db
      .updateTable('users')
      .set({ uid: UID_BASE + id })
      .where('id', '=', id)
      .execute();
    return (await this.byId(id))!;
  }

  /** Replaces the e-mail address, or the mobile number and its area, that the user signs in with. */
  async setContact(
    userId: number,
    contact: { email: string } | { mobile: string; areaId: number | null },
  ): Promise<void> {
    await this.db
      .updateTable('users')
      .set(
        'email' in contact ? { email: contact.email } : { mobile: contact.mobile, area_id: contact.areaId },
      )
      .where('id', '=', userId)
      .execute();
  }

  /**
   * A new password, and every session and login challenge of the user ended, in one transaction:
   * the password's row lock is taken first, so a session being opened meanwhile either committed
   * before (and is revoked here) or checks its ground after, and finds the password changed
   * (session-grounds.ts).
   */
  async replacePassword(userId: number, passwordHash: string, nowMs: number): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('users')
        .set({ password_hash: passwordHash, password_changed_at: nowMs })
        .where('id', '=', userId)
        .execute();
      return revokeAllSessions(trx, userId, nowMs);
    });
  }

  /**
   * A live session: not revoked, not expired, of a user who is not disabled, nor the demo account
   * of a real user who is (staff closing an account close its demo account with it).
   */
  async sessionOf(tokenHash: string, nowMs: number): Promise<SessionRecord | undefined> {
    this.liveSession ??= reusableQuery(this.db, 2, ([hash, atMs]: [string, number]) =>
      this.db
        .selectFrom('sessions')
        .innerJoin('users', 'users.id', 'sessions.user_id')
        .leftJoin('users as owners', 'owners.id', 'users.demo_of')
        .selectAll('users')
        .select(['sessions.expires_at as session_expires_at', 'sessions.id as session_id'])
        .where('sessions.token_hash', '=', hash)
        .where('sessions.revoked_at', 'is', null)
        .where('sessions.expires_at', '>', atMs)
        .where('users.disabled', '=', 0)
        .where((eb) => eb.or([eb('owners.id', 'is', null), eb('owners.disabled', '=', 0)])),
    );
    const [row] = await this.liveSession([tokenHash, nowMs]);
    const user = toUser(row);
    return user && row
      ? { user, sessionId: toInt(row.session_id), expiresAtMs: toInt(row.session_expires_at) }
      : undefined;
  }

  /** Revokes one session; returns its user, or undefined when it was unknown or already revoked. */
  async revokeSession(tokenHash: string, nowMs: number): Promise<number | undefined> {
    const row = await this.db
      .updateTable('sessions')
      .set({ revoked_at: nowMs })
      .where('token_hash', '=', tokenHash)
      .where('revoked_at', 'is', null)
      .returning('user_id')
      .executeTakeFirst();
    return row ? toInt(row.user_id) : undefined;
  }
}

function toUser(row: Row): UserRecord | undefined {
  if (!row) return undefined;
  return {
    id: toInt(row.id),
    uid: toInt(row.uid),
    email: row.email,
    mobile: row.mobile,
    areaId: row.area_id === null ? null : toInt(row.area_id),
    passwordHash: row.password_hash,
    isDemo: toInt(row.is_demo) === 1,
    demoId: row.demo_id,
    demoOf: row.demo_of === null ? null : toInt(row.demo_of),
    inviteCode: row.invite_code,
    invitedBy: row.invited_by === null ? null : toInt(row.invited_by),
    createdAt: toInt(row.created_at),
    disabled: toInt(row.disabled) === 1,
    tradingFrozen: toInt(row.trading_frozen) === 1,
    withdrawalsFrozen: toInt(row.withdrawals_frozen) === 1,
  };
}
