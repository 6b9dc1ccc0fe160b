/**
 * The back office's accounts through the HTTP layer on a real database: the first admin, staff
 * login with its failure limit, sessions (logout, expiry, disabled accounts), the separation of
 * staff and user tokens, role limits, staff management and its audit rows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WireAuditEntry, WireStaff } from '@omp/protocol';
import { STAFF_IDLE_MS, STAFF_SESSION_TTL_MS } from '../src/services/staff-service.ts';
import { adminToken, callApi, staffLogin, staffSignIn, staffToken } from './helpers/staff-helpers.ts';
import {
  databaseEngines,
  startTestRuntime,
  TEST_ADMIN_PASSWORD,
  type TestRuntime,
} from './helpers/test-runtime.ts';
import { tradingClient } from './helpers/trading-helpers.ts';

describe.each(databaseEngines())('staff API on %s', (engine) => {
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

  it('starts with one admin whose password came from ADMIN_INITIAL_PASSWORD', async () => {
    const login = await staffLogin(rt, 'admin', TEST_ADMIN_PASSWORD);
    expect(login).toMatchObject({
      code: 1,
      data: {
        token: expect.any(String),
        staff: { username: 'admin', roles: ['admin'], disabled: 0 },
        second_factor: expect.stringMatching(/^(enrol|verify)$/),
      },
    });
    // The password alone opens nothing: the second factor comes first.
    expect(await get('/admin/api/me', login.data.token)).toMatchObject({ code: 999 });
    expect(await get('/admin/api/me', await staffSignIn(rt, 'admin', TEST_ADMIN_PASSWORD))).toMatchObject({
      code: 1,
      data: { username: 'admin', second_factor: 1 },
    });
  });

  it('refuses a wrong password and an unknown name with the same message', async () => {
    const wrong = await staffLogin(rt, 'admin', 'Wrong-pass-1');
    const unknown = await staffLogin(rt, 'nobody-here', 'Wrong-pass-1');
    expect(wrong).toEqual({ code: 0, msg: 'Wrong username or password', data: null });
    expect(unknown).toEqual(wrong);
  });

  it('locks a name for the rest of the window after 5 failures, even for the right password', async () => {
    await post('/admin/api/staff', admin, {
      username: 'locked.one',
      password: 'Locked-2026',
      roles: ['finance'],
    });
    for (let i = 0; i < 5; i++) expect((await staffLogin(rt, 'locked.one', `Bad-guess-${i}`)).code).toBe(0);
    const locked = await staffLogin(rt, 'LOCKED.one', 'Locked-2026');
    expect(locked).toMatchObject({ code: 429, data: null });
    expect(locked.msg).toMatch(/15 minutes/);
    rt.clock.advance(15 * 60_000 + 1);
    expect((await staffLogin(rt, 'locked.one', 'Locked-2026')).code).toBe(1);
  });

  it('ends a session at logout, after 30 idle minutes, and after 8 hours however busy', async () => {
    const loggedOut = await staffToken(rt, ['compliance']);
    expect(await post('/admin/api/logout', loggedOut)).toMatchObject({ code: 1 });
    expect(await get('/admin/api/me', loggedOut)).toMatchObject({ code: 999 });

    const idle = await staffToken(rt, ['compliance']);
    rt.clock.advance(STAFF_IDLE_MS - 1000);
    expect((await get('/admin/api/me', idle)).code).toBe(1);
    rt.clock.advance(STAFF_IDLE_MS - 1000);
    expect((await get('/admin/api/me', idle)).code).toBe(1);
    rt.clock.advance(STAFF_IDLE_MS);
    expect((await get('/admin/api/me', idle)).code).toBe(999);

    const expiring = await staffToken(rt, ['compliance']);
    // Busy all day: a call every 20 minutes keeps it from going idle, not past its 8 hours.
    for (let spent = 0; spent + 20 * 60_000 < STAFF_SESSION_TTL_MS; spent += 20 * 60_000) {
      rt.clock.advance(20 * 60_000);
      expect((await get('/admin/api/me', expiring)).code).toBe(1);
    }
    // 460 minutes so far: the next call, at 480, is at the end of the working day.
    rt.clock.advance(20 * 60_000);
    expect(await get('/admin/api/me', expiring)).toEqual({
      code: 999,
      msg: 'Your session has ended. Please log in again.',
      data: null,
    });
    admin = await adminToken(rt);
  });

  it('never takes a user token for a staff token, nor the other way round', async () => {
    const user = await tradingClient(rt).realUser('0');
    for (const url of ['/admin/api/me', '/admin/api/staff', '/admin/api/audit', '/admin/api/identity'])
      expect(await get(url, user.token)).toMatchObject({ code: 999 });
    expect(await post('/admin/api/identity/1/approve', user.token)).toMatchObject({ code: 999 });
    // The router decodes escapes before matching: the same calls spelt with them are staff calls too.
    for (const url of ['/%61dmin/api/me', '/admin/%61pi/staff', '/admin/api/%61udit'])
      expect(await get(url, user.token), url).toMatchObject({ code: 999 });
    expect(await post('/%61dmin/api/identity/1/approve', user.token)).toMatchObject({ code: 999 });

    for (const url of ['/api/user/info', '/api/user_real/center', '/v1/api/main/wallet/getBalance'])
      expect(await get(url, admin)).toMatchObject({ code: 999 });
    expect(await get('/admin/api/me')).toMatchObject({ code: 999 });
  });

  it('keeps staff management and the audit log for admins', async () => {
    for (const roles of [['finance'], ['compliance'], ['finance', 'compliance']] as const) {
      const token = await staffToken(rt, roles);
      const refusal = {
        code: 403,
        msg: 'Your staff account cannot do this: it needs one of the roles admin',
        data: null,
      };
      expect(await get('/admin/api/staff', token)).toEqual(refusal);
      expect(await get('/admin/api/audit', token)).toEqual(refusal);
      expect(
        await post('/admin/api/staff', token, {
          username: 'sneaky',
          password: 'Sneaky-1x',
          roles: ['admin'],
        }),
      ).toEqual(refusal);
    }
  });

  it('creates staff with roles, refusing taken names, weak passwords and unknown roles', async () => {
    const created = await post<WireStaff>('/admin/api/staff', admin, {
      username: 'Reviewer.One',
      password: 'Reviewer-2026',
      roles: ['compliance', 'finance'],
    });
    expect(created).toMatchObject({
      code: 1,
      msg: 'Staff account saved',
      // Roles come back in their canonical order (admin, finance, compliance).
      data: { username: 'reviewer.one', roles: ['finance', 'compliance'], disabled: 0 },
    });
    expect(
      await post('/admin/api/staff', admin, {
        username: 'reviewer.one',
        password: 'Other-2026x',
        roles: ['finance'],
      }),
    ).toEqual({
      code: 0,
      msg: 'The staff name reviewer.one is already taken',
      data: null,
    });
    expect(
      await post('/admin/api/staff', admin, { username: 'weak.one', password: 'short', roles: ['finance'] }),
    ).toMatchObject({
      code: 422,
    });
    expect(
      await post('/admin/api/staff', admin, {
        username: 'odd.one',
        password: 'Odd-role-2026',
        roles: ['root'],
      }),
    ).toMatchObject({
      code: 422,
      msg: expect.stringContaining('roles'),
    });
    const list = await get<WireStaff[]>('/admin/api/staff', admin);
    expect(list.data.map((s) => s.username)).toEqual(expect.arrayContaining(['admin', 'reviewer.one']));
  });

  it('changes roles at once, disables (ending sessions) and re-enables, and writes each change to the audit log', async () => {
    const { data: member } = await post<WireStaff>('/admin/api/staff', admin, {
      username: 'changing',
      password: 'Changing-2026',
      roles: 'finance',
    });
    const token = await staffSignIn(rt, 'changing', 'Changing-2026');
    expect(await get('/admin/api/identity', token)).toMatchObject({ code: 403 });

    const promoted = await post<WireStaff>(`/admin/api/staff/${member.id}`, admin, { roles: ['compliance'] });
    expect(promoted.data.roles).toEqual(['compliance']);
    expect(await get('/admin/api/identity', token)).toMatchObject({ code: 1 });

    expect((await post(`/admin/api/staff/${member.id}`, admin, { disabled: 1 })).data).toMatchObject({
      disabled: 1,
    });
    expect(await get('/admin/api/me', token)).toMatchObject({ code: 999 });
    expect(await staffLogin(rt, 'changing', 'Changing-2026')).toMatchObject({ code: 0 });

    await post(`/admin/api/staff/${member.id}`, admin, { disabled: 0, password: 'Renewed-2026' });
    expect((await staffLogin(rt, 'changing', 'Changing-2026')).code).toBe(0);
    expect((await staffLogin(rt, 'changing', 'Renewed-2026')).code).toBe(1);

    const audit = await get<{ list: WireAuditEntry[]; total: number }>(
      `/admin/api/audit?target_type=staff&target_id=${member.id}`,
      admin,
    );
    expect(audit.data.total).toBe(4);
    // Newest first.
    expect(audit.data.list.map((row) => row.action)).toEqual([
      'staff.update',
      'staff.update',
      'staff.update',
      'staff.create',
    ]);
    const [renewed, disabled, rolesChanged, createdRow] = audit.data.list;
    expect(createdRow).toMatchObject({
      staff_username: 'admin',
      target_type: 'staff',
      target_id: member.id,
      before: null,
      after: { username: 'changing', roles: ['finance'], disabled: false },
      at_ms: rt.clock.now(),
    });
    expect(rolesChanged).toMatchObject({ before: { roles: ['finance'] }, after: { roles: ['compliance'] } });
    expect(disabled).toMatchObject({ before: { disabled: false }, after: { disabled: true } });
    expect(renewed).toMatchObject({
      before: { disabled: true },
      after: { disabled: false, password_changed: true },
    });
    expect(JSON.stringify(audit.data.list)).not.toMatch(/scrypt/);
  });

  it('never lets the last active admin lose the role or be disabled', async () => {
    const me = await get<WireStaff>('/admin/api/me', admin);
    const message = 'The last active admin cannot lose the admin role or be disabled';
    expect(await post(`/admin/api/staff/${me.data.id}`, admin, { roles: ['finance'] })).toEqual({
      code: 0,
      msg: message,
      data: null,
    });
    expect(await post(`/admin/api/staff/${me.data.id}`, admin, { disabled: 1 })).toMatchObject({
      msg: message,
    });
    // With a second admin, the first may step down.
    const second = await post<WireStaff>('/admin/api/staff', admin, {
      username: 'second.admin',
      password: 'Second-2026',
      roles: ['admin'],
    });
    expect(second.code).toBe(1);
    expect(
      await post(`/admin/api/staff/${me.data.id}`, admin, { roles: ['admin', 'finance'] }),
    ).toMatchObject({ code: 1 });
    expect(await post('/admin/api/staff/999999', admin, { disabled: 1 })).toEqual({
      code: 404,
      msg: 'There is no staff account with id 999999',
      data: null,
    });
  });

  it('keeps one admin when two admins remove each other at the same moment', async () => {
    const made = await Promise.all(
      ['race.one', 'race.two'].map((username) =>
        post<WireStaff>('/admin/api/staff', admin, {
          username,
          password: 'Race-admin-2026',
          roles: ['admin'],
        }),
      ),
    );
    const tokens = await Promise.all(
      made.map(async (m) => staffSignIn(rt, m.data.username, 'Race-admin-2026')),
    );
    const activeAdmins = async (token: string) =>
      (await get<WireStaff[]>('/admin/api/staff', token)).data.filter(
        (s) => s.roles.includes('admin') && !s.disabled,
      );
    // Every other admin steps down first, so these two are the only ones left.
    const others = (await activeAdmins(tokens[0]!)).filter((s) => !made.some((m) => m.data.id === s.id));
    for (const other of others)
      expect((await post(`/admin/api/staff/${other.id}`, tokens[0], { roles: ['finance'] })).code).toBe(1);

    const [first, second] = await Promise.all([
      post(`/admin/api/staff/${made[1]!.data.id}`, tokens[0], { roles: ['finance'] }),
      post(`/admin/api/staff/${made[0]!.data.id}`, tokens[1], { roles: ['finance'] }),
    ]);
    // One wins; the other is refused, as the last admin or, if the winner's change came first,
    // as no longer an admin at all.
    const codes = [first.code, second.code];
    expect(codes.filter((code) => code === 1)).toHaveLength(1);
    expect(codes.find((code) => code !== 1)).toBeOneOf([0, 403]);
    const survivor = first.code === 1 ? tokens[0]! : tokens[1]!;
    expect(await activeAdmins(survivor)).toHaveLength(1);

    // The survivor gives the role back, so the rest of the suite runs as before.
    for (const other of others)
      expect((await post(`/admin/api/staff/${other.id}`, survivor, { roles: other.roles })).code).toBe(1);
  });

  it('filters and pages the audit log', async () => {
    const all = await get<{ list: WireAuditEntry[]; total: number; page: number }>(
      '/admin/api/audit?page_size=2',
      admin,
    );
    expect(all.data.list).toHaveLength(2);
    expect(all.data.total).toBeGreaterThan(2);
    const second = await get<{ list: WireAuditEntry[]; page: number }>(
      '/admin/api/audit?page_size=2&page=2',
      admin,
    );
    expect(second.data.page).toBe(2);
    expect(second.data.list[0]!.at_ms).toBeLessThanOrEqual(all.data.list[1]!.at_ms);
    const me = await get<WireStaff>('/admin/api/me', admin);
    const mine = await get<{ list: WireAuditEntry[] }>(
      `/admin/api/audit?staff_id=${me.data.id}&page_size=100`,
      admin,
    );
    expect(mine.data.list.every((row) => row.staff_id === me.data.id)).toBe(true);
    expect((await get<{ total: number }>('/admin/api/audit?target_type=nothing', admin)).data.total).toBe(0);
  });
  it('documents the upload, identity, staff and audit routes in the OpenAPI document', async () => {
    const res = await rt.app.inject({ method: 'GET', url: '/openapi.json' });
    const doc = res.json() as {
      paths: Record<
        string,
        Record<string, { tags?: string[]; requestBody?: { content: Record<string, unknown> } }>
      >;
    };
    const tagsOf = (path: string, method: string) => doc.paths[path]?.[method]?.tags ?? [];
    expect(tagsOf('/api/common/image_upload', 'post')).toContain('uploads');
    expect(Object.keys(doc.paths['/api/common/image_upload']!.post!.requestBody!.content)).toContain(
      'multipart/form-data',
    );
    expect(tagsOf('/v1/files/{name}', 'get')).toContain('uploads');
    expect(tagsOf('/api/user_real/real_name', 'post')).toContain('identity');
    expect(tagsOf('/admin/api/identity/{id}/approve', 'post')).toContain('identity');
    expect(tagsOf('/admin/api/login', 'post')).toContain('staff');
    expect(tagsOf('/admin/api/staff/{id}', 'post')).toContain('staff');
    expect(tagsOf('/admin/api/audit', 'get')).toContain('audit');
  });
});
