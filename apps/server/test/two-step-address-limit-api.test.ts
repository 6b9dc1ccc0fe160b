/**
 * The code step of a trader's two-step login is a login: from an address that used up its failed
 * logins it is refused as a password would be, and its wrong codes count against the address.
 * Through the HTTP layer on a real database, with codes computed as an authenticator app does.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginChallenge, LoginResult } from '@omp/protocol';
import { accountClient } from './helpers/account-helpers.ts';
import { callApi, totpAt } from './helpers/staff-helpers.ts';
import { databaseEngines, startTestRuntime, type TestRuntime } from './helpers/test-runtime.ts';

const PASSWORD = 'Sturdy-pass-81';
const ADDRESS_LOCKED = { code: 429 };

describe.each(databaseEngines())('two-step login under the address limit on %s', (engine) => {
  let rt: TestRuntime;

  beforeAll(async () => {
    rt = await startTestRuntime({ engine });
  });
  afterAll(async () => rt?.dispose());

  const step = () => Math.floor(rt.clock.now() / 30_000);

  it('refuses the code step from a locked address, and counts its wrong codes against the address', async () => {
    const home = accountClient(rt, '10.31.0.1');
    const email = `address-limit-${engine}@example.com`;
    await home.postForm('/api/notify/send_email', { to: email, type: 1, ...(await home.solvedCaptcha()) });
    const created = await home.postForm<LoginResult>('/api/user/register', {
      type: 'email',
      account: email,
      password: PASSWORD,
      re_password: PASSWORD,
      sms_code: await home.codeFromOutbox(email),
    });
    expect(created.code).toBe(1);
    const token = created.data.token;
    const started = await callApi<{ secret: string }>(rt, 'POST', '/api/user/two_factor/enrol', token, {});
    const secret = started.data.secret;
    expect(
      await callApi(rt, 'POST', '/api/user/two_factor/enrol/confirm', token, {
        password: PASSWORD,
        code: await totpAt(secret, step()),
      }),
    ).toMatchObject({ code: 1 });
    rt.clock.advance(30_000);
    const challenge = (
      (await home.postForm<LoginChallenge>('/api/user/loginForU', { account: email, password: PASSWORD }))
        .data as LoginChallenge
    ).challenge;

    // 29 guesses at other accounts and one wrong code from the same address use up its failures.
    const guessing = accountClient(rt, '10.32.0.1');
    for (let i = 0; i < 29; i++)
      expect(
        (
          await guessing.postForm('/api/user/loginForU', {
            account: `guess-${i}@example.com`,
            password: 'Guess-1x',
          })
        ).code,
      ).toBe(0);
    const right = await totpAt(secret, step());
    const wrong = String((Number(right) + 500_000) % 1_000_000).padStart(6, '0');
    const secondStep = (client: typeof home, code: string) =>
      client.postForm<LoginResult>('/api/user/login/second_factor', { challenge, code });
    expect(await secondStep(guessing, wrong)).toMatchObject({ code: 0 });
    expect(
      await guessing.postForm('/api/user/loginForU', { account: email, password: PASSWORD }),
    ).toMatchObject(ADDRESS_LOCKED);
    // The right code from that address is refused too; from the trader's own it opens the session.
    expect(await secondStep(guessing, right)).toMatchObject(ADDRESS_LOCKED);
    expect(await secondStep(home, right)).toMatchObject({ code: 1 });
  });
});
