/**
 * The trade screen at phone size (390x844) on prices the test sets: a large order asks before it
 * is sent and states what it will do (Cancel sends nothing, Confirm fills), the symbol sheet states
 * the instrument's contract, the derived chart periods (4H, 1W, 1MN) draw bars, and the nine period
 * labels fit in Thai.
 */
import { describe, expect, it } from 'vitest';
import { chromiumPath, eventually, screenshot, useStack } from './harness.ts';
import { call } from './accounts-api.ts';
import { demoSession, priceAt, pushTicks, tradableInstrument, tradingServerEnv, usd } from './trading-api.ts';
import { TicketScreen } from './pages/trading-pages.ts';
import { TradePage } from './pages/trade-page.ts';
import { tapTargets } from './tap-targets.ts';

describe.skipIf(!chromiumPath)('trade screen', () => {
  const stack = useStack({ env: tradingServerEnv });

  it('asks before a large order with its figures: cancel sends nothing, confirm fills', async () => {
    const { instrument, price } = await tradableInstrument(stack);
    const precision = instrument.PricePrecision;
    const bid = priceAt(price, 1, precision);
    await pushTicks(stack, [{ code: instrument.Code, bid }]);
    const session = await demoSession(stack);
    const account = await call<{ free_margin: number; equity: number; margin_call_level: number }>(
      stack,
      '/v1/api/main/account/forexDetail',
      { token: session.token },
    );
    const trade = await TicketScreen.start(stack, '/trade', { session });
    await trade.page.getByTestId('trade-page').waitFor();
    await trade.pickInstrument(instrument.Code);
    await pushTicks(stack, [{ code: instrument.Code, bid }]);
    const ask = Number(bid) + instrument.Spread / 10 ** precision;

    // Lots whose margin (USD-quoted: lots × contract × ask / leverage) is 55 % of the free margin.
    const leverage = instrument.HasForexMultiple[0]!.Value;
    const marginPerLot = (instrument.ForexContNum * ask) / leverage;
    const step = instrument.Pip;
    const decimals = String(step).split('.')[1]?.length ?? 0;
    const lots = Math.ceil((0.55 * account.data.free_margin) / marginPerLot / step) * step;
    expect(lots).toBeLessThanOrEqual(instrument.ForexMaxCont);
    const lotsText = lots.toFixed(decimals);
    await trade.setLots(lotsText);

    const sent: string[] = [];
    trade.page.on('request', (request) => {
      if (request.url().includes('/v1/api/forex/submit')) sent.push(request.postData() ?? '');
    });
    await trade.scrollToTicket();
    await trade.testId('submit-order').click();
    const sheet = trade.page.getByTestId('order-confirm');
    await sheet.waitFor();
    const text = async (id: string) => (await sheet.getByTestId(id).textContent()) ?? '';
    expect(await sheet.getAttribute('data-reason')).toBe('large_margin');
    expect(await text('confirm-reason')).toBe('This order takes more than half of your free margin.');
    expect(await text('confirm-instrument')).toBe(instrument.ShowCode);
    expect(await text('confirm-side')).toBe('Buy');
    expect(await text('confirm-lots')).toBe(lotsText);
    expect(await text('confirm-price')).toBe(ask.toFixed(precision));
    const margin = lots * marginPerLot;
    expect(await text('confirm-margin')).toBe(usd(margin));
    // (equity − fee) / margin, nothing else being open; the fee is the one the ticket shows.
    const fee = Number((await trade.figures()).fee.replace(/[$,]/g, ''));
    const level = ((account.data.equity - fee) / margin) * 100;
    const shownLevel = await text('confirm-level');
    expect(shownLevel).toMatch(/^[\d,]+\.\d\d%$/);
    expect(Math.abs(Number(shownLevel.replace(/[%,]/g, '')) - level)).toBeLessThan(0.011);
    await screenshot(trade.page, 'ticket-large-order-confirm');

    await sheet.getByTestId('confirm-cancel').click();
    await expect.poll(() => sheet.count(), eventually).toBe(0);
    // Nothing went out, and nothing goes out later either.
    await trade.page.waitForTimeout(300);
    expect(sent).toEqual([]);

    await trade.testId('submit-order').click();
    await sheet.getByTestId('confirm-send').click();
    await trade
      .toast()
      .filter({ hasText: /^Bought / })
      .waitFor();
    expect(sent).toHaveLength(1);
    const body = new URLSearchParams(sent[0]).get('cont') ?? JSON.parse(sent[0]!).cont;
    expect(body).toBe(lotsText);

    // A small order sends at once.
    await trade.setLots(instrument.ForexMinCont.toFixed(decimals));
    await trade.testId('submit-order').click();
    await expect.poll(() => sent.length, eventually).toBe(2);
    expect(await sheet.count()).toBe(0);
  });

  it('shows the contract of the instrument in the symbol sheet', async () => {
    const { instrument, price } = await tradableInstrument(stack);
    await pushTicks(stack, [{ code: instrument.Code, bid: priceAt(price, 1, instrument.PricePrecision) }]);
    const trade = await TicketScreen.start(stack, '/trade');
    await trade.page.getByTestId('trade-page').waitFor();
    await trade.pickInstrument(instrument.Code);
    await trade.page.getByTestId('open-symbol-sheet').click();
    const sheet = trade.page.getByTestId('symbol-sheet');
    await sheet.waitFor();
    const text = async (id: string) => (await sheet.getByTestId(id).textContent()) ?? '';
    const decimals = String(instrument.Pip).split('.')[1]?.length ?? 0;
    expect(await text('symbol-contract-size')).toBe(
      `${instrument.ForexContNum.toLocaleString('en-US')} ${instrument.Code.replace(/USD$/, '')}`,
    );
    expect(await text('symbol-min-lots')).toBe(instrument.ForexMinCont.toFixed(decimals));
    expect(await text('symbol-lot-step')).toBe(instrument.Pip.toFixed(decimals));
    expect(await text('symbol-max-lots')).toBe(instrument.ForexMaxCont.toFixed(decimals));
    const leverages = instrument.HasForexMultiple.map((o) => o.Value).sort((a, b) => a - b);
    expect(await text('symbol-leverage')).toBe(leverages.map((v) => `1:${v}`).join(' · '));
    expect(await text('symbol-margin-mode')).toBe('Notional ÷ leverage');
    // Margin for one lot at the smallest leverage, bought at the ask (USD-quoted).
    const ask = price + instrument.Spread / 10 ** instrument.PricePrecision;
    expect(await text(`symbol-margin-${leverages[0]}`)).toBe(
      usd((instrument.ForexContNum * ask) / leverages[0]!),
    );
    expect(await text('symbol-precision')).toBe(String(instrument.PricePrecision));
    expect(await text('symbol-spread')).toBe(String(instrument.Spread));
    expect(await text('symbol-status')).toBe('Market open now');
    // EUR/USD is seeded open all week on this server (tradingServerEnv).
    expect(await text('symbol-sessions')).toBe('Around the clock, every day');
    expect(await sheet.textContent()).toContain('UTC+08:00');
    await screenshot(trade.page, 'trade-symbol-sheet');

    // A pair on the usual forex week, in the phone's zone (Hong Kong, UTC+8): it opens Sunday
    // 22:00 UTC, which is Monday 06:00 there.
    await sheet.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => sheet.count(), eventually).toBe(0);
    await trade.pickInstrument('USDJPY');
    await trade.page.getByTestId('open-symbol-sheet').click();
    await trade.page.locator('[data-testid="symbol-sheet"][data-code="USDJPY"]').waitFor();
    expect(await text('symbol-sessions')).toBe('Mon 06:00 – Sat 06:00');
  });

  it('draws 4-hour, weekly and monthly bars, and the period labels fit in Thai', async () => {
    const trade = await TradePage.start(stack, '/trade', { lang: 'th' });
    await trade.root.waitFor();
    await trade.waitForBars('1M');
    for (const period of ['4H', '1W', '1MN']) {
      await trade.selectPeriod(period);
      expect(await trade.waitForBars(period), period).toBeGreaterThan(1);
    }
    await trade.selectPeriod('4H');
    expect(await trade.waitForBars('4H')).toBeGreaterThan(50);
    // Every label whole inside its button, and all nine buttons in sight without scrolling.
    const overflow = await trade.page.evaluate(() => {
      const strip = document.querySelector<HTMLElement>('.period-bar__periods')!;
      // The label's own box against the button's (the button's tap area reaches past it).
      const outside = (button: HTMLElement) => {
        const label = document.createRange();
        label.selectNodeContents(button);
        const text = label.getBoundingClientRect();
        const box = button.getBoundingClientRect();
        return (
          text.left < box.left || text.right > box.right || text.top < box.top || text.bottom > box.bottom
        );
      };
      const clipped = [...strip.querySelectorAll<HTMLElement>('button')]
        .filter(outside)
        .map((b) => b.textContent);
      return { clipped, strip: strip.scrollWidth - strip.clientWidth, count: strip.children.length };
    });
    expect(overflow).toEqual({ clipped: [], strip: 0, count: 9 });
    // Nine share the row, so each is narrow; each still takes a tap the bar's 44 px high.
    const periods = await tapTargets(trade.page, '.period-bar__button');
    expect(periods).toHaveLength(9);
    for (const period of periods) expect(period.height, period.label).toBeGreaterThanOrEqual(44);
    expect(await trade.page.getByTestId('period-4H').textContent()).toBe('4 ชม.');
    await screenshot(trade.page, 'trade-periods-th');
  });
});
