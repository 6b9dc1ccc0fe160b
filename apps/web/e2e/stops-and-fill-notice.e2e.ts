/**
 * Stops and fills in a phone (390×844), on prices the test sets:
 *
 * - a trailing distance typed on the ticket goes out with a confirmed market order, and the
 *   position's card shows it;
 * - the fill notice after that confirmed order shows the asked and filled price, the spread and
 *   the slippage, covers neither the ticket's button nor the tab bar, leaves by itself, and a tap
 *   on it opens the order; a pending order reaching its target shows it too (from the socket);
 * - when the price turns, the trailing stop closes the position and the app says so, with the
 *   close price and the P/L, leading to the closed order;
 * - the stops editor takes a stop loss in pips, shows the price it stands for, and saves it.
 *
 * Screenshots of the fill notice and of the stops editor in pips, light, dark and Arabic.
 */
import { formatPoints, parsePriceToPoints, pipPoints } from '@omp/engine';
import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chromiumPath, eventually, screenshot, useStack, withoutIsolates } from './harness.ts';
import { call } from './accounts-api.ts';
import { demoAtSetPrice, openMarketPosition, priceAt, pushTicks, tradingServerEnv } from './trading-api.ts';
import { OrdersScreen, TicketScreen } from './pages/trading-pages.ts';

const LOOKS = [
  { name: 'light', options: {} },
  { name: 'dark', options: { theme: 'dark', colorScheme: 'dark' } },
  { name: 'ar', options: { lang: 'ar' } },
] as const;

/** Whether two boxes on screen overlap. */
async function overlap(a: Locator, b: Locator): Promise<boolean> {
  const [one, two] = [await a.boundingBox(), await b.boundingBox()];
  if (!one || !two) throw new Error('not on screen');
  return (
    one.x < two.x + two.width &&
    two.x < one.x + one.width &&
    one.y < two.y + two.height &&
    two.y < one.y + one.height
  );
}

