/**
 * The broker's staff: accounts with roles, login with failure limits, 8-hour sessions, and the
 * admin's management of other staff. Staff sessions live in their own table, so a user's token can
 * never open the back office and a staff token is not a user session either.
 *
 * On the first start (no staff at all) an `admin` account is created, with ADMIN_INITIAL_PASSWORD
 * or a random password that is printed once in the log; the admin then creates the real accounts.
 */
import { randomBytes } from 'node:crypto';
import {
  type StaffRole,
  type StaffSecondFactorStep,
  type WireStaff,
  type WireStaffSession,
} from '@omp/protocol';
import { notFound, refused } from '../domain/errors.ts';
import { listAudit, readsTheSame, writeAudit, type AuditFilter } from '../repositories/audit-repository.ts';
import { StaffRepository, type StaffAccount, type StaffSession } from '../repositories/staff-repository.ts';
import { StaffSecondFactor } from './staff-second-factor.ts';
import type { VerificationRepository } from '../repositories/verification-repository.ts';
import { checkNewPassword } from './password-rules.ts';
import { hashToken } from './auth-service.ts';
import type { KeyedLocks } from './keyed-locks.ts';
import { LoginAttempts } from './login-attempts.ts';
import { decoyHash, scryptPasswordHasher, type PasswordHasher } from '../security/password-hasher.ts';
import { timeText } from '../wire/trading-wire.ts';
import type { Db } from '../repositories/unit-of-work.ts';
import type { SecretBox } from '../security/secret-box.ts';

/** A working day: a forgotten back-office tab does not stay logged in overnight. */
export const STAFF_SESSION_TTL_MS = 8 * 60 * 60_000;
/** Thirty minutes without a call end a session before its working day is over. */
export const STAFF_IDLE_MS = 30 * 60_000;
/** A password login leaves this long to give the second factor. */
export const STAFF_SECOND_FACTOR_WINDOW_MS = 10 * 60_000;
/** Activity is written at most this often, not on every call. */
const TOUCH_EVERY_MS = 60_000;
export const INITIAL_ADMIN_USERNAME = 'admin';

export interface StaffServiceOptions {
  db: Db;
  verifications: VerificationRepository;
  now: () => number;
  /** scrypt unless a test wants to watch the checks. */
  passwords?: PasswordHasher;
  /** Held while failed logins are counted (login-attempts.ts). */
  locks: KeyedLocks;
  /** Seals authenticator secrets at rest (security/secret-box.ts); unsealed when not given. */
  secrets?: SecretBox | undefined;
}

export interface InitialAdmin {
  username: string;
  /** Present only when it was generated here and must be shown once. */
  generatedPassword: string | undefined;
}

/** Failed staff logins share the users' failure table under their own key space. */
const failureKey = (username: string) => `staff:${username.trim().toLowerCase()}`;

export class StaffService {
  private readonly o: StaffServiceOptions;
  private readonly staff: StaffRepository;
  private readonly passwords: PasswordHasher;
  private readonly attempts: LoginAttempts;
  /** Enrolment and verification of the authenticator, on a session a password login opened. */
  readonly secondFactor: StaffSecondFactor;

  constructor(options: StaffServiceOptions) {
    this.o = options;
    this.passwords = options.passwords ?? scryptPasswordHasher;
    this.staff = new StaffRepository(options.db);
    this.attempts = new LoginAttempts(options);
    this.secondFactor = new StaffSecondFactor({
      staff: this.staff,
      verifications: options.verifications,
      locks: options.locks,
      now: options.now,
      sessionTtlMs: STAFF_SESSION_TTL_MS,
      failureKey,
      secrets: options.secrets,
    });
  }

