/**
 * Registration, login, demo login, sessions and password changes (docs/decisions/0003-accounts.md).
 * Sessions are 256-bit random tokens; only their SHA-256 is stored, so a leaked table gives no
 * working token. Changing or resetting a password revokes every session of the user. Every ended
 * session is announced as `session_ended` on the event bus, so open sockets let go of it at once,
 * and every node's cache of live sessions (session-cache.ts) drops it.
 */
import { hash, randomBytes } from 'node:crypto';
import { CodePurpose, SessionEndReason, type IdentifierType } from '@omp/protocol';
import { invalid, refused, type DomainError } from '../domain/errors.ts';
import type { SessionGround } from '../repositories/session-grounds.ts';
import { isUniqueViolation } from '../repositories/unit-of-work.ts';
import type { SessionRecord, UserRecord, UserRepository } from '../repositories/user-repository.ts';
import type { EventBus, SessionEnded } from '../events/event-bus.ts';
import type { VerificationRepository } from '../repositories/verification-repository.ts';
import { looksLikeEmail, numbersInAnyArea } from '../inputs/identifiers.ts';
import { identifierOf, typedAccountKey, type Identifier } from './account-keys.ts';
import { decoyHash, scryptPasswordHasher, type PasswordHasher } from '../security/password-hasher.ts';
import { checkNewPassword } from './password-rules.ts';
import { createWithInviteCode, type NewUser } from './invite-codes.ts';
import { SessionCache } from './session-cache.ts';
import type { SettingsService } from './settings-service.ts';
import type { VerificationService } from './verification-service.ts';
import type { KeyedLocks } from './keyed-locks.ts';
import { LoginAttempts } from './login-attempts.ts';
import { sessionInvalid, type SessionDevice, type SessionDevices } from './session-devices.ts';
import { noticeTime, type SecurityNotices } from './security-notices.ts';

export { toWireUser } from '../wire/user-wire.ts';
export type { Identifier } from './account-keys.ts';
import { hashChallenge, type SecondFactorProof, type UserSecondFactor } from './user-second-factor.ts';

export const SESSION_TTL_MS = 30 * 24 * 60 * 60_000;

/** One-shot, for it runs on every signed-in request (same digest as a Hash object, less work). */
export const hashToken = (token: string) => hash('sha256', token, 'hex');

export interface AuthServiceOptions {
  users: UserRepository;
  verifications: VerificationRepository;
  codes: VerificationService;
  settings: SettingsService;
  now: () => number;
  /** scrypt unless a test wants to watch the checks. */
  passwords?: PasswordHasher;
  /** Where ended sessions are announced (and heard, to drop them from the cache). */
  events?: EventBus;
  /** Held while failed logins are counted (login-attempts.ts). */
  locks: KeyedLocks;
  /** Where sessions open and their use is noted (session-devices.ts). */
  devices: Pick<SessionDevices, 'open' | 'used'>;
  /** Tells the user their password changed. */
  notices: Pick<SecurityNotices, 'tellUser'>;
  /** Users who turned on a second factor pass its challenge before a session opens. */
  secondFactor?: Pick<UserSecondFactor, 'isEnabled' | 'openChallenge' | 'passChallenge'>;
}

/** A login: a session, or (second factor on) the challenge its code step answers. */
export type LoginOutcome = { token: string; user: UserRecord } | { challenge: string; user: UserRecord };

/** A live session as the socket keeps it: its user, the hash it is known by, and its expiry. */
export interface LiveSession extends SessionRecord {
  tokenHash: string;
}

export class AuthService {
  private readonly o: AuthServiceOptions;
  private readonly sessionCache: SessionCache;
  private readonly passwords: PasswordHasher;
  private readonly attempts: LoginAttempts;

  constructor(options: AuthServiceOptions) {
    this.o = options;
    this.passwords = options.passwords ?? scryptPasswordHasher;
    this.attempts = new LoginAttempts(options);
    this.sessionCache = new SessionCache(options);
    options.events?.subscribe('session_ended', (event) => {
      if (event.tokenHash === undefined) this.forgetUser(event.userId);
      else this.sessionCache.forgetSession(event.tokenHash);
    });
    options.events?.subscribe('user_changed', (event) => this.forgetUser(event.userId));
  }

  /** Turns a typed account into its stored form and the channel codes go through. */
  identify(type: IdentifierType | undefined, account: string, areaId: number | undefined): Identifier {
    return identifierOf(type, account, areaId);
  }

  async findUser(identifier: Identifier): Promise<UserRecord | undefined> {
    return identifier.channel === 'email'
      ? this.o.users.byEmail(identifier.address)
      : this.o.users.byMobile(identifier.address);
  }

