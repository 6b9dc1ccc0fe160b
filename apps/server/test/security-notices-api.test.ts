/**
 * Security notices and the cooling of new payout methods, read from a real SMTP server: a changed
 * password, a new payout address and a changed e-mail address (with the notice to the old one) each
 * tell the user; a withdrawal to an address bound less than `payout_cooling_hours` ago is refused
 * with the moment it becomes usable, allowed once the test clock passes it, and allowed at once
 * when staff set the hours to 0. Balances equal their ledgers after.
 */
import { describe, expect, it } from 'vitest';
import { parseMicros } from '@omp/engine';
import type { DrawMethod } from '@omp/protocol';
import { useMailedAccounts } from './helpers/mailed-accounts.ts';
import { moneyClient, TRC20_ADDRESS } from './helpers/money-helpers.ts';
import { callApi, adminToken } from './helpers/staff-helpers.ts';
import { databaseEngines } from './helpers/test-runtime.ts';
import { tradingClient } from './helpers/trading-helpers.ts';

const PASSWORD = 'Sturdy-pass-81';
const OTHER_TRC20_ADDRESS = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';
const HOUR_MS = 60 * 60_000;

let users = 0;

describe.each(databaseEngines())('security notices and payout cooling on %s', (engine) => {
  const accounts = useMailedAccounts(engine);

  async function registered() {
    const email = `notices-${++users}-${engine}@example.com`;
    const answer = await accounts().registerByEmail(email, PASSWORD);
    expect(answer.code).toBe(1);
    return { email, token: answer.data.token, id: answer.data.user.id };
  }
  const subjectsTo = async (email: string) =>
    (await accounts().sentMail()).messagesTo(email).map((m) => m.subject);
  const lastTo = async (email: string) => (await accounts().sentMail()).messagesTo(email).at(-1)!;

  it('tells of a changed password, with when and from where', async () => {
    const { email, token } = await registered();
    const { client, mailbox, sendEmailCode } = accounts();
    accounts().rt.clock.advance(61_000);
    expect((await sendEmailCode(email, 2)).code).toBe(1);
    const changed = await client.postForm(
      '/api/user/amend_password',
      {
        old_password: PASSWORD,
        new_password: 'Sturdier-pass-92',
        re_password: 'Sturdier-pass-92',
        auth_code: mailbox.codeFor(email),
      },
      token,
    );
    expect(changed.code).toBe(1);
    expect(await lastTo(email)).toMatchObject({ subject: 'Your password was changed' });
    expect((await lastTo(email)).text).toMatch(
      /changed at \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC from IP address 10\.0\.0\.1/,
    );
  });

  it('tells of a forgotten-password reset in the owner’s language, whatever language asked for it', async () => {
    const { email, token } = await registered();
    const { rt, mailbox, sendEmailCode } = accounts();
    const inLanguage = (lang: string, url: string, form?: Record<string, string>) =>
      rt.app.inject({
        method: form ? 'POST' : 'GET',
        url,
        headers: {
          lang,
          ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : { authorization: token }),
        },
        ...(form ? { payload: new URLSearchParams(form).toString() } : {}),
      });
    // The owner uses the app in Italian.
    expect((await inLanguage('it', '/api/user/info')).statusCode).toBe(200);
    rt.clock.advance(61_000);
    // A code goes to whoever asks, in the language they asked in, as before.
    expect((await sendEmailCode(email, 2)).code).toBe(1);
    expect((await lastTo(email)).subject).toBe('Your verification code');
    const reset = await inLanguage('ru', '/api/user/forget_password', {
      type: 'email',
      account: email,
      new_password: 'Sturdier-pass-92',
      secondary_password: 'Sturdier-pass-92',
      auth_code: mailbox.codeFor(email),
    });
    expect(reset.json()).toMatchObject({ code: 1 });
    expect((await lastTo(email)).subject).toBe('La tua password è stata cambiata');
    expect((await lastTo(email)).text).toContain('Se non sei stato tu');
  });

  it('changes the e-mail address with a code to the new one and the password, telling the old one', async () => {
    const { email, token } = await registered();
    const { client, mailbox } = accounts();
    const newEmail = `moved-${users}-${engine}@example.com`;
    const taken = await registered();

    expect(
      await client.postForm('/api/user/contact_code', { type: 'email', to: taken.email }, token),
    ).toMatchObject({
      code: 0,
      msg: 'Another account already uses this address',
    });
    expect(
      await client.postForm('/api/user/contact_code', { type: 'email', to: email }, token),
    ).toMatchObject({
      code: 0,
      msg: 'This is already your address',
    });
    expect(
      await client.postForm('/api/user/contact_code', { type: 'email', to: newEmail }, token),
    ).toMatchObject({
      code: 1,
    });
    const code = mailbox.codeFor(newEmail);
    const change = { type: 'email', to: newEmail, code };
    expect(
      await client.postForm('/api/user/change_contact', { ...change, password: 'Wrong-pass-00' }, token),
    ).toMatchObject({ code: 0 });
    expect(
      await client.postForm('/api/user/change_contact', { ...change, password: PASSWORD }, token),
    ).toMatchObject({
      code: 1,
      msg: 'Your sign-in address has been changed',
    });

    expect((await client.get<{ email: string }>('/api/user/info', token)).data.email).toBe(newEmail);
    expect((await lastTo(email)).subject).toBe('Your e-mail address was changed');
    expect((await lastTo(email)).text).toContain(`changed to ${newEmail}`);
    // The new address signs in; the old one no longer does.
    expect(
      (await client.postForm('/api/user/loginForU', { account: newEmail, password: PASSWORD })).code,
    ).toBe(1);
    expect((await client.postForm('/api/user/loginForU', { account: email, password: PASSWORD })).code).toBe(
      0,
    );
    // The code was used up: it cannot move the address again.
    expect(
      (await client.postForm('/api/user/change_contact', { ...change, password: PASSWORD }, token)).code,
    ).toBe(0);
  });

  it('refuses a withdrawal to a fresh address until the cooling passes, and at once when staff set 0', async () => {
    const { rt } = accounts();
    const { email, token, id } = await registered();
    const m = moneyClient(rt);
    const t = tradingClient(rt);
    await m.requireIdentity(false);
    await m.payoutCooling(24);
    await rt.trading.changeBalance(
      { id, isDemo: false },
      {
        postings: [{ kind: 'adjustment', amountMicros: parseMicros('500')! }],
        refId: 0,
        requireFreeMargin: false,
      },
      { answer: () => null },
    );
    const [usdt] = (await m.get<Array<{ id: number }>>('/api/account/draw_symbol_list?type=1', token)).data;
    const boundAtMs = rt.clock.now();
    const bound = await m.post<DrawMethod>('/api/wallet/bind_draw_method', token, {
      type: 1,
      draw_currency_id: usdt!.id,
      dc_address: TRC20_ADDRESS,
    });
    const usableFrom = Math.ceil((boundAtMs + 24 * HOUR_MS) / 1000);
    expect(bound.data).toMatchObject({ bound_at: Math.floor(boundAtMs / 1000), usable_from: usableFrom });
    expect(await subjectsTo(email)).toContain('A new payout method was added');
    expect((await lastTo(email)).text).toContain(TRC20_ADDRESS);
    expect((await lastTo(email)).text).toContain(
      `withdrawals from ${new Date(usableFrom * 1000).toISOString().slice(0, 19).replace('T', ' ')} UTC`,
    );

    const draw = { draw_currency_id: usdt!.id, draw_method_id: bound.data.id, number: '100' };
    const refused = await m.post('/api/account/draw', token, draw);
    expect(refused.code).toBe(0);
    expect(refused.msg).toMatch(
      /added recently\. For your safety it can receive withdrawals from \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC/,
    );
    expect((await t.figures(token)).data).toMatchObject({ balance: 500, withdraw_hold: 0 });

    rt.clock.advance(24 * HOUR_MS - 1000);
    expect((await m.post('/api/account/draw', token, draw)).code).toBe(0);
    rt.clock.advance(1000);
    expect(
      (await m.get<DrawMethod[]>('/api/wallet/get_draw_method?draw_type=1', token)).data[0],
    ).toMatchObject({
      usable_from: null,
    });
    expect(await m.post('/api/account/draw', token, draw)).toMatchObject({ code: 1 });

    // Staff turn the cooling off, audited like every setting: a new address is usable at once.
    const admin = await adminToken(rt);
    expect((await callApi(rt, 'POST', '/admin/api/settings', admin, { payout_cooling_hours: 0 })).code).toBe(
      1,
    );
    const audit = await callApi<{ list: Array<{ action: string; after: unknown }> }>(
      rt,
      'GET',
      '/admin/api/audit?page=1',
      admin,
    );
    expect(audit.data.list.find((row) => row.action === 'setting.update')?.after).toMatchObject({
      payout_cooling_hours: '0',
    });
    const fresh = await m.post<DrawMethod>('/api/wallet/bind_draw_method', token, {
      type: 1,
      draw_currency_id: usdt!.id,
      dc_address: OTHER_TRC20_ADDRESS,
    });
    expect(fresh.data.usable_from).toBeNull();
    expect(
      await m.post('/api/account/draw', token, { ...draw, draw_method_id: fresh.data.id, number: '50' }),
    ).toMatchObject({ code: 1 });
    expect((await t.figures(token)).data).toMatchObject({ balance: 350, withdraw_hold: 150 });
    expect(await t.expectLedgerBalanced(id)).toBe(parseMicros('350'));
    await m.payoutCooling(24);
  });
});
