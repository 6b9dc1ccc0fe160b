/**
 * Closing part of a position and closing many, in a phone, on prices the test sets: a demo user
 * closes 0.30 of a 1.00-lot position from its detail and sees 0.70 stay open, then closes all from
 * the "Close…" menu, confirms, reads the summary and finds the positions list empty. Screenshots
 * of the part sheet, the confirmation and the summary in light, dark and Arabic.
 */
import { describe, expect, it } from 'vitest';
import { chromiumPath, eventually, screenshot, useStack } from './harness.ts';
import { call, type Session } from './accounts-api.ts';
import {
  demoSession,
  priceAt,
  pushTicks,
  tradableInstrument,
  tradingServerEnv,
  type ListedInstrument,
} from './trading-api.ts';
import { OrdersScreen } from './pages/trading-pages.ts';
import type { Stack } from './harness.ts';

async function buy(stack: Stack, session: Session, instrument: ListedInstrument, cont: string) {
  const placed = await call<{ Id: number }>(stack, '/v1/api/forex/submit', {
    token: session.token,
    body: {
      type: '1',
      cont,
      forex_id: String(instrument.Id),
      status: '1',
      multiple: String(instrument.HasForexMultiple[0]!.Value),
    },
  });
  if (placed.code !== 1) throw new Error(`submit failed: ${placed.msg}`);
  return placed.data.Id;
}

