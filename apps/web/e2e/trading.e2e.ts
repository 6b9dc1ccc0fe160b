/**
 * Trading in a phone, on prices the test sets (FEED=none, ticks through the ingest endpoint):
 * a demo user buys with stop loss and take profit, watches the P/L move, edits the take profit,
 * closes, and finds the trade in history and in the ledger; a pending order fills when the price
 * crosses it and is then stopped out by its stop loss; a margin call warns; visitors, instruments
 * without leverage and instruments staff closed cannot send orders (their buttons wait, saying
 * why). Screenshots in light and dark.
 */
import { describe, expect, it } from 'vitest';
import { chromiumPath, eventually, screenshot, useStack, withoutIsolates } from './harness.ts';
import { call } from './accounts-api.ts';
import { ADMIN_PASSWORD, adminToken, staffCall } from './money-api.ts';
import {
  demoSession,
  listInstruments,
  priceAt,
  pushTicks,
  tradableInstrument,
  tradingServerEnv,
  usd,
  type ListedInstrument,
} from './trading-api.ts';
import { HistoryScreen, OrdersScreen, TicketScreen } from './pages/trading-pages.ts';
import { UserScreen } from './pages/account-pages.ts';

describe.skipIf(!chromiumPath)('trading', () => {
  const stack = useStack({ env: { ...tradingServerEnv, ADMIN_INITIAL_PASSWORD: ADMIN_PASSWORD } });

  it('sends exactly the lots shown: a size off the grid or out of range is flagged and nothing is sent', async () => {
    const { instrument, price } = await tradableInstrument(stack);
    const bid = priceAt(price, 1, instrument.PricePrecision);
    await pushTicks(stack, [{ code: instrument.Code, bid }]);
    const session = await demoSession(stack);
    const trade = await TicketScreen.start(stack, '/trade', { session });
    await trade.page.getByTestId('trade-page').waitFor();
    await trade.pickInstrument(instrument.Code);
    await pushTicks(stack, [{ code: instrument.Code, bid }]);
    const sent: string[] = [];
    trade.page.on('request', (request) => {
      if (request.url().includes('/v1/api/forex/submit')) sent.push(request.postData() ?? '');
    });
    const step = instrument.Pip;
    const decimals = String(step).split('.')[1]?.length ?? 0;
    const tooMany = String(instrument.ForexMaxCont + 10);
    const offGrid = (instrument.ForexMinCont + step / 2).toFixed(decimals + 1);
    for (const typed of [tooMany, offGrid, '0']) {
      await trade.setLots(typed);
      // What was typed stays on screen, flagged with the instrument's rule.
      expect(await trade.testId('lots-input').inputValue()).toBe(typed);
      await trade.scrollToTicket();
      expect(await trade.testId('submit-order').textContent()).toContain(typed);
      await trade.testId('submit-order').click();
      await expect
        .poll(() => trade.testId('row-lots').getAttribute('class'), eventually)
        .toContain('ticket-row--error');
      expect(await trade.testId('row-lots').textContent()).toContain(`max ${instrument.ForexMaxCont}`);
    }
    await screenshot(trade.page, 'trade-lots-refused');
    expect(sent).toEqual([]);

    // A size on the grid goes out exactly as typed.
    const valid = (instrument.ForexMinCont + 6 * step).toFixed(decimals);
    await trade.setLots(valid);
    await pushTicks(stack, [{ code: instrument.Code, bid }]);
    await trade.testId('submit-order').click();
    await trade
      .toast()
      .filter({ hasText: /^Bought / })
      .waitFor();
    expect(sent).toHaveLength(1);
    expect(new URLSearchParams(sent[0]).get('cont') ?? JSON.parse(sent[0]!).cont).toBe(valid);
  });

  it('buys with stop loss and take profit, follows the P/L, edits, closes, and finds it in history and the ledger', async () => {
    const { instrument, price } = await tradableInstrument(stack);
    const precision = instrument.PricePrecision;
    const bid = priceAt(price, 1, precision);
    await pushTicks(stack, [{ code: instrument.Code, bid }]);
    const session = await demoSession(stack);

    const trade = await TicketScreen.start(stack, '/trade', { session });
    await trade.page.getByTestId('trade-page').waitFor();
    await trade.pickInstrument(instrument.Code);
    await pushTicks(stack, [{ code: instrument.Code, bid }]);
    await expect
      .poll(() => trade.page.getByTestId('trade-bid').textContent(), eventually)
      .toBe(Number(bid).toLocaleString('en-US', { minimumFractionDigits: precision }));
    const ask = Number(await trade.page.getByTestId('trade-ask').getAttribute('data-value'));

    // The preview is the engine's arithmetic on the live ask: lots × units × ask / leverage.
    const lots = 0.1;
    const leverage = instrument.HasForexMultiple[0]!.Value;
    await trade.setLots('0.1');
    expect(await trade.testId('lots-input').inputValue()).toBe('0.10');
    const margin = (lots * instrument.ForexContNum * ask) / leverage;
    const fee = margin * instrument.ForexFeeRate;
    await expect
      .poll(() => trade.figures(), eventually)
      .toEqual({
        margin: usd(margin),
        fee: usd(fee),
        required: usd(margin + fee),
        available: usd(100_000),
      });

    // A stop loss on the wrong side is pointed out before anything is sent.
    const stopLoss = priceAt(price, 0.99, precision);
    const takeProfit = priceAt(price, 1.02, precision);
    await trade.testId('stop-loss-input').fill(takeProfit);
    await expect.poll(() => trade.testId('row-stop-loss').textContent()).toContain('Must be below');
    // The button looks held back while the problem shows, and a tap says why instead of sending.
    expect(await trade.testId('submit-order').getAttribute('data-held')).toBe('true');
    await trade.testId('submit-order').scrollIntoViewIfNeeded();
    await screenshot(trade.page, 'trade-ticket-held');
    // The header gives the instrument's name a line of its own under the code, whole.
    const name = trade.page.locator('.instrument-switch__name');
    expect(await name.textContent()).toBe('Euro / US Dollar');
    expect(await name.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
    await trade.testId('submit-order').click();
    await trade.page.locator('.adm-toast-main').filter({ hasText: 'below' }).waitFor();
    await trade.testId('stop-loss-input').fill(stopLoss);
    await expect.poll(() => trade.testId('submit-order').getAttribute('data-held')).toBe(null);
    await trade.testId('take-profit-input').fill(takeProfit);
    // Right side now: the problem gives way to what the stop stands for in pips and money.
    await expect
      .poll(async () => withoutIsolates(await trade.testId('row-stop-loss').textContent()))
      .toMatch(/^Stop loss[\d.,]+ pips · -\$[\d,]+\.\d\d$/);
    // The risk rows have answered the order with its stop loss before the picture is taken.
    await expect
      .poll(
        async () => withoutIsolates(await trade.testId('ticket-stop-loss-loss').textContent()),
        eventually,
      )
      .toMatch(/^\$[\d,]+\.\d\d/);
    await trade.scrollToTicket();
    await screenshot(trade.page, 'trade-ticket');

    await pushTicks(stack, [{ code: instrument.Code, bid }]);
    await trade.testId('submit-order').click();
    // The confirmation says what happened: side, lots, instrument and the price it filled at.
    await trade
      .toast()
      .filter({ hasText: `Bought 0.10 ${instrument.ShowCode} at ${ask.toFixed(precision)}` })
      .waitFor();

    // Positions: the new one, its P/L following the pushed price.
    await trade.tab('orders').click();
    const orders = trade.as(OrdersScreen);
    await orders.root.waitFor();
    await expect.poll(() => orders.rows().count(), eventually).toBe(1);
    const id = await orders.rows().first().getAttribute('data-id');
    const up = priceAt(price, 1.005, precision);
    await pushTicks(stack, [{ code: instrument.Code, bid: up }]);
    const profit = (Number(up) - ask) * lots * instrument.ForexContNum;
    await expect
      .poll(() => orders.row(id!).getByTestId('order-pl').textContent(), eventually)
      .toBe(usd(profit, true));
    await expect.poll(() => orders.strip('strip-floating').textContent(), eventually).toBe(usd(profit, true));
    await orders.settle();
    await screenshot(orders.page, 'orders-holding');

    // Details, then a new take profit.
    await orders.row(id!).click();
    await orders.detail().waitFor();
    expect(await orders.detail().getByTestId('detail-take-profit').textContent()).toBe(
      Number(takeProfit).toFixed(precision),
    );
    await orders.settle();
    await screenshot(orders.page, 'order-detail');
    await orders.detail().getByTestId('edit-stops').click();
    await orders.stopsEditor().waitFor();
    const newTakeProfit = priceAt(price, 1.03, precision);
    await orders.stopsEditor().getByTestId('edit-take-profit').fill(newTakeProfit);
    await orders.settle();
    await screenshot(orders.page, 'order-edit-stops');
    await orders.stopsEditor().getByTestId('save-stops').click();
    await orders.toast().filter({ hasText: 'Stop loss and take profit updated' }).waitFor();
    await expect
      .poll(() => orders.detail().getByTestId('detail-take-profit').textContent(), eventually)
      .toBe(Number(newTakeProfit).toFixed(precision));

    // Close, after the confirmation.
    await pushTicks(stack, [{ code: instrument.Code, bid: up }]);
    await orders.detail().getByTestId('close-order').click();
    await orders.dialogButton('Close position').click();
    await orders.toast().filter({ hasText: 'Position closed' }).waitFor();
    await expect.poll(() => orders.detail().count(), eventually).toBe(0);
    await expect.poll(() => orders.rows().count(), eventually).toBe(0);
    await orders.root.getByTestId('empty-1').waitFor();

    await orders.open('history');
    await expect.poll(() => orders.rows().count(), eventually).toBe(1);
    const closed = orders.row(id!);
    expect(await closed.getByTestId('order-pl').textContent()).toBe(usd(profit, true));
    expect(await closed.textContent()).toContain('Closed by you');
    await closed.click();
    await orders.detail().waitFor();
    expect(await orders.detail().getByTestId('detail-outcome').textContent()).toBe('Closed by you');
    expect(await orders.detail().getByTestId('detail-close-price').textContent()).toBe(
      Number(up).toFixed(precision),
    );
    await orders.settle();
    await screenshot(orders.page, 'order-history-detail');
    await orders.page
      .locator('.adm-mask')
      .last()
      .click({ position: { x: 10, y: 10 } });
    await expect.poll(() => orders.detail().count(), eventually).toBe(0);

    // The balance moved by the fee and the realized P/L; the ledger says why, row by row.
    await orders.goto('/user');
    const user = orders.as(UserScreen);
    await user.waitForUser();
    const feeCharged = Math.round(fee * 1e6) / 1e6;
    const realized = Math.round(profit * 1e6) / 1e6;
    await expect
      .poll(() => user.testId('balance').textContent(), eventually)
      .toContain(usd(100_000 - feeCharged + realized));
    await user.testId('balance').click();
    const history = user.as(HistoryScreen);
    await history.root.waitFor();
    await expect.poll(() => history.rows().count(), eventually).toBe(3);
    expect(await history.row('realized_pnl').getByTestId('ledger-value').textContent()).toBe(
      usd(realized, true),
    );
    expect(await history.row('trade_fee').getByTestId('ledger-value').textContent()).toBe(
      usd(-feeCharged, true),
    );
    expect(await history.row('demo_reset').getByTestId('ledger-value').textContent()).toBe(
      usd(100_000, true),
    );
    await screenshot(history.page, 'account-history');
  });

  it('moves a pending order to positions when the price crosses it, and drops it when its stop loss fires', async () => {
    const { instrument, price } = await tradableInstrument(stack);
    const precision = instrument.PricePrecision;
    await pushTicks(stack, [{ code: instrument.Code, bid: priceAt(price, 1, precision) }]);
    const session = await demoSession(stack);

    const trade = await TicketScreen.start(stack, '/trade', { session, theme: 'dark', colorScheme: 'dark' });
    await trade.page.getByTestId('trade-page').waitFor();
    await trade.pickInstrument(instrument.Code);
    await trade.testId('order-mode-pending').click();
    const target = priceAt(price, 0.995, precision);
    const stopLoss = priceAt(price, 0.98, precision);
    await trade.testId('target-input').fill(target);
    await trade.testId('stop-loss-input').fill(stopLoss);
    await expect.poll(() => trade.testId('row-target').textContent()).toContain('Buy limit');
    await trade.scrollToTicket();
    await screenshot(trade.page, 'trade-ticket-pending-dark');
    await trade.testId('submit-order').click();
    await trade.toast().filter({ hasText: 'Pending order placed' }).waitFor();

    await trade.tab('orders').click();
    const orders = trade.as(OrdersScreen);
    await orders.open('pending');
    await expect.poll(() => orders.rows().count(), eventually).toBe(1);
    const id = await orders.rows().first().getAttribute('data-id');
    await orders.settle();
    await screenshot(orders.page, 'orders-pending-dark');

    // The ask falls through the target: the order fills, and the lists follow without a reload.
    await pushTicks(stack, [{ code: instrument.Code, bid: priceAt(price, 0.99, precision) }]);
    await expect.poll(() => orders.rows().count(), eventually).toBe(0);
    await orders.open('holding');
    await expect.poll(() => orders.row(id!).count(), eventually).toBe(1);
    await orders.row(id!).click();
    await orders.detail().waitFor();
    await orders.settle();
    await screenshot(orders.page, 'order-detail-dark');

    // The stop loss fires: the position leaves the list and its open sheet closes.
    await pushTicks(stack, [{ code: instrument.Code, bid: priceAt(price, 0.975, precision) }]);
    await expect.poll(() => orders.detail().count(), eventually).toBe(0);
    await expect.poll(() => orders.rows().count(), eventually).toBe(0);
    await orders.open('history');
    await expect.poll(() => orders.row(id!).textContent(), eventually).toContain('Stop loss reached');
    await orders.settle();
    await screenshot(orders.page, 'orders-history-dark');

    await orders.goto('/mine/history');
    const history = orders.as(HistoryScreen);
    await expect.poll(() => history.rows().count(), eventually).toBe(3);
    await screenshot(history.page, 'account-history-dark');
  });

  it('warns with the margin level when the account reaches a margin call', async () => {
    const { instrument, price } = await tradableInstrument(stack);
    const precision = instrument.PricePrecision;
    await pushTicks(stack, [{ code: instrument.Code, bid: priceAt(price, 1, precision) }]);
    const session = await demoSession(stack);

    // The largest position the account can hold, at the highest leverage: a small move against
    // it brings the margin level between the margin-call and stop-out levels.
    const leverage = Math.max(...instrument.HasForexMultiple.map((o) => o.Value));
    const orders = await OrdersScreen.start(stack, '/order', { session });
    await orders.root.waitFor();
    const figures = await call<{ free_margin: number; margin_call_level: number; stop_out_level: number }>(
      stack,
      '/v1/api/main/account/forexDetail',
      { token: session.token },
    );
    const notionalPerLot = instrument.ForexContNum * price;
    const affordable = (figures.data.free_margin * 0.9 * leverage) / notionalPerLot;
    const lots = Math.floor(Math.min(affordable, instrument.ForexMaxCont) * 100) / 100;
    const placed = await fetch(`${stack.baseUrl}/v1/api/forex/submit`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: session.token, lang: 'en' },
      body: JSON.stringify({
        type: 1,
        cont: lots.toFixed(2),
        forex_id: instrument.Id,
        status: 1,
        multiple: leverage,
      }),
    });
    expect(((await placed.json()) as { code: number }).code).toBe(1);
    await expect.poll(() => orders.rows().count(), eventually).toBe(1);

    // Equity at 75 % of the used margin: below the margin call (100 %), above the stop-out (50 %).
    const margin = (lots * notionalPerLot) / leverage;
    const level = (figures.data.margin_call_level + figures.data.stop_out_level) / 2 / 100;
    const loss = figures.data.free_margin - margin * level;
    const bid = (price - loss / (lots * instrument.ForexContNum)).toFixed(precision);
    await pushTicks(stack, [{ code: instrument.Code, bid }]);
    const banner = orders.page.getByTestId('margin-call');
    await banner.waitFor({ timeout: 10_000 });
    expect(await banner.textContent()).toContain('Margin call');
    const shown = (await orders.page.getByTestId('margin-call-level').textContent()) ?? '';
    expect(shown).toMatch(/^\d+\.\d\d%$/);
    expect(Number.parseFloat(shown)).toBeLessThanOrEqual(figures.data.margin_call_level);
    expect(Number.parseFloat(shown)).toBeGreaterThan(figures.data.stop_out_level);
    // The next trade push brings the newest level to the banner and the account strip alike.
    await expect
      .poll(
        async () =>
          (await orders.strip('strip-margin-level').textContent()) ===
          (await orders.page.getByTestId('margin-call-level').textContent()),
        eventually,
      )
      .toBe(true);
    await orders.settle();
    await screenshot(orders.page, 'margin-call');
    await orders.page.getByTestId('margin-call-dismiss').click();
    await expect.poll(() => banner.count(), eventually).toBe(0);
  });

  it('pages through a long list as it scrolls, and refreshes when pulled down', async () => {
    const { instrument, price } = await tradableInstrument(stack);
    const precision = instrument.PricePrecision;
    await pushTicks(stack, [{ code: instrument.Code, bid: priceAt(price, 1, precision) }]);
    const session = await demoSession(stack);
    // More pending orders than one page holds (20), far below the market so none fills.
    const count = 25;
    for (let i = 0; i < count; i++) {
      const placed = await call<unknown>(stack, '/v1/api/forex/submit', {
        token: session.token,
        body: {
          type: '1',
          cont: '0.01',
          forex_id: String(instrument.Id),
          status: '0',
          target_price: priceAt(price, 0.5 + i / 1000, precision),
        },
      });
      expect(placed.code).toBe(1);
    }

    const orders = await OrdersScreen.start(stack, '/order', { session });
    await orders.open('pending');
    await expect.poll(() => orders.rows().count(), eventually).toBe(20);
    await orders.root
      .getByTestId('list-summary')
      .filter({ hasText: `Orders: ${count}` })
      .waitFor();
    await orders.rows().last().scrollIntoViewIfNeeded();
    await expect.poll(() => orders.rows().count(), eventually).toBe(count);
    await orders.root.getByText('No more records').waitFor();

    // Pull down from the top: the list is asked for again, and the indicator goes away after.
    await orders.page.evaluate(() => window.scrollTo(0, 0));
    const refetched = orders.page.waitForRequest((r) => r.url().includes('/v1/api/forex/my_deal'));
    await orders.pullDown(orders.rows().first(), 250, async () => {
      await orders.page.getByText('Release to refresh').waitFor();
    });
    await refetched;
    await orders.page.getByText('Updated').waitFor();
    await expect.poll(() => orders.page.getByText('Updated').isVisible(), eventually).toBe(false);

    // Cancel one, after the confirmation: it leaves the list and shows in history with why.
    const first = orders.rows().first();
    const cancelledId = await first.getAttribute('data-id');
    await first.click();
    await orders.detail().getByTestId('cancel-order').click();
    await orders.dialogButton('Keep').click();
    expect(await orders.detail().count()).toBe(1);
    await orders.detail().getByTestId('cancel-order').click();
    await orders.dialogButton('Cancel order').click();
    await orders.toast().filter({ hasText: 'Order cancelled' }).waitFor();
    await expect.poll(() => orders.row(cancelledId!).count(), eventually).toBe(0);
    await orders.root
      .getByTestId('list-summary')
      .filter({ hasText: `Orders: ${count - 1}` })
      .waitFor();
    await orders.open('history');
    await expect.poll(() => orders.row(cancelledId!).textContent(), eventually).toContain('Cancelled by you');
  });

  it('sends visitors to log in, waits on a closed market, and sends nothing for an instrument without leverage', async () => {
    const list = await listInstruments(stack);
    const { instrument, price } = await tradableInstrument(stack);
    await pushTicks(stack, [{ code: instrument.Code, bid: priceAt(price, 1, instrument.PricePrecision) }]);

    const visitor = await TicketScreen.start(stack, '/trade');
    await visitor.page.getByTestId('trade-page').waitFor();
    await visitor.pickInstrument(instrument.Code);
    expect(await visitor.testId('ticket-available').textContent()).toBe('Log in');
    for (const button of ['side-sell', 'submit-order']) {
      await visitor.goto('/trade');
      await visitor.waitForTicket(instrument.Code);
      await visitor.testId(button).click();
      await visitor.page.waitForURL(/#\/login\?from=%2Ftrade$/);
    }

    // Outside an instrument's trading hours its buttons wait, saying why: staff take GBP/USD's
    // sessions away (an empty week: never open), as a broker would for a holiday.
    const gbpusd = list.find((i) => i.Code === 'GBPUSD')!;
    await staffCall(stack, `/admin/api/instruments/${gbpusd.Id}`, await adminToken(stack), { schedule: [] });
    await visitor.goto('/trade');
    await visitor.page.getByTestId('trade-page').waitFor();
    await visitor.pickInstrument(gbpusd.Code);
    await expect.poll(() => visitor.testId('submit-order').textContent(), eventually).toBe('Market closed');
    expect(await visitor.testId('submit-order').isDisabled()).toBe(true);
    expect(await visitor.testId('side-buy').isDisabled()).toBe(true);

    // Every seeded instrument has a leverage and the back office refuses terms without one, so an
    // instrument without (stored before that rule) is played by rewriting the list the phone gets.
    const session = await demoSession(stack);
    const trade = await TicketScreen.start(stack, '/trade', { session });
    await trade.page.route('**/v1/api/forex/trade_list**', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { data: ListedInstrument[] };
      for (const listed of body.data) if (listed.Code === instrument.Code) listed.HasForexMultiple = [];
      await route.fulfill({ response, json: body });
    });
    const submits: string[] = [];
    trade.page.on('request', (request) => {
      if (request.url().includes('/v1/api/forex/submit')) submits.push(request.url());
    });
    await trade.page.reload();
    await trade.page.getByTestId('trade-page').waitFor();
    await trade.pickInstrument(instrument.Code);
    expect(await trade.testId('leverage-missing').textContent()).toBe(
      'Leverage not configured and orders cannot be placed for now',
    );
    expect(await trade.testId('submit-order').isDisabled()).toBe(true);
    expect(await trade.testId('submit-order').textContent()).toBe('Orders unavailable');
    expect(await trade.testId('side-sell').isDisabled()).toBe(true);
    await trade.testId('submit-order').click({ force: true });
    await trade.as(OrdersScreen).settle();
    await trade.scrollToTicket();
    await screenshot(trade.page, 'trade-no-leverage');
    expect(submits).toEqual([]);
  });
});
