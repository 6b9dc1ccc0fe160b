/**
 * The order ticket's risk block in a phone (390×844), on prices the test sets: a demo user opens
 * the ticket, reads that the smallest order puts the stop-out out of reach, then where it would come
 * with a larger order, changes the lots and reads the new price, which is the server's own
 * projection each time; a stop loss adds what it would cost.
 * Screenshots in light, dark and Arabic (right to left).
 */
import { describe, expect, it } from 'vitest';
import { chromiumPath, eventually, screenshot, useStack, withoutIsolates } from './harness.ts';
import { call } from './accounts-api.ts';
import { demoSession, priceAt, pushTicks, tradableInstrument, tradingServerEnv } from './trading-api.ts';
import { TicketScreen } from './pages/trading-pages.ts';

interface Preview {
  stop_out_price: number | null;
  margin_call_price: number | null;
}

describe.skipIf(!chromiumPath)('ticket risk', () => {
  const stack = useStack({ env: tradingServerEnv });

  it('shows the projected stop-out price, and it changes with the lots', async () => {
    const { instrument, price } = await tradableInstrument(stack);
    const precision = instrument.PricePrecision;
    const bid = priceAt(price, 1, precision);
    await pushTicks(stack, [{ code: instrument.Code, bid }]);
    const session = await demoSession(stack);
    const leverage = instrument.HasForexMultiple[0]!.Value;
    // Sizes large enough for the demo balance to meet a stop-out above zero.
    const decimals = String(instrument.Pip).split('.')[1]?.length ?? 0;
    const largeLots = instrument.ForexMaxCont.toFixed(decimals);
    const halfLots = (Math.round(instrument.ForexMaxCont / 2 / instrument.Pip) * instrument.Pip).toFixed(
      decimals,
    );
    const projected = async (lots: string) => {
      const query = new URLSearchParams({
        forex_id: String(instrument.Id),
        type: '1',
        cont: lots,
        multiple: String(leverage),
      });
      const answer = await call<Preview>(stack, `/v1/api/forex/risk_preview?${query}`, {
        token: session.token,
      });
      expect(answer.code).toBe(1);
      return answer.data;
    };
    /**
     * The price as the ticket writes it in English: grouped thousands, the instrument's decimals;
     * a level no price reaches, in words.
     */
    const shown = (value: number | null) =>
      value === null
        ? 'Out of reach'
        : value.toLocaleString('en-US', {
            minimumFractionDigits: precision,
            maximumFractionDigits: precision,
          });

    const trade = await TicketScreen.start(stack, '/trade', { session });
    await trade.page.getByTestId('trade-page').waitFor();
    await trade.pickInstrument(instrument.Code);
    await pushTicks(stack, [{ code: instrument.Code, bid }]);

    // The smallest order cannot bring the demo balance to a stop-out at any price: said in words.
    const smallestLots = instrument.ForexMinCont.toFixed(decimals);
    await trade.setLots(smallestLots);
    const smallest = await projected(smallestLots);
    expect(smallest.stop_out_price).toBeNull();
    await expect.poll(() => trade.testId('ticket-stop-out').textContent(), eventually).toBe('Out of reach');
    await trade.testId('ticket-risk').scrollIntoViewIfNeeded();
    await screenshot(trade.page, 'ticket-risk-out-of-reach');

    await trade.setLots(halfLots);
    const half = await projected(halfLots);
    expect(half.stop_out_price).not.toBeNull();
    await expect
      .poll(() => trade.testId('ticket-stop-out').textContent(), eventually)
      .toBe(shown(half.stop_out_price));
    const before = await trade.testId('ticket-stop-out').textContent();
    expect(await trade.testId('ticket-margin-call').textContent()).toBe(shown(half.margin_call_price));

    // From the change until the new answer, the rows say they still answer the smaller order.
    await trade.page.evaluate(() => {
      const rows = document.querySelector('[data-testid="ticket-risk"] dl')!;
      const seen: string[] = [];
      (window as unknown as { riskBusy: string[] }).riskBusy = seen;
      new MutationObserver(() => seen.push(rows.getAttribute('aria-busy') ?? '')).observe(rows, {
        attributes: true,
        attributeFilter: ['aria-busy'],
      });
    });
    await trade.setLots(largeLots);
    const large = await projected(largeLots);
    await expect
      .poll(() => trade.testId('ticket-stop-out').textContent(), eventually)
      .toBe(shown(large.stop_out_price));
    await expect
      .poll(
        () => trade.page.evaluate(() => (window as unknown as { riskBusy: string[] }).riskBusy),
        eventually,
      )
      .toEqual(['true', 'false']);
    const after = await trade.testId('ticket-stop-out').textContent();
    // Twice the size, half the room: the stop-out comes closer to the market.
    expect(after).not.toBe(before);
    expect(large.stop_out_price).toBeGreaterThan(half.stop_out_price!);

    // A stop loss adds its cost, in money and as a share of equity (said in full to a screen reader).
    await trade.testId('stop-loss-input').fill(priceAt(price, 0.99, precision));
    await expect
      // The figures sit in direction isolates, so a right-to-left sentence keeps their order.
      .poll(
        async () => withoutIsolates(await trade.testId('ticket-stop-loss-loss').textContent()),
        eventually,
      )
      .toMatch(/^\$[\d,]+\.\d\d · [\d.]+%$/);
    expect(await trade.testId('ticket-stop-loss-loss').getAttribute('aria-label')).toMatch(/ of equity\)$/);
    await trade.testId('ticket-risk').scrollIntoViewIfNeeded();
    await screenshot(trade.page, 'ticket-risk');
    await trade.page.close();

    for (const look of [
      { name: 'ticket-risk-dark', options: { theme: 'dark', colorScheme: 'dark' } },
      { name: 'ticket-risk-ar', options: { lang: 'ar' } },
    ] as const) {
      const screen = await TicketScreen.start(stack, '/trade', { session, ...look.options });
      await screen.page.getByTestId('trade-page').waitFor();
      await screen.pickInstrument(instrument.Code);
      await pushTicks(stack, [{ code: instrument.Code, bid }]);
      await screen.setLots(largeLots);
      await screen.testId('stop-loss-input').fill(priceAt(price, 0.99, precision));
      await screen.testId('ticket-stop-loss-loss').waitFor();
      await expect
        .poll(() => screen.testId('ticket-stop-out').textContent(), eventually)
        .toBe(shown(large.stop_out_price));
      await screen.testId('ticket-risk').scrollIntoViewIfNeeded();
      await screenshot(screen.page, look.name);
      await screen.page.close();
    }
  });
});