  /** A page of the audit log, newest first, as the back office lists it. */
  async auditPage(filter: AuditFilter, page: number, pageSize: number) {
    const { list, total } = await listAudit(this.o.db, filter, page, pageSize);
    return {
      list: list.map((entry) => ({
        id: entry.id,
        staff_id: entry.staffId,
        staff_username: entry.staffUsername,
        action: entry.action,
        target_type: entry.targetType,
        target_id: entry.targetId,
        before: entry.before,
        after: entry.after,
        at: timeText(entry.atMs),
        at_ms: entry.atMs,
        ip: entry.ip,
      })),
      total,
      page,
    };
  }

  /** Creates the first admin when there is no staff at all; does nothing afterwards. */
  async ensureInitialAdmin(initialPassword: string | undefined): Promise<InitialAdmin | undefined> {
    if ((await this.staff.count()) > 0) return undefined;
    const password = initialPassword ?? randomPassword();
    try {
      await this.staff.create({
        username: INITIAL_ADMIN_USERNAME,
        passwordHash: await this.passwords.hash(password),
        roles: ['admin'],
        disabled: false,
        createdAt: this.o.now(),
      });
    } catch (error) {
      // Another server on the same database created it first: that admin stands.
      if ((await this.staff.count()) > 0) return undefined;
      throw error;
    }
    return { username: INITIAL_ADMIN_USERNAME, generatedPassword: initialPassword ? undefined : password };
  }

  /**
   * Checks the password and opens a session that can do nothing but pass the second factor
   * (`enrol` at the first login, `verify` afterwards) within STAFF_SECOND_FACTOR_WINDOW_MS.
   */
  async login(username: string, password: string, client: { ip: string; userAgent: string }) {
    const { ip } = client;
    const nowMs = this.o.now();
    // Counted as failed until the password proves right (login-attempts.ts).
    const attempt = await this.attempts.count(failureKey(username), ip, true);
    const staff = await this.staff.byUsername(username.trim().toLowerCase());
    // An unknown name is checked against a decoy hash, so a login takes as long either way.
    const storedHash = staff?.passwordHash ?? (await decoyHash(this.passwords));
    const passwordMatches = await this.passwords.verify(password, storedHash);
    // A disabled account answers like a wrong password: the message must not confirm the name.
    if (!staff || !passwordMatches || staff.disabled) throw refused('staff.login_failed');
    // The failures stay until the second factor passes too (staff-second-factor.ts).
    await attempt.withdraw();
    const token = randomBytes(32).toString('base64url');
    // Only if the password checked is the member's still and they are enabled (staff-repository.ts).
    const opened = await this.staff.openSession({
      staffId: staff.id,
      passwordHash: staff.passwordHash,
      tokenHash: hashToken(token),
      nowMs,
      expiresAtMs: nowMs + STAFF_SECOND_FACTOR_WINDOW_MS,
      ...client,
    });
    if (!opened) throw refused('staff.login_failed');
    const step: StaffSecondFactorStep = staff.totpEnrolledAt === null ? 'enrol' : 'verify';
    return { token, staff, secondFactor: step };
  }

  async logout(token: string): Promise<void> {
    await this.staff.revokeSession(hashToken(token), this.o.now());
  }

  /** The member of a working session: second factor passed, used within STAFF_IDLE_MS. */
  async staffOfToken(token: string | undefined): Promise<StaffAccount | undefined> {
    return (await this.workingSession(token))?.staff;
  }

  async workingSession(token: string | undefined): Promise<StaffSession | undefined> {
    if (!token) return undefined;
    const nowMs = this.o.now();
    const session = await this.staff.sessionOf(hashToken(token), nowMs);
    if (!session || session.verifiedAt === null) return undefined;
    const lastSeen = session.lastSeenAt ?? session.verifiedAt;
    if (lastSeen <= nowMs - STAFF_IDLE_MS) return undefined;
    if (nowMs - lastSeen >= TOUCH_EVERY_MS) await this.staff.touchSession(session.id, nowMs);
    return session;
  }

