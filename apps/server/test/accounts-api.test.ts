/**
 * Accounts through the HTTP layer on a real database: registration by e-mail (code read from a
 * real SMTP server started here) and by mobile (code from the outbox), every code rule, login by
 * both identifiers with its rate limit, sessions ending at logout and password change, forgotten
 * passwords, demo accounts and every demo restriction.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginResult } from '@omp/protocol';
import { VerificationRepository } from '../src/repositories/verification-repository.ts';
import { accountClient } from './helpers/account-helpers.ts';
import { startMailbox } from './helpers/mailbox.ts';
import { databaseEngines, startTestRuntime, type TestRuntime } from './helpers/test-runtime.ts';

describe.each(databaseEngines())('accounts API on %s', (engine) => {
  let rt: TestRuntime;
  let mailbox: Awaited<ReturnType<typeof startMailbox>>;
  let client: ReturnType<typeof accountClient>;

  beforeAll(async () => {
    mailbox = await startMailbox();
    rt = await startTestRuntime({ engine, env: { SMTP_URL: mailbox.url } });
    client = accountClient(rt);
  });
  afterAll(async () => {
    await rt?.dispose();
    await mailbox?.close();
  });

  const sendEmailCode = async (to: string, type: 1 | 2, ip?: string) => {
    const c = ip ? accountClient(rt, ip) : client;
    return c.postForm('/api/notify/send_email', { to, type, ...(await c.solvedCaptcha()) });
  };
  const registerByEmail = async (
    email: string,
    password = 'Sturdy-pass-81',
    extra: Record<string, string> = {},
  ) => {
    expect(await sendEmailCode(email, 1)).toMatchObject({ code: 1, msg: 'Verification code sent' });
    return client.postForm<LoginResult>('/api/user/register', {
      type: 'email',
      account: email,
      password,
      re_password: password,
      sms_code: mailbox.codeFor(email),
      ...extra,
    });
  };

  it('registers by e-mail with the code from a real SMTP server, and logs in', async () => {
    const res = await registerByEmail('Ann@Example.com');
    expect(res).toMatchObject({
      code: 1,
      msg: 'Registration successful',
      data: { user: { email: 'ann@example.com', is_demo: 0 } },
    });
    expect(res.data.token).toMatch(/^[\w-]{43}$/);
    expect(res.data.user.invite_code).toMatch(/^[A-Z2-9]{8}$/);
    const info = await client.get('/api/user/info', res.data.token);
    expect(info).toMatchObject({ code: 1, data: { email: 'ann@example.com' } });
    const login = await client.postForm<LoginResult>('/api/user/loginForU', {
      account: 'ann@example.com',
      password: 'Sturdy-pass-81',
    });
    expect(login).toMatchObject({ code: 1, data: { user: { id: res.data.user.id } } });
  });

  it('registers by mobile with the code from the SMS outbox, and logs in with or without the country code', async () => {
    const hk = (await client.get<Array<{ id: number; code: string }>>('/api/default/area_list')).data.find(
      (a) => a.code === 'HK',
    )!;
    const captcha = await client.solvedCaptcha();
    expect(
      await client.postForm('/api/notify/send_sms', { to: '9123 4567', area_id: hk.id, type: 1, ...captcha }),
    ).toMatchObject({ code: 1 });
    const code = await client.codeFromOutbox('+85291234567');
    const res = await client.postForm<LoginResult>('/api/user/register', {
      type: 'mobile',
      account: '91234567',
      mobile: '91234567',
      area_id: hk.id,
      password: 'Mobile-pass-77',
      re_password: 'Mobile-pass-77',
      sms_code: code,
    });
    expect(res).toMatchObject({ code: 1, data: { user: { mobile: '+85291234567', email: null } } });
    for (const fields of [
      { account: '+85291234567' },
      { account: '91234567', area_id: hk.id },
      { account: '91234567' },
    ]) {
      expect(
        await client.postForm('/api/user/loginForU', { ...fields, password: 'Mobile-pass-77' }),
      ).toMatchObject({ code: 1 });
    }
  });

  it('refuses wrong, reused and expired codes', async () => {
    const email = 'codes@example.com';
    await sendEmailCode(email, 1);
    const good = mailbox.codeFor(email);
    const wrong = good === '000000' ? '111111' : '000000';
    const base = { type: 'email', account: email, password: 'Sturdy-pass-81', re_password: 'Sturdy-pass-81' };
    expect(await client.postForm('/api/user/register', { ...base, sms_code: wrong })).toMatchObject({
      code: 422,
      msg: 'The verification code is wrong',
    });
    expect(await client.postForm('/api/user/register', { ...base, sms_code: good })).toMatchObject({
      code: 1,
    });
    // Used once: the same code cannot register again (the account now exists, and the code is spent).
    expect(await client.postForm('/api/user/register', { ...base, sms_code: good })).toMatchObject({
      code: 0,
      msg: 'This account is already registered. Please log in.',
    });

    const late = 'late@example.com';
    await sendEmailCode(late, 1);
    rt.clock.advance(10 * 60_000 + 1);
    expect(
      await client.postForm('/api/user/register', {
        ...base,
        account: late,
        sms_code: mailbox.codeFor(late),
      }),
    ).toMatchObject({ code: 422, msg: 'The verification code has expired. Please ask for a new one.' });
  });

  it('locks a code after five wrong tries', async () => {
    const email = 'guesser@example.com';
    await sendEmailCode(email, 1);
    const good = mailbox.codeFor(email);
    const base = { type: 'email', account: email, password: 'Sturdy-pass-81', re_password: 'Sturdy-pass-81' };
    for (let i = 0; i < 5; i++)
      await client.postForm('/api/user/register', {
        ...base,
        sms_code: good === '999999' ? '000000' : '999999',
      });
    expect(await client.postForm('/api/user/register', { ...base, sms_code: good })).toMatchObject({
      msg: 'Too many wrong codes. Please ask for a new one.',
    });
  });

  it('limits code sending: captcha, 60 s between sends, 5 an hour per address', async () => {
    expect(
      await client.postForm('/api/notify/send_email', { to: 'nocaptcha@example.com', type: 1 }),
    ).toMatchObject({
      code: 422,
      msg: 'Please enter the characters shown in the picture',
    });
    expect(
      await client.postForm('/api/notify/send_email', {
        to: 'x@example.com',
        type: 1,
        key: 'nope',
        captcha: 'abcd',
      }),
    ).toMatchObject({
      msg: 'The picture code is wrong or has expired. Please try a new one.',
    });
    const email = 'limits@example.com';
    expect(await sendEmailCode(email, 1)).toMatchObject({ code: 1 });
    expect(await sendEmailCode(email, 1)).toMatchObject({
      code: 429,
      msg: expect.stringMatching(/^Please wait \d+ s before asking for another code$/),
    });
    for (let i = 0; i < 4; i++) {
      rt.clock.advance(61_000);
      expect(await sendEmailCode(email, 1)).toMatchObject({ code: 1 });
    }
    rt.clock.advance(61_000);
    expect(await sendEmailCode(email, 1)).toMatchObject({
      code: 429,
      msg: 'Too many codes were sent to this address. Please try again in an hour.',
    });
    const image = await client.get<{ id: string; b64s: string }>('/api/captcha');
    expect(image.data.b64s).toMatch(/^data:image\/svg\+xml;base64,/);
  });

  it('sends one code when several are asked for one address at once', async () => {
    const address = 'impatient@example.com';
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => sendEmailCode(address, 1, `10.20.0.${i + 1}`)),
    );
    expect(answers.filter((answer) => answer.code === 1)).toHaveLength(1);
    expect(answers.filter((answer) => answer.code === 429)).toHaveLength(7);
    expect(await new VerificationRepository(rt.database.db).countCodesSince('address', address, 0)).toBe(1);
  });

  it('sends exactly 20 codes an hour from one address of the network, however many are asked at once', async () => {
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => sendEmailCode(`crowd-${i}@example.com`, 1, '10.21.0.1')),
    );
    expect(answers.filter((answer) => answer.code === 1)).toHaveLength(20);
    expect(answers.filter((answer) => answer.code === 429)).toEqual(
      Array.from({ length: 10 }, () =>
        expect.objectContaining({
          msg: 'Too many codes were requested from your network. Please try again later.',
        }),
      ),
    );
  });

  it('refuses a duplicate account, weak passwords, mismatches and unknown invite codes', async () => {
    await registerByEmail('dup@example.com');
    expect(await sendEmailCode('dup@example.com', 1)).toMatchObject({
      code: 0,
      msg: 'This account is already registered. Please log in.',
    });
    await sendEmailCode('weak@example.com', 1);
    const code = mailbox.codeFor('weak@example.com');
    const base = { type: 'email', account: 'weak@example.com', sms_code: code };
    for (const password of ['short1', 'lettersonly', '1234567890']) {
      expect(
        await client.postForm('/api/user/register', { ...base, password, re_password: password }),
      ).toMatchObject({
        code: 422,
        msg: 'The password needs 8 to 64 characters with at least one letter and one digit',
      });
    }
    expect(
      await client.postForm('/api/user/register', {
        ...base,
        password: 'Sturdy-pass-81',
        re_password: 'Sturdy-pass-82',
      }),
    ).toMatchObject({
      msg: 'The two passwords are not the same',
    });
    expect(
      await client.postForm('/api/user/register', {
        ...base,
        password: 'Sturdy-pass-81',
        re_password: 'Sturdy-pass-81',
        invite_code: 'ZZZZ9999',
      }),
    ).toMatchObject({
      msg: 'The invite code ZZZZ9999 does not exist',
    });
    expect(
      await client.postForm('/api/user/register', {
        type: 'email',
        account: 'not-an-email',
        password: 'Sturdy-pass-81',
        re_password: 'Sturdy-pass-81',
        sms_code: '123456',
      }),
    ).toMatchObject({
      msg: 'Please enter a valid e-mail address',
    });
  });

  it('records who invited whom', async () => {
    const inviter = await registerByEmail('inviter@example.com');
    const invited = await registerByEmail('invited@example.com', 'Sturdy-pass-81', {
      invite_code: inviter.data.user.invite_code.toLowerCase(),
    });
    expect(invited.code).toBe(1);
    const row = await rt.database.db
      .selectFrom('users')
      .select('invited_by')
      .where('email', '=', 'invited@example.com')
      .executeTakeFirstOrThrow();
    expect(Number(row.invited_by)).toBe(inviter.data.user.id);
  });

  it('refuses a wrong password and locks the account after five failures', async () => {
    await registerByEmail('locked@example.com');
    const other = accountClient(rt, '10.9.9.9');
    for (let i = 0; i < 5; i++) {
      expect(
        await other.postForm('/api/user/loginForU', { account: 'locked@example.com', password: 'Wrong1234' }),
      ).toMatchObject({
        code: 0,
        msg: 'The account or password is wrong',
      });
    }
    expect(
      await other.postForm('/api/user/loginForU', {
        account: 'locked@example.com',
        password: 'Sturdy-pass-81',
      }),
    ).toMatchObject({
      code: 429,
      msg: 'Too many failed logins. Please try again in 15 minutes.',
    });
    rt.clock.advance(15 * 60_000 + 1);
    expect(
      await other.postForm('/api/user/loginForU', {
        account: 'locked@example.com',
        password: 'Sturdy-pass-81',
      }),
    ).toMatchObject({ code: 1 });
  });

  it('answers 999 after logout and after a password change, and issues a new token on change', async () => {
    const { data } = await registerByEmail('sessions@example.com');
    const second = (
      await client.postForm<LoginResult>('/api/user/loginForU', {
        account: 'sessions@example.com',
        password: 'Sturdy-pass-81',
      })
    ).data.token;
    expect(await client.postForm('/api/user/logout', {}, data.token)).toMatchObject({ code: 1 });
    expect(await client.get('/api/user/info', data.token)).toMatchObject({ code: 999 });
    expect(await client.get('/api/user/info', second)).toMatchObject({ code: 1 });

    rt.clock.advance(61_000);
    expect(await client.postForm('/api/notify/send_email', { type: 2 }, second)).toMatchObject({ code: 1 });
    // The current password, when sent (the app always sends it), must be right; a wrong one
    // changes nothing and leaves the code unused.
    const code = mailbox.codeFor('sessions@example.com');
    const change = (old_password?: string) =>
      client.postForm<{ token: string }>(
        '/api/user/amend_password',
        {
          old_password,
          new_password: 'Changed-pass-456',
          re_password: 'Changed-pass-456',
          auth_code: code,
        },
        second,
      );
    expect(await change('Not-my-pass-1')).toMatchObject({ code: 0, msg: 'The current password is wrong' });
    const changed = await change('Sturdy-pass-81');
    expect(changed).toMatchObject({ code: 1, msg: 'Password changed' });
    expect(await client.get('/api/user/info', second)).toMatchObject({
      code: 999,
      msg: 'Your session has ended. Please log in again.',
    });
    expect(await client.get('/api/user/info', changed.data.token)).toMatchObject({ code: 1 });
    expect(
      await client.postForm('/api/user/loginForU', {
        account: 'sessions@example.com',
        password: 'Changed-pass-456',
      }),
    ).toMatchObject({ code: 1 });
    expect(await client.get('/api/user/info')).toMatchObject({ code: 999 });
    expect(await client.get('/api/user/info', 'made-up-token')).toMatchObject({ code: 999 });
  });

  it('resets a forgotten password with a code, ending every session', async () => {
    const { data } = await registerByEmail('forgot@example.com');
    rt.clock.advance(61_000);
    expect(await sendEmailCode('nobody@example.com', 2)).toMatchObject({
      code: 0,
      msg: 'No account is registered with this e-mail address or mobile number',
    });
    expect(await sendEmailCode('forgot@example.com', 2)).toMatchObject({ code: 1 });
    const reset = await client.postForm('/api/user/forget_password', {
      type: 'email',
      account: 'forgot@example.com',
      new_password: 'Renewed-pass-789',
      secondary_password: 'Renewed-pass-789',
      auth_code: mailbox.codeFor('forgot@example.com'),
    });
    expect(reset).toMatchObject({ code: 1, msg: 'Password reset. Please log in with the new password.' });
    expect(await client.get('/api/user/info', data.token)).toMatchObject({ code: 999 });
    expect(
      await client.postForm('/api/user/loginForU', {
        account: 'forgot@example.com',
        password: 'Sturdy-pass-81',
      }),
    ).toMatchObject({ code: 0 });
    expect(
      await client.postForm('/api/user/loginForU', {
        account: 'forgot@example.com',
        password: 'Renewed-pass-789',
      }),
    ).toMatchObject({ code: 1 });
  });

  it('returns to the same demo account for the same demo_id, and opens a new one otherwise', async () => {
    const first = await client.get<LoginResult>('/api/user/createAccountDemoForU');
    expect(first).toMatchObject({ code: 1, data: { user: { is_demo: 1, email: null } } });
    const demoId = first.data.demo_id!;
    const again = await client.get<LoginResult>(`/api/user/createAccountDemoForU?demo_id=${demoId}`);
    expect(again.data.user.id).toBe(first.data.user.id);
    expect(again.data.token).not.toBe(first.data.token);
    const other = await client.get<LoginResult>(`/api/user/createAccountDemoForU?demo_id=${'x'.repeat(20)}`);
    expect(other.data.user.id).not.toBe(first.data.user.id);
    expect(other.data.demo_id).toBe('x'.repeat(20));
    expect(await client.get('/api/user/createAccountDemoForU?demo_id=short')).toMatchObject({ code: 422 });
  });

  it('refuses demo users every deposit, withdrawal, wallet, identity and password call, on the server', async () => {
    const demo = (await client.get<LoginResult>('/api/user/createAccountDemoForU')).data.token;
    const expected = { code: 0, msg: 'Please register or log in to a real account' };
    for (const url of [
      '/api/quickCharge/info',
      '/api/account/draw_list?type=1',
      '/api/account/draw_symbol_list?type=1',
      '/api/wallet/get_draw_method',
      '/api/user_real/center',
    ]) {
      expect(await client.get(url, demo)).toMatchObject(expected);
    }
    for (const url of [
      '/api/quickCharge/submit',
      '/api/quickCharge/wire_submit',
      '/api/account/draw',
      '/api/wallet/bind_draw_method',
      '/api/wallet/del_draw_method',
      '/api/user_real/real_name',
      '/api/common/image_upload',
      '/api/user/amend_password',
    ]) {
      expect(await client.postForm(url, { number: 10 }, demo)).toMatchObject(expected);
    }
    expect(await client.postForm('/api/notify/send_email', { type: 2 }, demo)).toMatchObject(expected);
  });

  it('serves calling codes, public settings and the start-up settings', async () => {
    const areas = await client.get<unknown[]>('/api/default/area_list');
    expect(areas.data.length).toBeGreaterThan(230);
    expect(await client.get('/api/default/setting?key=is_show_mobile')).toMatchObject({ code: 1, data: '1' });
    expect(await client.get('/api/default/setting?key=demo_balance')).toMatchObject({
      code: 404,
      msg: 'There is no public setting named demo_balance',
    });
    const info = await client.get<Record<string, unknown>>('/api/basicSet/getBasicInfo');
    expect(info.data).toMatchObject({ verify_reg_type: 'both', is_show_mobile: 1, main_mode: 'trade' });
  });
});
