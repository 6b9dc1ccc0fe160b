/**
 * Accounts made through the API, for tests that need a user without going through the screens.
 * The server under test runs with CAPTCHA_TEST_ANSWER, so every picture code accepts that text.
 */
import type { Stack } from './harness.ts';

export const CAPTCHA_ANSWER = 'ab12';

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

export interface ApiUser {
  id: number;
  uid: number;
  email: string | null;
  mobile: string | null;
  is_demo: number;
  invite_code: string;
  created_at: number;
}

export interface Session {
  token: string;
  user: ApiUser;
}

let counter = 0;

/** A fresh address per call, unique across runs of the same server too. */
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}${counter}@example.com`;
}

export async function call<T>(
  stack: Stack,
  path: string,
  options: { body?: Record<string, string>; token?: string } = {},
): Promise<Envelope<T>> {
  const response = await fetch(`${stack.baseUrl}${path}`, {
    method: options.body ? 'POST' : 'GET',
    headers: {
      lang: 'en',
      ...(options.token ? { authorization: options.token } : {}),
      ...(options.body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
    },
    ...(options.body ? { body: new URLSearchParams(options.body).toString() } : {}),
  });
  return (await response.json()) as Envelope<T>;
}

function ok<T>(envelope: Envelope<T>, what: string): T {
  if (envelope.code !== 1) throw new Error(`${what} failed: ${envelope.code} ${envelope.msg}`);
  return envelope.data;
}

/** Waits for the code the server just put in its outbox for this address. */
export async function waitForCode(stack: Stack, address: string, previous?: string): Promise<string> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const code = stack.latestCode(address);
    if (code && code !== previous) return code;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`No verification code for ${address} in the server log`);
}

export async function registerByApi(
  stack: Stack,
  email: string,
  password: string,
  inviteCode?: string,
): Promise<Session> {
  const captcha = ok(await call<{ id: string }>(stack, '/api/captcha'), 'captcha');
  ok(
    await call(stack, '/api/notify/send_email', {
      body: { to: email, type: '1', key: captcha.id, captcha: CAPTCHA_ANSWER },
    }),
    'send_email',
  );
  const code = await waitForCode(stack, email);
  return ok(
    await call<Session>(stack, '/api/user/register', {
      body: {
        type: 'email',
        account: email,
        password,
        re_password: password,
        sms_code: code,
        ...(inviteCode ? { invite_code: inviteCode } : {}),
      },
    }),
    'register',
  );
}

export async function loginByApi(stack: Stack, account: string, password: string): Promise<Session> {
  return ok(await call<Session>(stack, '/api/user/loginForU', { body: { account, password } }), 'login');
}
