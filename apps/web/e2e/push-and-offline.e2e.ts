/**
 * The installed app at 390x844: its service worker registers and takes the page; a subscription of
 * the signed-in user is kept by the server; a push shows the notification the payload describes and
 * a tap on it opens the app at its url; the settings switch explains a browser that cannot take
 * push. Offline: the app opens with no network, from the service worker's cache, and shows the last
 * prices it saw with "Offline — prices as of HH:MM"; back online it reconnects by itself and the
 * offline state clears.
 *
 * Headless Chromium has no push service, so the subscription is made as a browser makes one (a
 * P-256 key pair and an auth secret) and kept through the API, and the payload the server sends
 * (WebPushMessage; its encryption and delivery are tested in apps/server/test/web-push-api.test.ts)
 * reaches the worker through the DevTools protocol's ServiceWorker.deliverPushMessage.
 */
import { createECDH, randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { WebPushMessage } from '@omp/protocol';
import { chromiumPath, eventually, screenshot, useStack, webRoot, type Stack } from './harness.ts';
import { demoSession, priceAt, pushTicks, tradableInstrument, tradingServerEnv } from './trading-api.ts';
import { HomePage } from './pages/home-page.ts';
import {
  controlledByWorker,
  deliverPush,
  shownNotifications,
  tapNotification,
} from './service-worker-api.ts';

const MESSAGE: WebPushMessage = {
  kind: 'price_alert',
  title: 'EURUSD above 1.10000',
  body: 'Your price alert fired: EURUSD bid 1.10012',
  url: '/#/mine/system',
  tag: 'alert-42',
};

/** The last prices the app keeps for offline use, as stored. */
function storedLastPrices(page: Page): Promise<{ savedAt: number; instruments: { Code: string }[] } | null> {
  return page.evaluate(async () => {
    const cache = await caches.open('omp-last-prices');
    const response = await cache.match(new URL('last-prices.json', document.baseURI).href);
    return response ? response.json() : null;
  });
}

async function postJson(stack: Stack, path: string, token: string, body: object) {
  const response = await fetch(`${stack.baseUrl}${path}`, {
    method: 'POST',
    headers: { lang: 'en', authorization: token, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return (await response.json()) as { code: number; msg: string; data: { subscribed: boolean } | null };
}

describe.skipIf(!chromiumPath)('push notifications and offline', () => {
  const stack = useStack({ env: { ...tradingServerEnv, PUSH_ALLOW_LOOPBACK: 'true' } });

  it('serves a worker that caches exactly this release: the page and every built file', async () => {
    const response = await fetch(`${stack.baseUrl}/sw.js`);
    expect(response.headers.get('cache-control')).toBe('no-cache, max-age=0');
    const source = await response.text();
    expect(source).not.toContain('__PRECACHE__');
    expect(source).not.toContain('__RELEASE__');
    const listed = JSON.parse(JSON.parse(/JSON\.parse\(("(?:[^"\\]|\\.)*")\)/.exec(source)![1]!)) as string[];
    const built = readdirSync(join(webRoot, 'dist/assets'))
      .filter((name) => !/\.(gz|br)$/.test(name))
      .map((name) => `assets/${name}`);
    expect(listed.filter((path) => path.startsWith('assets/')).sort()).toEqual(built.sort());
    expect(listed).toEqual(expect.arrayContaining(['./', 'manifest.json', 'icons/icon-192.png']));
    for (const path of listed)
      expect(await fetch(new URL(path, `${stack.baseUrl}/`)).then((r) => r.status), path).toBe(200);
  });

  it('registers the worker, keeps a subscription, shows a pushed notification and opens its url', async () => {
    const session = await demoSession(stack);
    const home = await HomePage.start(stack, '/', { session });
    const { page } = home;
    await page.context().grantPermissions(['notifications'], { origin: stack.baseUrl });
    await home.waitForList();
    await controlledByWorker(page);
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(scope).toBe(`${stack.baseUrl}/`);

    // A subscription made the way a browser makes one, kept for this user through the API.
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const subscription = {
      endpoint: 'http://127.0.0.1:9/push/e2e-phone',
      expirationTime: null,
      keys: {
        p256dh: ecdh.getPublicKey().toString('base64url'),
        auth: randomBytes(16).toString('base64url'),
      },
    };
    expect(await postJson(stack, '/v1/api/push/subscribe', session.token, subscription)).toMatchObject({
      code: 1,
      data: { subscribed: true },
    });
    const refused = await postJson(stack, '/v1/api/push/subscribe', session.token, {
      ...subscription,
      endpoint: 'https://169.254.169.254/latest/meta-data',
    });
    expect(refused.msg).toMatch(/push address is not accepted/);

    // The push as the push service hands it to the browser.
    await deliverPush(page, stack, JSON.stringify(MESSAGE));
    const shown = () => shownNotifications(page);
    await expect.poll(async () => (await shown()).length, eventually).toBe(1);
    const [notification] = await shown();
    expect(notification).toMatchObject({
      title: MESSAGE.title,
      body: MESSAGE.body,
      tag: MESSAGE.tag,
      icon: `${stack.baseUrl}/icons/icon-192.png`,
      data: { url: `${stack.baseUrl}/#/mine/system` },
    });

    // A tap on it: the worker's notificationclick brings the open app to the notification's url.
    await tapNotification(page);
    await page.getByTestId('system-page').waitFor();
    expect(page.url()).toBe(`${stack.baseUrl}/#/mine/system`);
    await expect.poll(async () => (await shown()).length, eventually).toBe(0);
  });

  it('explains on the settings screen a browser that cannot take push', async () => {
    const session = await demoSession(stack);
    const home = await HomePage.start(stack, '/mine/system', { session });
    const setting = home.page.getByTestId('push-setting');
    await setting.waitFor();
    // Headless Chromium has the Push API, but no push service to subscribe with.
    await expect.poll(() => setting.getAttribute('data-status'), eventually).toBe('off');
    await screenshot(home.page, 'push-setting-off-light');
    // Tapped with the permission refused: the switch stays off and says how to allow it.
    await home.page.getByTestId('push-switch').click();
    await expect.poll(() => setting.getAttribute('data-status'), eventually).toBe('denied');
    expect(await setting.textContent()).toContain('Notifications are blocked for this site');
    expect(await home.page.getByTestId('push-switch').getAttribute('aria-checked')).toBe('false');
    await screenshot(home.page, 'push-setting-denied-light');

    // Allowed, but with no push service to subscribe with: the failure is said and nothing is kept.
    const allowed = await HomePage.start(stack, '/mine/system', { session });
    await allowed.page.context().grantPermissions(['notifications'], { origin: stack.baseUrl });
    const allowedSetting = allowed.page.getByTestId('push-setting');
    await expect.poll(() => allowedSetting.getAttribute('data-status'), eventually).toBe('off');
    await allowed.page.getByTestId('push-switch').click();
    await allowed.page
      .locator('.adm-toast-main:visible')
      .filter({ hasText: 'could not subscribe to push notifications' })
      .waitFor();
    expect(await allowed.page.getByTestId('push-switch').getAttribute('aria-checked')).toBe('false');

    const unsupported = await HomePage.start(stack, '/mine/system', {
      session,
      theme: 'dark',
      colorScheme: 'dark',
    });
    await unsupported.page.addInitScript(() => {
      delete (window as { PushManager?: unknown }).PushManager;
    });
    await unsupported.page.reload();
    const refusal = unsupported.page.getByTestId('push-setting');
    await expect.poll(() => refusal.getAttribute('data-status'), eventually).toBe('unsupported');
    expect(await refusal.textContent()).toContain('This browser cannot receive push notifications');
    expect(await unsupported.page.getByTestId('push-switch').getAttribute('aria-disabled')).toBe('true');
    await refusal.scrollIntoViewIfNeeded();
    await screenshot(unsupported.page, 'push-setting-unsupported-dark');
  });

  it.each([
    ['light', 'en'],
    ['dark', 'en'],
    ['light', 'ar'],
  ] as const)('opens offline with the last prices and reconnects by itself (%s, %s)', async (theme, lang) => {
    const { instrument, price } = await tradableInstrument(stack);
    const bid = priceAt(price, 1.002, instrument.PricePrecision);
    const home = await HomePage.start(stack, '/', { theme, colorScheme: theme, lang });
    const { page } = home;
    await home.waitForList();
    await controlledByWorker(page);
    await home.selectCategory('forex');
    const row = home.row(instrument.Code);
    await row.waitFor();
    await pushTicks(stack, [{ code: instrument.Code, bid }]);
    await expect
      .poll(() => row.getByTestId('row-price').getAttribute('data-value'), eventually)
      .toBe(String(Number(bid)));
    // Kept within a few seconds of being seen.
    await expect
      .poll(
        async () => {
          const stored = await storedLastPrices(page);
          const kept = stored?.instruments.find((i) => i.Code === instrument.Code) as
            { ForexQuotations: { Bid: number } } | undefined;
          return kept?.ForexQuotations.Bid;
        },
        { timeout: 15_000, interval: 200 },
      )
      .toBe(Number(bid));

    await page.context().setOffline(true);
    // The worker has no network either: what opens next comes from its cache. The browser takes
    // the emulated network to a worker's own target after the call returns (and to a worker it
    // started again anew), so the test waits until the worker is cut off before relying on it.
    await expect
      .poll(
        () =>
          page
            .context()
            .serviceWorkers()[0]!
            .evaluate(() =>
              fetch('./healthz', { cache: 'no-store' }).then(
                () => 'reached',
                () => 'offline',
              ),
            ),
        { timeout: 10_000, interval: 250 },
      )
      .toBe('offline');
    const reloaded = await page.reload();
    expect(reloaded?.fromServiceWorker()).toBe(true);
    await page.waitForSelector('.app-shell');
    const note = page.getByTestId('offline-prices');
    await note.waitFor();
    const savedAt = Number(await note.getAttribute('data-saved-at'));
    const hhmm = new Intl.DateTimeFormat(lang === 'ar' ? 'ar' : 'en', {
      numberingSystem: 'latn',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZone: 'Asia/Hong_Kong',
    }).format(new Date(savedAt));
    expect(await note.textContent()).toContain(hhmm);
    if (lang === 'en') expect(await note.textContent()).toBe(`Offline — prices as of ${hhmm}`);
    expect(await page.getByTestId('connection-status').getAttribute('data-state')).toBe('offline');
    await home.selectCategory('forex');
    const offlineRow = home.row(instrument.Code);
    expect(await offlineRow.getByTestId('row-price').getAttribute('data-value')).toBe(String(Number(bid)));
    expect(await offlineRow.getByTestId('row-price').getAttribute('data-stale')).toBe('1');
    // The API itself is never answered from a cache: offline, a call fails.
    expect(
      await page.evaluate(() =>
        fetch('./v1/api/forex/trade_list').then(
          () => 'answered',
          () => 'failed',
        ),
      ),
    ).toBe('failed');
    // Nothing was sent to fail: the offline state says it all, without error toasts.
    expect(await page.locator('.adm-toast-main:visible').count()).toBe(0);
    await screenshot(page, `offline-last-prices-${theme}-${lang}`);

    // Back online: the socket reconnects by itself, the note goes and prices move again.
    await page.context().setOffline(false);
    await note.waitFor({ state: 'detached', timeout: 15_000 });
    await page.getByTestId('connection-status').waitFor({ state: 'detached', timeout: 15_000 });
    const moved = priceAt(price, 1.004, instrument.PricePrecision);
    await expect
      .poll(async () => {
        await pushTicks(stack, [{ code: instrument.Code, bid: moved }]);
        return offlineRow.getByTestId('row-price').getAttribute('data-value');
      }, eventually)
      .toBe(String(Number(moved)));
    expect(await offlineRow.getByTestId('row-price').getAttribute('data-stale')).toBe('0');
    // The server's categories are back too, the chosen one still chosen.
    await page
      .locator(`[data-testid="category-chip"][aria-selected="true"]`)
      .filter({ hasText: lang === 'en' ? 'Forex' : /./ })
      .waitFor();
    expect(await page.locator('.adm-toast-main:visible').count()).toBe(0);
    await screenshot(page, `offline-back-online-${theme}-${lang}`);
  });
});