  async assertRegistrationAllowed(type: IdentifierType): Promise<void> {
    const allowed = await this.o.settings.get('verify_reg_type');
    if (allowed !== 'both' && allowed !== type)
      throw refused(type === 'email' ? 'reg_email_disabled' : 'reg_mobile_disabled');
  }

  async register(input: {
    type: IdentifierType;
    account: string;
    areaId: number | undefined;
    password: string;
    rePassword: string;
    inviteCode: string | undefined;
    code: string;
    ip: string;
    device?: SessionDevice;
  }): Promise<{ token: string; user: UserRecord }> {
    await this.assertRegistrationAllowed(input.type);
    const identifier = this.identify(input.type, input.account, input.areaId);
    checkNewPassword(input.password, input.rePassword, identifier.address);
    let invitedBy: number | null = null;
    if (input.inviteCode) {
      const inviter = await this.o.users.byInviteCode(input.inviteCode.trim().toUpperCase());
      if (!inviter) throw invalid('invite_code_unknown', { code: input.inviteCode });
      invitedBy = inviter.id;
    }
    // The code first: without the one sent to the address, whether it has an account stays unsaid
    // (sending a code, which does say it, asks for a captcha).
    await this.o.codes.verifyCode(identifier.address, CodePurpose.register, input.code);
    if (await this.findUser(identifier)) throw refused('account_exists');
    const user = await this.createUser({
      email: identifier.channel === 'email' ? identifier.address : null,
      mobile: identifier.channel === 'sms' ? identifier.address : null,
      areaId: identifier.channel === 'sms' ? (input.areaId ?? null) : null,
      passwordHash: await this.passwords.hash(input.password),
      isDemo: false,
      demoId: null,
      demoOf: null,
      invitedBy,
    });
    return { token: await this.openSession(user.id, { fresh: true }, input.ip, input.device), user };
  }

  async login(input: {
    account: string;
    password: string;
    type: IdentifierType | undefined;
    areaId: number | undefined;
    ip: string;
    device?: SessionDevice;
  }): Promise<LoginOutcome> {
    const user = await this.userForLogin(input.account, input.type, input.areaId);
    const accountKey = user ? `user:${user.id}` : typedAccountKey(input);
    // Counted as failed until the password proves right (login-attempts.ts).
    const attempt = await this.attempts.count(accountKey, input.ip, true);
    // An unknown account costs the same scrypt work as a known one, so timing tells nothing.
    const storedHash = user?.passwordHash ?? (await decoyHash(this.passwords));
    const passwordMatches = await this.passwords.verify(input.password, storedHash);
    if (!user?.passwordHash || !passwordMatches) throw refused('login_failed');
    const secondFactor = await this.o.secondFactor?.isEnabled(user.id);
    // Wrong codes stay counted until a code passes: a known password must not reset their count.
    if (secondFactor) await attempt.withdraw();
    // Also withdraws this attempt's own failure.
    else await this.o.verifications.clearLoginFailures(accountKey);
    // Only after the password matched, so the refusal tells nothing to someone guessing.
    if (user.disabled) throw refused('account_disabled');
    // Either opens only if this is the user's password still (session-grounds.ts).
    if (secondFactor) {
      const challenge = await this.o.secondFactor!.openChallenge(user.id, input.ip, user.passwordHash);
      if (challenge === undefined) throw refused('login_failed');
      return { challenge, user };
    }
    const ground = { passwordHash: user.passwordHash };
    return { token: await this.openSession(user.id, ground, input.ip, input.device), user };
  }

  /** A login's second step: the challenge of a right password and a code open the session. */
  async loginSecondStep(input: {
    challenge: string;
    proof: SecondFactorProof;
    ip: string;
    device?: SessionDevice;
  }) {
    if (!this.o.secondFactor) throw refused('two_factor.challenge_expired');
    const userId = await this.o.secondFactor.passChallenge(input.challenge, input.proof, input.ip);
    const user = await this.o.users.byId(userId);
    if (!user || user.disabled) throw refused('account_disabled');
    // The challenge is there still unless a new password (or staff) ended every session meanwhile.
    const ground = { challengeHash: hashChallenge(input.challenge) };
    return { token: await this.openSession(user.id, ground, input.ip, input.device), user };
  }

