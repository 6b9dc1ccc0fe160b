/**
 * The whole way of a notification to a phone by Web Push, with nothing recorded in between: a user
 * subscribes a browser (its keys made as a browser makes them) pointing at a push service the test
 * runs on loopback, chooses the channels per kind, and what the product then decides (a price alert
 * crossed, a staff deposit decision) reaches that push service once, signed with the server's VAPID
 * key and encrypted to the browser: decrypted, it is the centre's notification in the language the
 * user last used the app in, linking to the app's hash route. A session that signed out gets nothing.
 * On SQLite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { NotificationPage, WebPushMessage } from '@omp/protocol';
import { approvedDeposit } from './helpers/money-helpers.ts';
import {
  newBrowserSubscription,
  startPushService,
  verifiedVapidClaims,
  type BrowserSubscription,
  type PushService,
} from './helpers/push-service.ts';
import { callApi, staffToken } from './helpers/staff-helpers.ts';
import { databaseEngines, startTestRuntime, type TestRuntime } from './helpers/test-runtime.ts';
import { tradingClient } from './helpers/trading-helpers.ts';

const soon = { timeout: 5000, interval: 20 };

describe.each(databaseEngines())('notifications by Web Push on %s', (engine) => {
  let rt: TestRuntime;
  let t: ReturnType<typeof tradingClient>;
  let service: PushService;
  let publicKey: string;

  beforeAll(async () => {
    service = await startPushService();
    rt = await startTestRuntime({ engine, env: { PUSH_ALLOW_LOOPBACK: 'true' } });
    t = tradingClient(rt);
    publicKey = rt.webPush.publicKey();
  });
  afterAll(async () => {
    await rt?.dispose();
    await service?.close();
  });

  const call = <T>(method: 'GET' | 'POST', url: string, token: string, body?: object, lang = 'en') =>
    callApi<T>(rt, method, url, token, body as Record<string, unknown> | undefined, lang);
  const tickAt = (bid: string, ask: string) => {
    rt.clock.advance(1000);
    t.tick('EURUSD', bid, ask);
  };
  const eurusd = () => t.spec('EURUSD').id;
  /** A browser of the user's, subscribed through this session, at the test's push service. */
  async function subscribedPhone(token: string, name: string): Promise<BrowserSubscription> {
    const phone = newBrowserSubscription(service.endpoint(`${name}-${engine}`));
    expect(await call('POST', '/v1/api/push/subscribe', token, phone.json)).toMatchObject({
      code: 1,
      data: { subscribed: true },
    });
    return phone;
  }
  const pushesTo = (phone: BrowserSubscription) =>
    service.received.filter((push) => service.endpoint(push.path.split('/').pop()!) === phone.json.endpoint);
  /** What the phone's service worker gets: each push checked for its signature, then decrypted. */
  const messagesTo = (phone: BrowserSubscription) =>
    pushesTo(phone).map((push) => {
      expect(push.headers['content-encoding']).toBe('aes128gcm');
      expect(verifiedVapidClaims(push.headers.authorization, publicKey).aud).toBe(
        new URL(phone.json.endpoint).origin,
      );
      return JSON.parse(phone.decrypt(push.body)) as WebPushMessage;
    });
  const centre = async (token: string, lang: string) =>
    (await call<NotificationPage>('GET', '/v1/api/notifications', token, undefined, lang)).data;
  const alertAbove = async (token: string, price: string) =>
    expect(
      (await call('POST', '/v1/api/alerts', token, { forex_id: eurusd(), condition: 'above', price })).code,
    ).toBe(1);

  it('pushes a crossed price alert once, in the user’s language, and nothing of a kind switched off', async () => {
    tickAt('1.10000', '1.10012');
    const { token } = await t.demoUser();
    // The app is used in German: the bell's count is asked in German.
    expect(await call('GET', '/v1/api/notifications/unread', token, undefined, 'de')).toMatchObject({
      code: 1,
    });
    const phone = await subscribedPhone(token, 'alert-phone');
    const saved = await call('POST', '/v1/api/notifications/settings', token, {
      list: [
        { kind: 'price_alert', push: true },
        { kind: 'order_filled', push: false },
      ],
    });
    expect(saved.code).toBe(1);

    // A pending order filled: in the centre, but fills were switched off for push.
    const limit = await t.submit(token, {
      type: 1,
      cont: '0.1',
      forex_id: eurusd(),
      status: 0,
      target_price: '1.09900',
    });
    expect(limit.code).toBe(1);
    tickAt('1.09880', '1.09892');
    // Read in German, as the app does: reading the centre is using the app in that language.
    await vi.waitFor(
      async () => expect((await centre(token, 'de')).list[0]?.kind).toBe('order_filled'),
      soon,
    );

    await alertAbove(token, '1.10100');
    await alertAbove(token, '1.10300');
    // The app's language is the one it was last used in: the user reads the centre in German again
    // after setting the alerts (set through an English client).
    await centre(token, 'de');
    tickAt('1.10150', '1.10162'); // crosses the first alert
    await vi.waitFor(() => expect(pushesTo(phone)).toHaveLength(1), soon);
    // Back under and across again: the alert fired once. The second alert, crossed after, shows
    // that a push for the repeat would have arrived before its own.
    tickAt('1.10000', '1.10012');
    tickAt('1.10200', '1.10212');
    tickAt('1.10350', '1.10362');
    await vi.waitFor(() => expect(pushesTo(phone)).toHaveLength(2), soon);
    await rt.webPush.idle();

    const page = await centre(token, 'de');
    const alerts = page.list.filter((n) => n.kind === 'price_alert');
    expect(alerts).toHaveLength(2);
    const [second, first] = alerts as [NotificationPage['list'][number], NotificationPage['list'][number]];
    const [firstPush, secondPush] = messagesTo(phone);
    expect(firstPush).toEqual({
      kind: 'price_alert',
      title: first.title,
      body: first.body,
      url: `/#/trade?id=${eurusd()}`,
      tag: `n${first.id}`,
      id: first.id,
    });
    expect(first.title).toBe(`${t.spec('EURUSD').showCode} Kursalarm`);
    expect(first.body).toBe(`${t.spec('EURUSD').showCode} stieg auf 1.10150 (Ihr Alarm: über 1.10100)`);
    expect(secondPush).toMatchObject({ title: second.title, body: second.body, tag: `n${second.id}` });
    expect(secondPush!.body).toContain('über 1.10300');
    // The link the push opens is the centre's own, as the installed app routes it.
    expect(`/#${first.link}`).toBe(firstPush!.url);
  });

  it('pushes a staff deposit decision in the language the app was last used in', async () => {
    const finance = await staffToken(rt, ['finance']);
    const { token, id } = await t.realUser('0');
    const phone = await subscribedPhone(token, 'deposit-phone');

    // The user's last call before staff decide is in French: the push is worded in French.
    const deposit = await approvedDeposit(rt, token, finance, '120', async () =>
      expect(await call('GET', '/v1/api/notifications/unread', token, undefined, 'fr')).toMatchObject({
        code: 1,
      }),
    );
    await vi.waitFor(() => expect(pushesTo(phone)).toHaveLength(1), soon);
    const [entry] = (await centre(token, 'fr')).list;
    expect(messagesTo(phone)).toEqual([
      {
        kind: 'deposit_decided',
        title: entry!.title,
        body: entry!.body,
        url: '/#/mine/history',
        tag: `n${entry!.id}`,
        id: entry!.id,
      },
    ]);
    expect(entry!.body).toBe(`Votre dépôt n°${deposit} de 120 USD a été crédité`);
    await t.expectLedgerBalanced(id);
  });

  it('sends nothing to the phone of a session that signed out, and still to the user’s other one', async () => {
    tickAt('1.10000', '1.10012');
    // One demo account signed in on two devices: the same demo id returns to the same account.
    const demoId = `push-two-devices-${engine}-${process.pid}`;
    const signIn = async () =>
      String(
        (await call<{ token: string }>('GET', `/api/user/createAccountDemoForU?demo_id=${demoId}`, '')).data
          .token,
      );
    const phoneToken = await signIn();
    const tabletToken = await signIn();
    expect(phoneToken).not.toBe(tabletToken);
    const phone = await subscribedPhone(phoneToken, 'signed-out-phone');
    const tablet = await subscribedPhone(tabletToken, 'still-in-tablet');
    await alertAbove(tabletToken, '1.10100');

    expect((await call('POST', '/api/user/logout', phoneToken)).code).toBe(1);
    tickAt('1.10150', '1.10162');
    // One delivery reads every browser of the user: once the tablet has it, the phone was passed over.
    await vi.waitFor(() => expect(pushesTo(tablet)).toHaveLength(1), soon);
    await rt.webPush.idle();
    expect(pushesTo(phone)).toHaveLength(0);
    expect(messagesTo(tablet)[0]).toMatchObject({ kind: 'price_alert', url: `/#/trade?id=${eurusd()}` });
    // The centre keeps it for the phone's next sign-in.
    expect((await centre(tabletToken, 'en')).list[0]).toMatchObject({ kind: 'price_alert', read: false });
  });
  it('pushes the closes of one tick to each user as that user chose and reads, batch and all', async () => {
    tickAt('1.10000', '1.10012');
    // Two users whose stops one tick takes out together: their closes are committed in one batch
    // and their notifications delivered together (NotificationCentre.notifyMany).
    const german = await t.demoUser();
    const quiet = await t.demoUser();
    expect(await call('GET', '/v1/api/notifications/unread', german.token, undefined, 'de')).toMatchObject({
      code: 1,
    });
    const germanPhone = await subscribedPhone(german.token, 'batch-german-phone');
    const quietPhone = await subscribedPhone(quiet.token, 'batch-quiet-phone');
    const switchedOff = await call('POST', '/v1/api/notifications/settings', quiet.token, {
      list: [{ kind: 'stop_loss', push: false }],
    });
    expect(switchedOff.code).toBe(1);
    for (const { token } of [german, quiet])
      expect(
        (
          await t.submit(token, {
            type: 1,
            cont: '0.1',
            forex_id: eurusd(),
            status: 1,
            stop_loss_price: '1.09800',
          })
        ).code,
      ).toBe(1);

    // The app's language is the one it was last used in (orders went through an English client).
    await centre(german.token, 'de');
    tickAt('1.09700', '1.09712');
    await vi.waitFor(() => expect(pushesTo(germanPhone)).toHaveLength(1), soon);
    await rt.webPush.idle();
    const [closed] = (await centre(german.token, 'de')).list;
    expect(closed).toMatchObject({ kind: 'stop_loss' });
    expect(messagesTo(germanPhone)).toEqual([
      {
        kind: 'stop_loss',
        title: closed!.title,
        body: closed!.body,
        url: `/#${closed!.link}`,
        tag: `n${closed!.id}`,
        id: closed!.id,
      },
    ]);
    expect(closed!.title).toBe('Stop-Loss erreicht');
    // The other user switched stop-loss pushes off: the centre has it, the phone gets nothing.
    expect((await centre(quiet.token, 'en')).list[0]).toMatchObject({ kind: 'stop_loss', read: false });
    expect(pushesTo(quietPhone)).toHaveLength(0);
  });
});
