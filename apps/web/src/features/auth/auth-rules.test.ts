import { describe, expect, it } from 'vitest';
import {
  isStrongPassword,
  isValid,
  loginIdentity,
  looksLikeNationalNumber,
  recoveryTypes,
  registrationTypes,
  validateCaptcha,
  validateCode,
  validateEmail,
  validateLogin,
  validateMobile,
  validateNewPassword,
  validatePasswordChange,
  validateRecipient,
} from './auth-rules.ts';

describe('password rule (8–64, a letter and a digit)', () => {
  it('accepts passwords the server accepts', () => {
    for (const ok of ['abcdefg1', 'A1bcdefg', '密碼密碼密碼密碼1', `a1${'x'.repeat(62)}`, 'пароль123']) {
      expect(isStrongPassword(ok), ok).toBe(true);
    }
  });

  it('refuses short, long, letterless and digitless ones', () => {
    for (const bad of ['abc123', 'abcdefgh', '12345678', `a1${'x'.repeat(63)}`, '']) {
      expect(isStrongPassword(bad), bad).toBe(false);
    }
  });
});

describe('login form', () => {
  it('requires both fields with the contract messages', () => {
    expect(validateLogin({ account: ' ', password: '' })).toEqual({
      account: 'account.accountRequired',
      password: 'account.passwordRequired',
    });
    expect(isValid(validateLogin({ account: 'a@b.co', password: 'x' }))).toBe(true);
  });

  it('offers the area picker for national numbers only', () => {
    expect(looksLikeNationalNumber('91234567')).toBe(true);
    expect(looksLikeNationalNumber('912 345-67')).toBe(true);
    expect(looksLikeNationalNumber('+85291234567')).toBe(false);
    expect(looksLikeNationalNumber('me@example.com')).toBe(false);
    expect(looksLikeNationalNumber('')).toBe(false);
  });

  it('sends e-mail, number-with-area, or full international number', () => {
    expect(loginIdentity(' Me@Example.com ', 7)).toEqual({ type: 'email', areaId: undefined });
    expect(loginIdentity('91234567', 97)).toEqual({ type: 'mobile', areaId: 97 });
    expect(loginIdentity('+85291234567', 97)).toEqual({ type: 'mobile', areaId: undefined });
    expect(loginIdentity('someone', 97)).toEqual({ type: undefined, areaId: undefined });
  });
});

describe('recipient, captcha and code', () => {
  it('checks e-mail addresses like the server', () => {
    expect(validateEmail('')).toBe('account.emailRequired');
    expect(validateEmail('a@b')).toBe('account.emailInvalid');
    expect(validateEmail('a b@c.com')).toBe('account.emailInvalid');
    expect(validateEmail(' a@b.co ')).toBeUndefined();
  });

  it('checks mobile numbers and asks for the area', () => {
    expect(validateMobile('', 1)).toBe('account.mobileRequired');
    expect(validateMobile('12', 1)).toBe('account.mobileInvalid');
    expect(validateMobile('9123 4567', undefined)).toBe('account.areaRequired');
    expect(validateMobile('(0)91-234 567', 1)).toBeUndefined();
    expect(validateRecipient('email', 'x', 1)).toBe('account.emailInvalid');
    expect(validateRecipient('mobile', '91234567', 1)).toBeUndefined();
  });

  it('requires the captcha and a 6-digit code', () => {
    expect(validateCaptcha('  ')).toBe('account.captchaRequired');
    expect(validateCaptcha('ab12')).toBeUndefined();
    expect(validateCode('')).toBe('account.codeRequired');
    expect(validateCode('12345')).toBe('account.codeInvalid');
    expect(validateCode('12a456')).toBe('account.codeInvalid');
    expect(validateCode(' 123456 ')).toBeUndefined();
  });
});

describe('new passwords', () => {
  it('explains each field of registration and recovery', () => {
    expect(validateNewPassword('', '')).toEqual({
      password: 'account.passwordRequired',
      confirmation: 'account.confirmRequired',
    });
    expect(validateNewPassword('short1', 'short1')).toEqual({ password: 'account.passwordRule' });
    expect(validateNewPassword('abcdefg1', 'abcdefg2')).toEqual({
      confirmation: 'account.passwordInconsistent',
    });
    expect(isValid(validateNewPassword('abcdefg1', 'abcdefg1'))).toBe(true);
  });

  it('uses the contract messages for the logged-in change, in the contract order', () => {
    expect(
      validatePasswordChange({ current: '', password: 'abcdefg1', confirmation: 'abcdefg1', code: '123456' }),
    ).toBe('account.fillCompletely');
    expect(
      validatePasswordChange({ current: 'Old-pass-1', password: '', confirmation: 'x', code: '123456' }),
    ).toBe('account.fillCompletely');
    expect(
      validatePasswordChange({
        current: 'Old-pass-1',
        password: 'abcdefg1',
        confirmation: 'abcdefg1',
        code: ' ',
      }),
    ).toBe('account.fillCompletely');
    expect(
      validatePasswordChange({ current: 'Old-pass-1', password: 'abc', confirmation: 'abd', code: '123456' }),
    ).toBe('account.passwordInconsistent');
    expect(
      validatePasswordChange({
        current: 'Old-pass-1',
        password: 'abcdefgh',
        confirmation: 'abcdefgh',
        code: '123456',
      }),
    ).toBe('account.passwordRule');
    expect(
      validatePasswordChange({
        current: 'Old-pass-1',
        password: 'abcdefg1',
        confirmation: 'abcdefg1',
        code: '12',
      }),
    ).toBe('account.codeInvalid');
    expect(
      validatePasswordChange({
        current: 'Old-pass-1',
        password: 'abcdefg1',
        confirmation: 'abcdefg1',
        code: '123456',
      }),
    ).toBeUndefined();
  });
});

describe('registration tabs', () => {
  it('follows verify_reg_type and hides mobile when is_show_mobile is 0', () => {
    expect(registrationTypes(undefined)).toEqual(['email', 'mobile']);
    expect(registrationTypes({ verify_reg_type: 'both', is_show_mobile: 1 })).toEqual(['email', 'mobile']);
    expect(registrationTypes({ verify_reg_type: 'both', is_show_mobile: 0 })).toEqual(['email']);
    expect(registrationTypes({ verify_reg_type: 'email', is_show_mobile: 1 })).toEqual(['email']);
    expect(registrationTypes({ verify_reg_type: 'mobile', is_show_mobile: 1 })).toEqual(['mobile']);
    // Mobile as the only way stays, or nobody could register.
    expect(registrationTypes({ verify_reg_type: 'mobile', is_show_mobile: 0 })).toEqual(['mobile']);
  });

  it('lets every existing account recover unless mobile numbers are hidden', () => {
    expect(recoveryTypes({ verify_reg_type: 'email', is_show_mobile: 1 })).toEqual(['email', 'mobile']);
    expect(recoveryTypes({ verify_reg_type: 'both', is_show_mobile: 0 })).toEqual(['email']);
    expect(recoveryTypes({ verify_reg_type: 'mobile', is_show_mobile: 0 })).toEqual(['email', 'mobile']);
  });
});
