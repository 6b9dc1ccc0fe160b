/**
 * The notification centre through the HTTP layer on a real database: a notification for each event
 * the product already announces (a pending order filled, a stop loss, a take profit, a stop-out, a
 * staff deposit decision), the unread count and read marks, the live socket push, the channels each
 * user chose per kind (a recording push adapter), and e-mail in the user's language through the
 * server's real SMTP sender.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { NotificationPage, NotificationSettings } from '@omp/protocol';
import type { EnvelopeBody } from './helpers/account-helpers.ts';
import { startMailbox } from './helpers/mailbox.ts';
import { approvedDeposit, moneyClient } from './helpers/money-helpers.ts';
import { uploadedPng } from './helpers/upload-helpers.ts';
import { staffToken } from './helpers/staff-helpers.ts';
import { databaseEngines, startTestRuntime, type TestRuntime } from './helpers/test-runtime.ts';
import { tradingClient } from './helpers/trading-helpers.ts';
import { liftLeverageCaps } from './helpers/leverage-helpers.ts';
import { signedInSocket } from './helpers/trading-suite.ts';
import type { ChannelMessage } from '../src/services/notification-channels.ts';

describe.each(databaseEngines())('notifications on %s', (engine) => {
  let rt: TestRuntime;
  let t: ReturnType<typeof tradingClient>;
  let mailbox: Awaited<ReturnType<typeof startMailbox>>;
  const pushed: Array<{ userId: number; message: ChannelMessage }> = [];

  beforeAll(async () => {
    mailbox = await startMailbox();
    rt = await startTestRuntime({
      engine,
      env: { SMTP_URL: mailbox.url },
      pushChannel: { deliver: async (userId, message) => void pushed.push({ userId, message }) },
    });
    // The margin-call and stop-out cases trade at the seed's 1:100 to reach those levels quickly.
    await liftLeverageCaps(rt);
    t = tradingClient(rt);
  });
  afterAll(async () => {
    await rt.dispose();
    await mailbox.close();
  });

  async function call<T>(method: 'GET' | 'POST', url: string, token: string, body?: object, lang = 'en') {
    const res = await rt.app.inject({
      method,
      url,
      headers: { lang, authorization: token, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { payload: JSON.stringify(body) } : {}),
    });
    return res.json() as EnvelopeBody<T>;
  }
  const pageOf = async (token: string, query = '') =>
    (await call<NotificationPage>('GET', `/v1/api/notifications${query}`, token)).data;
  const waitForTotal = (token: string, total: number) =>
    vi.waitFor(async () => expect((await pageOf(token)).total).toBe(total), { timeout: 5000, interval: 20 });
  const tickAt = (bid: string, ask: string) => {
    rt.clock.advance(1000);
    t.tick('EURUSD', bid, ask);
  };
  const eurusd = () => t.spec('EURUSD').id;

  it('tells of a pending fill, a stop loss and a take profit, once each, newest first', async () => {
    tickAt('1.10000', '1.10012');
    const { token } = await t.demoUser();
    const socket = await signedInSocket(rt, token);
    const limit = await t.submit(token, {
      type: 1,
      cont: '0.1',
      forex_id: eurusd(),
      status: 0,
      target_price: '1.09900',
      stop_loss_price: '1.09500',
    });
    const market = await t.submit(token, {
      type: 1,
      cont: '0.1',
      forex_id: eurusd(),
      status: 1,
      target_profit_price: '1.10200',
    });
    expect([limit.code, market.code]).toEqual([1, 1]);
    tickAt('1.09880', '1.09892'); // the limit fills
    await waitForTotal(token, 1);
    tickAt('1.10250', '1.10262'); // the take profit
    await waitForTotal(token, 2);
    tickAt('1.09450', '1.09462'); // the stop loss
    await waitForTotal(token, 3);
    await rt.trading.idle();

    const page = await pageOf(token);
    expect(page).toMatchObject({ total: 3, unread: 3, page: 1 });
    expect(page.list.map((n) => [n.kind, n.title, n.body, n.link, n.read])).toEqual([
      [
        'stop_loss',
        'Stop loss hit',
        `Your EUR/USD position #${limit.data.Id} closed at 1.09450: -44.2 USD`,
        '/order',
        false,
      ],
      [
        'take_profit',
        'Take profit reached',
        `Your EUR/USD position #${market.data.Id} closed at 1.10250: 23.8 USD`,
        '/order',
        false,
      ],
      [
        'order_filled',
        'Order filled',
        `Your EUR/USD order #${limit.data.Id} was filled at 1.09892`,
        '/order',
        false,
      ],
    ]);
    // The socket heard each as it was made, with the unread count after it.
    const pushes = await socket.waitFor(
      (m) => typeof m === 'object' && m.type === 'NOTIFICATION' && m.unread === 3,
    );
    expect(pushes).toMatchObject({ notification: { kind: 'stop_loss', read: false } });
    socket.close();
  });

  it('counts unread, marks one and all read, and pages newest first', async () => {
    tickAt('1.10000', '1.10012');
    const { token } = await t.demoUser();
    for (const level of ['1.10100', '1.10200', '1.10300'])
      expect(
        (
          await call('POST', '/v1/api/alerts', token, {
            forex_id: eurusd(),
            condition: 'above',
            price: level,
          })
        ).code,
      ).toBe(1);
    tickAt('1.10350', '1.10362');
    await waitForTotal(token, 3);
    expect(await call('GET', '/v1/api/notifications/unread', token)).toMatchObject({
      code: 1,
      data: { unread: 3 },
    });
    const first = await pageOf(token, '?page=1&page_size=2');
    const second = await pageOf(token, '?page=2&page_size=2');
    expect([first.list.length, second.list.length, first.total]).toEqual([2, 1, 3]);
    expect(first.list[0]!.id).toBeGreaterThan(second.list[0]!.id);

    expect(await call('POST', '/v1/api/notifications/read', token, { id: second.list[0]!.id })).toMatchObject(
      {
        code: 1,
        data: { unread: 2 },
      },
    );
    expect((await pageOf(token, '?page=2&page_size=2')).list[0]!.read).toBe(true);
    const someoneElse = await t.demoUser();
    expect(
      await call('POST', '/v1/api/notifications/read', someoneElse.token, { id: first.list[0]!.id }),
    ).toMatchObject({
      code: 404,
      msg: 'There is no such notification',
    });
    expect(await call('POST', '/v1/api/notifications/read_all', token)).toMatchObject({
      code: 1,
      data: { unread: 0 },
    });
    expect((await pageOf(token)).list.every((n) => n.read)).toBe(true);
  });

  it('tells of a trailing stop and of a margin call, each once', async () => {
    tickAt('1.10000', '1.10012');
    const trailer = await t.demoUser();
    const placed = await t.submit(trailer.token, { type: 1, cont: '0.1', forex_id: eurusd(), status: 1 });
    expect((await t.setStops(trailer.token, { id: placed.data.Id, trailing_stop: '10' })).code).toBe(1);
    tickAt('1.10300', '1.10312'); // the stop trails up to 1.10200
    tickAt('1.10150', '1.10162'); // and is crossed
    await waitForTotal(trailer.token, 1);
    expect((await pageOf(trailer.token)).list[0]).toMatchObject({
      kind: 'trailing_stop',
      title: 'Trailing stop hit',
      body: `Your EUR/USD position #${placed.data.Id} closed at 1.10150: 13.8 USD`,
    });

    tickAt('1.10000', '1.10012');
    const { token } = await t.realUser('1700');
    expect(
      (await t.submit(token, { type: 1, cont: '1', forex_id: eurusd(), status: 1, multiple: 100 })).code,
    ).toBe(1);
    tickAt('1.09150', '1.09162'); // a margin level near 76 %: a call, no stop-out
    await waitForTotal(token, 1);
    tickAt('1.09140', '1.09152'); // still under the call level: no second warning
    await rt.trading.idle();
    const page = await pageOf(token);
    expect(page.total).toBe(1);
    expect(page.list[0]).toMatchObject({ kind: 'margin_call', title: 'Margin call' });
    expect(page.list[0]!.body).toMatch(/^Your margin level is 7\d\.\d\d%\. Positions are closed from 50%\.$/);
    expect(page.list[0]!.link).toMatch(/^\/stop-out\?id=\d+$/);
  });

  it('tells of a stop-out once, linking to its explanation', async () => {
    tickAt('1.10000', '1.10012');
    const { token } = await t.realUser('1700');
    const held = await t.submit(token, { type: 1, cont: '1', forex_id: eurusd(), status: 1, multiple: 100 });
    expect(held.code).toBe(1);
    tickAt('1.08500', '1.08512');
    await rt.trading.idle();
    await vi.waitFor(
      async () => expect((await pageOf(token)).list.some((n) => n.kind === 'stop_out')).toBe(true),
      {
        timeout: 5000,
        interval: 20,
      },
    );
    const stopOuts = (await pageOf(token)).list.filter((n) => n.kind === 'stop_out');
    expect(stopOuts).toHaveLength(1);
    expect(stopOuts[0]!.title).toBe('Stop-out');
    expect(stopOuts[0]!.body).toMatch(
      /^1 position\(s\) were closed because your margin level fell to -?\d+\.\d\d%\.$/,
    );
    expect(stopOuts[0]!.link).toMatch(/^\/stop-out\?id=\d+$/);
  });

  it('tells of a staff deposit decision, by e-mail in the user’s language, and by push as chosen', async () => {
    const finance = await staffToken(rt, ['finance']);
    const { token, id } = await t.realUser('0');
    const email = `trader-${engine}@example.com`;
    await rt.database.db.updateTable('users').set({ email }).where('id', '=', id).execute();
    rt.app.auth.forgetUser(id);

    const settings = await call<NotificationSettings>(
      'GET',
      '/v1/api/notifications/settings',
      token,
      undefined,
      'de',
    );
    expect(settings.data.list.find((s) => s.kind === 'deposit_decided')).toEqual({
      kind: 'deposit_decided',
      in_app: true,
      push: true,
      email: true,
    });
    expect(settings.data.list.find((s) => s.kind === 'price_alert')).toMatchObject({
      push: true,
      email: false,
    });

    // The app was last used in German (any signed-in call tells it, not only the bell's), then staff
    // decide from an English back office: e-mail and push are written in German.
    const deposit = () =>
      approvedDeposit(rt, token, finance, '120', async () =>
        expect((await call('GET', '/api/user/info', token, undefined, 'de')).code).toBe(1),
      );
    const first = await deposit();
    await vi.waitFor(() => expect(mailbox.messagesTo(email)).toHaveLength(1), {
      timeout: 5000,
      interval: 20,
    });
    expect(mailbox.messagesTo(email)[0]?.subject).toBe('Einzahlung genehmigt');
    expect(mailbox.messagesTo(email)[0]?.text).toContain(`Ihre Einzahlung #${first}`);
    const toUser = () => pushed.filter((p) => p.userId === id);
    expect(toUser()).toEqual([
      {
        userId: id,
        message: {
          kind: 'deposit_decided',
          title: 'Einzahlung genehmigt',
          body: `Ihre Einzahlung #${first} über 120 USD wurde gutgeschrieben`,
          url: '/mine/history',
          tag: expect.stringMatching(/^n\d+$/),
          id: expect.any(Number),
        },
      },
    ]);
    // The centre answers in the language of the request.
    expect((await pageOf(token)).list[0]).toMatchObject({
      kind: 'deposit_decided',
      title: 'Deposit approved',
      body: `Your deposit #${first} of 120 USD was credited`,
    });

    // Push and e-mail off for deposits: the next one reaches the centre only.
    const saved = await call<NotificationSettings>('POST', '/v1/api/notifications/settings', token, {
      list: [{ kind: 'deposit_decided', push: false, email: false }],
    });
    expect(saved.data.list.find((s) => s.kind === 'deposit_decided')).toMatchObject({
      push: false,
      email: false,
    });
    const second = await deposit();
    await vi.waitFor(async () => expect((await pageOf(token)).total).toBe(2), {
      timeout: 5000,
      interval: 20,
    });
    expect((await pageOf(token)).list[0]!.body).toBe(`Your deposit #${second} of 120 USD was credited`);
    expect(toUser()).toHaveLength(1);
    expect(mailbox.messagesTo(email)).toHaveLength(1);
    await t.expectLedgerBalanced(id);
  });

  it('tells of a rejected and then an approved identity check, once each', async () => {
    const compliance = await staffToken(rt, ['compliance']);
    const { token, id } = await t.realUser('0');
    const m = moneyClient(rt);
    const submit = async () => {
      const sent = await m.post('/api/user_real/real_name', token, {
        name: 'Maria Del Carmen',
        card_id: 'x1234567',
        card_type: 'passport',
        front_pic: await uploadedPng(rt, token),
        reverse_pic: await uploadedPng(rt, token),
      });
      expect(sent.code).toBe(1);
      const page = await m.get<{ list: Array<{ id: number }> }>(
        `/admin/api/identity?user_id=${id}`,
        compliance,
      );
      return page.data.list[0]!.id;
    };
    const first = await submit();
    expect(
      (await m.post(`/admin/api/identity/${first}/reject`, compliance, { remark: 'blurred' })).code,
    ).toBe(1);
    await waitForTotal(token, 1);
    const second = await submit();
    expect((await m.post(`/admin/api/identity/${second}/approve`, compliance)).code).toBe(1);
    await waitForTotal(token, 2);
    expect((await pageOf(token)).list.map((n) => [n.kind, n.title, n.link])).toEqual([
      ['identity_decided', 'Identity verified', '/mine/auth'],
      ['identity_decided', 'Identity not verified', '/mine/auth'],
    ]);
  });

  it('refuses settings it does not know, in words', async () => {
    const { token } = await t.demoUser();
    expect(
      await call('POST', '/v1/api/notifications/settings', token, {
        list: [{ kind: 'weather', push: true }],
      }),
    ).toMatchObject({ code: 422 });
    expect(await call('POST', '/v1/api/notifications/settings', token, { list: [] })).toMatchObject({
      code: 422,
    });
    expect(await call('GET', '/v1/api/notifications/unread', '')).toMatchObject({ code: 999 });
  });

  it('keeps the choice of a channel sent empty, as of one left out, and saves the others', async () => {
    const { token } = await t.demoUser();
    const settings = async () =>
      (await call<NotificationSettings>('GET', '/v1/api/notifications/settings', token)).data.list;
    const save = (list: object[]) =>
      call<NotificationSettings>('POST', '/v1/api/notifications/settings', token, { list });
    const before = await settings();
    const leftOut = await save([{ kind: 'deposit_decided' }]);
    expect(leftOut.code).toBe(1);
    expect(await save([{ kind: 'deposit_decided', push: '', email: '' }])).toEqual(leftOut);
    expect(await settings()).toEqual(before);

    const saved = await save([{ kind: 'deposit_decided', push: '', email: false }]);
    expect(saved.data.list.find((s) => s.kind === 'deposit_decided')).toMatchObject({
      push: true,
      email: false,
    });
    expect(await settings()).toEqual(
      before.map((s) => (s.kind === 'deposit_decided' ? { ...s, email: false } : s)),
    );
  });
});
