/** Helpers for account tests: form posts, solving a captcha, reading codes from the outbox. */
import { createHash, randomBytes } from 'node:crypto';
import { VerificationRepository } from '../../src/repositories/verification-repository.ts';
import type { TestRuntime } from './test-runtime.ts';

export interface EnvelopeBody<T = unknown> {
  code: number;
  msg: string;
  data: T;
}

export function accountClient(rt: TestRuntime, ip = '10.0.0.1') {
  const verifications = new VerificationRepository(rt.database.db);
  return {
    async postForm<T = unknown>(
      url: string,
      fields: Record<string, string | number | undefined>,
      token?: string,
    ) {
      const body = new URLSearchParams();
      for (const [key, value] of Object.entries(fields))
        if (value !== undefined) body.set(key, String(value));
      const res = await rt.app.inject({
        method: 'POST',
        url,
        remoteAddress: ip,
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          lang: 'en',
          ...(token ? { authorization: token } : {}),
        },
        payload: body.toString(),
      });
      return res.json() as EnvelopeBody<T>;
    },
    async get<T = unknown>(url: string, token?: string) {
      const res = await rt.app.inject({
        method: 'GET',
        url,
        remoteAddress: ip,
        headers: { lang: 'en', ...(token ? { authorization: token } : {}) },
      });
      return res.json() as EnvelopeBody<T>;
    },
    /** Stores a captcha whose answer the test knows, as a person reading the image would. */
    async solvedCaptcha() {
      const key = randomBytes(8).toString('hex');
      await verifications.insertCaptcha(
        key,
        createHash('sha256').update('k7wm').digest('hex'),
        rt.clock.now() + 60_000,
      );
      return { key, captcha: 'K7WM' };
    },
    /** The 6-digit code in the newest outbox message to an address. */
    async codeFromOutbox(address: string) {
      const [message] = await verifications.listOutbox(1, address);
      const code = message?.body.match(/\b(\d{6})\b/)?.[1];
      if (!code) throw new Error(`no code in the outbox for ${address}`);
      return code;
    },
    /**
     * A signed-in password change as the app makes it: a code sent to the user's e-mail `address`,
     * then `amend_password` with it. Answers the change's envelope (its new token).
     */
    async changePasswordByCode(token: string, address: string, newPassword: string) {
      const sent = await this.postForm('/api/notify/send_email', { type: 2 }, token);
      if (sent.code !== 1) throw new Error(`no code sent to ${address}: ${sent.msg}`);
      return this.postForm<{ token: string }>(
        '/api/user/amend_password',
        {
          new_password: newPassword,
          re_password: newPassword,
          auth_code: await this.codeFromOutbox(address),
        },
        token,
      );
    },
  };
}
