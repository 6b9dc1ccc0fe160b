/**
 * Sign-in as an attacker probes it, through the HTTP layer on a real database: the failure limit
 * counts the account however it is typed, an unknown account costs the same password check as a
 * known one (counted with a watching hasher, never timed), and common passwords are refused
 * wherever a password is chosen.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginResult, WireStaff } from '@omp/protocol';
import { VerificationRepository } from '../src/repositories/verification-repository.ts';
import type { PasswordHasher } from '../src/security/password-hasher.ts';
import { accountClient } from './helpers/account-helpers.ts';
import { adminToken, callApi, staffLogin } from './helpers/staff-helpers.ts';
import {
  databaseEngines,
  startTestRuntime,
  testPasswords,
  type TestRuntime,
} from './helpers/test-runtime.ts';

const PASSWORD = 'Sturdy-pass-81';
const TOO_COMMON =
  'This password is among the first an attacker would try; choose a longer or less common one';
const LOCKED = { code: 429, msg: 'Too many failed logins. Please try again in 15 minutes.' };
const WRONG = { code: 0, msg: 'The account or password is wrong' };

/** The tests' scrypt, with a count of the checks made: the number of checks is what timing would reveal. */
function watchedHasher() {
  const counts = { verify: 0 };
  const hasher: PasswordHasher = {
    hash: (password) => testPasswords.hash(password),
    verify: (password, stored) => {
      counts.verify++;
      return testPasswords.verify(password, stored);
    },
  };
  return { hasher, counts };
}

