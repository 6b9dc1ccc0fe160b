/**
 * Helpers for back-office tests: staff members with chosen roles, created through the API by the
 * first admin (whose password the test runtime sets with ADMIN_INITIAL_PASSWORD), and calls made
 * with a staff token.
 */
import type { StaffRole, WireStaff } from '@omp/protocol';
import type { EnvelopeBody } from './account-helpers.ts';
import type { TestRuntime } from './test-runtime.ts';

let staffCounter = 0;

/** Calls the API as a phone or the back office does: JSON bodies, the token in `authorization`. */
export async function callApi<T = unknown>(
  rt: TestRuntime,
  method: 'GET' | 'POST',
  url: string,
  token?: string,
  body?: Record<string, unknown>,
): Promise<EnvelopeBody<T>> {
  const res = await rt.app.inject({
    method,
    url,
    headers: {
      lang: 'en',
      ...(token ? { authorization: token } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    ...(body ? { payload: JSON.stringify(body) } : {}),
  });
  return res.json() as EnvelopeBody<T>;
}

export async function staffLogin(rt: TestRuntime, username: string, password: string) {
  return callApi<{ token: string; staff: WireStaff }>(rt, 'POST', '/admin/api/login', undefined, {
    username,
    password,
  });
}

/** A session token of the first admin (`admin`, created at the runtime's first start). */
export async function adminToken(rt: TestRuntime): Promise<string> {
  const password = rt.config.adminInitialPassword;
  if (!password) throw new Error('the test runtime has no ADMIN_INITIAL_PASSWORD to log in with');
  const login = await staffLogin(rt, 'admin', password);
  if (login.code !== 1) throw new Error(`admin login failed: ${login.msg}`);
  return login.data.token;
}

/**
 * A new staff member with exactly these roles, created by the admin through the API, logged in;
 * returns their session token.
 */
export async function staffToken(rt: TestRuntime, roles: readonly StaffRole[]): Promise<string> {
  const username = `staff-${process.pid}-${++staffCounter}-${roles.join('-') || 'none'}`.slice(0, 64);
  const password = `Staff-pass-${staffCounter}`;
  const created = await callApi(rt, 'POST', '/admin/api/staff', await adminToken(rt), {
    username,
    password,
    roles: [...roles],
  });
  if (created.code !== 1) throw new Error(`creating staff ${username} failed: ${created.msg}`);
  const login = await staffLogin(rt, username, password);
  if (login.code !== 1) throw new Error(`staff login of ${username} failed: ${login.msg}`);
  return login.data.token;
}
