/** The broker's staff accounts and their sessions (a table apart from users' sessions). */
import { sql, type Kysely, type Selectable } from 'kysely';
import { STAFF_ROLES, type StaffRole } from '@omp/protocol';
import type { Database, StaffTable } from '../db/schema.ts';
import { isPostgres } from '../db/dialect.ts';
import { toInt } from '../db/values.ts';
import { SecondFactorStore, STAFF_SECOND_FACTOR_TABLES } from './second-factor-store.ts';

export interface StaffAccount {
  id: number;
  username: string;
  passwordHash: string;
  roles: StaffRole[];
  disabled: boolean;
  createdAt: number;
  /** The authenticator secret: pending until `totpEnrolledAt` is set. */
  totpSecret: string | null;
  totpEnrolledAt: number | null;
  totpLastStep: number | null;
  /** The session that started the pending enrolment: the only one shown its secret, and to confirm it. */
  totpPendingSession: number | null;
}

/** A staff session that is neither revoked nor past its hard expiry, with its member. */
export interface StaffSession {
  id: number;
  staff: StaffAccount;
  createdAt: number;
  expiresAt: number;
  verifiedAt: number | null;
  lastSeenAt: number | null;
  ip: string;
  userAgent: string;
}

export class StaffRepository {
  private readonly db: Kysely<Database>;
  /** The last accepted code's step and the recovery codes (second-factor-store.ts). */
  readonly secondFactors: SecondFactorStore;

  constructor(db: Kysely<Database>) {
    this.db = db;
    this.secondFactors = new SecondFactorStore(db, STAFF_SECOND_FACTOR_TABLES);
  }

  async count(): Promise<number> {
    const row = await this.db
      .selectFrom('staff')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    return toInt(row.n as number | bigint | string);
  }

  async byId(id: number): Promise<StaffAccount | undefined> {
    return toStaff(await this.db.selectFrom('staff').selectAll().where('id', '=', id).executeTakeFirst());
  }

  async byUsername(username: string): Promise<StaffAccount | undefined> {
    return toStaff(
      await this.db.selectFrom('staff').selectAll().where('username', '=', username).executeTakeFirst(),
    );
  }

  /**
   * Takes a write lock on every staff row for the rest of the transaction (a no-op update, which
   * PostgreSQL and SQLite both serialise), so checks over all staff, such as "another admin
   * remains", see every change committed before them.
   */
  async lockAll(): Promise<void> {
    await this.db
      .updateTable('staff')
      .set({ disabled: sql<number>`disabled` })
      .execute();
  }

  async list(): Promise<StaffAccount[]> {
    const rows = await this.db.selectFrom('staff').selectAll().orderBy('id').execute();
    return rows.map((row) => toStaff(row)!);
  }

