/**
 * The quote list in a phone: bid, ask and spread per row, the day's range behind a tap, favourites
 * as the first category (a visitor's kept in the browser, a user's on the server), search by name
 * in the user's language, and where a screen starts when it is entered or returned to.
 */
import { describe, expect, it } from 'vitest';
import { chromiumPath, eventually, screenshot, useStack } from './harness.ts';
import { HomePage } from './pages/home-page.ts';
import { tapTargets } from './tap-targets.ts';
import { call } from './accounts-api.ts';
import { demoSession } from './trading-api.ts';

const PRICE = /^\d{1,3}(,\d{3})*(\.\d+)?$/;

describe.skipIf(!chromiumPath)('quote list', () => {
  const stack = useStack();

  it('shows bid, ask and spread on every row, and the day range on a tap that opens nothing', async () => {
    const home = await HomePage.start(stack, '/');
    await home.waitForList();
    // Every category chip takes a tap 44 px each way, though it looks slimmer.
    const chips = await tapTargets(home.page, '.chip');
    expect(chips.length).toBeGreaterThan(3);
    for (const chip of chips) {
      expect(chip.height, chip.label).toBeGreaterThanOrEqual(44);
      expect(chip.width, chip.label).toBeGreaterThanOrEqual(44);
    }
    await home.selectCategory('crypto');
    const rows = await home.snapshot();
    expect(rows.length).toBeGreaterThan(3);
    for (const row of rows) {
      expect(row.price, `${row.code} bid`).toMatch(PRICE);
      expect(row.ask, `${row.code} ask`).toMatch(PRICE);
      expect(Number(row.askValue), row.code).toBeGreaterThanOrEqual(Number(row.value));
      expect(row.spread, row.code).toMatch(/^Spread \d+$/);
    }
    const code = rows[0]!.code;

    // A tick changes the digits, never the place of the price.
    const bid = home.row(code).getByTestId('row-price');
    const box = await bid.boundingBox();
    const first = await bid.getAttribute('data-value');
    await expect.poll(() => bid.getAttribute('data-value'), { timeout: 15_000 }).not.toBe(first);
    expect(await bid.boundingBox()).toEqual(box);

    await home.row(code).getByTestId('row-expand').click();
    const details = home.row(code).getByTestId('row-details');
    await details.waitFor();
    expect(home.hashRoute()).toBe('/');
    expect(await home.row(code).getByTestId('row-expand').getAttribute('aria-expanded')).toBe('true');
    expect(await details.locator('dt').allTextContents()).toEqual(['Day open', 'Day high', 'Day low']);
    const figure = async (id: string) => Number(await details.getByTestId(id).getAttribute('data-value'));
    for (const id of ['day-open', 'day-high', 'day-low'])
      expect(await details.getByTestId(id).textContent(), id).toMatch(PRICE);
    expect(await figure('day-high')).toBeGreaterThanOrEqual(await figure('day-low'));
    expect(await figure('day-high')).toBeGreaterThanOrEqual(await figure('day-open'));
    await screenshot(home.page, 'quotes-day-range');

    await home.row(code).getByTestId('row-expand').click();
    await details.waitFor({ state: 'detached' });
  });

  it('puts a starred symbol under Favourites, the first category, and keeps it after a reload', async () => {
    const home = await HomePage.start(stack, '/');
    await home.waitForList();
    expect((await home.chipCodes())[0]).toBe('favourites');
    // Nothing starred yet: the list opens on the first market, and Favourites says how to fill it.
    expect(await home.selectedCategory()).not.toBe('favourites');
    await home.selectCategory('favourites');
    const empty = home.page.locator('[data-page="/"] [data-testid="favourites-empty"]');
    await empty.waitFor();
    expect(await empty.textContent()).toContain('Tap the star next to a symbol');
    await screenshot(home.page, 'quotes-favourites-empty');

    await home.selectCategory('metals');
    await home.toggleFavourite('XAGUSD');
    await home.selectCategory('crypto');
    await home.toggleFavourite('ETHUSD');
    await home.selectCategory('favourites');
    expect(await home.codes()).toEqual(['XAGUSD', 'ETHUSD']);
    expect((await home.snapshot()).every((row) => row.favourite)).toBe(true);
    await screenshot(home.page, 'quotes-favourites');

    await home.page.reload();
    await home.waitForList();
    expect(await home.selectedCategory()).toBe('favourites');
    expect(await home.codes()).toEqual(['XAGUSD', 'ETHUSD']);

    // Unstarring takes the row off Favourites; the last one leaves the category on screen, empty.
    await home.unstarInFavourites('XAGUSD');
    expect(await home.codes()).toEqual(['ETHUSD']);
    await home.unstarInFavourites('ETHUSD');
    await home.page.locator('[data-page="/"] [data-testid="favourites-empty"]').waitFor();
    expect(await home.selectedCategory()).toBe('favourites');
  });

  it("keeps a user's favourites on the server: another phone signed in as the same user sees them", async () => {
    const session = await demoSession(stack);
    const phone = await HomePage.start(stack, '/', { session });
    await phone.waitForList();
    await phone.selectCategory('metals');
    await phone.toggleFavourite('XAUUSD');
    await expect
      .poll(async () => (await call<number[]>(stack, '/v1/api/forex/favourites', session)).data, eventually)
      .toHaveLength(1);

    const other = await HomePage.start(stack, '/', { session });
    await other.waitForList();
    await expect.poll(() => other.selectedCategory(), eventually).toBe('favourites');
    expect(await other.codes()).toEqual(['XAUUSD']);
  });

  it('finds instruments by name: gold and bitcoin in English, 黃金 in Traditional Chinese', async () => {
    /** Types the text and waits until the results are exactly the expected instrument. */
    const search = async (home: HomePage, text: string, expected: string) => {
      await home.page.locator('[data-testid="search-box"] input').fill(text);
      const results = home.page.locator(
        '[data-testid="search-results"]:not(.is-stale) [data-testid="instrument-row"]',
      );
      await expect
        .poll(() => results.evaluateAll((rows) => rows.map((r) => r.getAttribute('data-code'))), eventually)
        .toEqual([expected]);
    };
    const home = await HomePage.start(stack, '/product');
    await search(home, 'gold', 'XAUUSD');
    await search(home, 'BITCOIN', 'BTCUSD');
    await screenshot(home.page, 'search-bitcoin');

    const hk = await HomePage.start(stack, '/product', { lang: 'hk' });
    await search(hk, '黃金', 'XAUUSD');
    await search(hk, '比特幣', 'BTCUSD');
    await screenshot(hk.page, 'search-hk-gold');
  });

  it('starts a screen entered from the tab bar or a link at the top; back returns to the place left', async () => {
    const home = await HomePage.start(stack, '/');
    await home.waitForList();
    await home.selectCategory('forex');
    const scrollY = () => home.page.evaluate(() => window.scrollY);
    // Scrolls again on every try: while rows still render the page may not yet be tall enough.
    const scrollTo = async (y: number) => {
      await expect
        .poll(() =>
          home.page.evaluate((top) => {
            window.scrollTo(0, top);
            return window.scrollY;
          }, y),
        )
        .toBe(y);
    };

    await scrollTo(600);
    await home.tab('trading').click();
    await home.page.waitForURL(/#\/trade$/);
    await home.tab('market').click();
    await home.page.waitForURL(/#\/$/);
    await expect.poll(scrollY).toBe(0);

    await scrollTo(600);
    await home.tab('trading').click();
    await home.page.waitForURL(/#\/trade$/);
    await home.page.goBack();
    await home.page.waitForURL(/#\/$/);
    await expect.poll(scrollY).toBe(600);

    // A link (the search icon) starts its screen at the top too, and back returns here.
    await scrollTo(400);
    await home.page.getByTestId('open-search').click();
    await home.page.waitForURL(/#\/product$/);
    await expect.poll(scrollY).toBe(0);
    await home.page.goBack();
    await home.page.waitForURL(/#\/$/);
    await expect.poll(scrollY).toBe(400);
  });
});
