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

  /**
   * The secret to enrol, kept for the session that asked: the same one to it until a code confirms
   * it, so a reload shows one QR code; another session of the member gets a new one, which replaces
   * it, and never learns the secret the first is about to scan. (One pending secret shown to every
   * session let someone holding the password read it and wait for the member to enrol it.)
   */
  startEnrolment(session: StaffSession): Promise<{ secret: string; otpauthUrl: string }> {
    return this.inTurn(session, async (member) => {
      if (member.totpEnrolledAt !== null) throw refused('staff.second_factor_enrolled');
      let secret =
        member.totpSecret && member.totpPendingSession === session.id
          ? this.secrets.open(member.totpSecret)
          : undefined;
      if (!secret) {
        secret = newTotpSecret();
        if (!(await this.o.staff.setPendingTotpSecret(member.id, this.secrets.seal(secret), session.id)))
          throw refused('staff.second_factor_enrolled');
      }
      return { secret, otpauthUrl: totpLink(TOTP_ISSUER, member.username, secret) };
    });
  }

  /**
   * The first code confirms the secret this session was shown; the session opens and the recovery
   * codes are shown once. A session that did not start the enrolment cannot confirm it.
   */
  confirmEnrolment(session: StaffSession, code: string, ip: string) {
    return this.inTurn(session, async (member, current) => {
      if (member.totpEnrolledAt !== null) throw refused('staff.second_factor_enrolled');
      if (!member.totpSecret || member.totpPendingSession !== session.id)
        throw refused('staff.second_factor_not_started');
      await this.gate.checkCode(this.ownerOf(member), this.secrets.open(member.totpSecret), code, {
        ip,
        signIn: true,
      });
      const nowMs = this.o.now();
      // A confirmation of another sign-in enrolled meanwhile, or an admin's reset forgot the secret:
      // only one set of recovery codes exists, and only for a secret its session was shown.
      if (!(await this.o.staff.confirmTotpEnrolment(member.id, session.id, nowMs))) {
        const now = await this.o.staff.byId(member.id);
        throw refused(
          now?.totpEnrolledAt != null ? 'staff.second_factor_enrolled' : 'staff.second_factor_not_started',
        );
      }
      const codes = await this.gate.issueRecoveryCodes(member.id);
      await this.open(current, nowMs);
      return { staff: (await this.o.staff.byId(member.id))!, recoveryCodes: codes };
    });
  }

  /** An enrolled member's code, or one of their recovery codes, opens the session. */
  verify(
    session: StaffSession,
    input: { code?: string | undefined; recoveryCode?: string | undefined },
    ip: string,
  ) {
    return this.inTurn(session, async (member, current) => {
      if (member.totpEnrolledAt === null || !member.totpSecret)
        throw refused('staff.second_factor_not_enrolled');
      const owner = this.ownerOf(member);
      const origin = { ip, signIn: true };
      if (input.code !== undefined)
        await this.gate.checkCode(owner, this.secrets.open(member.totpSecret), input.code, origin);
      else await this.gate.spendRecoveryCode(owner, input.recoveryCode ?? '', origin);
      await this.open(current, this.o.now());
      return { staff: member, recoveryCodesLeft: await this.gate.unusedRecoveryCodes(member.id) };
    });
  }

  /**
   * An enrolled member's current code, asked again for an account action in a working session (a
   * password change): good once, and a wrong one counts as a failed login of the member.
   */
  async checkActionCode(member: StaffAccount, code: string, ip: string): Promise<void> {
    if (member.totpEnrolledAt === null || !member.totpSecret)
      throw refused('staff.second_factor_not_enrolled');
    await this.gate.checkCode(this.ownerOf(member), this.secrets.open(member.totpSecret), code, {
      ip,
      signIn: false,
    });
  }

  /**
   * The steps of one sign-in take turns (on every node), each reading the session and its member
   * afresh: steps racing on it would each spend a recovery code for the one session they open, or
   * two enrolment taps each keep a secret of their own.
   */
  private inTurn<T>(
    session: StaffSession,
    step: (member: StaffAccount, current: StaffSession) => Promise<T>,
  ): Promise<T> {
    return this.o.locks.withLock(`staff-sign-in:${session.id}`, async () => {
      const current = await this.o.staff.pendingSession(session.id, this.o.now());
      if (!current) throw refused('staff.second_factor_passed');
      return step(current.staff, current);
    });
  }

  private get secrets(): SecretBox {
    return this.o.secrets ?? UNSEALED;
  }

  private ownerOf(member: StaffAccount): CodeOwner {
    return { id: member.id, failureKey: this.o.failureKey(member.username) };
  }

  private async open(session: StaffSession, nowMs: number) {
    await this.gate.clearFailures(this.ownerOf(session.staff));
    await this.o.staff.verifySession(session.id, nowMs, nowMs + this.o.sessionTtlMs);
  }
}
