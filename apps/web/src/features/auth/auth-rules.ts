/**
 * The client-side checks of the account forms. They mirror the server's rules
 * (docs/decisions/0003-accounts.md) so a mistake is explained before a round trip, but the server
 * stays the judge: its message is what the user sees when it refuses. Each check returns the i18n
 * key of its message, or undefined.
 */
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, type IdentifierType } from '@omp/protocol';

export { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH };
export const CODE_LENGTH = 6;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
const SEPARATORS = /[\s().-]/g;

export type MessageKey = string;

/** The figures the rule messages mention: `t(key, RULE_VALUES)` fills {{min}}, {{max}}, {{digits}}. */
export const RULE_VALUES = {
  min: PASSWORD_MIN_LENGTH,
  max: PASSWORD_MAX_LENGTH,
  digits: CODE_LENGTH,
} as const;

/** 8–64 characters with at least one letter and one digit. */
export function isStrongPassword(password: string): boolean {
  return (
    password.length >= PASSWORD_MIN_LENGTH &&
    password.length <= PASSWORD_MAX_LENGTH &&
    /\p{L}/u.test(password) &&
    /\d/.test(password)
  );
}

/** A national number typed without its country code: the login form then offers the area picker. */
export function looksLikeNationalNumber(account: string): boolean {
  return /^\d[\d\s().-]*$/.test(account.trim());
}

/**
 * How the login form sends what was typed: an e-mail address, a national number with the chosen
 * area, a number with its own +country code, or (anything else) left to the server to guess.
 */
export function loginIdentity(
  account: string,
  areaId: number | undefined,
): { type: IdentifierType | undefined; areaId: number | undefined } {
  const trimmed = account.trim();
  if (trimmed.includes('@')) return { type: 'email', areaId: undefined };
  if (looksLikeNationalNumber(trimmed)) return { type: 'mobile', areaId };
  if (/^\+\d[\d\s().-]*$/.test(trimmed)) return { type: 'mobile', areaId: undefined };
  return { type: undefined, areaId: undefined };
}

export interface LoginErrors {
  account?: MessageKey | undefined;
  password?: MessageKey | undefined;
}

/** Both fields are required (docs/CONTRACT.md "Form rules"). */
export function validateLogin(values: { account: string; password: string }): LoginErrors {
  const errors: LoginErrors = {};
  if (!values.account.trim()) errors.account = 'account.accountRequired';
  if (!values.password) errors.password = 'account.passwordRequired';
  return errors;
}

export function validateEmail(email: string): MessageKey | undefined {
  const trimmed = email.trim();
  if (!trimmed) return 'account.emailRequired';
  if (trimmed.length > 254 || !EMAIL_PATTERN.test(trimmed)) return 'account.emailInvalid';
  return undefined;
}

export function validateMobile(mobile: string, areaId: number | undefined): MessageKey | undefined {
  const digits = mobile.trim().replace(SEPARATORS, '');
  if (!digits) return 'account.mobileRequired';
  if (!/^\d{4,14}$/.test(digits)) return 'account.mobileInvalid';
  if (areaId === undefined) return 'account.areaRequired';
  return undefined;
}

export function validateRecipient(
  type: IdentifierType,
  account: string,
  areaId: number | undefined,
): MessageKey | undefined {
  return type === 'email' ? validateEmail(account) : validateMobile(account, areaId);
}

export function validateCaptcha(answer: string): MessageKey | undefined {
  return answer.trim() ? undefined : 'account.captchaRequired';
}

export function validateCode(code: string): MessageKey | undefined {
  const trimmed = code.trim();
  if (!trimmed) return 'account.codeRequired';
  if (!new RegExp(`^\\d{${CODE_LENGTH}}$`).test(trimmed)) return 'account.codeInvalid';
  return undefined;
}

export interface NewPasswordErrors {
  password?: MessageKey | undefined;
  confirmation?: MessageKey | undefined;
}

/** Registration and the forgotten-password form: the rule, then the confirmation. */
export function validateNewPassword(password: string, confirmation: string): NewPasswordErrors {
  const errors: NewPasswordErrors = {};
  if (!password) errors.password = 'account.passwordRequired';
  else if (!isStrongPassword(password)) errors.password = 'account.passwordRule';
  if (!confirmation) errors.confirmation = 'account.confirmRequired';
  else if (password && confirmation !== password) errors.confirmation = 'account.passwordInconsistent';
  return errors;
}

/**
 * The logged-in password change (docs/CONTRACT.md "Form rules"): every field filled ('Please fill in
 * completely'), the two passwords equal ('password inconsistent'), then the server's rule.
 */
export function validatePasswordChange(values: {
  current: string;
  password: string;
  confirmation: string;
  code: string;
}): MessageKey | undefined {
  if (!values.current || !values.password || !values.confirmation || !values.code.trim())
    return 'account.fillCompletely';
  if (values.password !== values.confirmation) return 'account.passwordInconsistent';
  if (!isStrongPassword(values.password)) return 'account.passwordRule';
  return validateCode(values.code);
}

/** The registration tabs the settings allow; `is_show_mobile: 0` hides mobile unless it is the only way. */
export function registrationTypes(
  info: { verify_reg_type?: string; is_show_mobile?: number } | undefined,
): IdentifierType[] {
  const setting = info?.verify_reg_type;
  const allowed: IdentifierType[] =
    setting === 'email' ? ['email'] : setting === 'mobile' ? ['mobile'] : ['email', 'mobile'];
  if (info?.is_show_mobile === 0 && allowed.length > 1) return allowed.filter((t) => t !== 'mobile');
  return allowed;
}

/** True when every value of an errors object is empty. */
export function isValid(errors: object): boolean {
  return Object.values(errors).every((value) => value === undefined);
}

/**
 * The forgotten-password tabs: an account made by mobile number before registration by mobile was
 * switched off can still recover, so both show unless mobile numbers are hidden altogether.
 */
export function recoveryTypes(
  info: { verify_reg_type?: string; is_show_mobile?: number } | undefined,
): IdentifierType[] {
  if (info?.is_show_mobile === 0 && info.verify_reg_type !== 'mobile') return ['email'];
  return ['email', 'mobile'];
}
