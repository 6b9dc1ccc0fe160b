/**
 * The stop-out explainer in a phone, on prices the test sets: a demo user holds two positions, the
 * price falls to a margin call (whose banner offers the explanation) and then through the stop-out,
 * the stop-out notice leads to the page that shows the margin level of the hours before on a chart,
 * the closes in their order (the larger loss first) and what protection did; the stopped-out order's
 * detail leads to the same page. Screenshots in light, dark and Arabic.
 */
import { describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import { chromiumPath, eventually, screenshot, useStack } from './harness.ts';
import { call } from './accounts-api.ts';
import { demoSession, priceAt, pushTicks, tradableInstrument, tradingServerEnv } from './trading-api.ts';
import { OrdersScreen } from './pages/trading-pages.ts';
import { AppPage } from './pages/app-page.ts';

class StopOutScreen extends AppPage {
  get root(): Locator {
    return this.page.getByTestId('stop-out-page');
  }

  closes(): Locator {
    return this.root.getByTestId('stop-out-close');
  }
}

describe.skipIf(!chromiumPath)('the stop-out explainer', () => {
  // Snapshots every half second, so the hours before show as a line within the test's seconds.
  const stack = useStack({ env: { ...tradingServerEnv, SNAPSHOT_EVERY_MS: '500' } });

  it('lives through a stop-out and explains it from the notice and from the closed order', async () => {
    const { instrument, price } = await tradableInstrument(stack);
    const precision = instrument.PricePrecision;
    await pushTicks(stack, [{ code: instrument.Code, bid: priceAt(price, 1, precision) }]);
    const session = await demoSession(stack);
    const orders = await OrdersScreen.start(stack, '/order', { session });
    await orders.root.waitFor();

    // Two positions at the highest leverage, the second half the size of the first: together
    // most of what the account can hold.
    const leverage = Math.max(...instrument.HasForexMultiple.map((o) => o.Value));
    const figures = await call<{ free_margin: number; margin_call_level: number; stop_out_level: number }>(
      stack,
      '/v1/api/main/account/forexDetail',
      { token: session.token },
    );
    const notionalPerLot = instrument.ForexContNum * price;
    const affordable = Math.min(
      (figures.data.free_margin * 0.9 * leverage) / notionalPerLot,
      instrument.ForexMaxCont,
    );
    const large = Math.floor(affordable * 0.6 * 100) / 100;
    const small = Math.floor(affordable * 0.3 * 100) / 100;
    const place = async (lots: number) => {
      const placed = await call<{ Id: number }>(stack, '/v1/api/forex/submit', {
        token: session.token,
        body: {
          type: '1',
          cont: lots.toFixed(2),
          forex_id: String(instrument.Id),
          status: '1',
          multiple: String(leverage),
        },
      });
      expect(placed.code).toBe(1);
      return placed.data.Id;
    };
    const largeId = await place(large);
    const smallId = await place(small);
    await expect.poll(() => orders.rows().count(), eventually).toBe(2);

    // Down to a margin level of 75 %: the margin call, whose banner offers its explanation.
    const lots = large + small;
    const margin = (lots * notionalPerLot) / leverage;
    const level = (figures.data.margin_call_level + figures.data.stop_out_level) / 2 / 100;
    const toCall = (figures.data.free_margin - margin * level) / (lots * instrument.ForexContNum);
    await pushTicks(stack, [{ code: instrument.Code, bid: (price - toCall).toFixed(precision) }]);
    await orders.page.getByTestId('margin-call').waitFor({ timeout: 10_000 });
    await orders.page.getByTestId('margin-call-see-why').waitFor();
    // A few snapshots at that level before the fall.
    await orders.page.waitForTimeout(1600);

    // Then past everything the account holds: equity below zero, so both positions close.
    const toWipe = (figures.data.free_margin + margin * 1.3) / (lots * instrument.ForexContNum);
    const crash = (price - toWipe).toFixed(precision);
    expect(Number(crash)).toBeGreaterThan(0);
    await pushTicks(stack, [{ code: instrument.Code, bid: crash }]);
    const notice = orders.page.getByTestId('stop-out-notice');
    await notice.waitFor({ timeout: 10_000 });
    expect(await notice.textContent()).toContain('Positions closed: 2');
    // The stop-out replaces the margin-call warning it followed.
    expect(await orders.page.getByTestId('margin-call').count()).toBe(0);
    await orders.settle();
    await screenshot(orders.page, 'stop-out-notice');

    await orders.page.getByTestId('stop-out-see-why').click();
    const explainer = orders.as(StopOutScreen);
    await explainer.root.waitFor();
    await expect.poll(() => explainer.closes().count(), eventually).toBe(2);
    // The larger loss first (engine rule S1), with its close price and loss.
    expect(await explainer.closes().nth(0).getAttribute('data-id')).toBe(String(largeId));
    expect(await explainer.closes().nth(1).getAttribute('data-id')).toBe(String(smallId));
    expect(await explainer.closes().nth(0).getByTestId('stop-out-close-price').textContent()).toBe(
      Number(crash).toFixed(precision),
    );
    expect(await explainer.closes().nth(0).getByTestId('stop-out-close-profit').textContent()).toMatch(
      /^-\$/,
    );
    expect(await explainer.root.getByTestId('stop-out-summary').textContent()).toContain(
      'largest loss first',
    );
    // The chart: a line through the recorded levels, with both levels drawn and labelled.
    const chart = explainer.root.getByTestId('margin-level-chart');
    await chart.waitFor();
    const points = (await chart.getByTestId('margin-level-line').getAttribute('points')) ?? '';
    expect(points.split(' ').length).toBeGreaterThanOrEqual(3);
    expect(await chart.textContent()).toMatch(/Margin call \u2066100.00%\u2069/);
    expect(await chart.textContent()).toMatch(/Stop-out \u206650.00%\u2069/);
    // A demo account is not protected: said plainly.
    expect(await explainer.root.getByTestId('stop-out-protection').textContent()).toContain(
      'Demo accounts are not protected',
    );
    await explainer.page.waitForTimeout(300);
    await screenshot(explainer.page, 'stop-out-explainer');
    await explainer.root.getByTestId('stop-out-protection').scrollIntoViewIfNeeded();
    await screenshot(explainer.page, 'stop-out-explainer-bottom');
    const reportUrl = explainer.hashRoute();

    // From the closed order's detail: the same explanation.
    await explainer.goto('/order');
    await orders.open('history');
    await orders.row(smallId).click();
    await orders.detail().waitFor();
    await orders.detail().getByTestId('detail-stop-out-why').click();
    await explainer.root.waitFor();
    expect(explainer.hashRoute()).toBe(`/stop-out?order=${smallId}`);
    await expect.poll(() => explainer.closes().count(), eventually).toBe(2);
    expect(await explainer.closes().nth(1).getAttribute('data-id')).toBe(String(smallId));

    // Dark and Arabic.
    for (const [variant, options] of [
      ['dark', { theme: 'dark' as const, colorScheme: 'dark' as const }],
      ['ar', { lang: 'ar' }],
    ] as const) {
      const phone = await StopOutScreen.start(stack, reportUrl, { session, ...options });
      await expect.poll(() => phone.closes().count(), eventually).toBe(2);
      await phone.root.getByTestId('margin-level-chart').waitFor();
      if (variant === 'ar') {
        expect((await phone.htmlAttributes()).dir).toBe('rtl');
        expect(await phone.root.getByTestId('stop-out-summary').textContent()).toContain(
          'بدءًا بأكبرها خسارة',
        );
        // Inside the right-to-left sentence the stop-out level still reads 50.00%, its sign on the right.
        const percentAfterDigits = await phone.root.getByTestId('stop-out-summary').evaluate((element) => {
          const text = element.firstChild as Text;
          const start = text.data.lastIndexOf('50.00');
          const at = (index: number) => {
            const range = document.createRange();
            range.setStart(text, index);
            range.setEnd(text, index + 1);
            return range.getBoundingClientRect().x;
          };
          return at(text.data.indexOf('%', start)) > at(start);
        });
        expect(percentAfterDigits).toBe(true);
      }
      await phone.page.waitForTimeout(300);
      await screenshot(phone.page, `stop-out-explainer-${variant}`);
    }
  });
});
