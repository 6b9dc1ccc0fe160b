/**
 * The message log support reads: every code and notice a user was sent, whether it left through
 * SMTP or stayed in the outbox, with the code itself masked for staff.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WireMessage } from '@omp/protocol';
import { accountClient } from './helpers/account-helpers.ts';
import { startMailbox } from './helpers/mailbox.ts';
import { callApi, staffToken } from './helpers/staff-helpers.ts';
import { VerificationRepository } from '../src/repositories/verification-repository.ts';
import { databaseEngines, startTestRuntime, type TestRuntime } from './helpers/test-runtime.ts';

describe.each(databaseEngines())('message log on %s', (engine) => {
  let rt: TestRuntime;
  let mailbox: Awaited<ReturnType<typeof startMailbox>>;

  beforeAll(async () => {
    mailbox = await startMailbox();
    rt = await startTestRuntime({ engine, env: { SMTP_URL: mailbox.url } });
  });
  afterAll(async () => {
    await rt?.dispose();
    await mailbox?.close();
  });

  it('logs a code delivered by SMTP, masked for staff, and finds it by address', async () => {
    const client = accountClient(rt);
    const address = 'Support.Case@Example.com';
    expect(
      await client.postForm('/api/notify/send_email', {
        to: address,
        type: 1,
        ...(await client.solvedCaptcha()),
      }),
    ).toMatchObject({ code: 1 });
    const code = mailbox.codeFor(address);

    const support = await staffToken(rt, ['compliance']);
    const page = await callApi<{ list: WireMessage[]; total: number }>(
      rt,
      'GET',
      `/admin/api/messages?address=${encodeURIComponent(address)}`,
      support,
    );
    expect(page.code).toBe(1);
    expect(page.data.total).toBe(1);
    const [message] = page.data.list;
    expect(message).toMatchObject({
      channel: 'email',
      address: 'support.case@example.com',
      delivery: 'smtp',
    });
    expect(message!.body).not.toContain(code);
    expect(message!.body).toContain('••••••');
    // Nor is it stored: the log keeps what a provider delivered with its codes masked.
    const stored = await new VerificationRepository(rt.database.db).listOutbox(
      10,
      'support.case@example.com',
    );
    expect(stored).toHaveLength(1);
    expect(stored[0]!.body).not.toContain(code);
    expect((await callApi(rt, 'GET', '/admin/api/messages?channel=fax', support)).code).toBe(422);
  });
});
