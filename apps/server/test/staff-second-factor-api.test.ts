/**
 * Staff sign-in's second factor through the HTTP layer on a real database: enrolment at the first
 * login (codes computed with the same TOTP library an authenticator app follows), no way round
 * it, codes good once, recovery codes spent once, the failure lock, the admin's reset, and staff
 * seeing and ending their own sessions.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WireAuditEntry, WireStaff, WireStaffSession } from '@omp/protocol';
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

describe.each(databaseEngines())('staff second factor on %s', (engine) => {
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

  /** A new finance member, created by the admin; their name and password. */
  const newMember = () => newStaffMember(rt, ['finance'], 'desk');

  it('makes a first login enrol an authenticator before anything opens', async () => {
    const member = await newMember();
    const login = await staffLogin(rt, member.username, member.password);
    expect(login).toMatchObject({ code: 1, data: { second_factor: 'enrol', staff: { second_factor: 0 } } });
    const pending = login.data.token;

    // The password alone opens nothing, and a code cannot be given before enrolling.
    expect(await get('/admin/api/me', pending)).toMatchObject({ code: 999 });
    expect(await get('/admin/api/deposits', pending)).toMatchObject({ code: 999 });
    expect(await post('/admin/api/2fa/verify', pending, { code: '123456' })).toMatchObject({
      code: 0,
      msg: 'No authenticator is enrolled yet: enrol one first',
    });
    expect(await post('/admin/api/2fa/enrol/confirm', pending, { code: '123456' })).toMatchObject({
      code: 0,
      msg: 'Start the enrolment first: scan the code it shows',
    });

    const first = await post<{ secret: string; otpauth_url: string }>('/admin/api/2fa/enrol', pending);
    expect(first.code).toBe(1);
    expect(first.data.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(first.data.otpauth_url).toContain(`otpauth://totp/`);
    expect(first.data.otpauth_url).toContain(`secret=${first.data.secret}`);
    expect(decodeURIComponent(first.data.otpauth_url)).toContain(member.username);
    // A reload shows the same QR code until a code confirms it.
    expect((await post<{ secret: string }>('/admin/api/2fa/enrol', pending)).data.secret).toBe(
      first.data.secret,
    );

    const wrongCode = (Number(await totpAt(first.data.secret, step())) + 1) % 1_000_000;
    expect(
      await post('/admin/api/2fa/enrol/confirm', pending, { code: String(wrongCode).padStart(6, '0') }),
    ).toMatchObject({ code: 0, msg: 'That authenticator code is wrong or has expired' });
    expect(await get('/admin/api/me', pending)).toMatchObject({ code: 999 });

    const confirmed = await post<{ recovery_codes: string[]; staff: WireStaff }>(
      '/admin/api/2fa/enrol/confirm',
      pending,
      { code: await totpAt(first.data.secret, step()) },
    );
    expect(confirmed).toMatchObject({ code: 1, data: { staff: { second_factor: 1 } } });
    expect(confirmed.data.recovery_codes).toHaveLength(10);
    expect(new Set(confirmed.data.recovery_codes).size).toBe(10);
    expect(await get('/admin/api/me', pending)).toMatchObject({
      code: 1,
      data: { username: member.username },
    });
    // Once enrolled, enrolment is closed: a stolen password cannot enrol a second phone.
    const next = await staffLogin(rt, member.username, member.password);
    expect(next.data.second_factor).toBe('verify');
    expect(await post('/admin/api/2fa/enrol', next.data.token)).toMatchObject({
      code: 0,
      msg: 'An authenticator is already enrolled: give its code',
    });
  });

  it('enrols once when one sign-in confirms twice at the same moment: one set of recovery codes, and it works', async () => {
    const member = await newMember();
    const login = await staffLogin(rt, member.username, member.password);
    const started = await post<{ secret: string }>('/admin/api/2fa/enrol', login.data.token);
    // Codes of two time steps, each good once: both pass the code check.
    const earlier = await totpAt(started.data.secret, step() - 1);
    const now = await totpAt(started.data.secret, step());
    const answers = await Promise.all(
      [earlier, now].map((code) =>
        post<{ recovery_codes: string[] }>('/admin/api/2fa/enrol/confirm', login.data.token, { code }),
      ),
    );
    const enrolled = answers.filter((answer) => answer.code === 1);
    expect(enrolled).toHaveLength(1);
    // The other is refused: the session has passed its second factor by then.
    expect(answers.find((answer) => answer.code !== 1)).toMatchObject({
      code: 0,
      msg: 'This session has already passed its second factor',
    });
    // The codes shown are the ones that sign in.
    rt.clock.advance(30_000);
    const next = await staffLogin(rt, member.username, member.password);
    expect(
      await post('/admin/api/2fa/verify', next.data.token, {
        recovery_code: enrolled[0]!.data.recovery_codes[0],
      }),
    ).toMatchObject({ code: 1 });
  });

  it('shows a pending secret to the sign-in that started it only, and lets no other confirm it', async () => {
    const member = await newMember();
    // Someone holding the password opens a sign-in of their own first and reads its secret.
    const intruder = (await staffLogin(rt, member.username, member.password)).data.token;
    const seen = (await post<{ secret: string }>('/admin/api/2fa/enrol', intruder)).data.secret;

    // The member's own sign-in gets a secret of its own, the same one again on a reload.
    const own = (await staffLogin(rt, member.username, member.password)).data.token;
    const scanned = (await post<{ secret: string }>('/admin/api/2fa/enrol', own)).data.secret;
    expect(scanned).not.toBe(seen);
    expect((await post<{ secret: string }>('/admin/api/2fa/enrol', own)).data.secret).toBe(scanned);

    // The first sign-in's secret is gone, and that sign-in cannot confirm the member's.
    const notStarted = { code: 0, msg: 'Start the enrolment first: scan the code it shows' };
    for (const secret of [seen, scanned])
      expect(
        await post('/admin/api/2fa/enrol/confirm', intruder, { code: await totpAt(secret, step()) }),
      ).toMatchObject(notStarted);
    expect(await get('/admin/api/me', intruder)).toMatchObject({ code: 999 });

    expect(
      await post('/admin/api/2fa/enrol/confirm', own, { code: await totpAt(scanned, step()) }),
    ).toMatchObject({ code: 1, data: { staff: { second_factor: 1 } } });
    expect(await get('/admin/api/me', own)).toMatchObject({ code: 1 });

    // The enrolled authenticator is the one scanned: codes of the one read earlier open nothing.
    rt.clock.advance(30_000);
    const later = (await staffLogin(rt, member.username, member.password)).data.token;
    expect(await post('/admin/api/2fa/verify', later, { code: await totpAt(seen, step()) })).toMatchObject({
      code: 0,
      msg: 'That authenticator code is wrong or has expired',
    });
    expect(await post('/admin/api/2fa/verify', later, { code: await totpAt(scanned, step()) })).toMatchObject(
      { code: 1 },
    );
    // The intruder's sign-in, still pending, cannot enrol another phone now.
    expect(await post('/admin/api/2fa/enrol', intruder)).toMatchObject({
      code: 0,
      msg: 'An authenticator is already enrolled: give its code',
    });
  });

  it('accepts a code once, then the next one, and a recovery code once', async () => {
    const member = await newMember();
    await staffSignIn(rt, member.username, member.password);
    const phone = authenticatorOf(rt, member.username)!;

    const again = (await staffLogin(rt, member.username, member.password)).data.token;
    expect(
      await post('/admin/api/2fa/verify', again, { code: await totpAt(phone.secret, step()) }),
    ).toMatchObject({
      code: 0,
      msg: 'That authenticator code was already used: wait for the next one',
    });
    rt.clock.advance(30_000);
    expect(
      await post('/admin/api/2fa/verify', again, { code: await totpAt(phone.secret, step()) }),
    ).toMatchObject({
      code: 1,
      data: { recovery_codes_left: 10 },
    });
    expect(await post('/admin/api/2fa/verify', again, { code: '000000' })).toMatchObject({
      code: 0,
      msg: 'This session has already passed its second factor',
    });

    const recovery = phone.recoveryCodes[0]!;
    const lostPhone = (await staffLogin(rt, member.username, member.password)).data.token;
    expect(
      await post('/admin/api/2fa/verify', lostPhone, { recovery_code: recovery.toUpperCase() }),
    ).toMatchObject({ code: 1, data: { recovery_codes_left: 9 } });
    const twice = (await staffLogin(rt, member.username, member.password)).data.token;
    expect(await post('/admin/api/2fa/verify', twice, { recovery_code: recovery })).toMatchObject({
      code: 0,
      msg: 'That recovery code is unknown or already spent',
    });
    expect(
      await post('/admin/api/2fa/verify', twice, { code: '123456', recovery_code: recovery }),
    ).toMatchObject({ code: 422, msg: 'Send either the authenticator code or a recovery code' });
    expect((await post('/admin/api/2fa/verify', twice, { code: '12345' })).code).toBe(422);

    // Steps of one sign-in racing, each with another recovery code: one opens it, one code is spent.
    const racing = (await staffLogin(rt, member.username, member.password)).data.token;
    const answers = await Promise.all(
      phone.recoveryCodes
        .slice(1, 4)
        .map((code) => post('/admin/api/2fa/verify', racing, { recovery_code: code })),
    );
    expect(answers.filter((answer) => answer.code !== 1)).toMatchObject([
      { code: 0, msg: 'This session has already passed its second factor' },
      { code: 0, msg: 'This session has already passed its second factor' },
    ]);
    expect(answers.find((answer) => answer.code === 1)).toMatchObject({ data: { recovery_codes_left: 8 } });
  });

  it('locks the name after five wrong codes, even for the right code', async () => {
    const member = await newMember();
    await staffSignIn(rt, member.username, member.password);
    const phone = authenticatorOf(rt, member.username)!;
    rt.clock.advance(30_000);
    const token = (await staffLogin(rt, member.username, member.password)).data.token;
    const right = await totpAt(phone.secret, step());
    const wrong = String((Number(right) + 500_000) % 1_000_000).padStart(6, '0');
    for (let i = 0; i < 5; i++)
      expect((await post('/admin/api/2fa/verify', token, { code: wrong })).code).toBe(0);
    const locked = await post('/admin/api/2fa/verify', token, { code: right });
    expect(locked).toMatchObject({ code: 429 });
    expect(locked.msg).toMatch(/15 minutes/);
    expect(await get('/admin/api/me', token)).toMatchObject({ code: 999 });
  });

  it('gives a password login ten minutes to pass its second factor', async () => {
    const member = await newMember();
    await staffSignIn(rt, member.username, member.password);
    const phone = authenticatorOf(rt, member.username)!;
    const token = (await staffLogin(rt, member.username, member.password)).data.token;
    rt.clock.advance(10 * 60_000);
    expect(
      await post('/admin/api/2fa/verify', token, { code: await totpAt(phone.secret, step()) }),
    ).toMatchObject({
      code: 999,
    });
  });

  it('lists my working sessions and ends one of them, never another member’s', async () => {
    const member = await newMember();
    const laptop = await staffSignIn(rt, member.username, member.password);
    rt.clock.advance(30_000);
    const desktop = await staffSignIn(rt, member.username, member.password);
    // A login waiting for its code is not a working session.
    await staffLogin(rt, member.username, member.password);

    const listed = await get<WireStaffSession[]>('/admin/api/sessions', desktop);
    expect(listed.code).toBe(1);
    expect(listed.data).toHaveLength(2);
    expect(listed.data.map((s) => s.current)).toEqual([1, 0]);
    const laptopId = listed.data[1]!.id;

    expect(await post(`/admin/api/sessions/${laptopId}/revoke`, admin)).toMatchObject({
      code: 404,
      msg: `Session ${laptopId} is not one of your open sessions`,
    });
    expect(await get('/admin/api/me', laptop)).toMatchObject({ code: 1 });
    expect(await post(`/admin/api/sessions/${laptopId}/revoke`, desktop)).toMatchObject({
      code: 1,
      msg: 'Session ended',
    });
    expect(await get('/admin/api/me', laptop)).toMatchObject({ code: 999 });
    expect((await get<WireStaffSession[]>('/admin/api/sessions', desktop)).data).toHaveLength(1);
  });

  it('lets an admin reset a lost authenticator: sessions end, the next login enrols again, audited', async () => {
    const member = await newMember();
    const working = await staffSignIn(rt, member.username, member.password);
    const reset = await post<WireStaff>(`/admin/api/staff/${member.id}`, admin, { reset_second_factor: 1 });
    expect(reset).toMatchObject({ code: 1, data: { second_factor: 0 } });
    expect(await get('/admin/api/me', working)).toMatchObject({ code: 999 });
    expect((await staffLogin(rt, member.username, member.password)).data.second_factor).toBe('enrol');

    const audit = await get<{ list: WireAuditEntry[] }>(
      `/admin/api/audit?target_type=staff&target_id=${member.id}`,
      admin,
    );
    expect(audit.data.list[0]).toMatchObject({
      action: 'staff.update',
      after: { second_factor_reset: true },
    });
  });
});
