/**
 * The back office's second factor: an authenticator (TOTP, RFC 6238) every staff member must
 * enrol at their first login, and ten single-use recovery codes shown once at enrolment. A login's
 * token opens nothing but these calls until one of them passes; then it is a working session.
 *
 * A code is accepted once: the time step of the last accepted code is stored and a code of that
 * step or an earlier one is refused, so a code read over a shoulder cannot open a second session.
 * Wrong codes count as failed logins of that member, under the same limits as passwords, counted
 * and recorded under the member's failure lock (login-attempts.ts), so codes tried at once cannot
 * all pass the count.
 */
import { createHash, randomBytes } from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import { refused } from '../domain/errors.ts';
import type { StaffAccount, StaffRepository, StaffSession } from '../repositories/staff-repository.ts';
import type { VerificationRepository } from '../repositories/verification-repository.ts';
import type { KeyedLocks } from './keyed-locks.ts';
import {
  accountLockKey,
  LOGIN_MAX_FAILURES_PER_ACCOUNT,
  LOGIN_WINDOW_MS,
  loginLocked,
} from './login-attempts.ts';

/** The name an authenticator app shows above the codes. */
export const TOTP_ISSUER = 'Open Margin Back Office';
const RECOVERY_CODE_COUNT = 10;
/** One step either side: a phone's clock a little off still works. */
const EPOCH_TOLERANCE_S = 30;
const PERIOD_S = 30;

export interface SecondFactorOptions {
  staff: StaffRepository;
  verifications: VerificationRepository;
  locks: KeyedLocks;
  now: () => number;
  sessionTtlMs: number;
  failureKey: (username: string) => string;
}

/** Recovery codes are compared in one form: lower case, no spaces or dashes. */
const normaliseRecoveryCode = (code: string) => code.toLowerCase().replace(/[\s-]/g, '');
const hashRecoveryCode = (code: string) =>
  createHash('sha256').update(normaliseRecoveryCode(code)).digest('hex');

/** Ten characters from an alphabet without look-alikes, shown as xxxxx-xxxxx. */
function newRecoveryCode(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  const bytes = randomBytes(10);
  const chars = [...bytes].map((byte) => alphabet[byte % alphabet.length]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

export class StaffSecondFactor {
  private readonly o: SecondFactorOptions;

  constructor(options: SecondFactorOptions) {
    this.o = options;
  }

  /** The secret to enrol (the same one until a code confirms it, so a reload shows one QR). */
  async startEnrolment(session: StaffSession): Promise<{ secret: string; otpauthUrl: string }> {
    const member = this.pendingMember(session);
    if (member.totpEnrolledAt !== null) throw refused('staff.second_factor_enrolled');
    let secret = member.totpSecret;
    if (!secret) {
      secret = generateSecret();
      await this.o.staff.setPendingTotpSecret(member.id, secret);
    }
    return {
      secret,
      otpauthUrl: generateURI({ issuer: TOTP_ISSUER, label: member.username, secret }),
    };
  }

  /** The first code confirms the secret; the session opens and the recovery codes are shown once. */
  async confirmEnrolment(session: StaffSession, code: string, ip: string) {
    const member = this.pendingMember(session);
    if (member.totpEnrolledAt !== null) throw refused('staff.second_factor_enrolled');
    if (!member.totpSecret) throw refused('staff.second_factor_not_started');
    await this.checkCode(member, member.totpSecret, code, ip);
    const nowMs = this.o.now();
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    await this.o.staff.confirmTotpEnrolment(member.id, nowMs);
    await this.o.staff.replaceRecoveryCodes(member.id, codes.map(hashRecoveryCode));
    await this.open(session, nowMs);
    return { staff: (await this.o.staff.byId(member.id))!, recoveryCodes: codes };
  }

  /** An enrolled member's code, or one of their recovery codes, opens the session. */
  async verify(
    session: StaffSession,
    input: { code?: string | undefined; recoveryCode?: string | undefined },
    ip: string,
  ) {
    const member = this.pendingMember(session);
    if (member.totpEnrolledAt === null || !member.totpSecret)
      throw refused('staff.second_factor_not_enrolled');
    const nowMs = this.o.now();
    if (input.code !== undefined) await this.checkCode(member, member.totpSecret, input.code, ip);
    else
      await this.underLimit(member, async () => {
        await this.throttle(member);
        const hash = hashRecoveryCode(input.recoveryCode ?? '');
        const spent = await this.o.staff.useRecoveryCode(member.id, hash, nowMs);
        if (!spent) await this.fail(member, ip, 'staff.recovery_code_wrong');
      });
    await this.open(session, nowMs);
    return { staff: member, recoveryCodesLeft: await this.o.staff.unusedRecoveryCodes(member.id) };
  }

  private pendingMember(session: StaffSession): StaffAccount {
    if (session.verifiedAt !== null) throw refused('staff.second_factor_passed');
    return session.staff;
  }

  /** The count of failures and the failure it may add, with no other check of the member between. */
  private underLimit(member: StaffAccount, work: () => Promise<void>): Promise<void> {
    return this.o.locks.withLock(accountLockKey(this.o.failureKey(member.username)), work);
  }

  private checkCode(member: StaffAccount, secret: string, code: string, ip: string) {
    return this.underLimit(member, () => this.checkCodeUnderLimit(member, secret, code, ip));
  }

  private async checkCodeUnderLimit(member: StaffAccount, secret: string, code: string, ip: string) {
    await this.throttle(member);
    const result = await verify({
      secret,
      token: code,
      epoch: Math.floor(this.o.now() / 1000),
      epochTolerance: EPOCH_TOLERANCE_S,
      period: PERIOD_S,
    });
    if (!result.valid || !('timeStep' in result)) return this.fail(member, ip, 'staff.code_wrong');
    // The same code twice (or an older one after a newer) is a replay, whatever races.
    if (!(await this.o.staff.acceptTotpStep(member.id, result.timeStep)))
      return this.fail(member, ip, 'staff.code_used');
  }

  private async throttle(member: StaffAccount) {
    const since = this.o.now() - LOGIN_WINDOW_MS;
    const failures = await this.o.verifications.countLoginFailuresSince(
      'account_key',
      this.o.failureKey(member.username),
      since,
    );
    if (failures >= LOGIN_MAX_FAILURES_PER_ACCOUNT) throw loginLocked();
  }

  private async fail(member: StaffAccount, ip: string, messageKey: string): Promise<never> {
    await this.o.verifications.recordLoginFailure(this.o.failureKey(member.username), ip, this.o.now());
    throw refused(messageKey);
  }

  private async open(session: StaffSession, nowMs: number) {
    await this.o.verifications.clearLoginFailures(this.o.failureKey(session.staff.username));
    await this.o.staff.verifySession(session.id, nowMs, nowMs + this.o.sessionTtlMs);
  }
}
