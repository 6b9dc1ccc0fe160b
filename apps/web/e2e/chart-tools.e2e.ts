/**
 * The chart's trading tools at phone size (390x844), on the simulated feed: a position's take
 * profit drawn as a line, dragged with the pointer, confirmed and saved through the API (the
 * stored value and the line's new label both checked); RSI added from the indicators sheet, drawn
 * in a pane of its own with values in its legend, still there after a reload, and shown on another
 * phone signed in as the same user (the server keeps it). Screenshots in light, dark, Arabic and
 * landscape.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { chromiumPath, eventually, screenshot, useStack } from './harness.ts';
import { call, type Session } from './accounts-api.ts';
import { demoSession, openMarketPosition, tradableInstrument } from './trading-api.ts';
import { TradePage } from './pages/trade-page.ts';

interface Row {
  Id: number;
  OriginPrice: number;
  Price: number;
  TargetProfitPrice: number;
}

async function holdingRow(stack: ReturnType<typeof useStack>, session: Session, id: number): Promise<Row> {
  const deals = await call<{ data: Row[] }>(stack, '/v1/api/forex/my_deal?status=1', {
    token: session.token,
  });
  const row = deals.data.data.find((r) => r.Id === id);
  if (!row) throw new Error(`order ${id} is not holding`);
  return row;
}

async function showInstrument(trade: TradePage, code: string): Promise<void> {
  await trade.root.waitFor();
  if ((await trade.currentCode()) !== code) {
    await trade.openPicker();
    await trade.pickInstrument(code);
  }
  await trade.waitForBars('1M', 20);
}

/** The line's drawn height once the chart has settled, in page pixels. */
async function lineY(page: Page, lineId: string): Promise<number> {
  const item = page.locator(`[data-testid="chart-lines"] li[data-line="${lineId}"]`);
  await item.waitFor({ state: 'attached' });
  const box = (await page.getByTestId('kline-chart').boundingBox())!;
  const y = Number(await item.getAttribute('data-y'));
  expect(y, 'the line is inside the price pane').toBeGreaterThan(20);
  expect(y).toBeLessThan(box.height - 30);
  return box.y + y;
}

/**
 * Puts a finger (the mouse) down `offset` px off a line and checks the chart took hold of it. The
 * live market can rescale the chart between reading the line's height and pressing, so a press
 * that grabbed nothing (or landed on a passing toast) is lifted, which moves nothing, and tried
 * again at the line's new height; after six misses the error names what was under the finger.
 */
async function pressOnLine(page: Page, trade: TradePage, lineId: string, x: number, offset: number) {
  const misses: string[] = [];
  for (let attempt = 0; attempt < 6; attempt += 1) {
    const y = (await lineY(page, lineId)) + offset;
    await page.mouse.move(x, y);
    await page.mouse.down();
    if ((await trade.chart.getAttribute('data-dragging')) === lineId) return y;
    await page.mouse.up();
    misses.push(
      await page.evaluate(
        ([px, py]) => {
          const element = document.elementFromPoint(px!, py!);
          return `${Math.round(py!)}px: ${element?.tagName ?? 'nothing'}.${element?.getAttribute('class') ?? ''} ${element?.parentElement?.closest('[class]')?.getAttribute('class') ?? ''}`;
        },
        [x, y],
      ),
    );
    await page.waitForTimeout(300);
  }
  throw new Error(`the chart never took hold of ${lineId}; pressed at ${misses.join(', ')}`);
}

