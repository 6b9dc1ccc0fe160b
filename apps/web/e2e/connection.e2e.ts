/**
 * Network loss in a phone at 390x844, on prices the test sets: the app says it is offline within
 * seconds, dims the prices it can no longer update (trade screen, picker, home list), refuses an
 * order tapped meanwhile without sending it, and when the network is back shows live prices again
 * and trades as before.
 */
import { describe, expect, it } from 'vitest';
import { chromiumPath, eventually, screenshot, useStack } from './harness.ts';
import { call } from './accounts-api.ts';
import { demoSession, priceAt, pushTicks, tradableInstrument, tradingServerEnv } from './trading-api.ts';
import { TicketScreen } from './pages/trading-pages.ts';
import { HomePage } from './pages/home-page.ts';

const OFFLINE_MESSAGE = 'You are offline. Check your connection and try again.';

describe.skipIf(!chromiumPath)('connection', () => {
  const stack = useStack({ env: tradingServerEnv });

  it.each(['light', 'dark'] as const)(
    'shows the offline state with stale prices, refuses an order unsent, and is live again once back online (%s)',
    async (theme) => {
      const { instrument, price } = await tradableInstrument(stack);
      const precision = instrument.PricePrecision;
      const bid = priceAt(price, 1, precision);
      await pushTicks(stack, [{ code: instrument.Code, bid }]);
      const session = await demoSession(stack);
      // The quote list first, on the instrument's category, then the trade screen (both stay alive).
      const home = await HomePage.start(stack, '/', { session, theme, colorScheme: theme });
      await home.waitForList();
      await home.selectCategory(instrument.Code === 'EURUSD' ? 'forex' : 'crypto');
      const homeRow = home.rows.and(home.page.locator(`[data-code="${instrument.Code}"]`));
      await homeRow.waitFor();
      await home.tab('trading').click();
      const trade = home.as(TicketScreen);
      await trade.page.getByTestId('trade-page').waitFor();
      await trade.pickInstrument(instrument.Code);
      await pushTicks(stack, [{ code: instrument.Code, bid }]);
      const tradeBid = trade.page.getByTestId('trade-bid');
      await expect.poll(() => tradeBid.getAttribute('data-value'), eventually).toBe(String(Number(bid)));
      const status = trade.page.getByTestId('connection-status');
      expect(await tradeBid.getAttribute('data-stale')).toBe('0');
      expect(await status.count()).toBe(0);

      const orderRequests: string[] = [];
      trade.page.on('request', (request) => {
        if (request.url().includes('/v1/api/forex/')) orderRequests.push(request.url());
      });
      const orderCount = async () => {
        const counts = await Promise.all(
          [0, 1].map((status) =>
            call<{ total: number }>(stack, `/v1/api/forex/my_deal?status=${status}&page=1`, {
              token: session.token,
            }),
          ),
        );
        return counts.map((envelope) => envelope.data.total);
      };

      // The network goes: the status says so at once, and every price on screen is marked stale.
      await trade.page.context().setOffline(true);
      await status.waitFor({ timeout: 3000 });
      expect(await status.getAttribute('data-state')).toBe('offline');
      expect(await status.textContent()).toBe('Offline');
      expect(await tradeBid.getAttribute('data-stale')).toBe('1');
      expect(await trade.page.getByTestId('trade-ask').getAttribute('data-stale')).toBe('1');
      // Stale in place: the figure keeps its value and its box, nothing jumps.
      expect(await tradeBid.getAttribute('data-value')).toBe(String(Number(bid)));

      // An order tapped offline is refused with the reason, and nothing leaves the phone.
      await trade.scrollToTicket();
      await trade.testId('submit-order').click();
      await trade.toast().filter({ hasText: OFFLINE_MESSAGE }).waitFor();
      await screenshot(trade.page, `connection-offline-refused-${theme}`);
      expect(orderRequests.filter((url) => url.includes('/submit'))).toEqual([]);
      expect(await orderCount()).toEqual([0, 0]);

      // The quote list in the picker labels its rows as not live, in the clock's place.
      await trade.page.getByTestId('open-picker').click();
      const picker = trade.page.getByTestId('instrument-picker');
      await picker.waitFor();
      const row = picker.locator(`[data-testid="instrument-row"][data-code="${instrument.Code}"]`);
      await expect.poll(() => row.getByTestId('stale-label').textContent(), eventually).toBe('Not live');
      expect(await row.getByTestId('row-price').getAttribute('data-stale')).toBe('1');
      // Once the refusal and the sheet's slide-in are over, for a screenshot a person can read.
      await trade.toast().waitFor({ state: 'detached', timeout: 10_000 });
      await expect.poll(async () => (await picker.boundingBox())?.x, eventually).toBe(0);
      await screenshot(trade.page, `connection-offline-list-${theme}`);
      await row.click();
      await trade.waitForTicket(instrument.Code);

      // So does the home list, whose prices stay dimmed in place.
      await home.tab('market').click();
      await expect.poll(() => homeRow.getByTestId('stale-label').textContent(), eventually).toBe('Not live');
      expect(await homeRow.getByTestId('row-price').getAttribute('data-stale')).toBe('1');
      expect(await homeRow.getByTestId('row-ask').getAttribute('data-stale')).toBe('1');
      await screenshot(home.page, `connection-offline-home-${theme}`);

      // Back online: the status goes, the prices are live again and follow new ticks.
      await trade.page.context().setOffline(false);
      await status.waitFor({ state: 'detached', timeout: 10_000 });
      expect(await homeRow.getByTestId('stale-label').count()).toBe(0);
      expect(await homeRow.getByTestId('row-price').getAttribute('data-stale')).toBe('0');
      await home.tab('trading').click();
      await trade.waitForTicket(instrument.Code);
      expect(await tradeBid.getAttribute('data-stale')).toBe('0');
      const moved = priceAt(price, 1.001, precision);
      await expect
        .poll(async () => {
          await pushTicks(stack, [{ code: instrument.Code, bid: moved }]);
          return tradeBid.getAttribute('data-value');
        }, eventually)
        .toBe(String(Number(moved)));

      // And the same tap now trades.
      await trade.scrollToTicket();
      await trade.testId('submit-order').click();
      await trade
        .toast()
        .filter({ hasText: /^Bought / })
        .waitFor();
      expect(await orderCount()).toEqual([0, 1]);
    },
  );
});
