/**
 * Traders' optional second factor (docs/decisions/0017-user-second-factor.md): an authenticator
 * app (TOTP) enrolled from the phone, ten recovery codes shown once, then every password login
 * passes a challenge before a session opens, and every withdrawal needs a current code.
 *
 * The checks are the staff sign-in's (second-factor-gate.ts): a code is good once per time step,
 * wrong codes and recovery codes count as failed logins of the account (`user:<id>`, the key the
 * password login counts under), so five wrong codes lock logins for the window.
 *
 * Turning it on or off, and a staff reset, are each told to the user as a security notice
 * (security-notices.ts): a second factor switched off by someone else is what the owner must hear of.
 */
import { createHash, randomBytes } from 'node:crypto';
import { refused } from '../domain/errors.ts';
import { isUniqueViolation } from '../repositories/unit-of-work.ts';
import type { UserRecord } from '../repositories/user-repository.ts';
import { UserSecondFactorRepository } from '../repositories/user-second-factor-repository.ts';
import { accessOf } from '../repositories/user-access-repository.ts';
import type { Db } from '../repositories/unit-of-work.ts';
import type { Language, UserAccess } from '@omp/protocol';
import { auditedChanges } from './audited-change.ts';
import type { VerificationRepository } from '../repositories/verification-repository.ts';
import type { SecretBox } from '../security/secret-box.ts';
import type { KeyedLocks } from './keyed-locks.ts';
import {
  newTotpSecret,
  SecondFactorGate,
  totpLink,
  type CodeOrigin,
  type CodeOwner,
} from './second-factor-gate.ts';
import { noticeTime, type SecurityNotices } from './security-notices.ts';

/** The name an authenticator app shows above the codes. */
export const USER_TOTP_ISSUER = 'Open Margin';
/** A password that passed leaves this long to give the code. */
export const LOGIN_CHALLENGE_TTL_MS = 10 * 60_000;

export interface UserSecondFactorOptions {
  db: Db;
  writeAudit: Parameters<typeof auditedChanges>[1];
  verifications: VerificationRepository;
  locks: KeyedLocks;
  now: () => number;
  /** Tells the user it was turned on, off, or reset by staff. */
  notices?: Pick<SecurityNotices, 'tellUser'> | undefined;
  /** Seals the authenticator secret at rest (security/secret-box.ts); unsealed when not given. */
  secrets?: SecretBox | undefined;
}

/** A code from the authenticator, or one of the recovery codes. */
export interface SecondFactorProof {
  code?: string | undefined;
  recoveryCode?: string | undefined;
}

export interface SecondFactorStatus {
  enabled: boolean;
  enrolledAt: number | null;
  recoveryCodesLeft: number;
}

/** How a challenge is stored, and named to the session it opens (session-grounds.ts). */
export const hashChallenge = (token: string) => createHash('sha256').update(token).digest('hex');
/** The key a user's failed logins count under (auth-service.ts counts passwords under it too). */
export const userFailureKey = (userId: number) => `user:${userId}`;
const ownerOf = (userId: number): CodeOwner => ({ id: userId, failureKey: userFailureKey(userId) });

export class UserSecondFactor {
  private readonly o: UserSecondFactorOptions;
  private readonly repository: UserSecondFactorRepository;
  private readonly gate: SecondFactorGate;
  private readonly auditedChange: ReturnType<typeof auditedChanges>;

  constructor(options: UserSecondFactorOptions) {
    this.o = options;
    this.repository = new UserSecondFactorRepository(options.db, options.secrets);
    this.auditedChange = auditedChanges(options.db, options.writeAudit, options.now);
    this.gate = new SecondFactorGate({
      ...options,
      store: this.repository.codes,
      messages: {
        codeWrong: 'two_factor.code_wrong',
        codeUsed: 'two_factor.code_used',
        recoveryCodeWrong: 'two_factor.recovery_code_wrong',
      },
    });
  }

  async status(userId: number): Promise<SecondFactorStatus> {
    const factor = await this.repository.of(userId);
    const enrolledAt = factor?.enrolledAt ?? null;
    return {
      enabled: enrolledAt !== null,
      enrolledAt,
      recoveryCodesLeft: enrolledAt === null ? 0 : await this.gate.unusedRecoveryCodes(userId),
    };
  }

  async isEnabled(userId: number): Promise<boolean> {
    return ((await this.repository.of(userId))?.enrolledAt ?? null) !== null;
  }

  /**
   * The secret to scan, kept for the session that asked (`session`, its token's hash): the same one
   * to it until a code confirms it, so a reload shows one QR code; another session of the account
   * gets a new one, which replaces it, and never learns the secret the first is about to scan.
   */
  async startEnrolment(user: UserRecord, session: string): Promise<{ secret: string; otpauthUrl: string }> {
    let factor = await this.repository.of(user.id);
    if (factor?.enrolledAt != null) throw refused('two_factor.already_on');
    if (!factor) {
      try {
        await this.repository.startPending(user.id, newTotpSecret(), this.o.now(), session);
      } catch (error) {
        // Two taps at once: the first secret stays, and both screens of this session show it.
        if (!isUniqueViolation(error)) throw error;
      }
      factor = (await this.repository.of(user.id))!;
    }
    if (factor.enrolledAt === null && factor.pendingSession !== session) {
      if (!(await this.repository.restartPending(user.id, newTotpSecret(), this.o.now(), session)))
        throw refused('two_factor.already_on');
      factor = (await this.repository.of(user.id))!;
    }
    const label = user.email ?? user.mobile ?? `UID ${user.uid}`;
    return { secret: factor.secret, otpauthUrl: totpLink(USER_TOTP_ISSUER, label, factor.secret) };
  }

