/**
 * The phone app's service worker as a test reaches it: waiting until it controls the page, handing
 * it a push as a push service would (the DevTools protocol's ServiceWorker.deliverPushMessage, since
 * headless Chromium has no push service), reading the notifications it shows, and tapping one.
 */
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { eventually, type Stack } from './harness.ts';

/** Waits until the service worker controls the page (it claims the page on its first install). */
export async function controlledByWorker(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), eventually)
    .toBe(true);
}

/** How many times a push is handed to the worker before the test gives up on seeing it shown. */
const DELIVERIES = 3;

/**
 * Delivers `data` (the decrypted text of a push) to the worker registered for the app's scope, and
 * waits until the worker shows a notification. The DevTools delivery is fire-and-forget, and on a
 * loaded machine a worker that is just starting has been seen to miss one; so an unshown push is
 * delivered again, as a push service redelivers a message the browser has not acknowledged. Every
 * payload the tests send has a tag, so a second delivery replaces a notification rather than adding
 * one: the tests' count of exactly one still catches a worker that shows too many.
 */
export async function deliverPush(page: Page, stack: Stack, data: string): Promise<void> {
  const scope = `${stack.baseUrl}/`;
  const cdp = await page.context().newCDPSession(page);
  const registrations: { registrationId: string; scopeURL: string }[] = [];
  cdp.on('ServiceWorker.workerRegistrationUpdated', (event) => registrations.push(...event.registrations));
  await cdp.send('ServiceWorker.enable');
  await expect.poll(() => registrations.find((r) => r.scopeURL === scope), eventually).toBeDefined();
  const { registrationId } = registrations.find((r) => r.scopeURL === scope)!;
  for (let delivery = 1; delivery <= DELIVERIES; delivery++) {
    await cdp.send('ServiceWorker.deliverPushMessage', { origin: stack.baseUrl, registrationId, data });
    const deadline = Date.now() + eventually.timeout;
    let shown = false;
    while (!shown && Date.now() < deadline) {
      shown = (await shownNotifications(page)).length > 0;
      if (!shown) await page.waitForTimeout(eventually.interval);
    }
    if (shown) break;
    if (delivery === DELIVERIES)
      throw new Error(`the worker showed no notification after ${DELIVERIES} pushes`);
  }
  await cdp.detach();
}

export interface ShownNotification {
  title: string;
  body: string;
  tag: string;
  icon: string;
  data: { url: string; kind: string };
}

/** The notifications the worker shows now. */
export function shownNotifications(page: Page): Promise<ShownNotification[]> {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return (await registration.getNotifications()).map((n) => ({
      title: n.title,
      body: n.body,
      tag: n.tag,
      icon: n.icon,
      data: n.data as { url: string; kind: string },
    }));
  });
}

/** A tap on the first notification shown: the worker's notificationclick runs to its end. */
export async function tapNotification(page: Page): Promise<void> {
  const [worker] = page.context().serviceWorkers();
  expect(worker).toBeDefined();
  await worker!.evaluate(async () => {
    // The worker's own types (WebWorker lib) are not this file's (DOM).
    const scope = self as unknown as {
      registration: ServiceWorkerRegistration;
      dispatchEvent(event: Event): boolean;
      NotificationEvent: new (type: string, init: { notification: Notification }) => Event;
    };
    const [shownNotification] = await scope.registration.getNotifications();
    const click = new scope.NotificationEvent('notificationclick', { notification: shownNotification! });
    // A script-made event cannot extend its own life; the test waits for the work instead.
    let work: Promise<unknown> = Promise.resolve();
    Object.defineProperty(click, 'waitUntil', { value: (promise: Promise<unknown>) => (work = promise) });
    scope.dispatchEvent(click);
    await work;
  });
}
