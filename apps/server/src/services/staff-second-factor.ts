/**
 * The back office's second factor: an authenticator (TOTP, RFC 6238) every staff member must
 * enrol at their first login, and ten single-use recovery codes shown once at enrolment. A login's
 * token opens nothing but these calls until one of them passes; then it is a working session.
 *
 * The checks themselves (a code good once, wrong codes counted under the member's failure lock,
 * recovery codes hashed and spent once) are the ones traders' second factor makes too
 * (second-factor-gate.ts).
 */
import { refused } from '../domain/errors.ts';
import type { StaffAccount, StaffRepository, StaffSession } from '../repositories/staff-repository.ts';
import type { VerificationRepository } from '../repositories/verification-repository.ts';
import { UNSEALED, type SecretBox } from '../security/secret-box.ts';
import type { KeyedLocks } from './keyed-locks.ts';
import { newTotpSecret, SecondFactorGate, totpLink, type CodeOwner } from './second-factor-gate.ts';

/** The name an authenticator app shows above the codes. */
export const TOTP_ISSUER = 'Open Margin Back Office';

export interface SecondFactorOptions {
  staff: StaffRepository;
  verifications: VerificationRepository;
  locks: KeyedLocks;
  now: () => number;
  sessionTtlMs: number;
  failureKey: (username: string) => string;
  /** Seals the authenticator secret at rest (security/secret-box.ts); unsealed when not given. */
  secrets?: SecretBox | undefined;
}

export class StaffSecondFactor {
  private readonly o: SecondFactorOptions;
  private readonly gate: SecondFactorGate;

  constructor(options: SecondFactorOptions) {
    this.o = options;
    this.gate = new SecondFactorGate({
      ...options,
      store: options.staff.secondFactors,
      messages: {
        codeWrong: 'staff.code_wrong',
        codeUsed: 'staff.code_used',
        recoveryCodeWrong: 'staff.recovery_code_wrong',
      },
    });
  }

  /** The secret to enrol (the same one until a code confirms it, so a reload shows one QR). */
  async startEnrolment(session: StaffSession): Promise<{ secret: string; otpauthUrl: string }> {
    const member = this.pendingMember(session);
    if (member.totpEnrolledAt !== null) throw refused('staff.second_factor_enrolled');
    let secret = member.totpSecret && this.secrets.open(member.totpSecret);
    if (!secret) {
      secret = newTotpSecret();
      await this.o.staff.setPendingTotpSecret(member.id, this.secrets.seal(secret));
    }
    return { secret, otpauthUrl: totpLink(TOTP_ISSUER, member.username, secret) };
  }

  /** The first code confirms the secret; the session opens and the recovery codes are shown once. */
  async confirmEnrolment(session: StaffSession, code: string, ip: string) {
    const member = this.pendingMember(session);
    if (member.totpEnrolledAt !== null) throw refused('staff.second_factor_enrolled');
    if (!member.totpSecret) throw refused('staff.second_factor_not_started');
    await this.gate.checkCode(this.ownerOf(member), this.secrets.open(member.totpSecret), code, ip);
    const nowMs = this.o.now();
    // Two confirmations racing (two sign-in tabs, codes of two time steps): the first enrols, and
    // only its recovery codes exist; the other is told it is enrolled rather than shown codes that
    // the first one's replaced.
    if (!(await this.o.staff.confirmTotpEnrolment(member.id, nowMs)))
      throw refused('staff.second_factor_enrolled');
    const codes = await this.gate.issueRecoveryCodes(member.id);
    await this.open(session, nowMs);
    return { staff: (await this.o.staff.byId(member.id))!, recoveryCodes: codes };
  }

  /**
   * An enrolled member's code, or one of their recovery codes, opens the session. The steps of one
   * sign-in take turns (on every node), each reading the session afresh: steps racing on it would
   * each spend a recovery code for the one session they open.
   */
  verify(
    session: StaffSession,
    input: { code?: string | undefined; recoveryCode?: string | undefined },
    ip: string,
  ) {
    return this.o.locks.withLock(`staff-sign-in:${session.id}`, async () => {
      const current = await this.o.staff.pendingSession(session.id, this.o.now());
      if (!current) throw refused('staff.second_factor_passed');
      const member = current.staff;
      if (member.totpEnrolledAt === null || !member.totpSecret)
        throw refused('staff.second_factor_not_enrolled');
      const owner = this.ownerOf(member);
      if (input.code !== undefined)
        await this.gate.checkCode(owner, this.secrets.open(member.totpSecret), input.code, ip);
      else await this.gate.spendRecoveryCode(owner, input.recoveryCode ?? '', ip);
      await this.open(current, this.o.now());
      return { staff: member, recoveryCodesLeft: await this.gate.unusedRecoveryCodes(member.id) };
    });
  }

  private get secrets(): SecretBox {
    return this.o.secrets ?? UNSEALED;
  }

  private pendingMember(session: StaffSession): StaffAccount {
    if (session.verifiedAt !== null) throw refused('staff.second_factor_passed');
    return session.staff;
  }

  private ownerOf(member: StaffAccount): CodeOwner {
    return { id: member.id, failureKey: this.o.failureKey(member.username) };
  }

  private async open(session: StaffSession, nowMs: number) {
    await this.gate.clearFailures(this.ownerOf(session.staff));
    await this.o.staff.verifySession(session.id, nowMs, nowMs + this.o.sessionTtlMs);
  }
}