  /** A mobile number typed without its country code matches when exactly one account has it. */
  private async userForLogin(account: string, type: IdentifierType | undefined, areaId: number | undefined) {
    const kind = type ?? (looksLikeEmail(account) ? 'email' : 'mobile');
    const digits = account.replace(/[\s().-]/g, '');
    if (kind === 'mobile' && areaId === undefined && /^\d{4,14}$/.test(digits)) {
      const matches = await this.o.users.byMobiles(numbersInAnyArea(digits));
      return matches.length === 1 ? matches[0] : undefined;
    }
    try {
      return await this.findUser(this.identify(kind, account, areaId));
    } catch {
      return undefined;
    }
  }

  /** The same demo id returns to the same demo account; none (or an unknown one) opens a new one. */
  async demoLogin(
    demoId: string | undefined,
    ip: string,
    device?: SessionDevice,
  ): Promise<{ token: string; user: UserRecord; demoId: string }> {
    let user = demoId ? await this.o.users.byDemoId(demoId) : undefined;
    if (user?.disabled) throw refused('account_disabled');
    const id = user?.demoId ?? demoId ?? randomBytes(18).toString('base64url');
    user ??= await this.createUser({
      email: null,
      mobile: null,
      areaId: null,
      passwordHash: null,
      isDemo: true,
      demoId: id,
      demoOf: null,
      invitedBy: null,
    });
    return { token: await this.openSession(user.id, { fresh: true }, ip, device), user, demoId: id };
  }

  /**
   * A session on the signed-in real user's own demo account, opened (with the demo balance) on
   * first use: one per user, so a second call, from any device, returns to the same account. It
   * has no demo id, so only its owner's session leads to it. A demo session is refused: no demo
   * session leads to a real one or to another demo account (the phone goes back to the real
   * account with the real session it kept).
   */
  async ownDemoLogin(
    owner: UserRecord,
    ownerToken: string,
    ip: string,
    device?: SessionDevice,
  ): Promise<{ token: string; user: UserRecord }> {
    if (owner.isDemo) throw refused('demo_restricted');
    let user = await this.o.users.demoAccountOf(owner.id);
    if (!user) {
      const ownDemo = { email: null, mobile: null, areaId: null, passwordHash: null, invitedBy: null };
      try {
        user = await this.createUser({ ...ownDemo, isDemo: true, demoId: null, demoOf: owner.id });
      } catch (error) {
        // Two devices asked at once: the unique index kept one account, and both use it.
        user = isUniqueViolation(error) ? await this.o.users.demoAccountOf(owner.id) : undefined;
        if (!user) throw error;
      }
    }
    if (user.disabled) throw refused('account_disabled');
    // Only while the owner's session is live: one signed out meanwhile (signing the others out,
    // a new password) must not leave a demo session behind (session-grounds.ts).
    const ground = { sessionHash: hashToken(ownerToken) };
    return { token: await this.openSession(user.id, ground, ip, device), user };
  }

  async userOfToken(token: string | undefined): Promise<UserRecord | undefined> {
    return token ? (await this.sessionCache.sessionOf(hashToken(token)))?.user : undefined;
  }

  /**
   * The user of a token whose session is cached and trusted, without waiting; undefined when the
   * database must be asked (`userOfToken`) or there is no token.
   */
  cachedUserOfToken(token: string | undefined): UserRecord | undefined {
    return token ? this.sessionCache.cachedSessionOf(hashToken(token))?.user : undefined;
  }

  async sessionOfToken(token: string | undefined): Promise<LiveSession | undefined> {
    if (!token) return undefined;
    const tokenHash = hashToken(token);
    const session = await this.sessionCache.sessionOf(tokenHash);
    return session && { ...session, tokenHash };
  }

  /** Drops cached sessions of a user whose record changed (demo to real, staff actions). */
  forgetUser(userId: number): void {
    this.sessionCache.forgetUser(userId);
  }

  /**
   * Announces sessions already revoked in the database (by this service, or by a staff change in
   * its own transaction): caches drop them and sockets signed in with them are told.
   */
  sessionsEnded(event: SessionEnded): void {
    if (event.tokenHash === undefined) this.forgetUser(event.userId);
    else this.sessionCache.forgetSession(event.tokenHash);
    this.o.events?.publish('session_ended', event);
  }

  async logout(token: string): Promise<void> {
    const tokenHash = hashToken(token);
    this.sessionCache.forgetSession(tokenHash);
    const userId = await this.o.users.revokeSession(tokenHash, this.o.now());
    if (userId !== undefined) this.sessionsEnded({ userId, tokenHash, reason: SessionEndReason.logout });
  }

