/**
 * The monthly statement by e-mail over real SMTP: only users who asked get it, in the language
 * they asked in, with the PDF attached; each month goes once per user, also when the job runs
 * again, after a restart, and when two rounds run at the same moment; an opt-in that names no zone
 * takes the one the app runs in.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TIME_ZONE_HEADER, type StatementMail } from '@omp/protocol';
import type { EnvelopeBody } from './helpers/account-helpers.ts';
import { startMailbox } from './helpers/mailbox.ts';
import { databaseEngines, startTestRuntime, type TestRuntime } from './helpers/test-runtime.ts';
import { tradingClient } from './helpers/trading-helpers.ts';

describe.each(databaseEngines())('monthly statement e-mail on %s', (engine) => {
  let rt: TestRuntime;
  let mailbox: Awaited<ReturnType<typeof startMailbox>>;

  beforeAll(async () => {
    mailbox = await startMailbox();
    rt = await startTestRuntime({ engine, env: { SMTP_URL: mailbox.url } });
  });
  afterAll(async () => {
    await rt.dispose();
    await mailbox.close();
  });

  const mailCall = async (token: string, body?: Record<string, unknown>, lang = 'en', zone?: string) => {
    const res = await rt.app.inject({
      method: body ? 'POST' : 'GET',
      url: '/v1/api/main/account/statementMail',
      headers: {
        authorization: token,
        lang,
        ...(zone ? { [TIME_ZONE_HEADER]: zone } : {}),
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      ...(body ? { payload: JSON.stringify(body) } : {}),
    });
    return res.json() as EnvelopeBody<StatementMail>;
  };

  /** A real user with money and, unless told otherwise, an e-mail address. */
  const user = async (email: string | null) => {
    const made = await tradingClient(rt).realUser('150');
    if (email) await rt.database.db.updateTable('users').set({ email }).where('id', '=', made.id).execute();
    rt.app.auth.forgetUser(made.id);
    return made;
  };

  it('sends last month’s statement once, with its PDF, only to those who asked', async () => {
    const ana = await user('ana.statement@example.com');
    const ben = await user('ben.statement@example.com');
    const noMail = await user(null);

    expect(await mailCall(ana.token)).toMatchObject({
      code: 1,
      data: { monthly: false, email: 'ana.statement@example.com' },
    });
    expect(await mailCall(ana.token, { monthly: true, tz: 'Asia/Tokyo' }, 'jp')).toMatchObject({
      code: 1,
      msg: '毎月初めに明細書をメールでお送りします',
      data: { monthly: true },
    });
    expect(await mailCall(noMail.token, { monthly: true })).toMatchObject({
      code: 0,
      msg: 'Add an e-mail address to your account to receive statements by e-mail',
    });
    expect(await mailCall(ana.token, { monthly: true, tz: 'Nowhere/City' })).toMatchObject({ code: 422 });
    expect((await mailCall(ana.token)).data.monthly).toBe(true);
    // A visitor's demo account has nobody to send to.
    const visitor = await tradingClient(rt).demoUser();
    expect(await mailCall(visitor.token, { monthly: true })).toMatchObject({
      code: 0,
      msg: 'Statements of a real account need a registered account',
    });

    // Mid-month nothing is due; on the 2nd of the next month (in Tokyo) November goes.
    expect(await rt.statementMailer.runOnce()).toBe(0);
    rt.clock.set(Date.UTC(2026, 11, 1, 20));
    const [first, second] = await Promise.all([rt.statementMailer.runOnce(), rt.statementMailer.runOnce()]);
    expect(first + second).toBe(1);
    expect(await rt.statementMailer.runOnce()).toBe(0);
    expect(mailbox.rawMessagesTo('ben.statement@example.com')).toEqual([]);
    const [mail] = mailbox.rawMessagesTo('ana.statement@example.com');
    expect(mail).toBeDefined();
    expect(mail).toContain('Content-Type: application/pdf; name=statement-2026-11.pdf');
    expect(mail).toContain('Content-Disposition: attachment; filename=statement-2026-11.pdf');
    // The Japanese subject, as MIME encodes it, and the PDF's bytes.
    expect(mail).toMatch(/Subject: =\?UTF-8\?/);
    const pdfBase64 = /filename=statement-2026-11\.pdf\r?\n\r?\n([A-Za-z0-9+/=\r\n]+)/.exec(mail!)?.[1];
    expect(Buffer.from(pdfBase64!.replace(/\s/g, ''), 'base64').subarray(0, 5).toString()).toBe('%PDF-');

    // The message log names the file without keeping it.
    const logged = await rt.database.db
      .selectFrom('outbox')
      .select(['subject', 'body'])
      .where('address', '=', 'ana.statement@example.com')
      .execute();
    expect(logged).toHaveLength(1);
    expect(logged[0]!.subject).toBe('2026-11 の取引明細書');
    expect(logged[0]!.body).toMatch(/\[statement-2026-11\.pdf, application\/pdf, \d+ bytes\]$/);

    // After a restart, and later in the sending days, the month is not sent again.
    rt = await rt.restart();
    rt.clock.set(Date.UTC(2026, 11, 3, 9));
    expect(await rt.statementMailer.runOnce()).toBe(0);
    expect(mailbox.rawMessagesTo('ana.statement@example.com')).toHaveLength(1);

    // Ana turns it off and Ben on: December goes to Ben alone, in English.
    expect((await mailCall(ana.token, { monthly: false })).data.monthly).toBe(false);
    expect((await mailCall(ben.token, { monthly: true })).data.monthly).toBe(true);
    rt.clock.set(Date.UTC(2027, 0, 2, 9));
    expect(await rt.statementMailer.runOnce()).toBe(1);
    expect(mailbox.rawMessagesTo('ana.statement@example.com')).toHaveLength(1);
    const [december] = mailbox.rawMessagesTo('ben.statement@example.com');
    expect(december).toContain('Subject: Your account statement for 2026-12');
    expect(december).toContain('filename=statement-2026-12.pdf');
  });

  it('takes the zone the app runs in when the opt-in names none', async () => {
    const carl = await user('carl.statement@example.com');
    expect(await mailCall(carl.token, { monthly: true }, 'en', 'America/New_York')).toMatchObject({
      code: 1,
      data: { monthly: true },
    });
    // 03:00 UTC on 1 February is still 31 January in New York: January is not over there.
    rt.clock.set(Date.UTC(2027, 1, 1, 3));
    await rt.statementMailer.runOnce();
    expect(mailbox.rawMessagesTo('carl.statement@example.com')).toEqual([]);
    rt.clock.set(Date.UTC(2027, 1, 1, 6));
    await rt.statementMailer.runOnce();
    const [january] = mailbox.rawMessagesTo('carl.statement@example.com');
    expect(january).toContain('filename=statement-2027-01.pdf');
  });
});
