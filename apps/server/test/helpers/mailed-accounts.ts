/**
 * An app on a real database whose e-mailed codes go to a real SMTP server started here, and the
 * steps account tests share: asking for an e-mail code and registering with it.
 */
import { afterAll, beforeAll, expect } from 'vitest';
import type { LoginResult } from '@omp/protocol';
import { accountClient } from './account-helpers.ts';
import { startMailbox } from './mailbox.ts';
import { startTestRuntime, type EngineKind } from './test-runtime.ts';

export type MailedAccounts = Awaited<ReturnType<typeof startMailedAccounts>>;

/** Starts them before the suite's tests and stops them after; call inside `describe`. */
export function useMailedAccounts(engine: EngineKind): () => MailedAccounts {
  let accounts: MailedAccounts | undefined;
  beforeAll(async () => {
    accounts = await startMailedAccounts(engine);
  });
  afterAll(async () => {
    await accounts?.dispose();
  });
  return () => {
    if (!accounts) throw new Error('the mailed accounts start before the tests');
    return accounts;
  };
}

export async function startMailedAccounts(engine: EngineKind) {
  const mailbox = await startMailbox();
  const rt = await startTestRuntime({ engine, env: { SMTP_URL: mailbox.url } }).catch(async (error) => {
    await mailbox.close();
    throw error;
  });
  const client = accountClient(rt);

  const sendEmailCode = async (to: string, type: 1 | 2, ip?: string) => {
    const c = ip ? accountClient(rt, ip) : client;
    return c.postForm('/api/notify/send_email', { to, type, ...(await c.solvedCaptcha()) });
  };
  const registerByEmail = async (
    email: string,
    password = 'Sturdy-pass-81',
    extra: Record<string, string> = {},
  ) => {
    expect(await sendEmailCode(email, 1)).toMatchObject({ code: 1, msg: 'Verification code sent' });
    return client.postForm<LoginResult>('/api/user/register', {
      type: 'email',
      account: email,
      password,
      re_password: password,
      sms_code: mailbox.codeFor(email),
      ...extra,
    });
  };

  return {
    rt,
    mailbox,
    /**
     * The mailbox once every security notice under way has been handed to it: those leave in the
     * background (services/security-notices.ts), after the request that caused them answered.
     */
    async sentMail() {
      await rt.notices.idle();
      return mailbox;
    },
    client,
    sendEmailCode,
    registerByEmail,
    async dispose() {
      await rt.dispose();
      await mailbox.close();
    },
  };
}
