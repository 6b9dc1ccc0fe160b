/**
 * Price alerts and the notification centre in a phone (390×844), on prices the test sets: a demo
 * user sets an above alert from the trade screen (prefilled with the bid, the distance shown), the
 * price is driven across it, the bell's unread badge appears, the centre lists the alert's
 * notification as unread, a tap opens the instrument and marks it read; the alerts screen shows it
 * fired; the channel settings save a switch. Screenshots in light, dark and Arabic.
 */
import { describe, expect, it } from 'vitest';
import { chromiumPath, eventually, screenshot, useStack } from './harness.ts';
import { call } from './accounts-api.ts';
import { demoAtSetPrice, priceAt, pushTicks, tradingServerEnv } from './trading-api.ts';
import { AlertingPhone } from './pages/alerting-phone.ts';

describe.skipIf(!chromiumPath)('price alerts and the notification centre', () => {
  const stack = useStack({ env: tradingServerEnv });

  it('sets an alert, sees it fire once as an unread notification, and opens it', async () => {
    const { instrument, price, precision, session } = await demoAtSetPrice(stack);
    const shown = (value: string) =>
      Number(value).toLocaleString('en-US', {
        minimumFractionDigits: precision,
        maximumFractionDigits: precision,
      });
    const phone = await AlertingPhone.start(stack, `/trade?id=${instrument.Id}`, { session });
    await phone.page.locator(`[data-testid="trade-page"][data-code="${instrument.Code}"]`).waitFor();
    await phone.bell().waitFor();
    expect(await phone.badge().count()).toBe(0);
    const bellBox = await phone.bell().boundingBox();

    // The sheet opens prefilled with the bid; an above level under it is explained, not sent.
    await phone.page.getByTestId('open-alert-sheet').click();
    await phone.sheet().waitFor();
    const field = phone.sheet().locator('#alert-price');
    expect(await field.inputValue()).toBe(priceAt(price, 1, precision));
    await field.fill(priceAt(price, 0.99, precision));
    await expect
      .poll(() => phone.sheet().getByTestId('alert-problem').textContent(), eventually)
      .toContain('must be above the bid now');
    expect(await phone.sheet().getByTestId('create-alert').isDisabled()).toBe(true);
    const level = priceAt(price, 1.002, precision);
    await field.fill(level);
    await expect
      .poll(() => phone.sheet().getByTestId('alert-distance').textContent(), eventually)
      .toMatch(/points \(0\.20%\) from the bid now/);
    await screenshot(phone.page, 'price-alert-sheet');
    await phone.sheet().getByTestId('create-alert').click();
    await phone.toast().filter({ hasText: 'Alert set' }).waitFor();
    await expect.poll(() => phone.sheet().count(), eventually).toBe(0);

    // The price rises across the level: one notification, the badge shows it where the bell was.
    const crossed = priceAt(price, 1.003, precision);
    await pushTicks(stack, [{ code: instrument.Code, bid: crossed }]);
    await expect.poll(() => phone.badge().textContent(), eventually).toBe('1');
    expect(await phone.bell().boundingBox()).toEqual(bellBox);
    // Back under and across again: it fired once, the count stays.
    await pushTicks(stack, [{ code: instrument.Code, bid: priceAt(price, 1, precision) }]);
    await pushTicks(stack, [{ code: instrument.Code, bid: priceAt(price, 1.004, precision) }]);
    await phone.settle();
    await screenshot(phone.page, 'price-alert-badge');
    // The quote list's header carries the same bell and count.
    await phone.goto('/');
    await expect.poll(() => phone.badge().textContent(), eventually).toBe('1');
    await screenshot(phone.page, 'price-alert-badge-home');

    await phone.bell().click();
    await phone.centre().waitFor();
    await expect.poll(() => phone.rows().count(), eventually).toBe(1);
    const row = phone.rows().first();
    expect(await row.getAttribute('data-kind')).toBe('price_alert');
    expect(await row.getAttribute('data-read')).toBe('false');
    expect(await row.textContent()).toContain(`${instrument.ShowCode} rose to ${crossed}`);
    expect(await row.textContent()).toContain(`your alert: above ${level}`);
    await screenshot(phone.page, 'notification-centre');

    // A tap opens the instrument's trade screen and marks it read: the badge goes.
    await row.click();
    await phone.page.locator(`[data-testid="trade-page"][data-code="${instrument.Code}"]`).waitFor();
    await expect.poll(() => phone.badge().count(), eventually).toBe(0);
    const page = await call<{ unread: number }>(stack, '/v1/api/notifications/unread', {
      token: session.token,
    });
    expect(page.data.unread).toBe(0);

    // The alerts screen lists it as fired, with the price that fired it.
    await phone.goto('/alerts');
    const fired = phone.page.getByTestId('fired-alerts').getByTestId('alert-row');
    await expect.poll(() => fired.count(), eventually).toBe(1);
    expect(await fired.first().textContent()).toContain(`rises to ${shown(level)}`);
    expect(await fired.first().textContent()).toContain(`Fired at ${shown(crossed)}`);
    await screenshot(phone.page, 'price-alerts-list');

    // The channel settings: switching e-mail on for price alerts is kept by the server.
    await phone.goto('/notifications/settings');
    const emailSwitch = phone.page.getByTestId('switch-price_alert-email');
    await emailSwitch.waitFor();
    expect(await emailSwitch.getAttribute('aria-checked')).toBe('false');
    await emailSwitch.click();
    await expect
      .poll(async () => {
        const settings = await call<{ list: Array<{ kind: string; email: boolean }> }>(
          stack,
          '/v1/api/notifications/settings',
          { token: session.token },
        );
        return settings.data.list.find((s) => s.kind === 'price_alert')?.email;
      }, eventually)
      .toBe(true);
    await screenshot(phone.page, 'notification-settings');

    // Dark and Arabic: the centre with its notification.
    for (const [variant, options] of [
      ['dark', { theme: 'dark' as const, colorScheme: 'dark' as const }],
      ['ar', { lang: 'ar' }],
    ] as const) {
      const other = await AlertingPhone.start(stack, '/notifications', { session, ...options });
      await other.centre().waitFor();
      await expect.poll(() => other.rows().count(), eventually).toBe(1);
      if (variant === 'ar') {
        expect((await other.htmlAttributes()).dir).toBe('rtl');
        expect(await other.rows().first().textContent()).toContain('تنبيه سعر');
      }
      await other.settle();
      await screenshot(other.page, `notification-centre-${variant}`);
      await other.goto('/alerts');
      await other.page.getByTestId('fired-alerts').waitFor();
      await screenshot(other.page, `price-alerts-list-${variant}`);
    }
  });

  it("takes an alert's level as the user's language writes it", async () => {
    const { instrument, price, precision, session } = await demoAtSetPrice(stack);
    const phone = await AlertingPhone.start(stack, `/trade?id=${instrument.Id}`, { session, lang: 'de' });
    await phone.page.locator(`[data-testid="trade-page"][data-code="${instrument.Code}"]`).waitFor();
    await phone.page.getByTestId('open-alert-sheet').click();
    await phone.sheet().waitFor();
    // Prefilled with the bid in German, with a decimal comma.
    const field = phone.sheet().locator('#alert-price');
    expect(await field.inputValue()).toBe(priceAt(price, 1, precision).replace('.', ','));
    const level = priceAt(price, 1.002, precision);
    await field.fill(level.replace('.', ','));
    await expect
      .poll(() => phone.sheet().getByTestId('alert-distance').textContent(), eventually)
      .toMatch(/Punkte \(0,20\s?%\) vom aktuellen Geldkurs/);
    const sent = phone.page.waitForRequest(
      (request) => request.method() === 'POST' && request.url().endsWith('/v1/api/alerts'),
    );
    await phone.sheet().getByTestId('create-alert').click();
    // The server gets the plain decimal, and takes it.
    expect(JSON.parse((await sent).postData() ?? '{}')).toMatchObject({ price: level });
    await phone.toast().filter({ hasText: 'Alarm' }).waitFor();
  });
});
