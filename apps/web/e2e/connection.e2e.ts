/**
 * Network loss in a phone at 390x844, on prices the test sets: the app says it is offline within
 * seconds, dims the prices it can no longer update (trade screen, picker, home list), refuses an
 * order tapped meanwhile without sending it, and when the network is back shows live prices again
 * and trades as before.
 */
import { describe, expect, it } from 'vitest';
import { chromiumPath, eventually, screenshot, useStack } from './harness.ts';
import { call } from './accounts-api.ts';
import {
  demoAtSetPrice,
  demoSession,
  openMarketPosition,
  priceAt,
  pushTicks,
  tradableInstrument,
  tradingServerEnv,
} from './trading-api.ts';
import { OrdersScreen, TicketScreen } from './pages/trading-pages.ts';
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
      await home.selectCategory('forex');
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

  it('shows an order placed between the first load of the list and the socket signing in', async () => {
    const { instrument, session } = await demoAtSetPrice(stack);
    // The phone's socket sign-in is held back (everything it sends after waits in line behind it),
    // so the order below is pushed to nobody: only the phone's own catching up can show it.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let loginSent = false;
    const orders = await OrdersScreen.start(stack, '/order', {
      session,
      beforeLoad: (page) =>
        page.routeWebSocket(/\/v1\/ws/, (socket) => {
          const server = socket.connectToServer();
          let line = Promise.resolve();
          socket.onMessage((message) => {
            const isLogin = String(message).includes('"login"');
            line = line.then(async () => {
              if (isLogin) {
                loginSent = true;
                await held;
              }
              server.send(message);
            });
          });
        }),
    });
    await orders.root.getByTestId('empty-1').waitFor();
    await expect.poll(() => loginSent, eventually).toBe(true);

    const placed = await openMarketPosition(stack, session, instrument);
    release();
    await expect.poll(() => orders.row(placed.Id).count(), eventually).toBe(1);
    expect(await orders.root.getByTestId('empty-1').count()).toBe(0);
  });

  it('catches up with a position whose order push never arrived, from the live positions push', async () => {
    const { instrument, session } = await demoAtSetPrice(stack);
    // Every FOREX_ORDER to this phone is lost on the way; everything else arrives.
    let dropped = 0;
    const orders = await OrdersScreen.start(stack, '/order', {
      session,
      beforeLoad: (page) =>
        page.routeWebSocket(/\/v1\/ws/, (socket) => {
          const server = socket.connectToServer();
          server.onMessage((message) => {
            if (String(message).includes('"type":"FOREX_ORDER"')) dropped += 1;
            else socket.send(message);
          });
        }),
    });
    await orders.root.getByTestId('empty-1').waitFor();
    await orders.strip('strip-margin-level').waitFor();

    const placed = await openMarketPosition(stack, session, instrument);
    await expect.poll(() => orders.row(placed.Id).count(), eventually).toBe(1);
    expect(dropped).toBeGreaterThan(0);
  });
});