describe.skipIf(!chromiumPath)('stops and fill notice', () => {
  const stack = useStack({ env: tradingServerEnv });

  it('ticket trailing stop, the fill notice after a confirmed order, and the trailing close notice', async () => {
    const { instrument, price, precision, session } = await demoAtSetPrice(stack);
    // Sent again once the ticket shows the instrument, so its prices are the test's.
    const bid = priceAt(price, 1, precision);
    const pips = Math.round((price * 0.005) / (pipPoints(precision) / 10 ** precision));
    const pipsText = `Trailing ${pips.toLocaleString('en-US')} pips`;
    const shown = (points: number) =>
      Number(formatPoints(points, precision)).toLocaleString('en-US', { minimumFractionDigits: precision });

    const trade = await TicketScreen.start(stack, '/trade', { session, orderConfirm: 'always' });
    await trade.page.getByTestId('trade-page').waitFor();
    await trade.pickInstrument(instrument.Code);
    await pushTicks(stack, [{ code: instrument.Code, bid }]);
    await trade.testId('trailing-stop-input').fill(String(pips));
    const askText = (await trade.testId('side-buy').locator('.side-tile__price').textContent())!;

    // Asked first (the setting), then sent: the notice of the fill, the sheet gone.
    await trade.scrollToTicket();
    await trade.testId('submit-order').click();
    const confirm = trade.page.getByTestId('order-confirm');
    await confirm.waitFor();
    await confirm.getByTestId('confirm-send').click();
    const notice = trade.page.getByTestId('fill-notice');
    await notice.waitFor();
    await expect.poll(() => confirm.count(), eventually).toBe(0);
    const figure = async (id: string) => (await notice.getByTestId(id).textContent()) ?? '';
    expect(await figure('fill-asked')).toBe(askText);
    expect(await figure('fill-filled')).toBe(askText);
    expect(await figure('fill-spread')).toMatch(/^[\d.,]+ · \$[\d,]+\.\d\d$/);
    expect(await figure('fill-slippage')).toMatch(/^[+−]?[\d.,]+$/);
    expect(await notice.textContent()).toMatch(/^Order filled.*Asked.*Filled.*Spread.*Slippage/);
    // It stops nothing: the ticket's button and the tab bar stay clear and can be tapped.
    expect(await overlap(notice, trade.testId('submit-order'))).toBe(false);
    expect(await overlap(notice, trade.page.locator('.tab-bar'))).toBe(false);
    await screenshot(trade.page, 'fill-notice');

    // A tap opens the order on /order; the card there shows the trailing distance sent.
    const id = Number(await notice.getAttribute('data-id'));
    await notice.getByTestId('fill-notice-open').click();
    const orders = trade.as(OrdersScreen);
    await expect.poll(() => orders.detail().getAttribute('data-id'), eventually).toBe(String(id));
    expect(await orders.detail().getByTestId('detail-trailing-stop').textContent()).toBe(pipsText);
    await orders.detail().getByRole('button', { name: 'Close', exact: true }).click();
    await expect
      .poll(() => orders.row(id).getByTestId('order-trailing').textContent(), eventually)
      .toBe(pipsText);

    // A second order in a row, without a trailing stop: its notice leaves by itself.
    await trade.goto('/trade');
    await trade.pickInstrument(instrument.Code);
    await trade.testId('trailing-stop-input').fill('');
    await trade.scrollToTicket();
    await trade.testId('submit-order').click();
    await confirm.getByTestId('confirm-send').click();
    await expect.poll(() => notice.getAttribute('data-id'), eventually).not.toBe(String(id));
    await expect.poll(() => notice.count(), { ...eventually, timeout: 10_000 }).toBe(0);

    // The price rises, the stop follows; it turns, and the trailing stop closes the first position.
    const up = priceAt(price, 1.01, precision);
    await pushTicks(stack, [{ code: instrument.Code, bid: up }]);
    const followed = parsePriceToPoints(up, precision)! - pips * pipPoints(precision);
    await expect.poll(() => orders.row(id).textContent(), eventually).toContain(`SL ${shown(followed)}`);
    const closeBid = priceAt(price, 1.003, precision);
    await pushTicks(stack, [{ code: instrument.Code, bid: closeBid }]);
    const closed = trade.page.getByTestId('trailing-closed-notice');
    await closed.waitFor();
    expect(await closed.getByTestId('trailing-closed-body').textContent()).toMatch(
      new RegExp(`^${instrument.ShowCode.replace('/', '\\/')} closed at \\u2066[\\d,.]+\\u2069$`),
    );
    expect(await closed.getByTestId('trailing-closed-profit').textContent()).toMatch(/^\+\$[\d,]+\.\d\d$/);
    await screenshot(trade.page, 'trailing-closed-notice');
    await closed.getByTestId('trailing-closed-view').click();
    await expect.poll(() => orders.detail().getAttribute('data-id'), eventually).toBe(String(id));
    expect(await orders.detail().textContent()).toContain('Trailing stop reached');
    expect(await closed.count()).toBe(0);

    // A buy limit below the market, reached by the price: the socket's fill shows the notice.
    await trade.goto('/trade');
    await trade.pickInstrument(instrument.Code);
    const limit = priceAt(price, 0.995, precision);
    const placed = await call<{ Id: number }>(stack, '/v1/api/forex/submit', {
      token: session.token,
      body: {
        type: '1',
        cont: String(instrument.ForexMinCont),
        forex_id: String(instrument.Id),
        status: '0',
        target_price: limit,
      },
    });
    expect(placed.code).toBe(1);
    await pushTicks(stack, [{ code: instrument.Code, bid: priceAt(price, 0.99, precision) }]);
    await expect.poll(() => notice.getAttribute('data-id'), eventually).toBe(String(placed.data.Id));
    const limitPoints = parsePriceToPoints(limit, precision)!;
    expect(await figure('fill-asked')).toBe(shown(limitPoints));
    await trade.page.close();

    for (const look of LOOKS.slice(1)) {
      const screen = await TicketScreen.start(stack, '/trade', {
        session,
        orderConfirm: 'always',
        ...look.options,
      });
      await screen.page.getByTestId('trade-page').waitFor();
      await screen.pickInstrument(instrument.Code);
      await pushTicks(stack, [{ code: instrument.Code, bid }]);
      await screen.scrollToTicket();
      await screen.testId('submit-order').click();
      await screen.page.getByTestId('confirm-send').click();
      await screen.page.getByTestId('fill-notice').getByTestId('fill-slippage').waitFor();
      await screen.page.waitForTimeout(300);
      await screenshot(screen.page, `fill-notice-${look.name}`);
      await screen.page.close();
    }
  });

  it('the stops editor takes a stop loss in pips, shows its price and saves it', async () => {
    const { instrument, price, precision, session } = await demoAtSetPrice(stack);
    const placed = await openMarketPosition<{ Id: number; OriginPrice: number }>(stack, session, instrument);
    const id = placed.Id;
    // A stop a percent below the open, in pips: clear of the spread for any instrument.
    const pip = pipPoints(precision);
    const pips = Math.round((price * 0.01 * 10 ** precision) / pip);
    const open = parsePriceToPoints(placed.OriginPrice, precision)!;
    const stop = Number(formatPoints(open - pips * pip, precision)).toLocaleString('en-US', {
      minimumFractionDigits: precision,
    });

    for (const look of LOOKS) {
      const orders = await OrdersScreen.start(stack, '/order', { session, ...look.options });
      await orders.root.waitFor();
      await orders.row(id).click();
      await orders.detail().getByTestId('edit-stops').click();
      const editor = orders.stopsEditor();
      await editor.waitFor();
      await editor.getByTestId('stop-unit-pips').click();
      await editor.getByTestId('edit-stop-loss').fill(String(pips));
      const alongside = editor.getByTestId('edit-stop-loss-alongside');
      if (look.name === 'light') {
        // The price the pips stand for, and what closing there would lose.
        await expect
          .poll(async () => withoutIsolates(await alongside.textContent()), eventually)
          .toMatch(new RegExp(`^${stop.replace(/\./g, '\\.')} · -\\$[\\d,]+\\.\\d\\d$`));
      } else await alongside.waitFor();
      await orders.settle();
      await screenshot(orders.page, `stops-editor-pips-${look.name}`);
      if (look.name !== 'light') {
        await orders.page.close();
        continue;
      }
      await editor.getByTestId('save-stops').click();
      await orders.toast().filter({ hasText: 'Stop loss and take profit updated' }).waitFor();
      await expect
        .poll(() => orders.detail().getByTestId('detail-stop-loss').textContent(), eventually)
        .toBe(stop);
      await orders.detail().getByRole('button', { name: 'Close', exact: true }).click();
      await expect.poll(() => orders.row(id).textContent(), eventually).toContain(`SL ${stop}`);
      // Opened again, the editor starts from the saved stop, as a price.
      await orders.row(id).click();
      await orders.detail().getByTestId('edit-stops').click();
      expect(await orders.stopsEditor().getByTestId('edit-stop-loss').inputValue()).toBe(
        formatPoints(open - pips * pip, precision),
      );
      await orders.page.close();
    }
  });
});