describe.skipIf(!chromiumPath)('chart tools', () => {
  // EUR/USD trades all week here, so the lines are drawn on a live price on any day.
  const stack = useStack({ env: { SEED_OPEN_ALL_WEEK: 'EURUSD' } });

  it('drags a take profit line, confirms the new price, and the server keeps it', async () => {
    const { instrument } = await tradableInstrument(stack);
    const precision = instrument.PricePrecision;
    const session = await demoSession(stack);
    const position = await openMarketPosition<Row>(stack, session, instrument);
    // A take profit a little above the price, where the chart's scale shows it.
    const takeProfit = (position.Price * 1.0003).toFixed(precision);
    const set = await call<Row>(stack, '/v1/api/forex/set_stop_price', {
      token: session.token,
      body: { id: String(position.Id), target_profit_price: takeProfit },
    });
    expect(set.code, set.msg).toBe(1);

    const trade = await TradePage.start(stack, '/trade', { session });
    await showInstrument(trade, instrument.Code);
    const page = trade.page;
    const lineItem = page.locator(`[data-testid="chart-lines"] li[data-line="takeProfit:${position.Id}"]`);
    await expect.poll(() => lineItem.textContent(), eventually).toBe(`TP #${position.Id} ${takeProfit}`);
    const entry = page.locator(`[data-testid="chart-lines"] li[data-line="entry:${position.Id}"]`);
    expect(await entry.textContent()).toMatch(
      new RegExp(`^Buy ${instrument.ForexMinCont.toFixed(2)} @ ${position.OriginPrice.toFixed(precision)}`),
    );
    await page.waitForTimeout(500);
    await screenshot(page, 'chart-lines-light');

    // Grab the line a few pixels off (a finger is not exact) and pull it 40 px up.
    const box = (await trade.chart.boundingBox())!;
    const x = box.x + box.width * 0.45;
    const y = (await pressOnLine(page, trade, `takeProfit:${position.Id}`, x, 6)) - 6;
    await page.mouse.move(x, y - 10, { steps: 4 });
    await page.mouse.move(x, y - 40, { steps: 6 });
    expect(await trade.chart.getAttribute('data-dragging')).toBe(`takeProfit:${position.Id}`);
    await page.mouse.up();

    const sheet = page.getByTestId('line-move-sheet');
    await sheet.waitFor();
    const newPrice = (await sheet.getByTestId('move-new-price').textContent())!;
    expect(Number(newPrice)).toBeGreaterThan(Number(takeProfit));
    expect(newPrice).toMatch(new RegExp(`^\\d+\\.\\d{${precision}}$`));
    // P/L at the new price: (new − open) × lots × contract, USD-quoted, shown to the cent.
    const profit =
      (Number(newPrice) - position.OriginPrice) * instrument.ForexMinCont * instrument.ForexContNum;
    const shown = (await sheet.getByTestId('move-profit').textContent())!;
    expect(Math.abs(Number(shown.replace(/[$,+]/g, '')) - profit)).toBeLessThan(0.011);
    await screenshot(page, 'chart-move-sheet');
    await sheet.getByTestId('confirm-move').click();

    await expect
      .poll(async () => (await holdingRow(stack, session, position.Id)).TargetProfitPrice, eventually)
      .toBe(Number(newPrice));
    await expect.poll(() => lineItem.textContent(), eventually).toBe(`TP #${position.Id} ${newPrice}`);

    // Cancelling a drag changes nothing and puts the line back (once the success toast, which
    // takes the touches on its part of the screen while it shows, has come and gone: the server
    // may store the move before the phone has its answer and shows the toast).
    const toast = page.locator('.adm-toast-main', { hasText: 'Stop loss and take profit updated' });
    await toast.waitFor({ timeout: 5_000 }).catch(() => undefined); // or it came and went already
    await toast.waitFor({ state: 'hidden' });
    const y2 = await pressOnLine(page, trade, `takeProfit:${position.Id}`, x, 0);
    await page.mouse.move(x, y2 - 30, { steps: 5 });
    await page.mouse.up();
    await sheet.waitFor();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => lineItem.getAttribute('data-price'), eventually).toBe(String(Number(newPrice)));
    expect((await holdingRow(stack, session, position.Id)).TargetProfitPrice).toBe(Number(newPrice));
  });

  it("drags a pending order's line to a new target, which the server moves it to", async () => {
    const { instrument } = await tradableInstrument(stack);
    const precision = instrument.PricePrecision;
    const session = await demoSession(stack);
    const reference = await openMarketPosition<Row>(stack, session, instrument);
    const target = (reference.Price * 0.9997).toFixed(precision);
    const placed = await call<Row & { Kind: string }>(stack, '/v1/api/forex/submit', {
      token: session.token,
      body: {
        type: '1',
        cont: String(instrument.ForexMinCont),
        forex_id: String(instrument.Id),
        status: '0',
        target_price: target,
      },
    });
    expect(placed.code, placed.msg).toBe(1);
    expect(placed.data.Kind).toBe('buy_limit');

    const trade = await TradePage.start(stack, '/trade', { session });
    await showInstrument(trade, instrument.Code);
    const page = trade.page;
    const lineId = `target:${placed.data.Id}`;
    const item = page.locator(`[data-testid="chart-lines"] li[data-line="${lineId}"]`);
    await expect.poll(() => item.textContent(), eventually).toMatch(/^Buy limit 0\.01 @ /);
    const box = (await trade.chart.boundingBox())!;
    const x = Math.round(box.x + box.width * 0.3);
    // A real finger this time (touch events through the browser's input pipeline): the line
    // follows it, and neither the page nor the chart scrolls with it.
    const scrollBefore = await page.evaluate(() => document.scrollingElement!.scrollTop);
    const cdp = await page.context().newCDPSession(page);
    const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', y: number) =>
      cdp.send('Input.dispatchTouchEvent', {
        type,
        touchPoints: type === 'touchEnd' ? [] : [{ x, y }],
      });
    // As with the mouse (pressOnLine): the live market may rescale the chart between reading the
    // line's height and the finger landing, so a touch that took hold of nothing is lifted (a tap,
    // which moves nothing) and tried again at the line's new height.
    let y: number;
    for (let attempt = 1; ; attempt += 1) {
      y = Math.round(await lineY(page, lineId));
      await touch('touchStart', y);
      if ((await trade.chart.getAttribute('data-dragging')) === lineId) break;
      await touch('touchEnd', y);
      if (attempt === 6) throw new Error(`six touches at the line's height took hold of nothing`);
    }
    for (let dy = 5; dy <= 30; dy += 5) await touch('touchMove', y + dy);
    expect(await trade.chart.getAttribute('data-dragging')).toBe(lineId);
    await touch('touchEnd', y + 30);
    expect(await page.evaluate(() => document.scrollingElement!.scrollTop)).toBe(scrollBefore);

    const sheet = page.getByTestId('line-move-sheet');
    await sheet.waitFor();
    const newTarget = (await sheet.getByTestId('move-new-price').textContent())!;
    expect(Number(newTarget)).toBeLessThan(Number(target));
    await sheet.getByTestId('confirm-move').click();
    await expect
      .poll(async () => {
        const deals = await call<{ data: Row[] }>(stack, '/v1/api/forex/my_deal?status=0', {
          token: session.token,
        });
        return deals.data.data.find((r) => r.Id === placed.data.Id)?.OriginPrice;
      }, eventually)
      .toBe(Number(newTarget));
    await expect
      .poll(() => item.textContent(), eventually)
      .toBe(`Buy limit 0.01 @ ${newTarget} ${newTarget}`);
  });

  it('adds RSI in its own pane with values, keeps it after a reload and on another phone; dark, Arabic, landscape', async () => {
    const { instrument } = await tradableInstrument(stack);
    const session = await demoSession(stack);
    const position = await openMarketPosition<Row>(stack, session, instrument);
    await call(stack, '/v1/api/forex/set_stop_price', {
      token: session.token,
      body: {
        id: String(position.Id),
        target_profit_price: (position.Price * 1.0003).toFixed(instrument.PricePrecision),
        stop_loss_price: (position.Price * 0.9997).toFixed(instrument.PricePrecision),
      },
    });
    const trade = await TradePage.start(stack, '/trade', { session });
    await showInstrument(trade, instrument.Code);
    const page = trade.page;
    expect(await trade.chart.getAttribute('data-panes')).toBe('1');

    await page.getByTestId('open-indicators').click();
    const sheet = page.getByTestId('indicators-sheet');
    await sheet.waitFor();
    await sheet.getByTestId('indicator-rsi').locator('.adm-switch').click();
    await sheet.getByTestId('indicator-sma').locator('.adm-switch').click();
    await screenshot(page, 'chart-indicators-sheet');
    await sheet.getByRole('button', { name: 'Done' }).click();

    await expect.poll(() => trade.chart.getAttribute('data-panes'), eventually).toBe('2');
    const rsi = page.getByTestId('legend-rsi');
    await expect.poll(() => rsi.textContent(), eventually).toMatch(/^RSI 14\d{1,3}\.\d\d$/);
    const value = Number((await rsi.textContent())!.replace(/^RSI 14/, ''));
    expect(value).toBeGreaterThanOrEqual(0);
    expect(value).toBeLessThanOrEqual(100);
    await expect.poll(() => page.getByTestId('legend-sma').textContent(), eventually).toMatch(/^SMA 20\d/);
    // The OHLC legend of the latest bar, in the instrument's decimals.
    expect(await page.getByTestId('chart-legend').textContent()).toMatch(
      /O \d+\.\d+H \d+\.\d+L \d+\.\d+C \d+\.\d+/,
    );
    await screenshot(page, 'chart-rsi-light');

    await page.reload();
    await trade.waitForBars('1M', 20);
    await expect.poll(() => trade.chart.getAttribute('data-panes'), eventually).toBe('2');
    await expect.poll(() => rsi.textContent(), eventually).toMatch(/^RSI 14\d/);
    await page.getByTestId('open-indicators').click();
    expect(
      await sheet.getByTestId('indicator-rsi').locator('[role="switch"]').getAttribute('aria-checked'),
    ).toBe('true');
    await sheet.getByRole('button', { name: 'Done' }).click();

    // The server keeps them for the user (after the sheet's pause, or at once on leaving it).
    await expect
      .poll(async () => {
        const kept = await call<{ value: { rsi: { on: boolean }; sma: { on: boolean } } | null }>(
          stack,
          '/v1/api/user/preferences?name=chart_indicators',
          { token: session.token },
        );
        return kept.data.value && { rsi: kept.data.value.rsi.on, sma: kept.data.value.sma.on };
      }, eventually)
      .toEqual({ rsi: true, sma: true });

    // Another phone signed in as the same user, its storage empty: the chart shows RSI and SMA as
    // set on the first one, without touching the sheet; in dark, then in Arabic.
    for (const [name, options] of [
      ['chart-rsi-dark', { theme: 'dark' as const }],
      ['chart-rsi-arabic', { lang: 'ar' }],
    ] as const) {
      // A new browser context: its storage starts empty, so what it shows came from the server.
      // (Reading the storage here would race the app, which keeps a copy of what the server sent.)
      const other = await TradePage.start(stack, '/trade', { session, ...options });
      await showInstrument(other, instrument.Code);
      await expect.poll(() => other.chart.getAttribute('data-panes'), eventually).toBe('2');
      await expect
        .poll(() => other.page.getByTestId('legend-rsi').textContent(), eventually)
        .toMatch(/^RSI 14\d/);
      await expect
        .poll(() => other.page.getByTestId('legend-sma').textContent(), eventually)
        .toMatch(/^SMA 20\d/);
      await other.page.getByTestId('open-indicators').click();
      const otherSheet = other.page.getByTestId('indicators-sheet');
      expect(
        await otherSheet.getByTestId('indicator-rsi').locator('[role="switch"]').getAttribute('aria-checked'),
      ).toBe('true');
      await otherSheet.locator('.indicators__done').click();
      await other.page.waitForTimeout(400);
      await screenshot(other.page, name);
    }

    await page.setViewportSize({ width: 844, height: 390 });
    await page.waitForTimeout(500);
    const area = (await page.getByTestId('chart-area').boundingBox())!;
    expect(area).toMatchObject({ x: 0, y: 0, width: 844, height: 390 });
    await screenshot(page, 'chart-landscape');
    await page.setViewportSize({ width: 390, height: 844 });

    // The full-screen button does the same upright.
    await page.getByTestId('toggle-full-screen').click();
    const full = (await page.getByTestId('chart-area').boundingBox())!;
    expect(full).toMatchObject({ x: 0, y: 0, width: 390, height: 844 });
    // The RSI legend moved with its pane, to the top of the lower fifth or so of the taller chart.
    await expect
      .poll(async () => {
        const chartBox = (await trade.chart.boundingBox())!;
        const legend = (await page.getByTestId('legend-rsi').boundingBox())!;
        return (legend.y - chartBox.y) / chartBox.height;
      }, eventually)
      .toBeGreaterThan(0.7);
    await screenshot(page, 'chart-full-screen');
    await page.getByTestId('toggle-full-screen').click();
    expect((await page.getByTestId('chart-area').boundingBox())!.height).toBeLessThan(700);
  });
});
