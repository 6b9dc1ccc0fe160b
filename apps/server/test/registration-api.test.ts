/**
 * Registration through the HTTP layer on a real database: by e-mail (code read from a real SMTP
 * server started here) and by mobile (code from the outbox), every code rule and sending limit,
 * duplicate accounts, password rules and invite codes.
 */
import { describe, expect, it } from 'vitest';
import type { LoginResult } from '@omp/protocol';
import { VerificationRepository } from '../src/repositories/verification-repository.ts';
import { databaseEngines } from './helpers/test-runtime.ts';
import { useMailedAccounts } from './helpers/mailed-accounts.ts';

describe.each(databaseEngines())('registration API on %s', (engine) => {
  const accounts = useMailedAccounts(engine);

  it('registers by e-mail with the code from a real SMTP server, and logs in', async () => {
    const { client, registerByEmail } = accounts();
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
    const { client } = accounts();
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
    // Without a country code the whole national number is needed: not its end, not trunk zeros
    // alone (which once matched every account with a mobile number).
    for (const account of ['0000', '00000000', '4567', '1234567', '291234567'])
      expect(
        await client.postForm('/api/user/loginForU', { account, password: 'Mobile-pass-77' }),
      ).toMatchObject({ code: 0, msg: 'The account or password is wrong' });
  });

  it('refuses wrong, reused and expired codes', async () => {
    const { rt, mailbox, client, sendEmailCode } = accounts();
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
    // Used once: the same code cannot register again (it is spent).
    expect(await client.postForm('/api/user/register', { ...base, sms_code: good })).toMatchObject({
      code: 422,
      msg: 'The verification code is wrong',
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
    const { mailbox, client, sendEmailCode } = accounts();
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

  it('takes fifteen wrong tries a day at an address, however many codes are sent to it', async () => {
    const { rt, mailbox, client, sendEmailCode } = accounts();
    const email = 'patient-guesser@example.com';
    const base = { type: 'email', account: email, password: 'Sturdy-pass-81', re_password: 'Sturdy-pass-81' };
    const sendAndGuessFiveTimes = async () => {
      expect(await sendEmailCode(email, 1, '10.9.0.1')).toMatchObject({ code: 1 });
      const good = mailbox.codeFor(email);
      for (let i = 0; i < 5; i++)
        expect(
          await client.postForm('/api/user/register', {
            ...base,
            sms_code: good === '999999' ? '000000' : '999999',
          }),
        ).toMatchObject({ code: 422, msg: 'The verification code is wrong' });
      rt.clock.advance(60_000);
    };
    for (let round = 0; round < 3; round++) await sendAndGuessFiveTimes();
    // A fourth code brings no new guesses: even the right one is refused.
    expect(await sendEmailCode(email, 1, '10.9.0.1')).toMatchObject({ code: 1 });
    const fourth = mailbox.codeFor(email);
    const refusedAnswer = {
      code: 429,
      msg: 'Too many wrong codes were entered for this address. Please try again in 24 hours.',
    };
    expect(await client.postForm('/api/user/register', { ...base, sms_code: fourth })).toMatchObject(
      refusedAnswer,
    );
    // A day after the wrong tries, the address's codes work again.
    rt.clock.advance(24 * 60 * 60_000);
    expect(await sendEmailCode(email, 1, '10.9.0.1')).toMatchObject({ code: 1 });
    expect(
      await client.postForm('/api/user/register', { ...base, sms_code: mailbox.codeFor(email) }),
    ).toMatchObject({
      code: 1,
    });
  });

  it('limits code sending: captcha, 60 s between sends, 5 an hour per address', async () => {
    const { rt, client, sendEmailCode } = accounts();
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

  it('sends an address 10 codes a day, however the hours are spread', async () => {
    const { rt, sendEmailCode } = accounts();
    const email = 'flooded@example.com';
    // Five an hour, as the hourly limit allows, for two hours.
    for (let hour = 0; hour < 2; hour++) {
      for (let i = 0; i < 5; i++) {
        expect(await sendEmailCode(email, 1, `10.21.${hour}.${i}`)).toMatchObject({ code: 1 });
        rt.clock.advance(61_000);
      }
      rt.clock.advance(60 * 60_000);
    }
    expect(await sendEmailCode(email, 1, '10.21.9.9')).toMatchObject({
      code: 429,
      msg: 'Too many codes were sent to this address today. Please try again in 24 hours.',
    });
    rt.clock.advance(24 * 60 * 60_000);
    expect(await sendEmailCode(email, 1, '10.21.9.9')).toMatchObject({ code: 1 });
  });

  it('sends one code when several are asked for one address at once', async () => {
    const { rt, sendEmailCode } = accounts();
    const address = 'impatient@example.com';
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => sendEmailCode(address, 1, `10.20.0.${i + 1}`)),
    );
    expect(answers.filter((answer) => answer.code === 1)).toHaveLength(1);
    expect(answers.filter((answer) => answer.code === 429)).toHaveLength(7);
    expect(await new VerificationRepository(rt.database.db).countCodesSince('address', address, 0)).toBe(1);
  });

  it('sends exactly 20 codes an hour from one address of the network, however many are asked at once', async () => {
    const { sendEmailCode } = accounts();
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

  it('answers a registered address and an unknown one alike to whoever lacks the code sent to it', async () => {
    const { client, registerByEmail } = accounts();
    await registerByEmail('known@example.com');
    const password = 'Sturdy-pass-81';
    const answers = [];
    for (const account of ['known@example.com', 'KNOWN@example.com', 'unknown@example.com']) {
      answers.push(
        await client.postForm('/api/user/register', {
          type: 'email',
          account,
          password,
          re_password: password,
          sms_code: '000000',
        }),
        await client.postForm('/api/user/forget_password', {
          type: 'email',
          account,
          new_password: password,
          secondary_password: password,
          auth_code: '000000',
        }),
      );
    }
    for (const answer of answers)
      expect(answer).toEqual({ code: 422, msg: 'The verification code is wrong', data: null });
  });

  it('takes every spelling of one address for that address: combining marks, full-width letters', async () => {
    const { client, sendEmailCode, registerByEmail } = accounts();
    const registered = await registerByEmail('j\u00e4ger@example.com');
    expect(registered).toMatchObject({ code: 1 });
    expect(await sendEmailCode('ja\u0308ger@example.com', 1)).toMatchObject({
      code: 0,
      msg: 'This account is already registered. Please log in.',
    });
    for (const spelling of ['JA\u0308GER@example.com', 'j\u00e4ger\uff20\uff45xample.com']) {
      const login = await client.postForm<LoginResult>('/api/user/loginForU', {
        account: spelling,
        password: 'Sturdy-pass-81',
      });
      expect(login.data.user.id, spelling).toBe(registered.data.user.id);
    }
    expect(await sendEmailCode('hidden\u200b@example.com', 1)).toMatchObject({ code: 422 });
  });

  it('takes a domain in its xn-- spelling for the Unicode one, which mail reaches alike: one account', async () => {
    const { mailbox, client, sendEmailCode } = accounts();
    expect(await sendEmailCode('kim@b\u00fccher.example', 1)).toMatchObject({ code: 1 });
    const code = mailbox.codeFor('kim@b\u00fccher.example');
    const registered = await client.postForm<LoginResult>('/api/user/register', {
      type: 'email',
      account: 'kim@b\u00fccher.example',
      password: 'Sturdy-pass-81',
      re_password: 'Sturdy-pass-81',
      sms_code: code,
    });
    expect(registered).toMatchObject({ code: 1, data: { user: { email: 'kim@b\u00fccher.example' } } });
    for (const spelling of ['kim@xn--bcher-kva.example', 'kim@b\u00fccher\u3002example'])
      expect(await sendEmailCode(spelling, 1), spelling).toMatchObject({
        code: 0,
        msg: 'This account is already registered. Please log in.',
      });
    const login = await client.postForm<LoginResult>('/api/user/loginForU', {
      account: 'KIM@XN--BCHER-KVA.EXAMPLE',
      password: 'Sturdy-pass-81',
    });
    expect(login.data.user.id).toBe(registered.data.user.id);
  });

  it('refuses a duplicate account, weak passwords, mismatches and unknown invite codes', async () => {
    const { mailbox, client, sendEmailCode, registerByEmail } = accounts();
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
    const { rt, registerByEmail } = accounts();
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
});
