/**
 * Risk and fills in a phone (390×844): a stop loss typed in pips shows the price it stands for;
 * with one-tap trading turned on (after its warning) a buy goes out without the confirmation sheet
 * and the fill notice that follows shows the asked price, the fill, the spread and the slippage; the
 * position then shows its distance to the stop-out, and the account strip the nearest one.
 * Screenshots in light, dark and Arabic (right to left).
 */
import { formatPoints, parsePriceToPoints, pipPoints } from '@omp/engine';
import { describe, expect, it } from 'vitest';
import { chromiumPath, eventually, screenshot, useStack, withoutIsolates } from './harness.ts';
import { demoSession, priceAt, pushTicks, tradableInstrument, tradingServerEnv } from './trading-api.ts';
import { OrdersScreen, TicketScreen } from './pages/trading-pages.ts';

describe.skipIf(!chromiumPath)('risk and fills', () => {
  const stack = useStack({ env: tradingServerEnv });

  it('pips stops, one-tap buying with fill details, and the distance to the stop-out', async () => {
    const { instrument, price } = await tradableInstrument(stack);
    const precision = instrument.PricePrecision;
    const bid = priceAt(price, 1, precision);
    await pushTicks(stack, [{ code: instrument.Code, bid }]);
    const session = await demoSession(stack);
    const decimals = String(instrument.Pip).split('.')[1]?.length ?? 0;
    // Large enough for the demo balance to meet a stop-out above zero, yet affordable at the first
    // leverage offered (the retail caps keep it low): four fifths of the balance as margin.
    const leverage = instrument.HasForexMultiple[0]!.Value;
    const affordable = (100_000 * 0.8 * leverage) / (instrument.ForexContNum * price);
    const largeLots = (
      Math.floor(Math.min(instrument.ForexMaxCont, affordable) / instrument.Pip) * instrument.Pip
    ).toFixed(decimals);
    const shown = (points: number) =>
      Number(formatPoints(points, precision)).toLocaleString('en-US', {
        minimumFractionDigits: precision,
        maximumFractionDigits: precision,
      });

    // One-tap trading: off by default, on only after its warning is accepted; and every order asks.
    const app = await TicketScreen.start(stack, '/mine/system', { session });
    const oneTap = app.page.getByTestId('one-tap-switch');
    await oneTap.waitFor();
    expect(await oneTap.getAttribute('aria-checked')).toBe('false');
    await app.page.getByTestId('order-confirm-always').click();
    await oneTap.click();
    await app.page.getByTestId('one-tap-warning').waitFor();
    await screenshot(app.page, 'one-tap-warning');
    await app.page.getByTestId('one-tap-accept').click();
    await expect.poll(() => oneTap.getAttribute('aria-checked'), eventually).toBe('true');

    await app.goto('/trade');
    await app.page.getByTestId('trade-page').waitFor();
    await app.pickInstrument(instrument.Code);
    await pushTicks(stack, [{ code: instrument.Code, bid }]);
    await app.setLots(largeLots);

    // A stop loss of 20 pips below the ask, written as a price beside the box.
    await app.testId('stop-unit-pips').click();
    await app.testId('stop-loss-input').fill('20');
    const askText = (await app.testId('side-buy').locator('.side-tile__price').textContent())!;
    const ask = parsePriceToPoints(askText.replace(/,/g, ''), precision)!;
    const stopLoss = ask - 20 * pipPoints(precision);
    await expect
      .poll(async () => withoutIsolates(await app.testId('stop-loss-alongside').textContent()), eventually)
      .toMatch(new RegExp(`^${shown(stopLoss).replace(/\./g, '\\.')} · -\\$[\\d,]+\\.\\d\\d$`));
    await app.testId('row-stop-loss').scrollIntoViewIfNeeded();
    await screenshot(app.page, 'ticket-stop-in-pips');

    // The buy goes out at once: no confirmation sheet, the fill notice with its four figures.
    await app.testId('submit-order').click();
    const fill = app.page.getByTestId('fill-notice');
    await fill.waitFor();
    expect(await app.page.locator('[data-testid="order-confirm"]:visible').count()).toBe(0);
    const figure = async (id: string) => (await fill.getByTestId(id).textContent()) ?? '';
    expect(await figure('fill-asked')).toMatch(/^[\d,]+\.\d+$/);
    expect(await figure('fill-filled')).toMatch(/^[\d,]+\.\d+$/);
    expect(await figure('fill-spread')).toMatch(/^[\d.]+ · \$[\d,]+\.\d\d$/);
    expect(await figure('fill-slippage')).toMatch(/^[+−]?[\d.]+$/);
    // The price asked for is the ask the ticket showed; the tick did not move, so no slippage.
    expect(await figure('fill-asked')).toBe(askText);
    expect(await figure('fill-filled')).toBe(askText);
    await screenshot(app.page, 'fill-notice-one-tap');
    await fill.getByTestId('fill-notice-dismiss').click();
    await expect.poll(() => fill.count(), eventually).toBe(0);

    // The position's distance to the stop-out, and the strip's nearest one, from the trade pushes.
    const orders = app.as(OrdersScreen);
    await orders.goto('/order');
    await orders.open('holding');
    const stopOut = orders.rows().first().getByTestId('order-stop-out');
    await expect
      .poll(() => stopOut.textContent(), { ...eventually, timeout: 15_000 })
      .toMatch(/\(-[\d.]+%\)$/);
    await expect
      .poll(() => orders.strip('strip-stop-out').locator('dd').textContent(), eventually)
      .toMatch(new RegExp(`^-[\\d.]+% ${instrument.ShowCode.replace('/', '\\/')} [\\d,.]+$`));
    await screenshot(orders.page, 'positions-risk');
    await orders.rows().first().click();
    await orders.detail().getByTestId('fill-spread').waitFor();
    await screenshot(orders.page, 'order-detail-fill');
    await orders.page.close();

    for (const look of [
      { name: 'dark', options: { theme: 'dark', colorScheme: 'dark' } },
      { name: 'ar', options: { lang: 'ar' } },
    ] as const) {
      const screen = await OrdersScreen.start(stack, '/order', { session, ...look.options });
      await screen.open('holding');
      await screen.rows().first().getByTestId('order-stop-out').waitFor({ timeout: 15_000 });
      await screenshot(screen.page, `positions-risk-${look.name}`);
      await screen.rows().first().click();
      await screen.detail().getByTestId('fill-spread').waitFor();
      await screenshot(screen.page, `order-detail-fill-${look.name}`);
      const ticket = screen.as(TicketScreen);
      await ticket.goto('/trade');
      await ticket.page.getByTestId('trade-page').waitFor();
      await ticket.pickInstrument(instrument.Code);
      await pushTicks(stack, [{ code: instrument.Code, bid }]);
      await ticket.testId('stop-unit-money').click();
      await ticket.testId('stop-loss-input').fill('100');
      await ticket.testId('stop-loss-alongside').waitFor();
      await ticket.testId('row-stop-loss').scrollIntoViewIfNeeded();
      await screenshot(ticket.page, `ticket-stop-in-money-${look.name}`);
      await ticket.page.close();
    }
  });
});