  /**
   * The session of a token, its second factor passed or not: the second-factor calls take it
   * (and refuse one that has passed with a message that says so).
   */
  async openedSession(token: string | undefined): Promise<StaffSession | undefined> {
    if (!token) return undefined;
    return this.staff.sessionOf(hashToken(token), this.o.now());
  }

  /** The member's working sessions, for them to see and end. */
  async sessions(staffId: number): Promise<StaffSession[]> {
    const nowMs = this.o.now();
    return this.staff.liveSessions(staffId, nowMs, nowMs - STAFF_IDLE_MS);
  }

  async endSession(staffId: number, sessionId: number): Promise<void> {
    if (!(await this.staff.revokeSessionById(staffId, sessionId, this.o.now())))
      throw notFound('staff.session_not_found', { id: sessionId });
  }

  /**
   * A member changes their own password: the password now and an authenticator code prove it is
   * them (a wrong one of either counts as a failed login, under the login's limits), the new one
   * meets the password rules. In one transaction holding the member's row: the new hash, every
   * other session of theirs ended (working or waiting for its second factor), the audit row. The
   * session it is made from stays. A password replaced meanwhile (an admin's) refuses the change.
   */
  async changeOwnPassword(
    session: StaffSession,
    input: { oldPassword: string; newPassword: string; code: string; ip: string },
  ): Promise<void> {
    const member = session.staff;
    checkNewPassword(input.newPassword, input.newPassword, member.username);
    const attempt = await this.attempts.count(failureKey(member.username), input.ip, false);
    if (!(await this.passwords.verify(input.oldPassword, member.passwordHash)))
      throw refused('password.current_wrong');
    await attempt.withdraw();
    await this.secondFactor.checkActionCode(member, input.code, input.ip);
    const passwordHash = await this.passwords.hash(input.newPassword);
    const nowMs = this.o.now();
    await this.o.db.transaction().execute(async (trx) => {
      const repository = new StaffRepository(trx);
      const now = await repository.lockMember(member.id);
      if (!now || now.disabled || now.passwordHash !== member.passwordHash)
        throw refused('password.current_wrong');
      await repository.update(member.id, { passwordHash });
      await repository.revokeAllSessions(member.id, nowMs, session.id);
      await writeAudit(trx, {
        staffId: member.id,
        action: 'staff.password_change',
        targetType: 'staff',
        targetId: member.id,
        before: null,
        // Never the hash itself: only that the password changed.
        after: { username: member.username, password_changed: true },
        atMs: nowMs,
      });
    });
  }

  list(): Promise<StaffAccount[]> {
    return this.staff.list();
  }

  async create(
    actor: { id: number },
    input: { username: string; password: string; roles: StaffRole[] },
  ): Promise<StaffAccount> {
    // Names are kept in lower case, so "Anna" and "anna" cannot be two people.
    const username = input.username.toLowerCase();
    checkNewPassword(input.password, input.password, username);
    if (await this.staff.byUsername(username)) throw refused('staff.username_taken', { username });
    const passwordHash = await this.passwords.hash(input.password);
    const nowMs = this.o.now();
    return this.o.db.transaction().execute(async (trx) => {
      const created = await new StaffRepository(trx).create({
        username,
        passwordHash,
        roles: uniqueRoles(input.roles),
        disabled: false,
        createdAt: nowMs,
      });
      await writeAudit(trx, {
        staffId: actor.id,
        action: 'staff.create',
        targetType: 'staff',
        targetId: created.id,
        before: null,
        after: auditView(created),
        atMs: nowMs,
      });
      return created;
    });
  }

