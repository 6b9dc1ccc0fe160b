/**
 * A staff sign-in under way while an admin changes the member, through the HTTP layer on a real
 * database: a login checks the password, then spends a scrypt's time before it writes its session,
 * and a new password or a disabling meanwhile ends every session the member has. A session proven
 * with the old password must not be written after that. Also: an unknown name costs the same
 * password check as a known one, and is answered alike.
 *
 * Each race is held still between the password check and the session, the change runs to its end,
 * and then the held login is let go.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { heldPasswordHasher, holdPoint } from './helpers/held-passwords.ts';
import { adminToken, callApi, newStaffMember, staffLogin, staffSignIn } from './helpers/staff-helpers.ts';
import { databaseEngines, startTestRuntime, type TestRuntime } from './helpers/test-runtime.ts';

const LOGIN_FAILED = { code: 0, msg: 'Wrong username or password', data: null };

const { passwords, heldChecks, counts } = heldPasswordHasher();

describe.each(databaseEngines())('staff sign-ins racing a change of the member on %s', (engine) => {
  let rt: TestRuntime;
  let admin: string;

  beforeAll(async () => {
    rt = await startTestRuntime({ engine, passwords });
    admin = await adminToken(rt);
  });
  afterAll(async () => rt?.dispose());
  afterEach(() => {
    heldChecks.length = 0;
  });

  const post = <T = unknown>(url: string, token: string | undefined, body: Record<string, unknown> = {}) =>
    callApi<T>(rt, 'POST', url, token, body);

  const newMember = () => newStaffMember(rt, ['finance'], 'racing');

  /** Starts a login and waits until its password was checked; `release` lets it go on. */
  async function loginHeldAfterItsCheck(username: string, password: string) {
    const held = holdPoint();
    heldChecks.push(held);
    const answer = staffLogin(rt, username, password);
    await held.reached;
    return { answer, release: held.release };
  }

  it('a login whose password was checked before an admin set a new one opens no session', async () => {
    const member = await newMember();
    await staffSignIn(rt, member.username, member.password);
    const { answer, release } = await loginHeldAfterItsCheck(member.username, member.password);
    expect(
      await post(`/admin/api/staff/${member.id}`, admin, { password: 'Replaced-pass-2026' }),
    ).toMatchObject({
      code: 1,
    });
    release();
    // Told what a login with the old password is told now; no token to finish the sign-in with.
    expect(await answer).toEqual(LOGIN_FAILED);
    expect(await staffLogin(rt, member.username, member.password)).toEqual(LOGIN_FAILED);
    expect((await staffLogin(rt, member.username, 'Replaced-pass-2026')).code).toBe(1);
  });

  it('a login whose password was checked before a disabling opens no session, not even once re-enabled', async () => {
    const member = await newMember();
    const { answer, release } = await loginHeldAfterItsCheck(member.username, member.password);
    expect(await post(`/admin/api/staff/${member.id}`, admin, { disabled: 1 })).toMatchObject({ code: 1 });
    release();
    const answered = await answer;
    expect(await post(`/admin/api/staff/${member.id}`, admin, { disabled: 0 })).toMatchObject({ code: 1 });
    // A session written after the disabling would come back with the account, and enrol a phone.
    const token = (answered.data as { token?: string } | null)?.token;
    if (token) expect(await post('/admin/api/2fa/enrol', token)).toMatchObject({ code: 999 });
    expect(answered).toEqual(LOGIN_FAILED);
  });

  it('answers an unknown name as a wrong password, after the same password check', async () => {
    const member = await newMember();
    await post(`/admin/api/staff/${member.id}`, admin, { disabled: 1 });
    const before = counts.verify;
    const unknown = await staffLogin(rt, 'nobody-racing', 'Some-guess-2026');
    expect(counts.verify - before).toBe(1);
    const wrong = await staffLogin(rt, 'admin', 'Some-guess-2026');
    expect(counts.verify - before).toBe(2);
    // A disabled member's right password is answered alike, after its check too.
    const disabled = await staffLogin(rt, member.username, member.password);
    expect(counts.verify - before).toBe(3);
    for (const answer of [unknown, wrong, disabled]) expect(answer).toEqual(LOGIN_FAILED);
  });
});
