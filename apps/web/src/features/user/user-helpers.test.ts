import { describe, expect, it } from 'vitest';
import { inviteLink } from './invite-link.ts';
import { maskEmail, maskedAccount, maskMiddle, maskMobile } from './mask.ts';

describe('invite link', () => {
  it('is the app’s address plus the register screen with the code', () => {
    expect(inviteLink({ origin: 'https://m.example.com', pathname: '/' }, 'K7MX2PQA')).toBe(
      'https://m.example.com/#/register?invite_code=K7MX2PQA',
    );
  });

  it('keeps a sub-path and encodes the code', () => {
    expect(inviteLink({ origin: 'http://127.0.0.1:8090', pathname: '/app/index.html' }, 'A B&C')).toBe(
      'http://127.0.0.1:8090/app/index.html#/register?invite_code=A%20B%26C',
    );
  });
});

describe('masked accounts', () => {
  it('hides the middle of e-mail addresses and keeps the domain', () => {
    expect(maskEmail('alice.smith@example.com')).toBe('al****h@example.com');
    expect(maskEmail('bob@example.com')).toBe('b****@example.com');
    expect(maskEmail('a@example.com')).toBe('*@example.com');
  });

  it('hides the middle of mobile numbers', () => {
    expect(maskMobile('+85291234567')).toBe('+852****4567');
    expect(maskMobile('0912345678')).toBe('091****5678');
  });

  it('always hides something', () => {
    expect(maskMiddle('ab', 2, 2)).toBe('a****');
    expect(maskMiddle('', 1, 1)).toBe('*');
  });

  it('prefers the e-mail, then the mobile; a demo account has neither', () => {
    expect(maskedAccount({ email: 'alice.smith@example.com', mobile: '+85291234567' })).toBe(
      'al****h@example.com',
    );
    expect(maskedAccount({ email: null, mobile: '+85291234567' })).toBe('+852****4567');
    expect(maskedAccount({ email: null, mobile: null })).toBeUndefined();
    expect(maskedAccount(null)).toBeUndefined();
  });
});
