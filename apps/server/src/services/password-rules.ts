/** The rules a new password meets, wherever one is chosen (registration, reset, change). */
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@omp/protocol';
import { invalid } from '../domain/errors.ts';
import { isGuessablePassword } from '../security/password-strength.ts';

/**
 * Password rules: 8–64 characters, at least one letter and one digit, not the account itself, and
 * not one of the passwords guessed first (password-strength.ts).
 */
export function checkNewPassword(password: string, confirmation: string, account: string): void {
  if (
    password.length < PASSWORD_MIN_LENGTH ||
    password.length > PASSWORD_MAX_LENGTH ||
    !/\p{L}/u.test(password) ||
    !/\d/.test(password)
  ) {
    throw invalid('password_too_weak', { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH });
  }
  if (password !== confirmation) throw invalid('password_mismatch');
  if (password.toLowerCase() === account.toLowerCase()) throw invalid('password_same_as_account');
  if (isGuessablePassword(password, [account])) throw invalid('password_too_common');
}