describe.each(databaseEngines())('sign-in on %s', (engine) => {
  let rt: TestRuntime;
  const watched = watchedHasher();
  let ipCounter = 0;
  /** Each scenario from its own address, so only the per-account limit is in play. */
  const freshClient = () => accountClient(rt, `10.7.0.${++ipCounter}`);
  let hkAreaId: number;

  beforeAll(async () => {
    rt = await startTestRuntime({ engine, passwords: watched.hasher });
    hkAreaId = (
      await accountClient(rt).get<Array<{ id: number; code: string }>>('/api/default/area_list')
    ).data.find((a) => a.code === 'HK')!.id;
  });
  afterAll(async () => rt?.dispose());

  const register = async (
    fields: { type: 'email'; account: string } | { type: 'mobile'; account: string; area_id: number },
    password = PASSWORD,
  ) => {
    const client = freshClient();
    const address = fields.type === 'email' ? fields.account : `+852${fields.account}`;
    const send =
      fields.type === 'email'
        ? await client.postForm('/api/notify/send_email', {
            to: fields.account,
            type: 1,
            ...(await client.solvedCaptcha()),
          })
        : await client.postForm('/api/notify/send_sms', {
            to: fields.account,
            area_id: fields.area_id,
            type: 1,
            ...(await client.solvedCaptcha()),
          });
    expect(send).toMatchObject({ code: 1 });
    return client.postForm<LoginResult>('/api/user/register', {
      ...fields,
      ...(fields.type === 'mobile' ? { mobile: fields.account } : {}),
      password,
      re_password: password,
      sms_code: await client.codeFromOutbox(address),
    });
  };

  it('counts failures per account, however the e-mail is typed', async () => {
    expect(await register({ type: 'email', account: 'casey@example.com' })).toMatchObject({ code: 1 });
    const spellings = [
      'casey@example.com',
      'CASEY@example.com',
      ' Casey@Example.com ',
      'casey@EXAMPLE.COM',
      'cAsEy@example.com',
    ];
    for (const account of spellings)
      expect(
        await freshClient().postForm('/api/user/loginForU', { account, password: 'Wrong-pass-1' }),
      ).toMatchObject(WRONG);
    expect(
      await freshClient().postForm('/api/user/loginForU', {
        account: 'casey@example.com',
        password: PASSWORD,
      }),
    ).toMatchObject(LOCKED);
  });

  it('counts failures per account, with or without the country code of the mobile number', async () => {
    expect(await register({ type: 'mobile', account: '91230001', area_id: hkAreaId })).toMatchObject({
      code: 1,
    });
    const typings = [
      { account: '+85291230001' },
      { account: '+852 9123 0001' },
      { account: '91230001', area_id: hkAreaId },
      { account: '9123-0001' },
      { account: '0 9123 0001' },
    ];
    for (const fields of typings)
      expect(
        await freshClient().postForm('/api/user/loginForU', { ...fields, password: 'Wrong-pass-1' }),
      ).toMatchObject(WRONG);
    expect(
      await freshClient().postForm('/api/user/loginForU', { account: '+85291230001', password: PASSWORD }),
    ).toMatchObject(LOCKED);
  });

  it('finds a mobile account typed without its country code by the whole national number, never a tail of it', async () => {
    const registered = await register({ type: 'mobile', account: '61230002', area_id: hkAreaId });
    expect(registered).toMatchObject({ code: 1 });
    const login = (account: string) =>
      freshClient().postForm<LoginResult>('/api/user/loginForU', { account, password: PASSWORD });
    for (const account of ['61230002', '0 6123 0002'])
      expect((await login(account)).data.user.id, account).toBe(registered.data.user.id);
    // The last digits alone name no account: they would let a guesser reach accounts without their numbers.
    for (const account of ['1230002', '230002', '0002', '5261230002'])
      expect(await login(account), account).toMatchObject(WRONG);
  });

  it('counts failures for an unknown account by its normalised form too', async () => {
    for (const account of [
      'Ghost@Example.com',
      'ghost@example.com ',
      'GHOST@EXAMPLE.COM',
      'ghost@example.com',
      ' ghost@example.COM',
    ])
      expect(
        await freshClient().postForm('/api/user/loginForU', { account, password: PASSWORD }),
      ).toMatchObject(WRONG);
    expect(
      await freshClient().postForm('/api/user/loginForU', {
        account: 'ghost@example.com',
        password: PASSWORD,
      }),
    ).toMatchObject(LOCKED);
  });

  it('counts wrong passwords fired at one account at once exactly: five answered wrong, the rest locked', async () => {
    expect(await register({ type: 'email', account: 'rushed@example.com' })).toMatchObject({ code: 1 });
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        accountClient(rt, `10.8.0.${i + 1}`).postForm('/api/user/loginForU', {
          account: 'rushed@example.com',
          password: 'Wrong-pass-1',
        }),
      ),
    );
    expect(answers.filter((answer) => answer.msg === WRONG.msg)).toHaveLength(5);
    expect(answers.filter((answer) => answer.msg === LOCKED.msg)).toHaveLength(15);
    expect(
      await freshClient().postForm('/api/user/loginForU', {
        account: 'rushed@example.com',
        password: PASSWORD,
      }),
    ).toMatchObject(LOCKED);
  });

  it('counts wrong passwords fired from one address at once exactly: thirty, then the address waits', async () => {
    // Twenty-five failures already, so only five password checks are left to run.
    const failures = new VerificationRepository(rt.database.db);
    for (let i = 0; i < 25; i++)
      await failures.recordLoginFailure(`typed:earlier-${i}`, '10.9.0.1', rt.clock.now());
    const swarm = accountClient(rt, '10.9.0.1');
    const answers = await Promise.all(
      Array.from({ length: 15 }, (_, i) =>
        swarm.postForm('/api/user/loginForU', {
          account: `swarm-${i}@example.com`,
          password: 'Wrong-pass-1',
        }),
      ),
    );
    expect(answers.filter((answer) => answer.msg === WRONG.msg)).toHaveLength(5);
    expect(answers.filter((answer) => answer.code === 429)).toEqual(
      Array.from({ length: 10 }, () =>
        expect.objectContaining({ msg: 'Too many requests. Please wait a moment and try again.' }),
      ),
    );
  });

  it('counts an IPv6 client by its /64: new addresses of the same network share its thirty failures', async () => {
    // One host is handed a whole /64: an address per try must not buy thirty more.
    const network = (host: number) => `2001:db8:5:6::${host.toString(16)}`;
    for (let host = 1; host <= 30; host++)
      expect(
        await accountClient(rt, network(host)).postForm('/api/user/loginForU', {
          account: `roamer-${host}@example.com`,
          password: 'Wrong-pass-1',
        }),
      ).toMatchObject(WRONG);
    const next = { account: 'roamer-31@example.com', password: 'Wrong-pass-1' };
    expect(await accountClient(rt, network(0xbeef)).postForm('/api/user/loginForU', next)).toMatchObject({
      code: 429,
      msg: 'Too many requests. Please wait a moment and try again.',
    });
    // The next network along is another client, and codes sent count per /64 alike.
    expect(await accountClient(rt, '2001:db8:5:7::1').postForm('/api/user/loginForU', next)).toMatchObject(
      WRONG,
    );
    const codes = new VerificationRepository(rt.database.db);
    const now = rt.clock.now();
    await codes.insertCode({
      ...{ channel: 'email', address: 'roamer@example.com', purpose: 1, codeHash: 'x' },
      ...{ ip: network(0x51), createdAt: now, expiresAt: now + 600_000 },
    });
    expect(await codes.countCodesSince('ip', network(0x52), now - 1)).toBe(1);
    expect(await codes.countCodesSince('ip', '2001:db8:5:7::51', now - 1)).toBe(0);
  });

  it('counts wrong staff passwords fired at once exactly: five answered wrong, the rest locked', async () => {
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => staffLogin(rt, 'night-shift', 'Wrong-pass-1')),
    );
    expect(answers.filter((answer) => answer.code === 0)).toHaveLength(5);
    expect(answers.filter((answer) => answer.code === 429)).toHaveLength(7);
  });

  it('makes exactly one password check whether the account exists or not', async () => {
    expect(await register({ type: 'email', account: 'timing@example.com' })).toMatchObject({ code: 1 });
    const attempts = [
      { account: 'timing@example.com', password: 'Wrong-pass-1' },
      { account: 'timing@example.com', password: PASSWORD },
      { account: 'nobody-here@example.com', password: PASSWORD },
      { account: '+85290000000', password: PASSWORD },
      { account: '12345', password: PASSWORD },
      { account: 'not an account at all', password: PASSWORD },
    ];
    for (const attempt of attempts) {
      const before = watched.counts.verify;
      await freshClient().postForm('/api/user/loginForU', attempt);
      expect(watched.counts.verify - before, attempt.account).toBe(1);
    }
    // A demo account has no password: a password login to it costs the same check and fails.
    const demo = await freshClient().get<LoginResult>('/api/user/createAccountDemoForU');
    expect(demo.data.user.is_demo).toBe(1);
    for (const username of ['admin', 'nobody-on-staff']) {
      const before = watched.counts.verify;
      expect(await staffLogin(rt, username, 'Wrong-pass-1')).toMatchObject({ code: 0 });
      expect(watched.counts.verify - before, username).toBe(1);
    }
  });

  it('refuses common passwords at registration, reset, change and for staff', async () => {
    for (const [index, password] of [
      'Password123',
      'qwerty123',
      'Welcome1',
      'iloveyou1',
      'P@ssw0rd1',
      'abc12345',
      'Trader2026',
    ].entries())
      expect(
        await register({ type: 'email', account: `common-${index}@example.com` }, password),
        password,
      ).toMatchObject({
        code: 422,
        msg: TOO_COMMON,
      });
    // The account itself is a known word: its name with a digit is not a password.
    expect(await register({ type: 'email', account: 'margaretta@example.com' }, 'margaretta1')).toMatchObject(
      {
        code: 422,
        msg: TOO_COMMON,
      },
    );

    const user = await register({ type: 'email', account: 'careful@example.com' });
    const client = freshClient();
    rt.clock.advance(61_000);
    expect(await client.postForm('/api/notify/send_email', { type: 2 }, user.data.token)).toMatchObject({
      code: 1,
    });
    expect(
      await client.postForm(
        '/api/user/amend_password',
        {
          new_password: 'Password1',
          re_password: 'Password1',
          auth_code: await client.codeFromOutbox('careful@example.com'),
        },
        user.data.token,
      ),
    ).toMatchObject({ code: 422, msg: TOO_COMMON });
    rt.clock.advance(61_000);
    expect(
      await client.postForm('/api/notify/send_email', {
        to: 'careful@example.com',
        type: 2,
        ...(await client.solvedCaptcha()),
      }),
    ).toMatchObject({ code: 1 });
    expect(
      await client.postForm('/api/user/forget_password', {
        type: 'email',
        account: 'careful@example.com',
        new_password: 'Sunshine1',
        secondary_password: 'Sunshine1',
        auth_code: await client.codeFromOutbox('careful@example.com'),
      }),
    ).toMatchObject({ code: 422, msg: TOO_COMMON });

    const admin = await adminToken(rt);
    expect(
      await callApi(rt, 'POST', '/admin/api/staff', admin, {
        username: 'weakling',
        password: 'Football1',
        roles: ['compliance'],
      }),
    ).toMatchObject({ code: 422, msg: TOO_COMMON });
    const created = await callApi<WireStaff>(rt, 'POST', '/admin/api/staff', admin, {
      username: 'steady',
      password: 'Steady-desk-77',
      roles: ['compliance'],
    });
    expect(created).toMatchObject({ code: 1 });
    expect(
      await callApi(rt, 'POST', `/admin/api/staff/${created.data.id}`, admin, { password: 'Monkey123' }),
    ).toMatchObject({ code: 422, msg: TOO_COMMON });
    // What was refused changed nothing: the old passwords still work.
    expect(
      await freshClient().postForm('/api/user/loginForU', {
        account: 'careful@example.com',
        password: PASSWORD,
      }),
    ).toMatchObject({ code: 1 });
    expect(await staffLogin(rt, 'steady', 'Steady-desk-77')).toMatchObject({ code: 1 });
  });
});
