/**
 * Helpers for back-office tests: staff members with chosen roles, created through the API by the
 * first admin (whose password the test runtime sets with ADMIN_INITIAL_PASSWORD), and calls made
 * with a staff token.
 */
import { generate } from 'otplib';
import type { StaffRole, StaffSecondFactorStep, WireStaff } from '@omp/protocol';
import type { EnvelopeBody } from './account-helpers.ts';
import type { TestRuntime } from './test-runtime.ts';

let staffCounter = 0;

/**
 * Calls the API as a phone or the back office does: JSON bodies, the token in `authorization`, the
 * app's language in `lang`.
 */
export async function callApi<T = unknown>(
  rt: TestRuntime,
  method: 'GET' | 'POST',
  url: string,
  token?: string,
  body?: Record<string, unknown>,
  lang = 'en',
): Promise<EnvelopeBody<T>> {
  const res = await rt.app.inject({
    method,
    url,
    headers: {
      lang,
      ...(token ? { authorization: token } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    ...(body ? { payload: JSON.stringify(body) } : {}),
  });
  return res.json() as EnvelopeBody<T>;
}

/** Step one of a staff login: the password. Its token opens only the second-factor calls. */
export async function staffLogin(rt: TestRuntime, username: string, password: string) {
  // From the office's own address: a test that floods logins from the default address (the fuzz
  // run) must not lock its own staff out of signing in.
  const res = await rt.app.inject({
    method: 'POST',
    url: '/admin/api/login',
    remoteAddress: STAFF_OFFICE_ADDRESS,
    headers: { lang: 'en', 'content-type': 'application/json' },
    payload: JSON.stringify({ username, password }),
  });
  return res.json() as EnvelopeBody<{
    token: string;
    staff: WireStaff;
    second_factor: StaffSecondFactorStep;
  }>;
}

export const STAFF_OFFICE_ADDRESS = '10.77.0.1';

/** A second-factor step from the office's address: its code step is a login under the address's limit too. */
async function officeCall<T>(
  rt: TestRuntime,
  url: string,
  token: string,
  body: Record<string, unknown> = {},
) {
  const res = await rt.app.inject({
    method: 'POST',
    url,
    remoteAddress: STAFF_OFFICE_ADDRESS,
    headers: { lang: 'en', authorization: token, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
  return res.json() as EnvelopeBody<T>;
}

/** What a staff member's phone knows: the authenticator secret, and the last step a code was used. */
interface Authenticator {
  secret: string;
  lastStep: number;
  recoveryCodes: string[];
}
const authenticators = new Map<string, Authenticator>();
const authenticatorKey = (rt: TestRuntime, username: string) =>
  `${rt.config.dataDir}|${rt.schema ?? ''}|${username.toLowerCase()}`;

/** The authenticator a test enrolled for this member, to compute codes as their phone would. */
export function authenticatorOf(rt: TestRuntime, username: string): Authenticator | undefined {
  return authenticators.get(authenticatorKey(rt, username));
}

/** The code an authenticator shows at a TOTP time step (30 s). */
export const totpAt = (secret: string, step: number) => generate({ secret, epoch: step * 30 });

/**
 * A full staff sign-in through the API: password, then the authenticator (enrolled here on the
 * first login, with the same library an authenticator app follows). A code is good once per
 * time step, so a second sign-in within the same 30 s uses the next step (the server accepts one
 * step of clock drift) or, failing that, a recovery code.
 */
export async function staffSignIn(rt: TestRuntime, username: string, password: string): Promise<string> {
  const login = await staffLogin(rt, username, password);
  if (login.code !== 1) throw new Error(`staff login of ${username} failed: ${login.msg}`);
  const { token, second_factor } = login.data;
  const key = authenticatorKey(rt, username);
  const step = Math.floor(rt.clock.now() / 30_000);
  if (second_factor === 'enrol') {
    const enrolment = await officeCall<{ secret: string }>(rt, '/admin/api/2fa/enrol', token);
    if (enrolment.code !== 1) throw new Error(`enrolment of ${username} failed: ${enrolment.msg}`);
    const { secret } = enrolment.data;
    const confirmed = await officeCall<{ recovery_codes: string[] }>(
      rt,
      '/admin/api/2fa/enrol/confirm',
      token,
      {
        code: await totpAt(secret, step),
      },
    );
    if (confirmed.code !== 1) throw new Error(`enrolment of ${username} failed: ${confirmed.msg}`);
    authenticators.set(key, { secret, lastStep: step, recoveryCodes: confirmed.data.recovery_codes });
    return token;
  }
  const phone = authenticators.get(key);
  if (!phone) throw new Error(`${username} enrolled an authenticator this test does not know`);
  const nextStep = Math.max(step, phone.lastStep + 1);
  const body =
    nextStep <= step + 1
      ? { code: await totpAt(phone.secret, nextStep) }
      : { recovery_code: phone.recoveryCodes.shift() };
  const verified = await officeCall(rt, '/admin/api/2fa/verify', token, body);
  if (verified.code !== 1) throw new Error(`second factor of ${username} failed: ${verified.msg}`);
  if (body.code) phone.lastStep = nextStep;
  return token;
}

const workingTokens = new Map<string, string>();

/**
 * A working session token of the first admin (`admin`, created at the runtime's first start),
 * reused while the server still accepts it, as a browser tab would.
 */
export async function adminToken(rt: TestRuntime): Promise<string> {
  const password = rt.config.adminInitialPassword;
  if (!password) throw new Error('the test runtime has no ADMIN_INITIAL_PASSWORD to log in with');
  const key = authenticatorKey(rt, 'admin');
  const known = workingTokens.get(key);
  if (known && (await callApi(rt, 'GET', '/admin/api/me', known)).code === 1) return known;
  const token = await staffSignIn(rt, 'admin', password);
  workingTokens.set(key, token);
  return token;
}

/**
 * A new staff member with exactly these roles, created by the admin through the API and not yet
 * signed in: their id, name (`prefix`, a number and the roles) and password.
 */
export async function newStaffMember(
  rt: TestRuntime,
  roles: readonly StaffRole[],
  prefix = 'staff',
): Promise<{ id: number; username: string; password: string }> {
  const username = `${prefix}-${process.pid}-${++staffCounter}-${roles.join('-') || 'none'}`.slice(0, 64);
  const password = `Staff-pass-${staffCounter}-2026`;
  const created = await callApi<WireStaff>(rt, 'POST', '/admin/api/staff', await adminToken(rt), {
    username,
    password,
    roles: [...roles],
  });
  if (created.code !== 1) throw new Error(`creating staff ${username} failed: ${created.msg}`);
  return { id: created.data.id, username, password };
}

/**
 * A new staff member with exactly these roles, created by the admin through the API, logged in;
 * returns their session token.
 */
export async function staffToken(rt: TestRuntime, roles: readonly StaffRole[]): Promise<string> {
  const { username, password } = await newStaffMember(rt, roles);
  return staffSignIn(rt, username, password);
}
