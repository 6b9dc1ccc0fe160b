/**
 * The checks a second factor (an authenticator app, TOTP, RFC 6238) makes, alike for staff and
 * traders: a code is accepted once, wrong codes count as failed logins, recovery codes are kept
 * hashed and spent once.
 *
 * A code is accepted once: the time step of the last accepted code is stored and a code of that
 * step or an earlier one is refused, so a code read over a shoulder cannot pass twice. Wrong codes
 * (and recovery codes) count as failed logins of the account, under the same limits as passwords,
 * counted and recorded under the account's failure lock (login-attempts.ts), so codes tried at
 * once cannot all pass the count.
 */
import { createHash, randomBytes } from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import { refused } from '../domain/errors.ts';
import type { VerificationRepository } from '../repositories/verification-repository.ts';
import type { SecondFactorStore } from '../repositories/second-factor-store.ts';
import { withLocks, type KeyedLocks } from './keyed-locks.ts';
import { failureLockKeys, refuseUsedUpFailures } from './login-attempts.ts';

const RECOVERY_CODE_COUNT = 10;
/** One step either side: a phone's clock a little off still works. */
const EPOCH_TOLERANCE_S = 30;
export const TOTP_PERIOD_S = 30;

/** The refusals' message keys, in the caller's own namespace. */
export interface SecondFactorMessages {
  codeWrong: string;
  codeUsed: string;
  recoveryCodeWrong: string;
}

export interface SecondFactorGateOptions {
  store: SecondFactorStore;
  verifications: VerificationRepository;
  locks: KeyedLocks;
  now: () => number;
  messages: SecondFactorMessages;
}

/** Whose code is checked: the owner's id in the store, and the key their failures count under. */
export interface CodeOwner {
  id: number;
  failureKey: string;
}

/**
 * Where a code is given from. A sign-in's code step is a login, under the address's limit as well
 * as the account's (a password from an address that used up its failures is refused, and so is a
 * code); a code given in a session already open (a withdrawal, turning the factor off) counts
 * against the address but is not refused for it, as the account's own password checks are not.
 */
export interface CodeOrigin {
  ip: string;
  signIn: boolean;
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

/** A new authenticator secret and the otpauth:// link its QR code carries. */
export function newTotpSecret(): string {
  return generateSecret();
}

export const totpLink = (issuer: string, label: string, secret: string) =>
  generateURI({ issuer, label, secret });

export class SecondFactorGate {
  private readonly o: SecondFactorGateOptions;

  constructor(options: SecondFactorGateOptions) {
    this.o = options;
  }

  /** Ten new recovery codes in place of the earlier ones; only their hashes are kept. */
  async issueRecoveryCodes(ownerId: number): Promise<string[]> {
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    await this.o.store.replaceRecoveryCodes(ownerId, codes.map(hashRecoveryCode));
    return codes;
  }

  unusedRecoveryCodes(ownerId: number): Promise<number> {
    return this.o.store.unusedRecoveryCodes(ownerId);
  }

  /** A current code of this secret, accepted once; a wrong or used one counts as a failure. */
  checkCode(owner: CodeOwner, secret: string, code: string, origin: CodeOrigin): Promise<void> {
    const { ip } = origin;
    return this.underLimit(owner, origin, async () => {
      await this.throttle(owner, origin);
      const result = await verify({
        secret,
        token: code,
        epoch: Math.floor(this.o.now() / 1000),
        epochTolerance: EPOCH_TOLERANCE_S,
        period: TOTP_PERIOD_S,
      });
      if (!result.valid || !('timeStep' in result)) return this.fail(owner, ip, this.o.messages.codeWrong);
      // The same code twice (or an older one after a newer) is a replay, whatever races.
      if (!(await this.o.store.acceptStep(owner.id, result.timeStep)))
        return this.fail(owner, ip, this.o.messages.codeUsed);
    });
  }

  /** Spends one of the owner's recovery codes; an unknown or spent one counts as a failure. */
  spendRecoveryCode(owner: CodeOwner, code: string, origin: CodeOrigin): Promise<void> {
    const { ip } = origin;
    return this.underLimit(owner, origin, async () => {
      await this.throttle(owner, origin);
      const spent = await this.o.store.useRecoveryCode(owner.id, hashRecoveryCode(code), this.o.now());
      if (!spent) await this.fail(owner, ip, this.o.messages.recoveryCodeWrong);
    });
  }

  /** The second factor passed: earlier failures of the account no longer count. */
  clearFailures(owner: CodeOwner): Promise<void> {
    return this.o.verifications.clearLoginFailures(owner.failureKey);
  }

  /**
   * The count of failures and the failure it may add, with no other check of the owner (or, at a
   * sign-in, of the address) between.
   */
  private underLimit(owner: CodeOwner, origin: CodeOrigin, work: () => Promise<void>): Promise<void> {
    return withLocks(this.o.locks, failureLockKeys(owner.failureKey, origin.ip, origin.signIn), work);
  }

  private throttle(owner: CodeOwner, origin: CodeOrigin): Promise<void> {
    const attempt = { accountKey: owner.failureKey, ip: origin.ip, limitIp: origin.signIn };
    return refuseUsedUpFailures(this.o.verifications, attempt, this.o.now());
  }

  private async fail(owner: CodeOwner, ip: string, messageKey: string): Promise<never> {
    await this.o.verifications.recordLoginFailure(owner.failureKey, ip, this.o.now());
    throw refused(messageKey);
  }
}
