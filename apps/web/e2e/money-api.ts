/**
 * The back office's side of the money tests, through its API: the first admin logs in (the server
 * under test starts with ADMIN_INITIAL_PASSWORD) and approves what a user sent from the screens.
 */
import { generate } from 'otplib';
import type { Stack } from './harness.ts';

export const ADMIN_PASSWORD = 'Admin-e2e-2026';

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

export async function staffCall<T>(stack: Stack, path: string, token?: string, body?: unknown): Promise<T> {
  const response = await fetch(`${stack.baseUrl}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      lang: 'en',
      ...(token ? { authorization: token } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const envelope = (await response.json()) as Envelope<T>;
  if (envelope.code !== 1) throw new Error(`${path}: ${envelope.code} ${envelope.msg}`);
  return envelope.data;
}

/** What the admin's phone knows per server under test: the secret and the last step used. */
const authenticators = new Map<string, { secret: string; lastStep: number }>();
const adminTokens = new Map<string, string>();

/**
 * A working session of the first admin: password, then the authenticator, enrolled at the first
 * call with the same TOTP library an authenticator app follows. The session is reused while the
 * server accepts it; a new one within the same 30 s takes the next code, as codes are good once.
 */
export async function adminToken(stack: Stack): Promise<string> {
  const known = adminTokens.get(stack.baseUrl);
  const stillOpen = (token: string) => staffCall(stack, '/admin/api/me', token).then(Boolean, () => false);
  if (known && (await stillOpen(known))) return known;
  const login = await staffCall<{ token: string; second_factor: 'enrol' | 'verify' }>(
    stack,
    '/admin/api/login',
    undefined,
    { username: 'admin', password: ADMIN_PASSWORD },
  );
  const nowStep = Math.floor(Date.now() / 30_000);
  if (login.second_factor === 'enrol') {
    const { secret } = await staffCall<{ secret: string }>(stack, '/admin/api/2fa/enrol', login.token, {});
    await staffCall(stack, '/admin/api/2fa/enrol/confirm', login.token, {
      code: await generate({ secret, epoch: nowStep * 30 }),
    });
    authenticators.set(stack.baseUrl, { secret, lastStep: nowStep });
  } else {
    const phone = authenticators.get(stack.baseUrl);
    if (!phone) throw new Error('the admin enrolled an authenticator this test does not know');
    const step = Math.max(nowStep, phone.lastStep + 1);
    // A step too far ahead: wait for it rather than be refused.
    if (step > nowStep + 1)
      await new Promise((resolve) => setTimeout(resolve, (step - nowStep - 1) * 30_000));
    await staffCall(stack, '/admin/api/2fa/verify', login.token, {
      code: await generate({ secret: phone.secret, epoch: step * 30 }),
    });
    phone.lastStep = step;
  }
  adminTokens.set(stack.baseUrl, login.token);
  return login.token;
}

/** Approves the one waiting record of this kind for the user with this uid. */
export async function approveWaiting(
  stack: Stack,
  token: string,
  kind: 'identity' | 'deposits' | 'withdrawals',
  userId: number,
): Promise<number> {
  const waiting = kind === 'identity' ? 1 : 0;
  const page = await staffCall<{ list: { id: number; user_id: number }[] }>(
    stack,
    `/admin/api/${kind}?status=${waiting}&user_id=${userId}`,
    token,
  );
  const record = page.list[0];
  if (!record) throw new Error(`no waiting ${kind} record for user ${userId}`);
  await staffCall(stack, `/admin/api/${kind}/${record.id}/approve`, token, {});
  return record.id;
}

/** Rejects the user's waiting identity submission with a reason the user will read. */
export async function rejectIdentity(
  stack: Stack,
  token: string,
  userId: number,
  remark: string,
): Promise<void> {
  const page = await staffCall<{ list: { id: number }[] }>(
    stack,
    `/admin/api/identity?status=1&user_id=${userId}`,
    token,
  );
  const record = page.list[0];
  if (!record) throw new Error(`no waiting identity for user ${userId}`);
  await staffCall(stack, `/admin/api/identity/${record.id}/reject`, token, { remark });
}
