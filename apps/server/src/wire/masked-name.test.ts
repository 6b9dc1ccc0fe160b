import { describe, expect, it } from 'vitest';
import { maskedName } from './masked-name.ts';

describe('maskedName', () => {
  it('keeps two letters of the mailbox and of the domain, and the top-level domain', () => {
    expect(maskedName({ email: 'jane.doe@gmail.com' })).toBe('ja***@gm***.com');
    expect(maskedName({ email: 'a@b.co.uk' })).toBe('a***@b.***.uk');
    expect(maskedName({ email: 'trader@localhost' })).toBe('tr***@lo***');
  });

  it('keeps the calling code, two leading and three trailing digits of a mobile number', () => {
    expect(maskedName({ mobile: '+447700900123' })).toBe('+44 77****123');
    expect(maskedName({ mobile: '+85291234567' })).toBe('+852 91****567');
    expect(maskedName({ mobile: '+12125551234' })).toBe('+1 21****234');
    expect(maskedName({ mobile: '+35312345678' })).toBe('+353 12****678');
  });

  it('falls back to the public user number, masked', () => {
    expect(maskedName({ uid: 10000042 })).toBe('10****42');
    expect(maskedName({ email: null, mobile: null, uid: 10000042 })).toBe('10****42');
  });
});
