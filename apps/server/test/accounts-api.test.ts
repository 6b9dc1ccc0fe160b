/**
 * Accounts once registered, through the HTTP layer on a real database: login by both identifiers
 * with its lockout, sessions ending at logout and password change, forgotten passwords, demo
 * accounts and every demo restriction, and the public settings the app starts with.
 * Registration itself is in registration-api.test.ts.
 */
import { describe, expect, it } from 'vitest';
import type { LoginResult } from '@omp/protocol';
import { accountClient } from './helpers/account-helpers.ts';
import { databaseEngines } from './helpers/test-runtime.ts';
import { useMailedAccounts } from './helpers/mailed-accounts.ts';

describe.each(databaseEngines())('accounts API on %s', (engine) => {
  const accounts = useMailedAccounts(engine);

  it('refuses a wrong password and locks the account after five failures', async () => {
    const { rt, registerByEmail } = accounts();
    await registerByEmail('locked@example.com');
    const other = accountClient(rt, '10.9.9.9');
    for (let i = 0; i < 5; i++) {
      expect(
        await other.postForm('/api/user/loginForU', { account: 'locked@example.com', password: 'Wrong1234' }),
      ).toMatchObject({
        code: 0,
        msg: 'The account or password is wrong',
      });
    }
    expect(
      await other.postForm('/api/user/loginForU', {
        account: 'locked@example.com',
        password: 'Sturdy-pass-81',
      }),
    ).toMatchObject({
      code: 429,
      msg: 'Too many failed logins. Please try again in 15 minutes.',
    });
    rt.clock.advance(15 * 60_000 + 1);
    expect(
      await other.postForm('/api/user/loginForU', {
        account: 'locked@example.com',
        password: 'Sturdy-pass-81',
      }),
    ).toMatchObject({ code: 1 });
  });

  it('answers 999 after logout and after a password change, and issues a new token on change', async () => {
    const { rt, mailbox, client, registerByEmail } = accounts();
    const { data } = await registerByEmail('sessions@example.com');
    const second = (
      await client.postForm<LoginResult>('/api/user/loginForU', {
        account: 'sessions@example.com',
        password: 'Sturdy-pass-81',
      })
    ).data.token;
    expect(await client.postForm('/api/user/logout', {}, data.token)).toMatchObject({ code: 1 });
    expect(await client.get('/api/user/info', data.token)).toMatchObject({ code: 999 });
    expect(await client.get('/api/user/info', second)).toMatchObject({ code: 1 });

    rt.clock.advance(61_000);
    expect(await client.postForm('/api/notify/send_email', { type: 2 }, second)).toMatchObject({ code: 1 });
    // The current password, when sent (the app always sends it), must be right; a wrong one
    // changes nothing and leaves the code unused.
    const code = mailbox.codeFor('sessions@example.com');
    const change = (old_password?: string) =>
      client.postForm<{ token: string }>(
        '/api/user/amend_password',
        {
          old_password,
          new_password: 'Changed-pass-456',
          re_password: 'Changed-pass-456',
          auth_code: code,
        },
        second,
      );
    expect(await change('Not-my-pass-1')).toMatchObject({ code: 0, msg: 'The current password is wrong' });
    const changed = await change('Sturdy-pass-81');
    expect(changed).toMatchObject({ code: 1, msg: 'Password changed' });
    expect(await client.get('/api/user/info', second)).toMatchObject({
      code: 999,
      msg: 'Your session has ended. Please log in again.',
    });
    expect(await client.get('/api/user/info', changed.data.token)).toMatchObject({ code: 1 });
    expect(
      await client.postForm('/api/user/loginForU', {
        account: 'sessions@example.com',
        password: 'Changed-pass-456',
      }),
    ).toMatchObject({ code: 1 });
    expect(await client.get('/api/user/info')).toMatchObject({ code: 999 });
    expect(await client.get('/api/user/info', 'made-up-token')).toMatchObject({ code: 999 });
  });

  it('resets a forgotten password with a code, ending every session', async () => {
    const { rt, mailbox, client, sendEmailCode, registerByEmail } = accounts();
    const { data } = await registerByEmail('forgot@example.com');
    rt.clock.advance(61_000);
    expect(await sendEmailCode('nobody@example.com', 2)).toMatchObject({
      code: 0,
      msg: 'No account is registered with this e-mail address or mobile number',
    });
    expect(await sendEmailCode('forgot@example.com', 2)).toMatchObject({ code: 1 });
    const reset = await client.postForm('/api/user/forget_password', {
      type: 'email',
      account: 'forgot@example.com',
      new_password: 'Renewed-pass-789',
      secondary_password: 'Renewed-pass-789',
      auth_code: mailbox.codeFor('forgot@example.com'),
    });
    expect(reset).toMatchObject({ code: 1, msg: 'Password reset. Please log in with the new password.' });
    expect(await client.get('/api/user/info', data.token)).toMatchObject({ code: 999 });
    expect(
      await client.postForm('/api/user/loginForU', {
        account: 'forgot@example.com',
        password: 'Sturdy-pass-81',
      }),
    ).toMatchObject({ code: 0 });
    expect(
      await client.postForm('/api/user/loginForU', {
        account: 'forgot@example.com',
        password: 'Renewed-pass-789',
      }),
    ).toMatchObject({ code: 1 });
  });

  it('returns to the same demo account for the same demo_id, and opens a new one otherwise', async () => {
    const { client } = accounts();
    const first = await client.get<LoginResult>('/api/user/createAccountDemoForU');
    expect(first).toMatchObject({ code: 1, data: { user: { is_demo: 1, email: null } } });
    const demoId = first.data.demo_id!;
    const again = await client.get<LoginResult>(`/api/user/createAccountDemoForU?demo_id=${demoId}`);
    expect(again.data.user.id).toBe(first.data.user.id);
    expect(again.data.token).not.toBe(first.data.token);
    const other = await client.get<LoginResult>(`/api/user/createAccountDemoForU?demo_id=${'x'.repeat(20)}`);
    expect(other.data.user.id).not.toBe(first.data.user.id);
    expect(other.data.demo_id).toBe('x'.repeat(20));
    expect(await client.get('/api/user/createAccountDemoForU?demo_id=short')).toMatchObject({ code: 422 });
  });

  it('refuses demo users every deposit, withdrawal, wallet, identity and password call, on the server', async () => {
    const { client } = accounts();
    const demo = (await client.get<LoginResult>('/api/user/createAccountDemoForU')).data.token;
    const expected = { code: 0, msg: 'Please register or log in to a real account' };
    for (const url of [
      '/api/quickCharge/info',
      '/api/account/draw_list?type=1',
      '/api/account/draw_symbol_list?type=1',
      '/api/wallet/get_draw_method',
      '/api/user_real/center',
    ]) {
      expect(await client.get(url, demo)).toMatchObject(expected);
    }
    for (const url of [
      '/api/quickCharge/submit',
      '/api/quickCharge/wire_submit',
      '/api/account/draw',
      '/api/wallet/bind_draw_method',
      '/api/wallet/del_draw_method',
      '/api/user_real/real_name',
      '/api/common/image_upload',
      '/api/user/amend_password',
      // The router decodes a path before matching it: the same calls spelt with escapes.
      '/%61pi/user/amend_password',
      '/%61pi/account/draw',
      '/%61pi/wallet/bind_draw_method',
      '/api/user%5Freal/real_name',
      '/api/common/image%5Fupload',
      '/api/quickCharge/%73ubmit',
    ]) {
      expect(await client.postForm(url, { number: 10 }, demo), url).toMatchObject(expected);
    }
    expect(await client.postForm('/api/notify/send_email', { type: 2 }, demo)).toMatchObject(expected);
  });

  it('serves calling codes, public settings and the start-up settings', async () => {
    const { client } = accounts();
    const areas = await client.get<unknown[]>('/api/default/area_list');
    expect(areas.data.length).toBeGreaterThan(230);
    expect(await client.get('/api/default/setting?key=is_show_mobile')).toMatchObject({ code: 1, data: '1' });
    expect(await client.get('/api/default/setting?key=demo_balance')).toMatchObject({
      code: 404,
      msg: 'There is no public setting named demo_balance',
    });
    const info = await client.get<Record<string, unknown>>('/api/basicSet/getBasicInfo');
    expect(info.data).toMatchObject({ verify_reg_type: 'both', is_show_mobile: 1, main_mode: 'trade' });
  });
});
