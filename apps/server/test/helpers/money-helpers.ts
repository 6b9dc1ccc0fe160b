/** Helpers for money tests: image uploads as a phone sends them, and the money calls. */
import type { z } from 'zod';
import type { depositRecordSchema, drawMethodSchema, withdrawRecordSchema } from '@omp/protocol';
import { adminToken } from './staff-helpers.ts';
import type { TestRuntime } from './test-runtime.ts';
import type { EnvelopeBody } from './account-helpers.ts';
import { pngImage } from './image-fixtures.ts';

/** A well-formed TRC20 address, for payout methods and deposit networks. */
export const TRC20_ADDRESS = 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8';

/** A valid 1×1 PNG. */
export const PNG_BYTES = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * A PNG no earlier call gave: a deposit's proof must be a picture no other live deposit has
 * (services/deposit-desk.ts), so each upload of a test is a different one unless it passes `bytes`.
 * A 2×2 picture whose pixels spell a counter (24 bits from a random start).
 */
let pictures = Math.floor(Math.random() * 0xffffff);
export function distinctPng(): Buffer {
  pictures = (pictures + 1) % 0x1000000;
  return pngImage(2, 2, [pictures >> 16, (pictures >> 8) & 0xff, pictures & 0xff]);
}

export async function uploadImage(
  rt: TestRuntime,
  token: string,
  bytes: Buffer = distinctPng(),
  filename = 'proof.png',
) {
  const boundary = `----test${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await rt.app.inject({
    method: 'POST',
    url: '/api/common/image_upload',
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      authorization: token,
      lang: 'en',
    },
    payload,
  });
  return res.json() as EnvelopeBody<{ url: string }>;
}

export function moneyClient(rt: TestRuntime) {
  const call = async <T>(
    method: 'GET' | 'POST',
    url: string,
    token: string,
    body?: Record<string, unknown>,
    headers: Record<string, string> = {},
  ) => {
    const res = await rt.app.inject({
      method,
      url,
      headers: {
        lang: 'en',
        authorization: token,
        ...(body ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      ...(body ? { payload: JSON.stringify(body) } : {}),
    });
    return res.json() as EnvelopeBody<T>;
  };
  return {
    get: <T = unknown>(url: string, token: string) => call<T>('GET', url, token),
    post: <T = unknown>(
      url: string,
      token: string,
      body: Record<string, unknown> = {},
      headers: Record<string, string> = {},
    ) => call<T>('POST', url, token, body, headers),
    /** Turns the identity requirement for withdrawals on or off, as an admin does. */
    async requireIdentity(on: boolean) {
      const changed = await call('POST', '/admin/api/settings', await adminToken(rt), {
        withdraw_requires_identity: on ? 1 : 0,
      });
      if (changed.code !== 1) throw new Error(`changing the setting failed: ${changed.msg}`);
    },
    /** Sets how many hours a new payout method waits before a withdrawal may go to it. */
    async payoutCooling(hours: number) {
      const changed = await call('POST', '/admin/api/settings', await adminToken(rt), {
        payout_cooling_hours: hours,
      });
      if (changed.code !== 1) throw new Error(`changing the setting failed: ${changed.msg}`);
    },
  };
}

export type DepositRecord = z.infer<typeof depositRecordSchema>;
export type WithdrawRecord = z.infer<typeof withdrawRecordSchema>;
export type DrawMethod = z.infer<typeof drawMethodSchema>;

/**
 * A deposit of `amount` USD the user submits with a proof picture and `staff` (a finance token)
 * approves, as the phone and the back office do; its id.
 */
export async function approvedDeposit(
  rt: TestRuntime,
  token: string,
  staff: string,
  amount: string,
  /** Runs between the user's report and the staff decision (e.g. the user's last call, in a language). */
  beforeApproval?: () => Promise<unknown>,
) {
  const m = moneyClient(rt);
  const proof = await uploadImage(rt, token);
  const [network] = (await m.get<Array<{ id: number }>>('/api/quickCharge/info', token)).data;
  const submitted = await m.post<DepositRecord>('/api/quickCharge/submit', token, {
    number: amount,
    proofImg: proof.data.url,
    charge_id: network!.id,
  });
  await beforeApproval?.();
  const approved = await m.post(`/admin/api/deposits/${submitted.data.id}/approve`, staff);
  if (approved.code !== 1) throw new Error(`approving the deposit failed: ${approved.msg}`);
  return submitted.data.id;
}