  async usernames(ids: number[]): Promise<Map<number, string>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('staff')
      .select(['id', 'username'])
      .where('id', 'in', ids)
      .execute();
    return new Map(rows.map((row) => [toInt(row.id), row.username]));
  }

  async create(
    staff: Omit<StaffAccount, 'id' | 'totpSecret' | 'totpEnrolledAt' | 'totpLastStep' | 'totpPendingSession'>,
  ): Promise<StaffAccount> {
    const inserted = await this.db
      .insertInto('staff')
      .values({
        username: staff.username,
        password_hash: staff.passwordHash,
        roles: JSON.stringify(staff.roles),
        disabled: staff.disabled ? 1 : 0,
        created_at: staff.createdAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return (await this.byId(toInt(inserted.id)))!;
  }

  async update(
    id: number,
    change: { roles?: StaffRole[]; disabled?: boolean; passwordHash?: string },
  ): Promise<void> {
    await this.db
      .updateTable('staff')
      .set({
        ...(change.roles ? { roles: JSON.stringify(change.roles) } : {}),
        ...(change.disabled === undefined ? {} : { disabled: change.disabled ? 1 : 0 }),
        ...(change.passwordHash ? { password_hash: change.passwordHash } : {}),
      })
      .where('id', '=', id)
      .execute();
  }

  /**
   * Opens a session for a password just checked against `passwordHash`, only if that is the
   * member's password still and they are enabled, holding their row (FOR SHARE on PostgreSQL) until
   * it is written. A password login spends a scrypt's time between its check and this write; a new
   * password or a disabling meanwhile ends every session the member has (`update` takes the rows
   * for update first, `lockAll`), but not one written after it. Whichever of the two commits second
   * sees what the first did, so no session proven with a replaced password is ever written. SQLite
   * runs one transaction at a time. False when nothing was written.
   */
  async openSession(session: {
    staffId: number;
    passwordHash: string;
    tokenHash: string;
    nowMs: number;
    expiresAtMs: number;
    ip: string;
    userAgent: string;
  }): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const query = trx
        .selectFrom('staff')
        .select(['password_hash', 'disabled'])
        .where('id', '=', session.staffId);
      const member = await (
        isPostgres(trx as unknown as Kysely<unknown>) ? query.forShare() : query
      ).executeTakeFirst();
      if (!member || member.password_hash !== session.passwordHash || toInt(member.disabled) === 1)
        return false;
      await trx
        .insertInto('staff_sessions')
        .values({
          staff_id: session.staffId,
          token_hash: session.tokenHash,
          created_at: session.nowMs,
          expires_at: session.expiresAtMs,
          last_seen_at: session.nowMs,
          ip: session.ip.slice(0, 64),
          user_agent: session.userAgent.slice(0, 256),
        })
        .execute();
      return true;
    });
  }

  /** The session of a token: not revoked, not past its hard expiry, its member not disabled. */
  async sessionOf(tokenHash: string, nowMs: number): Promise<StaffSession | undefined> {
    const row = await this.sessions()
      .where('staff_sessions.token_hash', '=', tokenHash)
      .where('staff_sessions.expires_at', '>', nowMs)
      .executeTakeFirst();
    return row && toSession(row);
  }

  /** A session still waiting for its second factor (not passed, revoked or lapsed). */
  async pendingSession(id: number, nowMs: number): Promise<StaffSession | undefined> {
    const row = await this.sessions()
      .where('staff_sessions.id', '=', id)
      .where('staff_sessions.verified_at', 'is', null)
      .where('staff_sessions.expires_at', '>', nowMs)
      .executeTakeFirst();
    return row && toSession(row);
  }

  /** A member's live sessions (second factor passed), newest first. */
  async liveSessions(staffId: number, nowMs: number, idleSinceMs: number): Promise<StaffSession[]> {
    const rows = await this.sessions()
      .where('staff_sessions.staff_id', '=', staffId)
      .where('staff_sessions.expires_at', '>', nowMs)
      .where('staff_sessions.verified_at', 'is not', null)
      .where('staff_sessions.last_seen_at', '>', idleSinceMs)
      .orderBy('staff_sessions.id', 'desc')
      .execute();
    return rows.map(toSession);
  }

  /** The second factor is passed: the session opens the back office until `expiresAtMs`. */
  async verifySession(id: number, nowMs: number, expiresAtMs: number): Promise<void> {
    await this.db
      .updateTable('staff_sessions')
      .set({ verified_at: nowMs, last_seen_at: nowMs, expires_at: expiresAtMs })
      .where('id', '=', id)
      .execute();
  }

  async touchSession(id: number, nowMs: number): Promise<void> {
    await this.db.updateTable('staff_sessions').set({ last_seen_at: nowMs }).where('id', '=', id).execute();
  }

  async revokeSession(tokenHash: string, nowMs: number): Promise<void> {
    await this.db
      .updateTable('staff_sessions')
      .set({ revoked_at: nowMs })
      .where('token_hash', '=', tokenHash)
      .where('revoked_at', 'is', null)
      .execute();
  }

  /** Ends one of a member's sessions; false when it is not theirs or already ended. */
  async revokeSessionById(staffId: number, id: number, nowMs: number): Promise<boolean> {
    const result = await this.db
      .updateTable('staff_sessions')
      .set({ revoked_at: nowMs })
      .where('id', '=', id)
      .where('staff_id', '=', staffId)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /**
   * Takes the write lock on one member's row for the rest of the transaction (a no-op update), as
   * `lockAll` does for every row: a login's `openSession` (FOR SHARE) waits for a password change
   * to commit and then sees the new hash, so no session proven with the old password is written.
   */
  async lockMember(id: number): Promise<StaffAccount | undefined> {
    await this.db
      .updateTable('staff')
      .set({ disabled: sql<number>`disabled` })
      .where('id', '=', id)
      .execute();
    return this.byId(id);
  }

  /**
   * Ends every session of the member, working or waiting for its second factor, but `keepId` when
   * given (the session a member's own new password was set from).
   */
  async revokeAllSessions(staffId: number, nowMs: number, keepId?: number): Promise<void> {
    let sessions = this.db
      .updateTable('staff_sessions')
      .set({ revoked_at: nowMs })
      .where('staff_id', '=', staffId)
      .where('revoked_at', 'is', null);
    if (keepId !== undefined) sessions = sessions.where('id', '!=', keepId);
    await sessions.execute();
  }

  /**
   * Keeps the secret an enrolment shows, for the session that asked, before the first code confirms
   * it; replaces a secret another session was shown. False when the member is enrolled already.
   */
  async setPendingTotpSecret(staffId: number, secret: string, sessionId: number): Promise<boolean> {
    const result = await this.db
      .updateTable('staff')
      .set({ totp_secret: secret, totp_pending_session: sessionId })
      .where('id', '=', staffId)
      .where('totp_enrolled_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /**
   * Confirms the pending secret the session was shown; false when another confirmation already did
   * (one set of recovery codes) or another session has started an enrolment since.
   */
  async confirmTotpEnrolment(staffId: number, sessionId: number, atMs: number): Promise<boolean> {
    const result = await this.db
      .updateTable('staff')
      .set({ totp_enrolled_at: atMs, totp_pending_session: null })
      .where('id', '=', staffId)
      .where('totp_enrolled_at', 'is', null)
      .where('totp_pending_session', '=', sessionId)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Forgets the secret and the recovery codes: the member enrols again at their next login. */
  async clearSecondFactor(staffId: number): Promise<void> {
    await this.db
      .updateTable('staff')
      .set({ totp_secret: null, totp_enrolled_at: null, totp_last_step: null, totp_pending_session: null })
      .where('id', '=', staffId)
      .execute();
    await this.secondFactors.clearRecoveryCodes(staffId);
  }

  private sessions() {
    return this.db
      .selectFrom('staff_sessions')
      .innerJoin('staff', 'staff.id', 'staff_sessions.staff_id')
      .selectAll('staff')
      .select([
        'staff_sessions.id as session_id',
        'staff_sessions.created_at as session_created_at',
        'staff_sessions.expires_at',
        'staff_sessions.verified_at',
        'staff_sessions.last_seen_at',
        'staff_sessions.ip',
        'staff_sessions.user_agent',
      ])
      .where('staff_sessions.revoked_at', 'is', null)
      .where('staff.disabled', '=', 0);
  }
}

/** Roles are stored as a JSON array; anything unknown in it is dropped rather than trusted. */
function parseRoles(json: string): StaffRole[] {
  try {
    const value: unknown = JSON.parse(json);
    if (!Array.isArray(value)) return [];
    return STAFF_ROLES.filter((role) => value.includes(role));
  } catch {
    return [];
  }
}

function toStaff(row: Selectable<StaffTable> | undefined): StaffAccount | undefined {
  if (!row) return undefined;
  return {
    id: toInt(row.id),
    username: row.username,
    passwordHash: row.password_hash,
    roles: parseRoles(row.roles),
    disabled: toInt(row.disabled) === 1,
    createdAt: toInt(row.created_at),
    totpSecret: row.totp_secret,
    totpEnrolledAt: row.totp_enrolled_at === null ? null : toInt(row.totp_enrolled_at),
    totpLastStep: row.totp_last_step === null ? null : toInt(row.totp_last_step),
    totpPendingSession: row.totp_pending_session === null ? null : toInt(row.totp_pending_session),
  };
}

type SessionRow = Selectable<StaffTable> & {
  session_id: number | bigint | string;
  session_created_at: number | bigint | string;
  expires_at: number | bigint | string;
  verified_at: number | bigint | string | null;
  last_seen_at: number | bigint | string | null;
  ip: string;
  user_agent: string;
};

function toSession(row: SessionRow): StaffSession {
  return {
    id: toInt(row.session_id),
    staff: toStaff(row)!,
    createdAt: toInt(row.session_created_at),
    expiresAt: toInt(row.expires_at),
    verifiedAt: row.verified_at === null ? null : toInt(row.verified_at),
    lastSeenAt: row.last_seen_at === null ? null : toInt(row.last_seen_at),
    ip: row.ip,
    userAgent: row.user_agent,
  };
}
