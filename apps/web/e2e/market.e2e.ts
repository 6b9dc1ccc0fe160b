/**
 * The live market in a phone: quotes in every category, live ticks, the chart with every period,
 * the instrument picker, search, and pages that stay alive across tabs.
 */
import { describe, expect, it } from 'vitest';
import { chromiumPath, eventually, screenshot, useStack } from './harness.ts';
import { HomePage } from './pages/home-page.ts';
import { TradePage } from './pages/trade-page.ts';

const PRICE = /^\d{1,3}(,\d{3})*(\.\d+)?$/;

describe.skipIf(!chromiumPath)('market', () => {
  const stack = useStack();

  it('shows a price for every instrument of every category', async () => {
    const home = await HomePage.start(stack, '/');
    await home.waitForList();
    // The server's categories; Favourites (first, empty for a new visitor) has its own test.
    const categories = (await home.chipCodes()).filter((code) => code !== 'favourites');
    expect(categories.length).toBeGreaterThan(1);
    for (const category of categories) {
      await home.selectCategory(category);
      const rows = await home.snapshot();
      expect(rows.length, category).toBeGreaterThan(0);
      for (const row of rows) expect(row.price, `${category}/${row.code}`).toMatch(PRICE);
      await screenshot(home.page, `home-${category}`);
    }
  });

  it('updates prices live (crypto trades around the clock)', async () => {
    const home = await HomePage.start(stack, '/');
    await home.waitForList();
    const categories = await home.chipCodes();
    // Crypto never closes; forex may be closed on a weekend, so watch whatever is open.
    const category = categories.includes('crypto') ? 'crypto' : (categories[0] ?? '');
    await home.selectCategory(category);
    const before = await home.snapshot();
    const open = before.filter((row) => row.open);
    expect(open.length, 'an open instrument to watch').toBeGreaterThan(0);

    const deadline = Date.now() + 15_000;
    let changed: string | undefined;
    while (!changed && Date.now() < deadline) {
      await home.page.waitForTimeout(500);
      const now = await home.snapshot();
      changed = now.find(
        (row) => row.open && before.find((b) => b.code === row.code)?.value !== row.value,
      )?.code;
    }
    expect(changed, 'a price changed within 15 s').toBeDefined();
  });

  it('opens the chart of a tapped instrument and loads every period', async () => {
    const home = await HomePage.start(stack, '/');
    await home.waitForList();
    await home.selectCategory('crypto');
    const [first] = await home.snapshot();
    expect(first).toBeDefined();
    await home.openInstrument(first!.code);

    const trade = home.as(TradePage);
    await trade.root.waitFor();
    expect(await trade.currentCode()).toBe(first!.code);
    expect(await trade.waitForBars('1M')).toBeGreaterThan(10);
    await expect
      .poll(() => trade.page.locator('[data-testid="kline-chart"] canvas').count(), eventually)
      .toBeGreaterThan(0);
    await expect.poll(() => trade.page.getByTestId('trade-bid').textContent(), eventually).toMatch(PRICE);
    await expect.poll(() => trade.page.getByTestId('trade-ask').textContent(), eventually).toMatch(PRICE);
    await screenshot(trade.page, 'trade-1M');

    for (const period of ['5M', '15M', '30M', '1H', '1D']) {
      await trade.selectPeriod(period);
      const bars = await trade.waitForBars(period);
      expect(bars, period).toBeGreaterThan(1);
    }
    await screenshot(trade.page, 'trade-1D');
  });

  it('switches instruments in the side picker', async () => {
    const trade = await TradePage.start(stack, '/trade');
    await trade.root.waitFor();
    await trade.waitForBars('1M');
    await trade.openPicker();
    await screenshot(trade.page, 'trade-picker');
    const target = await trade.page
      .locator('[data-testid="instrument-picker"] [data-testid="instrument-row"]')
      .nth(1)
      .getAttribute('data-code');
    await trade.pickInstrument(target!);
    await expect.poll(() => trade.page.getByTestId('instrument-picker').isVisible(), eventually).toBe(false);
    expect(await trade.waitForBars('1M')).toBeGreaterThan(1);
  });

  it('keeps the footer pages alive: category and period survive a round trip', async () => {
    const home = await HomePage.start(stack, '/');
    await home.waitForList();
    await home.selectCategory('metals');
    await home.tab('trading').click();
    const trade = home.as(TradePage);
    await trade.root.waitFor();
    await trade.selectPeriod('15M');
    await trade.waitForBars('15M');

    await home.tab('market').click();
    await home.page.waitForURL(/#\/$/);
    await home.page
      .locator('[data-testid="category-chip"][data-category="metals"][aria-selected="true"]')
      .waitFor();

    await home.tab('trading').click();
    expect(await trade.chart.getAttribute('data-period')).toBe('15M');
  });

  it('searches instruments by code on the server', async () => {
    const home = await HomePage.start(stack, '/');
    await home.waitForList();
    await home.page.getByTestId('open-search').click();
    await home.page.waitForURL(/#\/product$/);
    const input = home.page.locator('[data-testid="search-box"] input');
    await expect.poll(() => input.evaluate((el) => el === document.activeElement), eventually).toBe(true);
    await input.fill('btc');
    await expect
      .poll(
        async () =>
          home.page
            .locator('[data-testid="search-results"] [data-testid="instrument-row"]')
            .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-code'))),
        eventually,
      )
      .toEqual(['BTCUSD']);
    await screenshot(home.page, 'search-btc');
    await home.page.locator('[data-testid="search-results"] [data-testid="instrument-row"]').first().click();
    await home.page.waitForURL(/#\/trade$/);
    await expect
      .poll(() => home.page.getByTestId('trade-page').getAttribute('data-code'), eventually)
      .toBe('BTCUSD');
  });
});
