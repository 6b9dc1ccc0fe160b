/**
 * Traders' two-step sign-in through the HTTP layer on a real database: enrolling an authenticator
 * (codes computed with the same TOTP library an authenticator app follows, at the test clock),
 * the login's code step with its failure lock, codes good once, recovery codes spent once,
 * withdrawals that need a current code, turning it off, and the back office's audited reset.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginChallenge, LoginResult, WireAuditEntry } from '@omp/protocol';
import { parseMicros } from '@omp/engine';
import { accountClient } from './helpers/account-helpers.ts';
import { moneyClient, type DrawMethod, type WithdrawRecord, TRC20_ADDRESS } from './helpers/money-helpers.ts';
import { adminToken, callApi, staffToken, totpAt } from './helpers/staff-helpers.ts';
import { databaseEngines, startTestRuntime, type TestRuntime } from './helpers/test-runtime.ts';
import { tradingClient } from './helpers/trading-helpers.ts';
import { VerificationRepository } from '../src/repositories/verification-repository.ts';

const PASSWORD = 'Sturdy-pass-81';
const CODE_NEEDED =
  'Two-step sign-in is on for this account: enter the code from your authenticator app (update the app if it does not ask for one)';
const WRONG_CODE = { code: 0, msg: 'That authenticator code is wrong or has expired' };
const USED_CODE = { code: 0, msg: 'That authenticator code was already used: wait for the next one' };
const LOCKED = { code: 429, msg: 'Too many failed logins. Please try again in 15 minutes.' };

describe.each(databaseEngines())('user second factor on %s', (engine) => {
  let rt: TestRuntime;
  let counter = 0;

  beforeAll(async () => {
    rt = await startTestRuntime({ engine });
    await moneyClient(rt).requireIdentity(false);
  });
  afterAll(async () => rt?.dispose());

  const step = () => Math.floor(rt.clock.now() / 30_000);
  /** The code the phone's app shows now, and one it does not. */
  const codeNow = (secret: string) => totpAt(secret, step());
  const wrongCode = async (secret: string) =>
    String((Number(await codeNow(secret)) + 1) % 1_000_000).padStart(6, '0');
  /** The next time step: a code of the step just used is refused as a replay. */
  const nextStep = () => rt.clock.advance(30_000);

  /** A registered trader (e-mail and password) from an address of their own. */
  async function registered() {
    const n = ++counter;
    const client = accountClient(rt, `10.9.${n}.1`);
    const email = `two-step-${n}@example.com`;
    const sent = await client.postForm('/api/notify/send_email', {
      to: email,
      type: 1,
      ...(await client.solvedCaptcha()),
    });
    expect(sent.code).toBe(1);
    const created = await client.postForm<LoginResult>('/api/user/register', {
      type: 'email',
      account: email,
      password: PASSWORD,
      re_password: PASSWORD,
      sms_code: await client.codeFromOutbox(email),
    });
    expect(created.code).toBe(1);
    const login = (password = PASSWORD) =>
      client.postForm<LoginResult | LoginChallenge>('/api/user/loginForU', { account: email, password });
    const secondStep = (challenge: string, proof: { code?: string; recovery_code?: string | undefined }) =>
      client.postForm<LoginResult>('/api/user/login/second_factor', { challenge, ...proof });
    return { client, email, token: created.data.token, id: created.data.user.id, login, secondStep };
  }

  /** The security notices sent to an address (the outbox: this runtime has no SMTP), oldest first. */
  const noticesTo = async (email: string) => {
    await rt.notices.idle(); // they leave in the background (services/security-notices.ts)
    return (await new VerificationRepository(rt.database.db).listOutbox(50, email))
      .filter((m) => m.subject.startsWith('Two-step sign-in'))
      .reverse();
  };

  const post = <T = unknown>(url: string, token: string, body: Record<string, unknown> = {}) =>
    callApi<T>(rt, 'POST', url, token, body);
  const get = <T = unknown>(url: string, token: string) => callApi<T>(rt, 'GET', url, token);

  /** Turns two-step sign-in on as the phone does; the secret and the recovery codes shown once. */
  async function enrol(token: string) {
    const started = await post<{ secret: string; otpauth_url: string }>('/api/user/two_factor/enrol', token);
    expect(started.code).toBe(1);
    const confirmed = await post<{ recovery_codes: string[] }>('/api/user/two_factor/enrol/confirm', token, {
      password: PASSWORD,
      code: await codeNow(started.data.secret),
    });
    expect(confirmed).toMatchObject({ code: 1, msg: 'Two-step sign-in is on' });
    return { secret: started.data.secret, recoveryCodes: confirmed.data.recovery_codes };
  }

  /** The challenge a right password answers for a user with two-step sign-in on. */
  async function challengeOf(user: Awaited<ReturnType<typeof registered>>) {
    const login = await user.login();
    expect(login).toMatchObject({
      code: 0,
      msg: CODE_NEEDED,
      data: { second_factor: 'totp', expires_in: 600 },
    });
    expect(login.data).not.toHaveProperty('token');
    return (login.data as LoginChallenge).challenge;
  }

  it('enrols with a first code, shows ten recovery codes once, then makes the login ask for a code', async () => {
    const user = await registered();
    expect(await get('/api/user/two_factor', user.token)).toMatchObject({
      code: 1,
      data: { enabled: 0, enrolled_at: null, recovery_codes_left: 0 },
    });
    expect(
      await post('/api/user/two_factor/enrol/confirm', user.token, { password: PASSWORD, code: '123456' }),
    ).toMatchObject({
      code: 0,
      msg: 'Start turning on two-step sign-in first: scan the code it shows',
    });

    const started = await post<{ secret: string; otpauth_url: string }>(
      '/api/user/two_factor/enrol',
      user.token,
    );
    expect(started.data.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(started.data.otpauth_url).toContain(`secret=${started.data.secret}`);
    expect(decodeURIComponent(started.data.otpauth_url)).toContain(user.email);
    // A reload shows the same QR code until a code confirms it.
    expect((await post<{ secret: string }>('/api/user/two_factor/enrol', user.token)).data.secret).toBe(
      started.data.secret,
    );

    expect(
      await post('/api/user/two_factor/enrol/confirm', user.token, {
        password: PASSWORD,
        code: await wrongCode(started.data.secret),
      }),
    ).toMatchObject(WRONG_CODE);
    expect((await get<{ two_factor: number }>('/api/user/info', user.token)).data.two_factor).toBe(0);
    // Until it is confirmed, the password alone still signs in.
    expect(await user.login()).toMatchObject({ code: 1, data: { token: expect.any(String) } });

    const confirmed = await post<{ recovery_codes: string[] }>(
      '/api/user/two_factor/enrol/confirm',
      user.token,
      {
        password: PASSWORD,
        code: await codeNow(started.data.secret),
      },
    );
    expect(confirmed.code).toBe(1);
    expect(confirmed.data.recovery_codes).toHaveLength(10);
    expect(new Set(confirmed.data.recovery_codes).size).toBe(10);
    expect((await get<{ two_factor: number }>('/api/user/info', user.token)).data.two_factor).toBe(1);
    expect(await get('/api/user/two_factor', user.token)).toMatchObject({
      data: { enabled: 1, enrolled_at: Math.floor(rt.clock.now() / 1000), recovery_codes_left: 10 },
    });
    // The user is told, as of every change to how the account is signed in to.
    const [turnedOn] = await noticesTo(user.email);
    expect(await noticesTo(user.email)).toHaveLength(1);
    expect(turnedOn).toMatchObject({ channel: 'email', subject: 'Two-step sign-in was turned on' });
    expect(turnedOn!.body).toMatch(
      /turned on for your account at \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC from IP address [\d.]+\./,
    );
    expect(turnedOn!.body).toContain('If this was not you, change your password at once');
    // Once on, enrolment is closed: a stolen session cannot put a second phone on the account.
    expect(await post('/api/user/two_factor/enrol', user.token)).toMatchObject({
      code: 0,
      msg: 'Two-step sign-in is already on',
    });

    // The password now answers a challenge, not a session: a client that knows no second step
    // shows the message instead of signing in with a token that opens nothing.
    nextStep();
    const challenge = await challengeOf(user);
    expect(await get('/api/user/info', challenge)).toMatchObject({ code: 999 });
    const passed = await user.secondStep(challenge, { code: await codeNow(started.data.secret) });
    expect(passed).toMatchObject({ code: 1, data: { user: { id: user.id } } });
    expect(await get('/api/user/info', passed.data.token)).toMatchObject({ code: 1, data: { id: user.id } });
    // A challenge opens one session only.
    nextStep();
    expect(await user.secondStep(challenge, { code: await codeNow(started.data.secret) })).toMatchObject({
      code: 0,
      msg: 'This sign-in has expired: enter your password again',
    });
    // A wrong password still tells nothing about the second factor.
    expect(await user.login('Wrong-pass-81')).toMatchObject({
      code: 0,
      msg: 'The account or password is wrong',
    });
  });

  it('accepts a code once and a recovery code once, and lapses a challenge after ten minutes', async () => {
    const user = await registered();
    const phone = await enrol(user.token);

    // The enrolment's code is spent: the same code cannot sign in within its time step.
    const challenge = await challengeOf(user);
    expect(await user.secondStep(challenge, { code: await codeNow(phone.secret) })).toMatchObject(USED_CODE);
    nextStep();
    const code = await codeNow(phone.secret);
    expect(await user.secondStep(challenge, { code })).toMatchObject({ code: 1 });
    expect(await user.secondStep(await challengeOf(user), { code })).toMatchObject(USED_CODE);

    const [recovery] = phone.recoveryCodes;
    // Typed in capitals and without its dash, as people do.
    const typed = recovery!.replace('-', '').toUpperCase();
    expect(await user.secondStep(await challengeOf(user), { recovery_code: typed })).toMatchObject({
      code: 1,
    });
    expect(await user.secondStep(await challengeOf(user), { recovery_code: recovery })).toMatchObject({
      code: 0,
      msg: 'That recovery code is unknown or already spent',
    });
    expect(await get('/api/user/two_factor', user.token)).toMatchObject({ data: { recovery_codes_left: 9 } });
    expect(
      await user.secondStep(await challengeOf(user), { code: '123456', recovery_code: recovery }),
    ).toMatchObject({ code: 422, msg: 'Send either the authenticator code or a recovery code' });

    const late = await challengeOf(user);
    rt.clock.advance(10 * 60_000);
    expect(await user.secondStep(late, { code: await codeNow(phone.secret) })).toMatchObject({
      code: 0,
      msg: 'This sign-in has expired: enter your password again',
    });
  });

  it('turns on only with the password, and only for the session that was shown the secret', async () => {
    const user = await registered();
    const other = await user.login(); // a second session of the account: another phone, or a stolen token
    expect(other.code).toBe(1);
    const otherToken = (other.data as LoginResult).token;

    const mine = await post<{ secret: string }>('/api/user/two_factor/enrol', user.token);
    const theirs = await post<{ secret: string }>('/api/user/two_factor/enrol', otherToken);
    // The other session never sees the secret this one is about to scan: it gets one of its own.
    expect(theirs.data.secret).not.toBe(mine.data.secret);
    // A session alone does not turn it on: the password is asked, and checked.
    expect(
      await post('/api/user/two_factor/enrol/confirm', otherToken, {
        code: await codeNow(theirs.data.secret),
      }),
    ).toMatchObject({ code: 422, msg: 'password is required' });
    expect(
      await post('/api/user/two_factor/enrol/confirm', otherToken, {
        password: 'Wrong-pass-000',
        code: await codeNow(theirs.data.secret),
      }),
    ).toMatchObject({ code: 0 });
    expect((await get<{ two_factor: number }>('/api/user/info', user.token)).data.two_factor).toBe(0);
    // Its secret replaced the first one, which no session can confirm any more: that phone starts again.
    expect(
      await post('/api/user/two_factor/enrol/confirm', user.token, {
        password: PASSWORD,
        code: await codeNow(mine.data.secret),
      }),
    ).toMatchObject({ code: 0, msg: 'Start turning on two-step sign-in first: scan the code it shows' });
    const again = await post<{ secret: string }>('/api/user/two_factor/enrol', user.token);
    expect(again.data.secret).not.toBe(theirs.data.secret);
    nextStep();
    expect(
      await post('/api/user/two_factor/enrol/confirm', otherToken, {
        password: PASSWORD,
        code: await codeNow(theirs.data.secret),
      }),
    ).toMatchObject({ code: 0, msg: 'Start turning on two-step sign-in first: scan the code it shows' });
    expect(
      await post('/api/user/two_factor/enrol/confirm', user.token, {
        password: PASSWORD,
        code: await codeNow(again.data.secret),
      }),
    ).toMatchObject({ code: 1, msg: 'Two-step sign-in is on' });
  });

  it('starts one enrolment when the phone asks twice at once: every answer shows the same secret', async () => {
    const user = await registered();
    const answers = await Promise.all(
      [1, 2, 3].map(() => post<{ secret: string }>('/api/user/two_factor/enrol', user.token)),
    );
    expect(answers.map((answer) => answer.code)).toEqual([1, 1, 1]);
    expect(new Set(answers.map((answer) => answer.data.secret)).size).toBe(1);
  });

  it('ends a sign-in waiting for its code once the password changes or staff end the sessions', async () => {
    const user = await registered();
    const phone = await enrol(user.token);
    const waiting = await challengeOf(user);

    rt.clock.advance(61_000); // the registration's code was sent a moment ago
    expect(await user.client.postForm('/api/notify/send_email', { type: 2 }, user.token)).toMatchObject({
      code: 1,
    });
    const changed = await user.client.postForm<{ token: string }>(
      '/api/user/amend_password',
      {
        old_password: PASSWORD,
        new_password: 'Changed-pass-82',
        re_password: 'Changed-pass-82',
        auth_code: await user.client.codeFromOutbox(user.email),
      },
      user.token,
    );
    expect(changed.code).toBe(1);
    nextStep();
    // The challenge was opened by the password that no longer exists.
    const expired = { code: 0, msg: 'This sign-in has expired: enter your password again' };
    expect(await user.secondStep(waiting, { code: await codeNow(phone.secret) })).toMatchObject(expired);

    const again = (await user.login('Changed-pass-82')).data as LoginChallenge;
    const admin = await adminToken(rt);
    expect(
      await post(`/admin/api/users/${user.id}/logout`, admin, { reason: 'Account reported stolen' }),
    ).toMatchObject({ code: 1 });
    expect(await user.secondStep(again.challenge, { code: await codeNow(phone.secret) })).toMatchObject(
      expired,
    );
  });

  it('spends one recovery code when the steps of one sign-in race', async () => {
    const user = await registered();
    const phone = await enrol(user.token);
    const challenge = await challengeOf(user);
    const answers = await Promise.all(
      phone.recoveryCodes.slice(0, 3).map((code) => user.secondStep(challenge, { recovery_code: code })),
    );
    expect(answers.filter((answer) => answer.code === 1)).toHaveLength(1);
    expect(answers.filter((answer) => answer.code !== 1)).toEqual([
      { code: 0, msg: 'This sign-in has expired: enter your password again', data: null },
      { code: 0, msg: 'This sign-in has expired: enter your password again', data: null },
    ]);
    expect(await get('/api/user/two_factor', user.token)).toMatchObject({ data: { recovery_codes_left: 9 } });
  });

  it('counts wrong codes as failed logins: five lock the account, even against the right code and password', async () => {
    const user = await registered();
    const phone = await enrol(user.token);
    nextStep();
    const challenge = await challengeOf(user);
    for (let attempt = 0; attempt < 5; attempt++)
      expect(await user.secondStep(challenge, { code: await wrongCode(phone.secret) })).toMatchObject(
        WRONG_CODE,
      );
    expect(await user.secondStep(challenge, { code: await codeNow(phone.secret) })).toMatchObject(LOCKED);
    // A right password does not wipe the wrong codes' count: it is locked too.
    expect(await user.login()).toMatchObject(LOCKED);

    rt.clock.advance(15 * 60_000 + 1);
    const again = await challengeOf(user);
    expect(await user.secondStep(again, { code: await codeNow(phone.secret) })).toMatchObject({ code: 1 });
  });

  it('asks a withdrawal for a current code once two-step sign-in is on, and holds nothing without one', async () => {
    const user = await registered();
    const t = tradingClient(rt);
    const m = moneyClient(rt);
    // A payout method is used at once here: its waiting time has tests of its own.
    await m.payoutCooling(0);
    await rt.trading.changeBalance(
      { id: user.id, isDemo: false },
      {
        postings: [{ kind: 'adjustment', amountMicros: parseMicros('1000')! }],
        refId: 0,
        requireFreeMargin: false,
      },
      { answer: () => null },
    );
    const [usdt] = (await m.get<Array<{ id: number }>>('/api/account/draw_symbol_list?type=1', user.token))
      .data;
    const method = await m.post<DrawMethod>('/api/wallet/bind_draw_method', user.token, {
      type: 1,
      draw_currency_id: usdt!.id,
      dc_address: TRC20_ADDRESS,
    });
    const draw = (extra: Record<string, unknown> = {}) =>
      m.post<WithdrawRecord>('/api/account/draw', user.token, {
        draw_currency_id: usdt!.id,
        draw_method_id: method.data.id,
        number: '100',
        ...extra,
      });
    // Without two-step sign-in a withdrawal needs no code.
    expect(await draw()).toMatchObject({ code: 1, data: { number: 100 } });

    const phone = await enrol(user.token);
    nextStep();
    expect(await draw()).toMatchObject({
      code: 0,
      msg: 'Enter the code from your authenticator app to withdraw',
    });
    expect(await draw({ totp_code: await wrongCode(phone.secret) })).toMatchObject(WRONG_CODE);
    expect(await draw({ totp_code: '12ab56' })).toMatchObject({ code: 422 });
    expect((await t.figures(user.token)).data).toMatchObject({ balance: 900, withdraw_hold: 100 });

    const code = await codeNow(phone.secret);
    expect(await draw({ totp_code: code })).toMatchObject({ code: 1, data: { number: 100, fee: 1 } });
    // The same code again is a replay, not a second withdrawal.
    expect(await draw({ totp_code: code })).toMatchObject(USED_CODE);
    expect((await t.figures(user.token)).data).toMatchObject({ balance: 800, withdraw_hold: 200 });
    expect(await t.expectLedgerBalanced(user.id)).toBe(800_000_000n);
  });

  it('turns off with the password and a code, after which the password alone signs in', async () => {
    const user = await registered();
    const phone = await enrol(user.token);
    nextStep();
    expect(
      await post('/api/user/two_factor/disable', user.token, {
        password: 'Wrong-pass-81',
        code: await codeNow(phone.secret),
      }),
    ).toMatchObject({ code: 0, msg: 'The current password is wrong' });
    expect(
      await post('/api/user/two_factor/disable', user.token, {
        password: PASSWORD,
        code: await wrongCode(phone.secret),
      }),
    ).toMatchObject(WRONG_CODE);
    expect((await get<{ two_factor: number }>('/api/user/info', user.token)).data.two_factor).toBe(1);
    expect(
      await post('/api/user/two_factor/disable', user.token, {
        password: PASSWORD,
        recovery_code: phone.recoveryCodes[3],
      }),
    ).toMatchObject({ code: 1, msg: 'Two-step sign-in is off' });
    expect((await noticesTo(user.email)).map((m) => m.subject)).toEqual([
      'Two-step sign-in was turned on',
      'Two-step sign-in was turned off',
    ]);
    expect(await get('/api/user/two_factor', user.token)).toMatchObject({
      data: { enabled: 0, recovery_codes_left: 0 },
    });
    expect(await user.login()).toMatchObject({ code: 1, data: { token: expect.any(String) } });
  });

  it('lets compliance reset a lost authenticator with a reason, audited, and refuses other roles', async () => {
    const user = await registered();
    await enrol(user.token);
    const compliance = await staffToken(rt, ['compliance']);
    const finance = await staffToken(rt, ['finance']);
    const url = `/admin/api/users/${user.id}/two_factor/reset`;
    expect(await post(url, finance, { reason: 'Lost phone' })).toMatchObject({ code: 403 });
    expect(await post(url, compliance, { reason: '' })).toMatchObject({ code: 422 });
    expect(await get(`/admin/api/users/${user.id}`, compliance)).toMatchObject({ data: { two_factor: 1 } });

    expect(await post(url, compliance, { reason: 'Lost phone, identity checked by call' })).toMatchObject({
      code: 1,
      data: { id: user.id, two_factor: 0 },
    });
    const notices = await noticesTo(user.email);
    expect(notices.map((m) => m.subject)).toEqual([
      'Two-step sign-in was turned on',
      'Two-step sign-in was reset',
    ]);
    expect(notices[1]!.body).toContain('Our staff reset two-step sign-in for your account');
    expect(notices[1]!.body).toContain('If you did not ask for this, contact customer service at once');
    expect(notices[1]!.body).not.toContain('Lost phone');
    expect(await post(url, compliance, { reason: 'Again' })).toMatchObject({
      code: 0,
      msg: 'Two-step sign-in is not on for this account: sign in with your password',
    });
    expect(await user.login()).toMatchObject({ code: 1, data: { token: expect.any(String) } });

    const audit = await get<{ list: WireAuditEntry[] }>(
      `/admin/api/audit?target_type=user&target_id=${user.id}`,
      await adminToken(rt),
    );
    expect(audit.data.list[0]).toMatchObject({
      action: 'user.two_factor_reset',
      before: { two_factor: 1 },
      after: { two_factor: 0, reason: 'Lost phone, identity checked by call' },
    });
  });
});
