/**
 * A price alert by Web Push, the whole way, on a phone (390×844): the user signs in on the login
 * screen, the service worker registers, and a subscription of this phone is kept through the app's
 * API pointing at a push service the test runs on loopback (made as a browser makes one: headless
 * Chromium has no push service of its own). The user sets an alert by tapping through the trade
 * screen, the test drives the price across it, and the push service receives the server's real push:
 * signed with the server's VAPID key and encrypted to the phone. The test decrypts it and hands that
 * exact text to the service worker as a push service would (DevTools ServiceWorker.deliverPushMessage),
 * then checks the notification the worker shows, the bell's badge and the centre's entry, and that a
 * tap on the notification opens the instrument and marks it read. A second crossing sends nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebPushMessage } from '@omp/protocol';
import {
  newBrowserSubscription,
  startPushService,
  verifiedVapidClaims,
  type PushService,
} from '../../server/test/helpers/push-service.ts';
import { chromiumPath, eventually, screenshot, useStack } from './harness.ts';
import { call, CAPTCHA_ANSWER, registerByApi, uniqueEmail } from './accounts-api.ts';
import { priceAt, pushTicks, tradableInstrument, tradingServerEnv } from './trading-api.ts';
import { LoginScreen } from './pages/account-pages.ts';
import { AlertingPhone } from './pages/alerting-phone.ts';
import {
  controlledByWorker,
  deliverPush,
  shownNotifications,
  tapNotification,
} from './service-worker-api.ts';

const PASSWORD = 'Heron-quartz-alert-2931';

describe.skipIf(!chromiumPath)('a price alert by Web Push to the phone', () => {
  const stack = useStack({
    env: { ...tradingServerEnv, PUSH_ALLOW_LOOPBACK: 'true', CAPTCHA_TEST_ANSWER: CAPTCHA_ANSWER },
  });
  let service: PushService;
  beforeAll(async () => {
    service = await startPushService();
  });
  afterAll(async () => {
    await service?.close();
  });

  it('sets an alert, receives the real encrypted push, and the worker shows it as the centre does', async () => {
    const { instrument, price } = await tradableInstrument(stack);
    const precision = instrument.PricePrecision;
    await pushTicks(stack, [{ code: instrument.Code, bid: priceAt(price, 1, precision) }]);
    // A registered user whose only session is the one the phone opens.
    const email = uniqueEmail('alert-push');
    const registered = await registerByApi(stack, email, PASSWORD);
    await call(stack, '/api/user/logout', { body: {}, token: registered.token });

    const login = await LoginScreen.start(stack, '/login');
    await login.waitForForm();
    await login.login(email, PASSWORD);
    await expect.poll(() => login.hashRoute(), eventually).not.toMatch(/^\/login/);
    const phone = login.as(AlertingPhone);
    const { page } = phone;
    await page.context().grantPermissions(['notifications'], { origin: stack.baseUrl });
    await controlledByWorker(page);

    // This phone's subscription, kept by the app's API through the phone's own session.
    const browser = newBrowserSubscription(service.endpoint('alert-phone'));
    const pushes = () => service.received.filter((push) => push.path === '/push/alert-phone');
    const subscribed = await page.evaluate(async (subscription) => {
      const { token } = (JSON.parse(localStorage.getItem('omp.session')!) as { state: { token: string } })
        .state;
      const headers = { authorization: token, lang: 'en', 'content-type': 'application/json' };
      const kept = await fetch('/v1/api/push/subscribe', {
        method: 'POST',
        headers,
        body: JSON.stringify(subscription),
      });
      const asked = await fetch(
        `/v1/api/push/subscription?endpoint=${encodeURIComponent(subscription.endpoint)}`,
        {
          headers,
        },
      );
      return [await kept.json(), await asked.json()] as unknown[];
    }, browser.json);
    expect(subscribed).toMatchObject([
      { code: 1, data: { subscribed: true } },
      { code: 1, data: { subscribed: true } },
    ]);

    // The alert, tapped in on the trade screen.
    await phone.goto(`/trade?id=${instrument.Id}`);
    await page.locator(`[data-testid="trade-page"][data-code="${instrument.Code}"]`).waitFor();
    await phone.bell().waitFor();
    await page.getByTestId('open-alert-sheet').click();
    await phone.sheet().waitFor();
    const level = priceAt(price, 1.002, precision);
    await phone.sheet().locator('#alert-price').fill(level);
    await phone.sheet().getByTestId('create-alert').click();
    await phone.toast().filter({ hasText: 'Alert set' }).waitFor();
    await expect.poll(() => phone.sheet().count(), eventually).toBe(0);
    expect(pushes()).toHaveLength(0);

    // The price crosses it: the server pushes once, to this phone's push service.
    const crossed = priceAt(price, 1.003, precision);
    await pushTicks(stack, [{ code: instrument.Code, bid: crossed }]);
    await expect.poll(() => pushes().length, eventually).toBe(1);
    const [push] = pushes();
    expect(push!.headers['content-encoding']).toBe('aes128gcm');
    const key = await call<{ public_key: string }>(stack, '/v1/api/push/key');
    verifiedVapidClaims(push!.headers.authorization, key.data.public_key);
    const payload = browser.decrypt(push!.body);
    const message = JSON.parse(payload) as WebPushMessage;
    expect(message).toEqual({
      kind: 'price_alert',
      title: `${instrument.ShowCode} price alert`,
      body: `${instrument.ShowCode} rose to ${crossed} (your alert: above ${level})`,
      url: `/#/trade?id=${instrument.Id}`,
      tag: expect.stringMatching(/^n\d+$/),
      id: expect.any(Number),
    });

    // Elsewhere in the app when the push comes: the worker shows exactly what was sent.
    await phone.goto('/');
    await deliverPush(page, stack, payload);
    await expect.poll(async () => (await shownNotifications(page)).length, eventually).toBe(1);
    expect((await shownNotifications(page))[0]).toMatchObject({
      title: message.title,
      body: message.body,
      tag: message.tag,
      icon: `${stack.baseUrl}/icons/icon-192.png`,
      data: { url: `${stack.baseUrl}/#/trade?id=${instrument.Id}`, kind: 'price_alert', id: message.id },
    });
    await expect.poll(() => phone.badge().textContent(), eventually).toBe('1');
    await phone.settle();
    await screenshot(page, 'alert-push-badge');

    // The centre lists the same words, unread.
    await phone.bell().click();
    await phone.centre().waitFor();
    await expect.poll(() => phone.rows().count(), eventually).toBe(1);
    const row = phone.rows().first();
    expect(await row.getAttribute('data-kind')).toBe('price_alert');
    expect(await row.getAttribute('data-read')).toBe('false');
    expect(await row.textContent()).toContain(message.title);
    expect(await row.textContent()).toContain(message.body);
    await screenshot(page, 'alert-push-centre');

    // A tap on the notification opens the instrument it is about, and it counts as read: the
    // bell's badge goes, here and on the server.
    await tapNotification(page);
    await page.locator(`[data-testid="trade-page"][data-code="${instrument.Code}"]`).waitFor();
    // (The trade screen keeps the chosen instrument and tidies `?id=` out of the address.)
    expect(phone.hashRoute()).toMatch(/^\/trade/);
    await expect.poll(async () => (await shownNotifications(page)).length, eventually).toBe(0);
    await expect.poll(() => phone.badge().count(), eventually).toBe(0);
    const { token } = await phone.storedSession();
    expect(
      (await call<{ unread: number }>(stack, '/v1/api/notifications/unread', { token })).data.unread,
    ).toBe(0);
    await phone.settle();
    await screenshot(page, 'alert-push-opened');

    // Back under and across again: the alert fired once, nothing more is pushed.
    await pushTicks(stack, [{ code: instrument.Code, bid: priceAt(price, 1, precision) }]);
    await pushTicks(stack, [{ code: instrument.Code, bid: priceAt(price, 1.004, precision) }]);
    await phone.goto('/notifications');
    await expect.poll(() => phone.rows().count(), eventually).toBe(1);
    expect(await phone.rows().first().getAttribute('data-read')).toBe('true');
    expect(pushes()).toHaveLength(1);

    // The centre in the dark theme, for the record.
    const session = await phone.storedSession();
    const dark = await AlertingPhone.start(stack, '/notifications', {
      session: { token: session.token, user: session.user },
      theme: 'dark',
      colorScheme: 'dark',
    });
    await expect.poll(() => dark.rows().count(), eventually).toBe(1);
    await dark.settle();
    await screenshot(dark.page, 'alert-push-centre-dark');
  });
});
