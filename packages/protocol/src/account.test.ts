import { describe, expect, it } from 'vitest';
import { identifierTypeSchema, loginBodySchema, registerBodySchema, sendCodeBodySchema } from './account.ts';
import { PASSWORD_MAX_LENGTH } from './constants.ts';
import { realNameBodySchema } from './identity.ts';

describe('account schemas', () => {
  it('read the legacy identifier types 1 and 2 as email and mobile', () => {
    expect(identifierTypeSchema.parse('1')).toBe('email');
    expect(identifierTypeSchema.parse(2)).toBe('mobile');
    expect(identifierTypeSchema.parse('mobile')).toBe('mobile');
    expect(identifierTypeSchema.safeParse('3').success).toBe(false);
  });

  it('accept the form-encoded login and refuse an empty account or an overlong password', () => {
    expect(loginBodySchema.parse({ account: ' a@example.com ', password: 'x', type: '1' })).toEqual({
      account: 'a@example.com',
      password: 'x',
      type: 'email',
    });
    expect(loginBodySchema.safeParse({ account: ' ', password: 'x' }).success).toBe(false);
    expect(
      loginBodySchema.safeParse({ account: 'a', password: 'x'.repeat(PASSWORD_MAX_LENGTH + 1) }).success,
    ).toBe(false);
  });

  it('accept a registration as the existing clients send it', () => {
    const body = {
      type: '2',
      area_id: '5',
      account: '91234567',
      mobile: '91234567',
      password: 'Tr4de-fair-2030',
      re_password: 'Tr4de-fair-2030',
      invite_code: 'K7MX2PQA',
      sms_code: '123456',
      key: 'abc',
    };
    expect(registerBodySchema.parse(body)).toMatchObject({ type: 'mobile', area_id: 5, sms_code: '123456' });
    expect(registerBodySchema.safeParse({ ...body, sms_code: '' }).success).toBe(false);
  });

  it('send codes only for registration (1) or a reset (2)', () => {
    expect(sendCodeBodySchema.parse({ to: 'a@example.com', type: '1' })).toMatchObject({ type: 1 });
    expect(sendCodeBodySchema.parse({ type: '2' })).toMatchObject({ type: 2 });
    for (const type of ['0', '3', 'x']) expect(sendCodeBodySchema.safeParse({ type }).success).toBe(false);
  });

  it('take an identity submission with one front and one reverse image, an ID card by default', () => {
    const body = { name: 'Ada Lovelace', card_id: 'A1234567', front_pic: 'a.jpg', reverse_pic: 'b.jpg' };
    expect(realNameBodySchema.parse(body)).toEqual({ ...body, card_type: 'id_card' });
    expect(realNameBodySchema.safeParse({ ...body, reverse_pic: '' }).success).toBe(false);
    expect(realNameBodySchema.safeParse({ ...body, card_type: 'library_card' }).success).toBe(false);
  });
});
