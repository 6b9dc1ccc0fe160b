/**
 * A staff member changes their own password through the HTTP layer on a real database: the
 * password now and an authenticator code (computed with the library an authenticator app follows)
 * prove it is them, wrong ones count as failed logins, the password rules hold, and on success
 * every other session ends while this one stays. An admin's own new password set through the
 * staff update keeps the admin's session too.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WireAuditEntry, WireStaff } from '@omp/protocol';
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

describe.each(databaseEngines())('staff own password change on %s', (engine) => {
  let rt: TestRuntime;
  let admin: string;
  let counter = 0;

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

  const newMember = () => newStaffMember(rt, ['support'], 'pw-desk');

  /** The next code the member's phone shows that the server has not accepted yet. */
  const nextCode = async (username: string) => {
    const phone = authenticatorOf(rt, username)!;
    const next = Math.max(step(), phone.lastStep + 1);
    if (next > step() + 1) rt.clock.advance(30_000);
    phone.lastStep = Math.max(step(), phone.lastStep + 1);
    return totpAt(phone.secret, phone.lastStep);
  };
  const wrongCode = async (username: string) => {
    const phone = authenticatorOf(rt, username)!;
    return String((Number(await totpAt(phone.secret, step())) + 1) % 1_000_000).padStart(6, '0');
  };

  it('refuses a wrong current password, a wrong code and a weak new password, and counts the wrong ones', async () => {
    const member = await newMember();
    const token = await staffSignIn(rt, member.username, member.password);
    const change = (body: Record<string, unknown>) => post('/admin/api/password', token, body);

    expect(
      await change({
        old_password: 'Not-mine-2026',
        new_password: 'Fresh-pass-77',
        code: await wrongCode(member.username),
      }),
    ).toMatchObject({ code: 0, msg: 'The current password is wrong', data: null });
    expect(
      await change({
        old_password: member.password,
        new_password: 'Fresh-pass-77',
        code: await wrongCode(member.username),
      }),
    ).toMatchObject({ code: 0, msg: 'That authenticator code is wrong or has expired' });
    const weak = await change({
      old_password: member.password,
      new_password: 'short',
      code: await nextCode(member.username),
    });
    expect(weak.code).toBe(422);
    expect(weak.msg).toMatch(/8/);
    // Nothing changed: the old password still signs in, the new one does not.
    expect((await staffLogin(rt, member.username, 'Fresh-pass-77')).code).toBe(0);
    expect((await staffLogin(rt, member.username, member.password)).code).toBe(1);

    // The wrong password and the wrong code, with the failed login above, count toward the lock
    // of the name: two more failures lock it, logins and this form alike.
    expect(
      await change({ old_password: 'Not-mine-2026', new_password: 'Fresh-pass-77', code: '000000' }),
    ).toMatchObject({ code: 0, msg: 'The current password is wrong' });
    expect((await staffLogin(rt, member.username, 'Wrong-again-1')).code).toBe(0);
    const locked = await change({
      old_password: member.password,
      new_password: 'Fresh-pass-77',
      code: await nextCode(member.username),
    });
    expect(locked.code).not.toBe(1);
    expect(locked.msg).toMatch(/15/);
    expect((await staffLogin(rt, member.username, member.password)).code).not.toBe(1);
    rt.clock.advance(16 * 60_000);
  });

  it('ends every other session at once, keeps this one, and the new password is the one that signs in', async () => {
    const member = await newMember();
    const other = await staffSignIn(rt, member.username, member.password);
    const pending = (await staffLogin(rt, member.username, member.password)).data.token;
    const mine = await staffSignIn(rt, member.username, member.password);
    expect((await get('/admin/api/me', other)).code).toBe(1);

    const changed = await post('/admin/api/password', mine, {
      old_password: member.password,
      new_password: 'Renewed-desk-2026',
      code: await nextCode(member.username),
    });
    expect(changed).toMatchObject({ code: 1, msg: 'Password changed; your other sessions have ended' });

    expect(await get('/admin/api/me', other)).toMatchObject({ code: 999 });
    expect(
      await post('/admin/api/2fa/verify', pending, { code: await nextCode(member.username) }),
    ).toMatchObject({
      code: 999,
    });
    expect(await get('/admin/api/me', mine)).toMatchObject({ code: 1, data: { username: member.username } });

    expect(await staffLogin(rt, member.username, member.password)).toMatchObject({
      code: 0,
      msg: 'Wrong username or password',
    });
    rt.clock.advance(30_000);
    expect(await staffSignIn(rt, member.username, 'Renewed-desk-2026')).toEqual(expect.any(String));

    const audit = await get<{ list: WireAuditEntry[] }>(
      `/admin/api/audit?target_type=staff&target_id=${member.id}&page=1&page_size=20`,
      admin,
    );
    expect(audit.code).toBe(1);
    const entry = audit.data.list.find((row) => row.target_id === member.id);
    expect(entry).toMatchObject({
      staff_id: member.id,
      target_type: 'staff',
      after: { password_changed: true },
    });
    expect(JSON.stringify(entry)).not.toContain('Renewed-desk-2026');
  });

  it("keeps an admin's own session when they set their own password through the staff update", async () => {
    const username = `pw-admin-${++counter}`;
    const password = `Admin-pass-${counter}-2026`;
    const created = await post<WireStaff>('/admin/api/staff', admin, {
      username,
      password,
      roles: ['admin'],
    });
    expect(created.code).toBe(1);
    const other = await staffSignIn(rt, username, password);
    rt.clock.advance(30_000);
    const mine = await staffSignIn(rt, username, password);

    expect(
      await post(`/admin/api/staff/${created.data.id}`, mine, { password: 'Own-admin-2027' }),
    ).toMatchObject({ code: 1 });
    expect(await get('/admin/api/me', mine)).toMatchObject({ code: 1 });
    expect(await get('/admin/api/me', other)).toMatchObject({ code: 999 });

    // Another admin setting it still ends every session of the member.
    expect(
      await post(`/admin/api/staff/${created.data.id}`, admin, { password: 'Set-by-other-2027' }),
    ).toMatchObject({
      code: 1,
    });
    expect(await get('/admin/api/me', mine)).toMatchObject({ code: 999 });
  });
});
