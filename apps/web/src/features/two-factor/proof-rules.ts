/**
 * What the second step's field accepts, without React: the six digits of an authenticator app
 * (spaces allowed, as some apps show "123 456"), or a recovery code (ten characters, dashes and
 * spaces allowed), and the key shown to type by hand.
 */
import type { Proof } from './two-factor-api.ts';

export interface ProofInput {
  recovery: boolean;
  value: string;
}

export const emptyProof: ProofInput = { recovery: false, value: '' };

/** The proof to send, or the key of what is wrong with what was typed. */
export function proofOf(input: ProofInput): Proof | { problem: string } {
  const value = input.value.trim();
  if (input.recovery)
    return value.replace(/[\s-]/g, '').length >= 10
      ? { recovery_code: value }
      : { problem: 'twoFactor.recoveryInvalid' };
  return /^\d{6}$/.test(value.replace(/\s/g, ''))
    ? { code: value.replace(/\s/g, '') }
    : { problem: 'twoFactor.codeInvalid' };
}

/** The key in groups of four, as authenticator apps show it when typed by hand. */
export const groupedSecret = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');
