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

/** Delivers `data` (the decrypted text of a push) to the worker registered for the app's scope. */
export async function deliverPush(page: Page, stack: Stack, data: string): Promise<void> {
  const scope = `${stack.baseUrl}/`;
  const cdp = await page.context().newCDPSession(page);
  const registrations: { registrationId: string; scopeURL: string }[] = [];
  cdp.on('ServiceWorker.workerRegistrationUpdated', (event) => registrations.push(...event.registrations));
  await cdp.send('ServiceWorker.enable');
  await expect.poll(() => registrations.find((r) => r.scopeURL === scope), eventually).toBeDefined();
  const { registrationId } = registrations.find((r) => r.scopeURL === scope)!;
  await cdp.send('ServiceWorker.deliverPushMessage', { origin: stack.baseUrl, registrationId, data });
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
