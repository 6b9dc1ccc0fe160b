import { describe, expect, it } from 'vitest';
import { groupedSecret, proofOf } from './proof-rules.ts';

describe('the second step field', () => {
  it('takes six digits, spaces and all, as the authenticator code', () => {
    expect(proofOf({ recovery: false, value: '123456' })).toEqual({ code: '123456' });
    expect(proofOf({ recovery: false, value: ' 123 456 ' })).toEqual({ code: '123456' });
    expect(proofOf({ recovery: false, value: '12345' })).toEqual({ problem: 'twoFactor.codeInvalid' });
    expect(proofOf({ recovery: false, value: '12a456' })).toEqual({ problem: 'twoFactor.codeInvalid' });
    expect(proofOf({ recovery: false, value: '' })).toEqual({ problem: 'twoFactor.codeInvalid' });
  });

  it('takes a recovery code as typed, with or without its dash', () => {
    expect(proofOf({ recovery: true, value: 'abcde-23456' })).toEqual({ recovery_code: 'abcde-23456' });
    expect(proofOf({ recovery: true, value: ' ABCDE23456 ' })).toEqual({ recovery_code: 'ABCDE23456' });
    expect(proofOf({ recovery: true, value: 'abcde' })).toEqual({ problem: 'twoFactor.recoveryInvalid' });
  });

  it('shows the key in groups of four', () => {
    expect(groupedSecret('ABCDEFGHIJKLMNOPQRSTUVWXYZ234567')).toBe('ABCD EFGH IJKL MNOP QRST UVWX YZ23 4567');
    expect(groupedSecret('ABCDEF')).toBe('ABCD EF');
  });
});
