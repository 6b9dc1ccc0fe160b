/**
 * The back office's side of the money tests, through its API: the first admin logs in (the server
 * under test starts with ADMIN_INITIAL_PASSWORD) and approves what a user sent from the screens.
 */
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

export async function adminToken(stack: Stack): Promise<string> {
  const login = await staffCall<{ token: string }>(stack, '/admin/api/login', undefined, {
    username: 'admin',
    password: ADMIN_PASSWORD,
  });
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
