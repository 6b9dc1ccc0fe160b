/**
 * A trailing stop in a phone (390×844), on prices the test sets: a demo user sets a trailing
 * distance on a held position in the stops editor, sees it on the order card, and sees the stop
 * loss follow the price the server moves it to. Screenshots in light, dark and Arabic.
 */
import { describe, expect, it } from 'vitest';
import { chromiumPath, eventually, screenshot, useStack } from './harness.ts';
import { demoAtSetPrice, openMarketPosition, priceAt, pushTicks, tradingServerEnv } from './trading-api.ts';
import { OrdersScreen } from './pages/trading-pages.ts';

describe.skipIf(!chromiumPath)('trailing stop', () => {
  const stack = useStack({ env: tradingServerEnv });

  it('sets a trailing stop on a position and shows the distance and the moving stop', async () => {
    const { instrument, price, precision, session } = await demoAtSetPrice(stack);
    const placed = await openMarketPosition<{ Id: number }>(stack, session, instrument);
    const id = placed.Id;

    // A distance of half a percent of the price, in pips (engine P7).
    const pointsPerPip = precision === 3 || precision === 5 ? 10 : 1;
    const pipSize = pointsPerPip / 10 ** precision;
    const pips = Math.round((price * 0.005) / pipSize);
    const shownPrice = (value: number) =>
      value.toLocaleString('en-US', { minimumFractionDigits: precision, maximumFractionDigits: precision });

    const orders = await OrdersScreen.start(stack, '/order', { session });
    await orders.root.waitFor();
    await expect.poll(() => orders.rows().count(), eventually).toBe(1);
    await orders.row(id).click();
    await orders.detail().getByTestId('edit-stops').click();
    await orders.stopsEditor().waitFor();
    const field = orders.stopsEditor().getByTestId('edit-trailing-stop');
    // Too wide for the price: the editor names the widest distance and does not save.
    await field.fill(String(pips * 100));
    await expect
      .poll(() => orders.stopsEditor().getByTestId('edit-trailing-stop-row').textContent(), eventually)
      .toContain('At most');
    expect(await orders.stopsEditor().getByTestId('save-stops').isDisabled()).toBe(true);
    await field.fill(String(pips));
    expect(await orders.stopsEditor().getByTestId('edit-trailing-stop-row').textContent()).toContain(
      'never moves back',
    );
    await orders.settle();
    await screenshot(orders.page, 'trailing-stop-editor');
    await orders.stopsEditor().getByTestId('save-stops').click();
    await orders.toast().filter({ hasText: 'Stop loss and take profit updated' }).waitFor();
    await expect
      .poll(() => orders.detail().getByTestId('detail-trailing-stop').textContent(), eventually)
      .toBe(`Trailing ${pips.toLocaleString('en-US')} pips`);
    await orders.detail().getByRole('button', { name: 'Close', exact: true }).click();
    await expect.poll(() => orders.detail().count(), eventually).toBe(0);

    // The price rises: the server moves the stop to bid − distance, and the card shows it.
    const up = priceAt(price, 1.01, precision);
    await pushTicks(stack, [{ code: instrument.Code, bid: up }]);
    const expectedStop = shownPrice(Number(up) - pips * pipSize);
    const card = orders.row(id);
    await expect
      .poll(() => card.getByTestId('order-trailing').textContent(), eventually)
      .toBe(`Trailing ${pips.toLocaleString('en-US')} pips`);
    await expect.poll(() => card.textContent(), eventually).toContain(`SL ${expectedStop}`);
    // Back down a little: the stop stays where it was.
    await pushTicks(stack, [{ code: instrument.Code, bid: priceAt(price, 1.008, precision) }]);
    await orders.settle();
    expect(await card.textContent()).toContain(`SL ${expectedStop}`);
    await screenshot(orders.page, 'trailing-stop-card');
    await orders.page.close();

    for (const look of [
      { name: 'trailing-stop-dark', options: { theme: 'dark', colorScheme: 'dark' } },
      { name: 'trailing-stop-ar', options: { lang: 'ar' } },
    ] as const) {
      const screen = await OrdersScreen.start(stack, '/order', { session, ...look.options });
      await screen.root.waitFor();
      await screen.row(id).getByTestId('order-trailing').waitFor();
      await screen.row(id).click();
      await screen.detail().getByTestId('edit-stops').click();
      await screen.stopsEditor().getByTestId('edit-trailing-stop').waitFor();
      await screen.settle();
      await screenshot(screen.page, look.name);
      await screen.page.close();
    }
  });
});
