import { describe, expect, it } from 'vitest';
import { cookieLine, readCookie } from './cookie.ts';

describe('cookies', () => {
  it('keeps a choice for three years on the whole site', () => {
    expect(cookieLine('company_id', '12', false)).toBe(
      'company_id=12; Max-Age=94608000; Path=/; SameSite=Lax',
    );
    expect(cookieLine('company_id', 'a b', true)).toBe(
      'company_id=a%20b; Max-Age=94608000; Path=/; SameSite=Lax; Secure',
    );
  });

  it('reads one cookie among others, decoded', () => {
    expect(readCookie('company_id', 'theme=dark; company_id=a%20b; x=1')).toBe('a b');
    expect(readCookie('company_id', 'company_idx=3')).toBeUndefined();
    expect(readCookie('company_id', '')).toBeUndefined();
  });
});
