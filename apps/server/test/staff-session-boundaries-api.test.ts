/**
 * Where a back-office session ends and what it opens, through the HTTP layer on a real database:
 * a sign-in still at its second factor opens none of the working calls, a user's token none of the
 * back office's and a staff token none of a user's, on every route the API documents; a new
 * password, a disabling or an authenticator reset ends the member's working and pending sessions at
 * once; a removed role stops working at the next call.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffRole } from '@omp/protocol';
import {
  adminToken,
  authenticatorOf,
  callApi,
  newStaffMember,
  staffLogin,
  staffSignIn,
  totpAt,
} from './helpers/staff-helpers.ts';
import { databaseEngines, startTestRuntime, type TestRuntime } from './helpers/test-runtime.ts';
import { tradingClient } from './helpers/trading-helpers.ts';

/** The calls a sign-in at its second factor is for: the code steps, and ending it. */
const SECOND_FACTOR_CALLS = [
  '/admin/api/2fa/enrol',
  '/admin/api/2fa/enrol/confirm',
  '/admin/api/2fa/verify',
  '/admin/api/logout',
];

describe.each(databaseEngines())('staff session boundaries on %s', (engine) => {
  let rt: TestRuntime;
  let admin: string;

  beforeAll(async () => {
    rt = await startTestRuntime({ engine });
    admin = await adminToken(rt);
  });
  afterAll(async () => {
    await rt?.dispose();
  });

  const get = <T = unknown>(url: string, token?: string) => callApi<T>(rt, 'GET', url, token);
  const post = <T = unknown>(url: string, token: string | undefined, body: Record<string, unknown> = {}) =>
    callApi<T>(rt, 'POST', url, token, body);
  const step = () => Math.floor(rt.clock.now() / 30_000);

  const newMember = (roles: StaffRole[]) => newStaffMember(rt, roles, 'bounds');

  /** Every documented call (method and path, its parameters filled in) whose path passes `keep`. */
  async function documentedCalls(keep: (path: string) => boolean) {
    const doc = (await rt.app.inject({ method: 'GET', url: '/openapi.json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    return Object.entries(doc.paths)
      .filter(([path]) => keep(path))
      .flatMap(([path, methods]) =>
        Object.keys(methods).map((method) => ({
          method: method.toUpperCase() as 'GET' | 'POST',
          url: path.replace(/\{[^}]+\}/g, '1'),
        })),
      );
  }

  it('opens no working call to a sign-in still at its second factor, on any back-office route', async () => {
    const member = await newMember(['admin']);
    const pending = (await staffLogin(rt, member.username, member.password)).data.token;
    const calls = await documentedCalls(
      (path) =>
        path.startsWith('/admin/api/') && path !== '/admin/api/login' && !SECOND_FACTOR_CALLS.includes(path),
    );
    expect(calls.length).toBeGreaterThan(40);
    for (const call of calls)
      expect(
        await callApi(rt, call.method, call.url, pending, {}),
        `${call.method} ${call.url}`,
      ).toMatchObject({
        code: 999,
      });
  });

  it('lets a sign-in still at its second factor end itself, and only itself', async () => {
    const member = await newMember(['finance']);
    const working = await staffSignIn(rt, member.username, member.password);
    rt.clock.advance(30_000);
    const pending = (await staffLogin(rt, member.username, member.password)).data.token;
    expect(await post('/admin/api/logout', pending)).toMatchObject({ code: 1 });
    // Ended: its code step is closed now, not for the rest of its 10 minutes.
    const code = await totpAt(authenticatorOf(rt, member.username)!.secret, step());
    expect(await post('/admin/api/2fa/verify', pending, { code })).toMatchObject({ code: 999 });
    expect(await post('/admin/api/logout', pending)).toMatchObject({ code: 999 });
    // The member's working session elsewhere stays.
    expect(await get('/admin/api/me', working)).toMatchObject({ code: 1 });
  });

  it('takes no user token on any back-office route, and no staff token on any user route', async () => {
    const user = await tradingClient(rt).realUser('0');
    const staffCalls = await documentedCalls(
      (path) => path.startsWith('/admin/api/') && path !== '/admin/api/login',
    );
    for (const call of staffCalls)
      expect(
        await callApi(rt, call.method, call.url, user.token, {}),
        `${call.method} ${call.url}`,
      ).toMatchObject({
        code: 999,
      });

    const doc = (await rt.app.inject({ method: 'GET', url: '/openapi.json' })).json() as {
      paths: Record<string, Record<string, { security?: Array<Record<string, unknown>> }>>;
    };
    const userCalls = Object.entries(doc.paths)
      .filter(([path]) => !path.startsWith('/admin/'))
      .flatMap(([path, methods]) =>
        Object.entries(methods)
          .filter(([, operation]) => operation.security?.some((requirement) => 'token' in requirement))
          .map(([method]) => ({
            method: method.toUpperCase() as 'GET' | 'POST',
            url: path.replace(/\{[^}]+\}/g, '1'),
          })),
      );
    expect(userCalls.length).toBeGreaterThan(20);
    for (const call of userCalls)
      expect(await callApi(rt, call.method, call.url, admin, {}), `${call.method} ${call.url}`).toMatchObject(
        {
          code: 999,
        },
      );
  });

  it.each([
    ['a new password', { password: 'Replaced-pass-2026' }],
    ['a disabling', { disabled: 1 }],
    ['an authenticator reset', { reset_second_factor: 1 }],
  ])('ends working and pending sessions at once at %s', async (_change, change) => {
    const member = await newMember(['finance']);
    const working = await staffSignIn(rt, member.username, member.password);
    const phone = authenticatorOf(rt, member.username)!;
    rt.clock.advance(30_000);
    const pending = (await staffLogin(rt, member.username, member.password)).data.token;
    expect(await get('/admin/api/me', working)).toMatchObject({ code: 1 });

    expect(await post(`/admin/api/staff/${member.id}`, admin, change)).toMatchObject({ code: 1 });
    expect(await get('/admin/api/me', working)).toMatchObject({ code: 999 });
    expect(await get('/admin/api/deposits', working)).toMatchObject({ code: 999 });
    // The sign-in that had passed its password cannot finish either.
    expect(
      await post('/admin/api/2fa/verify', pending, { code: await totpAt(phone.secret, step()) }),
    ).toMatchObject({ code: 999 });
    expect(await post('/admin/api/2fa/enrol', pending)).toMatchObject({ code: 999 });
    expect(await get('/admin/api/me', pending)).toMatchObject({ code: 999 });
  });

  it('stops a removed role at the next call, while the session goes on', async () => {
    const member = await newMember(['compliance', 'finance']);
    const token = await staffSignIn(rt, member.username, member.password);
    expect(await get('/admin/api/identity', token)).toMatchObject({ code: 1 });
    expect(await get('/admin/api/deposits', token)).toMatchObject({ code: 1 });

    expect(await post(`/admin/api/staff/${member.id}`, admin, { roles: ['finance'] })).toMatchObject({
      code: 1,
    });
    expect(await get('/admin/api/identity', token)).toMatchObject({ code: 403 });
    expect(await get('/admin/api/deposits', token)).toMatchObject({ code: 1 });

    // An admin who loses the role loses staff management at once too.
    const other = await newMember(['admin']);
    const otherToken = await staffSignIn(rt, other.username, other.password);
    expect(await get('/admin/api/staff', otherToken)).toMatchObject({ code: 1 });
    expect(await post(`/admin/api/staff/${other.id}`, admin, { roles: ['support'] })).toMatchObject({
      code: 1,
    });
    expect(await get('/admin/api/staff', otherToken)).toMatchObject({ code: 403 });
    expect(await post(`/admin/api/staff/${member.id}`, otherToken, { roles: ['admin'] })).toMatchObject({
      code: 403,
    });
  });

  /** A call from an address of the test's choosing. */
  const postFrom = async (address: string, url: string, token: string | undefined, body: object) =>
    (
      await rt.app.inject({
        method: 'POST',
        url,
        remoteAddress: address,
        headers: {
          lang: 'en',
          'content-type': 'application/json',
          ...(token ? { authorization: token } : {}),
        },
        payload: JSON.stringify(body),
      })
    ).json() as { code: number; msg: string };

  it('counts wrong passwords, codes and recovery codes together under the name’s lock', async () => {
    const member = await newMember(['finance']);
    await staffSignIn(rt, member.username, member.password);
    const phone = authenticatorOf(rt, member.username)!;
    rt.clock.advance(30_000);
    for (let i = 0; i < 2; i++)
      expect((await staffLogin(rt, member.username, `Wrong-pass-${i}-2026`)).code).toBe(0);
    const pending = (await staffLogin(rt, member.username, member.password)).data.token;
    const right = await totpAt(phone.secret, step());
    const wrong = String((Number(right) + 500_000) % 1_000_000).padStart(6, '0');
    expect(await post('/admin/api/2fa/verify', pending, { code: wrong })).toMatchObject({ code: 0 });
    for (const code of ['aaaaa-bbbbb', 'ccccc-ddddd'])
      expect(await post('/admin/api/2fa/verify', pending, { recovery_code: code })).toMatchObject({
        code: 0,
        msg: 'That recovery code is unknown or already spent',
      });
    // Five failures of three kinds: the right code, a right recovery code and the password are refused.
    expect(await post('/admin/api/2fa/verify', pending, { code: right })).toMatchObject({ code: 429 });
    expect(
      await post('/admin/api/2fa/verify', pending, { recovery_code: phone.recoveryCodes[0] }),
    ).toMatchObject({ code: 429 });
    expect(await staffLogin(rt, member.username, member.password)).toMatchObject({ code: 429 });
    expect(await get('/admin/api/me', pending)).toMatchObject({ code: 999 });
  });

  it('lets no code through from an address that used up its failures, and counts codes against it', async () => {
    const member = await newMember(['finance']);
    await staffSignIn(rt, member.username, member.password);
    const phone = authenticatorOf(rt, member.username)!;
    rt.clock.advance(30_000);
    const pending = (await staffLogin(rt, member.username, member.password)).data.token;

    // Wrong codes from an address count against it as wrong passwords do: 29 guesses at other names
    // and one wrong code lock the address's password logins.
    const guessing = `10.66.${member.id % 250}.1`;
    for (let i = 0; i < 29; i++)
      expect(
        (
          await postFrom(guessing, '/admin/api/login', undefined, {
            username: `guess-${member.id}-${i}`,
            password: 'Guess-pass-1',
          })
        ).code,
      ).toBe(0);
    const right = await totpAt(phone.secret, step());
    const wrong = String((Number(right) + 500_000) % 1_000_000).padStart(6, '0');
    expect(await postFrom(guessing, '/admin/api/2fa/verify', pending, { code: wrong })).toMatchObject({
      code: 0,
    });
    expect(
      await postFrom(guessing, '/admin/api/login', undefined, {
        username: member.username,
        password: member.password,
      }),
    ).toMatchObject({ code: 429 });
    // And the address's lock stops the code step too, even with the right code.
    expect(await postFrom(guessing, '/admin/api/2fa/verify', pending, { code: right })).toMatchObject({
      code: 429,
    });
    expect(await get('/admin/api/me', pending)).toMatchObject({ code: 999 });
    // From another address the member goes on.
    expect(
      await postFrom(`10.67.${member.id % 250}.1`, '/admin/api/2fa/verify', pending, { code: right }),
    ).toMatchObject({
      code: 1,
    });
  });

  it('gives a first sign-in ten minutes to enrol: after them its secret is shown and confirmed no more', async () => {
    const member = await newMember(['finance']);
    const pending = (await staffLogin(rt, member.username, member.password)).data.token;
    const secret = (await post<{ secret: string }>('/admin/api/2fa/enrol', pending)).data.secret;
    rt.clock.advance(10 * 60_000);
    expect(await post('/admin/api/2fa/enrol', pending)).toMatchObject({ code: 999 });
    expect(
      await post('/admin/api/2fa/enrol/confirm', pending, { code: await totpAt(secret, step()) }),
    ).toMatchObject({ code: 999 });
    // The next sign-in enrols afresh, with a secret of its own.
    const next = (await staffLogin(rt, member.username, member.password)).data;
    expect(next.second_factor).toBe('enrol');
    expect((await post<{ secret: string }>('/admin/api/2fa/enrol', next.token)).data.secret).not.toBe(secret);
  });

  it('refuses an ended session at the very next call, and ends none of another member', async () => {
    const member = await newMember(['finance']);
    const laptop = await staffSignIn(rt, member.username, member.password);
    rt.clock.advance(30_000);
    const desktop = await staffSignIn(rt, member.username, member.password);
    const sessions = await get<Array<{ id: number; current: number }>>('/admin/api/sessions', desktop);
    const laptopId = sessions.data.find((session) => session.current === 0)!.id;

    // Another member, even an admin, cannot end it by its id, nor can it be guessed from a pending sign-in.
    const pending = (await staffLogin(rt, member.username, member.password)).data.token;
    expect(await post(`/admin/api/sessions/${laptopId}/revoke`, pending)).toMatchObject({ code: 999 });
    expect(await post(`/admin/api/sessions/${laptopId}/revoke`, admin)).toMatchObject({ code: 404 });
    expect(await get('/admin/api/me', laptop)).toMatchObject({ code: 1 });

    expect(await post(`/admin/api/sessions/${laptopId}/revoke`, desktop)).toMatchObject({ code: 1 });
    expect(await get('/admin/api/me', laptop)).toMatchObject({ code: 999 });
    expect(await post('/admin/api/logout', desktop)).toMatchObject({ code: 1 });
    expect(await get('/admin/api/me', desktop)).toMatchObject({ code: 999 });
  });
});
