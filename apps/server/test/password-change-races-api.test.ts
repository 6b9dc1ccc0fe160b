/**
 * A sign-in under way while the password changes, through the HTTP layer on a real database: a
 * login checks the password, then spends a scrypt's time before it writes its session, and a
 * change or reset meanwhile ends every session the user has. Whatever was proven with the old
 * password (a session, a two-step challenge), or opened from a session signed out meanwhile (the
 * own demo account's), must not outlive it.
 *
 * Each race is held still at the point that matters (the login between its password check and its
 * session, a second step between its code and its session, a demo session between its sign-in
 * check and its session), the change runs to its end, and then the held call is let go.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { heldPasswordHasher, holdPoint } from './helpers/held-passwords.ts';
import type { LoginChallenge, LoginResult } from '@omp/protocol';
import { UserRepository } from '../src/repositories/user-repository.ts';
import { accountClient } from './helpers/account-helpers.ts';
import { totpAt } from './helpers/staff-helpers.ts';
import { databaseEngines, startTestRuntime, type TestRuntime } from './helpers/test-runtime.ts';

const PASSWORD = 'Sturdy-pass-81';
const NEW_PASSWORD = 'Renewed-pass-789';
const LOGIN_FAILED = { code: 0, msg: 'The account or password is wrong' };

const { passwords, heldChecks } = heldPasswordHasher();

describe.each(databaseEngines())('sign-ins racing a password change on %s', (engine) => {
  let rt: TestRuntime;
  let counter = 0;

  beforeAll(async () => {
    rt = await startTestRuntime({ engine, passwords });
  });
  afterAll(async () => rt?.dispose());
  afterEach(() => {
    heldChecks.length = 0;
    vi.restoreAllMocks();
  });

  /** A registered trader (e-mail and password) from an address of their own. */
  async function registered() {
    const n = ++counter;
    const client = accountClient(rt, `10.8.${n}.1`);
    const email = `racing-${n}-${engine}@example.com`;
    const sendCode = async (type: 1 | 2) =>
      expect(
        (
          await client.postForm('/api/notify/send_email', {
            to: email,
            type,
            ...(await client.solvedCaptcha()),
          })
        ).code,
      ).toBe(1);
    await sendCode(1);
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
    /** "Forgot password": a code to the address, then the new password with it. */
    const reset = async () => {
      await sendCode(2);
      return client.postForm('/api/user/forget_password', {
        type: 'email',
        account: email,
        new_password: NEW_PASSWORD,
        secondary_password: NEW_PASSWORD,
        auth_code: await client.codeFromOutbox(email),
      });
    };
    const info = (token: string) => client.get('/api/user/info', token);
    return { client, email, token: created.data.token, id: created.data.user.id, login, reset, info };
  }

  /** Starts a login and waits until its password was checked; `release` lets it go on. */
  async function loginHeldAfterItsCheck(login: () => Promise<unknown>) {
    const held = holdPoint();
    heldChecks.push(held);
    const answer = login();
    await held.reached;
    return { answer, release: held.release };
  }

  it('a login whose password was checked before a reset opens no session', async () => {
    const user = await registered();
    const { answer, release } = await loginHeldAfterItsCheck(() => user.login());
    expect(await user.reset()).toMatchObject({ code: 1 });
    release();
    // The old password no longer opens anything: what a login with it now would be told.
    expect(await answer).toMatchObject(LOGIN_FAILED);
    expect(await user.info(user.token)).toMatchObject({ code: 999 });
    expect(await user.login()).toMatchObject(LOGIN_FAILED);
    expect(await user.login(NEW_PASSWORD)).toMatchObject({ code: 1 });
  });

  it('a login whose password was checked before a change opens no session; the changing device gets its token', async () => {
    const user = await registered();
    const { answer, release } = await loginHeldAfterItsCheck(() => user.login());
    expect((await user.client.postForm('/api/notify/send_email', { type: 2 }, user.token)).code).toBe(1);
    const changed = await user.client.postForm<{ token: string }>(
      '/api/user/amend_password',
      {
        old_password: PASSWORD,
        new_password: NEW_PASSWORD,
        re_password: NEW_PASSWORD,
        auth_code: await user.client.codeFromOutbox(user.email),
      },
      user.token,
    );
    expect(changed).toMatchObject({ code: 1 });
    release();
    expect(await answer).toMatchObject(LOGIN_FAILED);
    expect(await user.info(changed.data.token)).toMatchObject({ code: 1 });
    expect(await user.info(user.token)).toMatchObject({ code: 999 });
  });

  /** Turns two-step sign-in on as the phone does; answers the authenticator's secret. */
  async function enrolled(token: string, client: ReturnType<typeof accountClient>) {
    const started = await client.postForm<{ secret: string }>('/api/user/two_factor/enrol', {}, token);
    expect(started.code).toBe(1);
    const confirmed = await client.postForm(
      '/api/user/two_factor/enrol/confirm',
      { password: PASSWORD, code: await codeNow(started.data.secret) },
      token,
    );
    expect(confirmed.code).toBe(1);
    rt.clock.advance(30_000); // the code of this step is spent
    return started.data.secret;
  }
  const codeNow = (secret: string) => totpAt(secret, Math.floor(rt.clock.now() / 30_000));

  it('a two-step login whose password was checked before a reset opens no challenge', async () => {
    const user = await registered();
    await enrolled(user.token, user.client);
    const { answer, release } = await loginHeldAfterItsCheck(() => user.login());
    expect(await user.reset()).toMatchObject({ code: 1 });
    release();
    expect(await answer).toMatchObject(LOGIN_FAILED);
  });

  it('a second step whose code passed before a reset opens no session', async () => {
    const user = await registered();
    const secret = await enrolled(user.token, user.client);
    // Two-step sign-in answers code 0 and the challenge its code step answers.
    const challenge = (await user.login()) as { code: number; data: LoginChallenge };
    expect(challenge.data.challenge).toEqual(expect.any(String));
    // Held after the code passed, as it reads the user its session is for.
    const held = holdPoint();
    const byId = UserRepository.prototype.byId;
    const spy = vi.spyOn(UserRepository.prototype, 'byId').mockImplementation(async function (
      this: UserRepository,
      id: number,
    ) {
      spy.mockRestore();
      await held.pass();
      return byId.call(this, id);
    });
    const step = user.client.postForm<LoginResult>('/api/user/login/second_factor', {
      challenge: challenge.data.challenge,
      code: await codeNow(secret),
    });
    await held.reached;
    expect(await user.reset()).toMatchObject({ code: 1 });
    held.release();
    expect(await step).toMatchObject({
      code: 0,
      msg: 'This sign-in has expired: enter your password again',
    });
  });

  it('a demo session asked for from a session signed out meanwhile does not open', async () => {
    const user = await registered();
    const other = (await user.login()) as { code: number; data: LoginResult };
    expect(other.code).toBe(1);
    // Held after the asking session was accepted, as it looks for the own demo account.
    const held = holdPoint();
    const demoAccountOf = UserRepository.prototype.demoAccountOf;
    const spy = vi.spyOn(UserRepository.prototype, 'demoAccountOf').mockImplementation(async function (
      this: UserRepository,
      ownerId: number,
    ) {
      spy.mockRestore();
      await held.pass();
      return demoAccountOf.call(this, ownerId);
    });
    const demo = user.client.postForm<LoginResult>('/api/user/demo_session', {}, other.data.token);
    await held.reached;
    const signedOut = await user.client.postForm<{ ended: number }>(
      '/api/user/sessions/sign_out_others',
      {},
      user.token,
    );
    expect(signedOut).toMatchObject({ code: 1, data: { ended: 1 } });
    held.release();
    expect(await demo).toMatchObject({ code: 999 });
    expect(await user.info(other.data.token)).toMatchObject({ code: 999 });
    // The device that stayed may still open it.
    expect(await user.client.postForm('/api/user/demo_session', {}, user.token)).toMatchObject({ code: 1 });
  });
});
