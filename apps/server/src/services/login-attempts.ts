/**
 * The failed-login limits (per account and per IP, within LOGIN_WINDOW_MS) of users and staff,
 * counted so that attempts racing on one node or several cannot all pass the count.
 *
 * An attempt is counted as a failure before its password is checked: under the locks of its
 * account and its IP (services/keyed-locks.ts) the failures are counted and, when under the limits,
 * a failure row is written at once. The locks are let go before the password check, so one slow
 * scrypt holds nobody else up; a password that turns out right withdraws the row (a user's login
 * clears all the account's failures anyway). The count is thus exact at every moment, attempts still
 * being checked included, and an attempt cut off by a crash stays counted, on the safe side.
 */
import { ResponseCode } from '@omp/protocol';
import { addressUnit } from '../domain/address-unit.ts';
import { DomainError } from '../domain/errors.ts';
import type { VerificationRepository } from '../repositories/verification-repository.ts';
import { withLocks, type KeyedLocks } from './keyed-locks.ts';

export const LOGIN_WINDOW_MS = 15 * 60_000;
export const LOGIN_MAX_FAILURES_PER_ACCOUNT = 5;
export const LOGIN_MAX_FAILURES_PER_IP = 30;

export const loginLocked = () =>
  new DomainError(ResponseCode.rateLimited, 'login_locked', { minutes: LOGIN_WINDOW_MS / 60_000 });

/** The lock of one account's failure count; the second factor's checks take it too. */
export const accountLockKey = (accountKey: string) => `login:account:${accountKey}`;
/**
 * The lock of one address's failure count (per address unit, an IPv6 /64, as the count is); a
 * sign-in's code step takes it too.
 */
export const addressLockKey = (ip: string) => `login:ip:${addressUnit(ip)}`;

/** An address that used up its failures: every sign-in from it waits for the window to pass. */
export const addressLocked = () => new DomainError(ResponseCode.rateLimited, 'rate_limited');

/**
 * The locks a count of failures is taken under: the account's, and the address's when the address
 * is limited too (a sign-in), taken in a fixed order by `withLocks`.
 */
export const failureLockKeys = (accountKey: string, ip: string, limitIp: boolean) =>
  limitIp ? [accountLockKey(accountKey), addressLockKey(ip)] : [accountLockKey(accountKey)];

/**
 * Refuses when the address (if `limitIp`) or the account has used up its failures in the window:
 * what a password at login and a code at a sign-in's second step both meet first.
 */
export async function refuseUsedUpFailures(
  verifications: Pick<VerificationRepository, 'countLoginFailuresSince'>,
  attempt: { accountKey: string; ip: string; limitIp: boolean },
  nowMs: number,
): Promise<void> {
  const since = nowMs - LOGIN_WINDOW_MS;
  if (
    attempt.limitIp &&
    (await verifications.countLoginFailuresSince('ip', attempt.ip, since)) >= LOGIN_MAX_FAILURES_PER_IP
  )
    throw addressLocked();
  if (
    (await verifications.countLoginFailuresSince('account_key', attempt.accountKey, since)) >=
    LOGIN_MAX_FAILURES_PER_ACCOUNT
  )
    throw loginLocked();
}

export interface LoginAttemptsOptions {
  verifications: VerificationRepository;
  locks: KeyedLocks;
  now: () => number;
}

/** An attempt counted as failed until its password proves right. */
export interface CountedAttempt {
  /** The password was right: the attempt no longer counts. */
  withdraw(): Promise<void>;
}

export class LoginAttempts {
  private readonly o: LoginAttemptsOptions;

  constructor(options: LoginAttemptsOptions) {
    this.o = options;
  }

  /**
   * Refuses when the IP (if `limitIp`) or the account has used up its failures; otherwise counts
   * this attempt as one more failure of both.
   */
  async count(accountKey: string, ip: string, limitIp: boolean): Promise<CountedAttempt> {
    const { verifications, now } = this.o;
    const id = await withLocks(this.o.locks, failureLockKeys(accountKey, ip, limitIp), async () => {
      const nowMs = now();
      await refuseUsedUpFailures(verifications, { accountKey, ip, limitIp }, nowMs);
      return verifications.recordLoginFailure(accountKey, ip, nowMs);
    });
    return { withdraw: () => verifications.withdrawLoginFailure(id) };
  }
}