  async resetForgottenPassword(input: {
    type: IdentifierType;
    account: string;
    areaId: number | undefined;
    newPassword: string;
    confirmation: string;
    code: string;
    ip?: string;
    device?: SessionDevice;
  }): Promise<void> {
    const identifier = this.identify(input.type, input.account, input.areaId);
    checkNewPassword(input.newPassword, input.confirmation, identifier.address);
    // The code first, as at registration: an unknown address and a known one answer alike without it.
    await this.o.codes.verifyCode(identifier.address, CodePurpose.reset, input.code);
    const user = await this.findUser(identifier);
    if (!user) throw refused('account_not_found');
    await this.replacePassword(user.id, input.newPassword, { reason: SessionEndReason.passwordReset });
    this.tellPasswordChanged(user.id, input.ip ?? '', input.device);
  }

  /** A logged-in real user changes the password with a code sent to their own address. */
  async amendPassword(
    user: UserRecord,
    input: {
      newPassword: string;
      confirmation: string | undefined;
      type: IdentifierType | undefined;
      code: string;
      ip: string;
      /**
       * The password now. The app always sends it; a client written before it was asked may leave
       * it out and change with the code alone (the public contract's fields).
       */
      currentPassword?: string | undefined;
      /** The session making the change: its device gets the new token, so its socket is not told. */
      sessionToken?: string | undefined;
      device?: SessionDevice;
    },
  ) {
    const identifier = this.ownAddress(user, input.type);
    checkNewPassword(input.newPassword, input.confirmation ?? input.newPassword, identifier.address);
    if (input.currentPassword !== undefined)
      await this.checkCurrentPassword(user, input.currentPassword, input.ip);
    await this.o.codes.verifyCode(identifier.address, CodePurpose.reset, input.code);
    const passwordHash = await this.replacePassword(user.id, input.newPassword, {
      reason: SessionEndReason.passwordChanged,
      // Ended with the others, but its sockets are not told: the answer hands the device a new token.
      ...(input.sessionToken ? { spareTokenHash: hashToken(input.sessionToken), spareEnded: true } : {}),
    });
    this.tellPasswordChanged(user.id, input.ip, input.device);
    const device = { ...input.device, continuesSession: input.sessionToken !== undefined };
    // Proven with the password just set: one changed again meanwhile (a reset) leaves no session.
    const token = await this.openSession(user.id, { passwordHash }, input.ip, device, sessionInvalid());
    return { token };
  }

  private tellPasswordChanged(userId: number, ip: string, device: SessionDevice | undefined): void {
    const params = { time: noticeTime(this.o.now()), ip: ip || '?' };
    this.o.notices.tellUser(userId, 'password_changed', params, device?.lang);
  }

  /**
   * The password a signed-in user says is theirs: a wrong one counts against the same limits as a
   * wrong login (per account and per address), so this form cannot be used to guess it.
   */
  async checkCurrentPassword(user: UserRecord, password: string, ip: string): Promise<void> {
    const attempt = await this.attempts.count(`user:${user.id}`, ip, false);
    if (!user.passwordHash || !(await this.passwords.verify(password, user.passwordHash)))
      throw refused('password.current_wrong');
    await attempt.withdraw();
  }

  ownAddress(user: UserRecord, type: IdentifierType | undefined): Identifier {
    const wantsMobile = type === 'mobile' || (type === undefined && !user.email);
    if (wantsMobile) {
      if (!user.mobile) throw refused('address_missing');
      return { channel: 'sms', address: user.mobile };
    }
    if (!user.email) throw refused('address_missing');
    return { channel: 'email', address: user.email };
  }

  private async replacePassword(
    userId: number,
    password: string,
    ended: Pick<SessionEnded, 'reason' | 'spareTokenHash' | 'spareEnded'>,
  ): Promise<string> {
    const passwordHash = await this.passwords.hash(password);
    const lastSessionId = await this.o.users.replacePassword(userId, passwordHash, this.o.now());
    this.sessionsEnded({ userId, ...ended, lastSessionId });
    return passwordHash;
  }

  /**
   * The one place a session opens, whatever the way of signing in: its device is recorded for the
   * devices screen, and a device the user never signed in from is told to them (session-devices.ts).
   * It opens only if its ground holds still as it is written (session-grounds.ts).
   */
  private async openSession(
    userId: number,
    ground: SessionGround,
    ip: string,
    device: SessionDevice = {},
    refusal?: DomainError,
  ): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    const nowMs = this.o.now();
    const tokenHash = hashToken(token);
    const expiresAtMs = nowMs + SESSION_TTL_MS;
    await this.o.devices.open({ ...device, userId, tokenHash, nowMs, expiresAtMs, ip, ground, refusal });
    return token;
  }

  private createUser(user: NewUser): Promise<UserRecord> {
    return createWithInviteCode(this.o.users, user, this.o.now());
  }
}
