/**
 * A real user's own demo account through HTTP on a real database: opened on first use with the
 * demo balance, the same account on every later call, never reachable from a demo session, and
 * apart from the real account's money (both ledgers balance).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountFigures, LoginResult } from '@omp/protocol';
import { tradingClient } from './helpers/trading-helpers.ts';
import { callApi, staffToken } from './helpers/staff-helpers.ts';
import { databaseEngines, startTestRuntime, type TestRuntime } from './helpers/test-runtime.ts';
import { liftLeverageCaps } from './helpers/leverage-helpers.ts';

const REFUSED_TO_DEMO = { code: 0, msg: 'Please register or log in to a real account', data: null };

describe.each(databaseEngines())('own demo account API on %s', (engine) => {
  let rt: TestRuntime;
  let client: ReturnType<typeof tradingClient>;

  beforeAll(async () => {
    rt = await startTestRuntime({ engine });
    await liftLeverageCaps(rt);
    client = tradingClient(rt);
  });
  afterAll(async () => {
    await rt?.dispose();
  });

  const ownDemo = (token?: string) => client.postForm<LoginResult>('/api/user/demo_session', {}, token);
  const balanceOf = async (token: string) => (await client.figures(token)).data.balance;

  it("opens the real user's demo account with the demo balance, and returns to it on every later call", async () => {
    const real = await client.realUser('250');
    const first = await ownDemo(real.token);
    expect(first).toMatchObject({
      code: 1,
      msg: 'You are now in your demo account',
      data: { user: { is_demo: 1, email: null, mobile: null } },
    });
    expect(first.data.demo_id).toBeUndefined();
    expect(first.data.token).not.toBe(real.token);
    expect(first.data.user.id).not.toBe(real.id);

    const demoToken = first.data.token;
    expect(await client.get('/api/user/info', demoToken)).toMatchObject({
      code: 1,
      data: { id: first.data.user.id, is_demo: 1 },
    });
    expect(await balanceOf(demoToken)).toBe(100000);
    const ledger = await client.expectLedgerBalanced(first.data.user.id);
    expect(ledger).toBe(100_000_000_000n);

    const second = await ownDemo(real.token);
    expect(second).toMatchObject({ code: 1, data: { user: { id: first.data.user.id, is_demo: 1 } } });
    expect(second.data.token).not.toBe(demoToken);
    // Each list says which sessions are the demo account's, seen from either account.
    type Listed = Array<{ current: boolean; demo: boolean }>;
    const fromDemo = (await client.get<Listed>('/api/user/sessions', demoToken)).data;
    expect(fromDemo.map((session) => [session.current, session.demo])).toEqual([
      [true, true],
      [false, true],
    ]);
    const fromReal = (await client.get<Listed>('/api/user/sessions', real.token)).data;
    expect(fromReal.map((session) => [session.current, session.demo])).toEqual([
      [true, false],
      [false, true],
      [false, true],
    ]);
    // Both demo sessions live; the real session is untouched and still the real account.
    expect(await client.get('/api/user/info', demoToken)).toMatchObject({ code: 1 });
    expect(await client.get('/api/user/info', real.token)).toMatchObject({
      code: 1,
      data: { id: real.id, is_demo: 0 },
    });
  });

  it('gives two calls at once one demo account', async () => {
    const real = await client.realUser('0');
    const [a, b] = await Promise.all([ownDemo(real.token), ownDemo(real.token)]);
    expect(a).toMatchObject({ code: 1 });
    expect(b).toMatchObject({ code: 1 });
    expect(a.data.user.id).toBe(b.data.user.id);
  });

  it('gives each real user a demo account of their own', async () => {
    const ann = await client.realUser('0');
    const bob = await client.realUser('0');
    const annDemo = (await ownDemo(ann.token)).data.user.id;
    const bobDemo = (await ownDemo(bob.token)).data.user.id;
    expect(annDemo).not.toBe(bobDemo);
  });

  it('refuses a demo session: it cannot switch to a real account or to another demo account', async () => {
    const real = await client.realUser('0');
    const own = (await ownDemo(real.token)).data;
    expect(await ownDemo(own.token)).toEqual(REFUSED_TO_DEMO);
    const visitor = await client.demoUser();
    expect(await ownDemo(visitor.token)).toEqual(REFUSED_TO_DEMO);
    expect(await ownDemo()).toMatchObject({ code: 999 });
    expect(await ownDemo('not-a-session')).toMatchObject({ code: 999 });
    // The demo account has no demo id: the visitors' demo login cannot reach it either.
    const row = await rt.database.db
      .selectFrom('users')
      .select(['demo_id', 'demo_of'])
      .where('id', '=', own.user.id)
      .executeTakeFirstOrThrow();
    expect(row.demo_id).toBeNull();
    expect(Number(row.demo_of)).toBe(real.id);
  });

  it('keeps the two accounts apart: a demo trade leaves the real balance and both ledgers balanced', async () => {
    const real = await client.realUser('1000');
    const demo = (await ownDemo(real.token)).data;
    client.tick('EURUSD', '1.10000', '1.10010');
    const eurusd = client.spec('EURUSD').id;
    const opened = await client.submit(demo.token, {
      type: 1,
      cont: '1',
      forex_id: eurusd,
      status: 1,
      multiple: 100,
    });
    expect(opened).toMatchObject({ code: 1 });
    client.tick('EURUSD', '1.10110', '1.10120');
    expect(await client.close(demo.token, opened.data.Id)).toMatchObject({ code: 1 });

    const demoFigures = (await client.figures(demo.token)).data as AccountFigures;
    expect(demoFigures.balance).not.toBe(100000);
    expect(demoFigures.is_demo).toBe(1);
    expect(await balanceOf(real.token)).toBe(1000);
    expect((await client.myDeal(real.token, 3)).data.total).toBe(0);
    await client.expectLedgerBalanced(demo.user.id);
    expect(await client.expectLedgerBalanced(real.id)).toBe(1_000_000_000n);
  });

  it('is in the OpenAPI document, behind a session', async () => {
    const document = (await rt.app.inject({ method: 'GET', url: '/openapi.json' })).json() as {
      paths: Record<string, Record<string, { security?: unknown; tags?: string[] }>>;
    };
    expect(document.paths['/api/user/demo_session']?.post).toMatchObject({
      security: [{ token: [] }],
      tags: ['account'],
    });
  });

  it('shows staff the tie: the demo account names its owner, the owner their demo account', async () => {
    const real = await client.realUser('0');
    const demo = (await ownDemo(real.token)).data.user.id;
    const support = await staffToken(rt, ['support']);
    expect((await callApi(rt, 'GET', `/admin/api/users/${real.id}`, support)).data).toMatchObject({
      is_demo: 0,
      demo_of: null,
      demo_account: demo,
    });
    expect((await callApi(rt, 'GET', `/admin/api/users/${demo}`, support)).data).toMatchObject({
      is_demo: 1,
      demo_of: real.id,
      demo_account: null,
    });
    const visitor = await client.demoUser();
    expect((await callApi(rt, 'GET', `/admin/api/users/${visitor.id}`, support)).data).toMatchObject({
      demo_of: null,
      demo_account: null,
    });
  });

  it("closes the demo account with its owner: a disabled user's demo session is refused", async () => {
    const real = await client.realUser('0');
    const demo = (await ownDemo(real.token)).data;
    expect(await client.get('/api/user/info', demo.token)).toMatchObject({ code: 1 });
    await rt.database.db.updateTable('users').set({ disabled: 1 }).where('id', '=', real.id).execute();
    rt.app.auth.forgetUser(real.id);
    expect(await client.get('/api/user/info', demo.token)).toMatchObject({ code: 999 });
  });
});