  /**
   * The first code confirms the secret the same session was shown (the caller checked the
   * password: a session alone does not turn it on); the ten recovery codes are answered this once.
   */
  async confirmEnrolment(
    userId: number,
    session: string,
    code: string,
    ip: string,
    lang?: Language,
  ): Promise<string[]> {
    const factor = await this.repository.of(userId);
    if (factor?.enrolledAt != null) throw refused('two_factor.already_on');
    if (!factor || factor.pendingSession !== session) throw refused('two_factor.not_started');
    await this.gate.checkCode(ownerOf(userId), factor.secret, code, { ip, signIn: false });
    if (!(await this.repository.confirm(userId, this.o.now(), session))) {
      const now = await this.repository.of(userId);
      throw refused(now?.enrolledAt != null ? 'two_factor.already_on' : 'two_factor.not_started');
    }
    await this.gate.clearFailures(ownerOf(userId));
    const recoveryCodes = await this.gate.issueRecoveryCodes(userId);
    this.tell(userId, 'two_factor_on', { ip }, lang);
    return recoveryCodes;
  }

  /** Turns it off with a current code or a recovery code (the caller checked the password). */
  async disable(userId: number, proof: SecondFactorProof, ip: string, lang?: Language): Promise<void> {
    await this.prove(userId, proof, { ip, signIn: false });
    // Two devices turning it off at once: the one whose delete took the row tells of it.
    if (await this.repository.remove(userId)) this.tell(userId, 'two_factor_off', { ip }, lang);
  }

  /**
   * Staff reset a lost authenticator: the user signs in with the password alone until they enrol
   * again. Audited with the reason, in the transaction of the change.
   */
  async resetByStaff(staffId: number, userId: number, reason: string): Promise<UserAccess> {
    await this.auditedChange({
      staffId,
      action: 'user.two_factor_reset',
      id: userId,
      missingKey: 'user.not_found',
      reason,
      read: (trx, id) => accessOf(trx, id, this.o.now()),
      write: async (trx) => {
        if (!(await new UserSecondFactorRepository(trx).remove(userId))) throw refused('two_factor.not_on');
      },
    });
    // Staff speak no language of the user's: the notice is written in the user's own.
    this.tell(userId, 'two_factor_reset', {});
    return (await accessOf(this.o.db, userId, this.o.now()))!;
  }

  private tell(
    userId: number,
    kind: 'two_factor_on' | 'two_factor_off' | 'two_factor_reset',
    params: { ip?: string },
    lang?: Language,
  ): void {
    this.o.notices?.tellUser(userId, kind, { ...params, time: noticeTime(this.o.now()) }, lang);
  }

  /**
   * After a right password: the token of the code step, good for LOGIN_CHALLENGE_TTL_MS, for a
   * password checked against `passwordHash`; undefined when that is not
   * the user's password any more (changed while the login ran), and nothing was opened.
   */
  async openChallenge(userId: number, ip: string, passwordHash: string): Promise<string | undefined> {
    const token = randomBytes(32).toString('base64url');
    const nowMs = this.o.now();
    const opened = await this.repository.openChallenge({
      tokenHash: hashChallenge(token),
      userId,
      ip,
      nowMs,
      expiresAtMs: nowMs + LOGIN_CHALLENGE_TTL_MS,
      passwordHash,
    });
    return opened ? token : undefined;
  }

  /**
   * The code step of a login: the user whose session may now open (once per challenge). The steps
   * of one challenge take turns (on every node): steps racing on it would each spend their proof
   * (recovery codes gone) before all but one found the challenge already passed.
   */
  async passChallenge(challenge: string, proof: SecondFactorProof, ip: string): Promise<number> {
    const tokenHash = hashChallenge(challenge);
    return this.o.locks.withLock(`login-challenge:${tokenHash}`, async () => {
      const userId = await this.repository.challengeUser(tokenHash, this.o.now());
      if (userId === undefined) throw refused('two_factor.challenge_expired');
      await this.prove(userId, proof, { ip, signIn: true });
      if (!(await this.repository.passChallenge(tokenHash, this.o.now())))
        throw refused('two_factor.challenge_expired');
      await this.gate.clearFailures(ownerOf(userId));
      return userId;
    });
  }

  /**
   * A withdrawal of a user with the second factor on needs a current code (recovery codes are for
   * signing in, not for moving money). Users without it withdraw as before.
   */
  async checkWithdrawal(userId: number, code: string | undefined, ip: string): Promise<void> {
    const factor = await this.repository.of(userId);
    if (!factor || factor.enrolledAt === null) return;
    if (!code) throw refused('two_factor.withdrawal_code_required');
    await this.gate.checkCode(ownerOf(userId), factor.secret, code, { ip, signIn: false });
  }

  /** `origin.signIn`: a login's code step, under the address's failure limit too. */
  private async prove(userId: number, proof: SecondFactorProof, origin: CodeOrigin): Promise<void> {
    const factor = await this.repository.of(userId);
    // Reset by staff, or turned off on another device, since the password passed.
    if (!factor || factor.enrolledAt === null) throw refused('two_factor.not_on');
    if (proof.code !== undefined)
      await this.gate.checkCode(ownerOf(userId), factor.secret, proof.code, origin);
    else if (proof.recoveryCode !== undefined)
      await this.gate.spendRecoveryCode(ownerOf(userId), proof.recoveryCode, origin);
    else throw refused('two_factor.proof_required');
  }
}
