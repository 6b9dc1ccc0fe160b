/**
 * Holding a sign-in at the moment its password has been checked, so a test can change the
 * password (or disable the member) in between and see what the sign-in then does: the race a
 * scrypt's time opens, made deterministic.
 */
import type { PasswordHasher } from '../../src/security/password-hasher.ts';
import { testPasswords } from './test-runtime.ts';

/** A point a call stops at until the test lets it go on. */
export function holdPoint() {
  let arrive!: () => void;
  let release!: () => void;
  const reached = new Promise<void>((resolve) => (arrive = resolve));
  const released = new Promise<void>((resolve) => (release = resolve));
  return {
    reached,
    release,
    async pass() {
      arrive();
      await released;
    },
  };
}
export type HoldPoint = ReturnType<typeof holdPoint>;

/**
 * The tests' scrypt, whose next check stops after the password matched or not at the hold point
 * pushed onto `heldChecks`; `counts.verify` counts the checks made.
 */
export function heldPasswordHasher() {
  const heldChecks: HoldPoint[] = [];
  const counts = { verify: 0 };
  const passwords: PasswordHasher = {
    hash: (password) => testPasswords.hash(password),
    async verify(password, stored) {
      counts.verify++;
      const matches = await testPasswords.verify(password, stored);
      await heldChecks.shift()?.pass();
      return matches;
    },
  };
  return { passwords, heldChecks, counts };
}
