/**
 * Reset codes outlive no new password: a user with an e-mail address and a mobile number can be sent
 * a reset code at each, and once one of them (or a change made while signed in) sets the password,
 * the other chooses none again.
 */
import { describe, expect, it } from 'vitest';
import type { LoginResult } from '@omp/protocol';
import { accountClient } from './helpers/account-helpers.ts';
import { useMailedAccounts } from './helpers/mailed-accounts.ts';
import { databaseEngines } from './helpers/test-runtime.ts';

const PASSWORD = 'Sturdy-pass-81';
const WRONG_CODE = { code: 422, msg: 'The verification code is wrong' };

describe.each(databaseEngines())('reset codes on %s', (engine) => {
  const accounts = useMailedAccounts(engine);

  /** A user signed in with an e-mail address and, added later, a mobile number. */
  async function userWithBothAddresses(email: string, national: string) {
    const { rt, client, registerByEmail, sentMail } = accounts();
    const { token } = (await registerByEmail(email)).data;
    const areas = await client.get<Array<{ id: number; code: string }>>('/api/default/area_list');
    const areaId = areas.data.find((a) => a.code === 'HK')!.id;
    const mobile = { type: 'mobile', to: national, area_id: areaId };
    expect(await client.postForm('/api/user/contact_code', mobile, token)).toMatchObject({ code: 1 });
    const code = await client.codeFromOutbox(`+852${national}`);
    expect(
      await client.postForm('/api/user/change_contact', { ...mobile, code, password: PASSWORD }, token),
    ).toMatchObject({ code: 1 });
    rt.clock.advance(60_000);
    // The notice of the new number reaches the e-mail address before any code is sent there.
    return { mailbox: await sentMail(), mobile: `+852${national}`, token };
  }

  /** A visitor asks for a reset code at one address, as the "Forgot password" screen does. */
  async function askResetCode(channel: 'email' | 'sms', to: string, ip: string) {
    const visitor = accountClient(accounts().rt, ip);
    const url = channel === 'email' ? '/api/notify/send_email' : '/api/notify/send_sms';
    expect(await visitor.postForm(url, { to, type: 2, ...(await visitor.solvedCaptcha()) })).toMatchObject({
      code: 1,
    });
  }

  const resetWith = (type: 'email' | 'mobile', account: string, code: string, password: string) =>
    accounts().client.postForm('/api/user/forget_password', {
      type,
      account,
      new_password: password,
      secondary_password: password,
      auth_code: code,
    });

  it('retires the reset code sent to the other address once one of them set a password', async () => {
    const { client } = accounts();
    const email = 'two-ways@example.com';
    const { mailbox, mobile } = await userWithBothAddresses(email, '61230001');
    await askResetCode('sms', mobile, '10.31.0.1');
    const smsCode = await client.codeFromOutbox(mobile);
    await askResetCode('email', email, '10.31.0.1');

    expect(await resetWith('email', email, mailbox.codeFor(email), 'Lantern-meadow-52')).toMatchObject({
      code: 1,
    });
    expect(await resetWith('mobile', mobile, smsCode, 'Pebble-orchard-53')).toEqual({
      ...WRONG_CODE,
      data: null,
    });
    const login = (password: string) =>
      client.postForm<LoginResult>('/api/user/loginForU', { account: email, password });
    expect(await login('Lantern-meadow-52')).toMatchObject({ code: 1 });
  });

  it('retires a reset code asked for before the password was changed signed in', async () => {
    const { client } = accounts();
    const email = 'changed-in-app@example.com';
    const { mailbox, mobile, token } = await userWithBothAddresses(email, '61230002');
    await askResetCode('sms', mobile, '10.31.0.2');
    const smsCode = await client.codeFromOutbox(mobile);

    // Signed in, the code for the change goes to the user's own e-mail address.
    expect(await client.postForm('/api/notify/send_email', { type: 2 }, token)).toMatchObject({ code: 1 });
    const change = {
      old_password: PASSWORD,
      new_password: 'Kettle-harbour-54',
      re_password: 'Kettle-harbour-54',
      auth_code: mailbox.codeFor(email),
      type: 'email',
    };
    expect(await client.postForm('/api/user/amend_password', change, token)).toMatchObject({ code: 1 });
    expect(await resetWith('mobile', mobile, smsCode, 'Pebble-orchard-55')).toEqual({
      ...WRONG_CODE,
      data: null,
    });
  });
});