  /**
   * Changes roles, disables or re-enables, or sets a new password. Disabling or a new password ends
   * that member's sessions (an admin's own new password: all but the session it was set from). The
   * last enabled admin cannot be demoted or disabled, so the back office can never lock itself out.
   */
  async update(
    /** `sessionId`: the session the change is made from, kept when the admin changes their own password. */
    actor: { id: number; sessionId?: number | undefined },
    id: number,
    change: {
      roles?: StaffRole[] | undefined;
      disabled?: boolean | undefined;
      password?: string | undefined;
      resetSecondFactor?: boolean | undefined;
    },
  ): Promise<StaffAccount> {
    const target = await this.staff.byId(id);
    if (!target) throw notFound('staff.not_found', { id });
    if (change.password !== undefined) checkNewPassword(change.password, change.password, target.username);
    const passwordHash =
      change.password === undefined ? undefined : await this.passwords.hash(change.password);
    const nowMs = this.o.now();
    return this.o.db.transaction().execute(async (trx) => {
      const repository = new StaffRepository(trx);
      // Two admins demoting each other at the same moment must not both pass the guard below.
      await repository.lockAll();
      const before = (await repository.byId(id))!;
      const roles = change.roles ? uniqueRoles(change.roles) : before.roles;
      const disabled = change.disabled ?? before.disabled;
      const staysAdmin = roles.includes('admin') && !disabled;
      if (isActiveAdmin(before) && !staysAdmin) {
        const otherAdmins = (await repository.list()).filter((s) => s.id !== id && isActiveAdmin(s));
        if (otherAdmins.length === 0) throw refused('staff.last_admin');
      }
      await repository.update(id, {
        roles,
        disabled,
        ...(passwordHash ? { passwordHash } : {}),
      });
      if (change.resetSecondFactor) await repository.clearSecondFactor(id);
      // An admin setting their own new password keeps the session they set it from; every other
      // session of theirs ends, as a password change by the member themselves does.
      const keep = !disabled && !change.resetSecondFactor && actor.id === id ? actor.sessionId : undefined;
      if (disabled || passwordHash || change.resetSecondFactor)
        await repository.revokeAllSessions(id, nowMs, keep);
      const after = (await repository.byId(id))!;
      // The same roles and state again, and no password or authenticator reset: nothing to log.
      const changedNothing =
        !passwordHash && !change.resetSecondFactor && readsTheSame(auditView(before), auditView(after));
      if (changedNothing) return after;
      await writeAudit(trx, {
        staffId: actor.id,
        action: 'staff.update',
        targetType: 'staff',
        targetId: id,
        before: auditView(before),
        // Never the hash itself: only that the password changed.
        after: {
          ...auditView(after),
          ...(passwordHash ? { password_changed: true } : {}),
          ...(change.resetSecondFactor ? { second_factor_reset: true } : {}),
        },
        atMs: nowMs,
      });
      return after;
    });
  }
}

const isActiveAdmin = (staff: StaffAccount) => staff.roles.includes('admin') && !staff.disabled;

const uniqueRoles = (roles: StaffRole[]): StaffRole[] => [...new Set(roles)];

/** Enough letters and digits to pass the password rule, from 96 random bits. */
function randomPassword(): string {
  for (;;) {
    const candidate = randomBytes(12).toString('base64url');
    if (/[A-Za-z]/.test(candidate) && /\d/.test(candidate)) return candidate;
  }
}

function auditView(staff: StaffAccount) {
  return { username: staff.username, roles: staff.roles, disabled: staff.disabled };
}

export function toWireStaff(staff: StaffAccount): WireStaff {
  return {
    id: staff.id,
    username: staff.username,
    roles: staff.roles,
    disabled: staff.disabled ? 1 : 0,
    second_factor: staff.totpEnrolledAt === null ? 0 : 1,
    created_at: timeText(staff.createdAt),
  };
}

export function toWireStaffSession(session: StaffSession, currentId: number | undefined): WireStaffSession {
  return {
    id: session.id,
    created_at: timeText(session.createdAt),
    last_seen_at: timeText(session.lastSeenAt ?? session.createdAt),
    ip: session.ip,
    user_agent: session.userAgent,
    current: session.id === currentId ? 1 : 0,
  };
}