describe.skipIf(!chromiumPath)('closing positions', () => {
  const stack = useStack({ env: tradingServerEnv });

  it('closes part of a position, then all of them, with a confirmation and a summary', async () => {
    const { instrument, price } = await tradableInstrument(stack);
    const precision = instrument.PricePrecision;
    const bid = priceAt(price, 1, precision);
    await pushTicks(stack, [{ code: instrument.Code, bid }]);
    const session = await demoSession(stack);
    const big = await buy(stack, session, instrument, '1');
    const small = await buy(stack, session, instrument, '0.2');
    const up = priceAt(price, 1.002, precision);
    await pushTicks(stack, [{ code: instrument.Code, bid: up }]);

    const orders = await OrdersScreen.start(stack, '/order', { session });
    await orders.root.waitFor();
    await expect.poll(() => orders.rows().count(), eventually).toBe(2);

    // Close part: from the position's detail, a stepper of valid sizes and the part's P/L.
    await orders.row(big).click();
    await orders.detail().waitFor();
    await orders.settle();
    await screenshot(orders.page, 'order-detail-close-part');
    await orders.detail().getByTestId('close-part-open').click();
    const part = orders.page.locator('[data-testid="close-part"]:visible');
    await part.waitFor();
    expect(await part.getByTestId('lots-input').inputValue()).toBe('0.01');
    expect(await part.getByTestId('lots-minus').isDisabled()).toBe(true);
    await part.getByTestId('lots-input').fill('0.30');
    await expect.poll(() => part.getByTestId('close-part-rest').textContent(), eventually).toBe('0.70');
    expect(await part.getByTestId('close-part-profit').textContent()).toMatch(/^\+\$[\d,]+\.\d\d$/);
    expect(await part.getByTestId('close-part-send').textContent()).toBe('Close 0.30 lots');
    await orders.settle();
    await screenshot(orders.page, 'close-part');
    await pushTicks(stack, [{ code: instrument.Code, bid: up }]);
    await part.getByTestId('close-part-send').click();
    await orders.toast().filter({ hasText: 'Closed 0.30 lots; 0.70 lots stay open' }).waitFor();
    await expect.poll(() => part.count(), eventually).toBe(0);
    // The position keeps its id with the rest of its lots.
    await expect.poll(() => orders.row(big).textContent(), eventually).toContain('0.70 lots');
    await orders.page
      .locator('.adm-mask')
      .last()
      .click({ position: { x: 10, y: 10 } });
    await expect.poll(() => orders.detail().count(), eventually).toBe(0);

    // Close all: the menu, one confirmation listing both, one summary with the close prices.
    await pushTicks(stack, [{ code: instrument.Code, bid: up }]);
    await orders.root.getByTestId('close-menu').click();
    await orders.page.locator('.adm-action-sheet-button-item', { hasText: 'Close all positions' }).click();
    const confirm = orders.page.locator('[data-testid="close-confirm"]:visible');
    await confirm.waitFor();
    expect(await confirm.getByTestId('close-line').count()).toBe(2);
    await orders.settle();
    await screenshot(orders.page, 'close-all-confirm');
    await confirm.getByTestId('close-confirm-send').click();
    const summary = orders.page.locator('[data-testid="close-summary"]:visible');
    await summary.waitFor();
    expect(await summary.locator('.sheet__title').textContent()).toBe('Positions closed: 2');
    const lines = summary.getByTestId('close-line');
    expect(await lines.count()).toBe(2);
    expect(await lines.nth(0).getAttribute('data-id')).toBe(String(big));
    expect(await lines.nth(1).getAttribute('data-id')).toBe(String(small));
    expect(await lines.nth(0).textContent()).toContain(
      `closed at ${Number(up).toLocaleString('en-US', { minimumFractionDigits: precision })}`,
    );
    await orders.settle();
    await screenshot(orders.page, 'close-all-summary');
    await summary.getByTestId('close-summary-done').click();
    await expect.poll(() => orders.rows().count(), eventually).toBe(0);
    await orders.root.getByTestId('empty-1').waitFor();
    await orders.page.close();

    for (const look of [
      { name: 'dark', options: { theme: 'dark', colorScheme: 'dark' } },
      { name: 'ar', options: { lang: 'ar' } },
    ] as const) {
      await pushTicks(stack, [{ code: instrument.Code, bid }]);
      const positions = [
        await buy(stack, session, instrument, '1'),
        await buy(stack, session, instrument, '0.5'),
      ];
      await pushTicks(stack, [{ code: instrument.Code, bid: up }]);
      const screen = await OrdersScreen.start(stack, '/order', { session, ...look.options });
      await screen.root.waitFor();
      await expect.poll(() => screen.rows().count(), eventually).toBe(2);
      await screen.row(positions[0]!).click();
      await screen.detail().waitFor();
      await screen.detail().getByTestId('close-part-open').click();
      const sheet = screen.page.locator('[data-testid="close-part"]:visible');
      await sheet.getByTestId('lots-input').fill('0.40');
      await expect.poll(() => sheet.getByTestId('close-part-rest').textContent(), eventually).not.toBe('–');
      await screen.settle();
      await screenshot(screen.page, `close-part-${look.name}`);
      await sheet.getByTestId('close-part-send').click();
      await expect.poll(() => sheet.count(), eventually).toBe(0);
      await screen.page
        .locator('.adm-mask')
        .last()
        .click({ position: { x: 10, y: 10 } });
      await expect.poll(() => screen.detail().count(), eventually).toBe(0);
      await pushTicks(stack, [{ code: instrument.Code, bid: up }]);
      await screen.root.getByTestId('close-menu').click();
      await screen.page.locator('.adm-action-sheet-button-item').first().click();
      const confirmSheet = screen.page.locator('[data-testid="close-confirm"]:visible');
      await confirmSheet.waitFor();
      await screen.settle();
      await screenshot(screen.page, `close-all-confirm-${look.name}`);
      await confirmSheet.getByTestId('close-confirm-send').click();
      const done = screen.page.locator('[data-testid="close-summary"]:visible');
      await done.waitFor();
      expect(await done.getByTestId('close-line').count()).toBe(2);
      await screen.settle();
      await screenshot(screen.page, `close-all-summary-${look.name}`);
      await done.getByTestId('close-summary-done').click();
      await expect.poll(() => screen.rows().count(), eventually).toBe(0);
      await screen.page.close();
    }
  });
});
