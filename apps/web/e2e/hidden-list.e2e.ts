/**
 * The home quote list stays mounted behind other screens (so its scroll and choices survive a
 * round trip), but pushes must not re-render it there: on a phone that is script spent on rows
 * nobody sees, at every push. The server runs without its simulated feed, so only this test moves
 * prices (through the tick-ingest endpoint) and a row's figures can be read as exactly what was
 * pushed.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Envelope, Instrument } from '@omp/protocol';
import { chromiumPath, screenshot, useStack } from './harness.ts';

const INGEST_SECRET = 'hidden-list-ingest-secret';
const CODE = 'BTCUSD';

/** The bid the home row of `CODE` shows, read whether or not its page is on view. */
const rowBid = (page: Page) =>
  page.evaluate(
    (code) =>
      document.querySelector<HTMLElement>(
        `[data-page="/"] [data-testid="instrument-row"][data-code="${code}"] [data-testid="row-price"]`,
      )?.dataset.value,
    CODE,
  );

describe.skipIf(!chromiumPath)('the hidden quote list', () => {
  const stack = useStack({
    env: { FEED: 'none', INGEST_SECRET, QUOTE_PUSH_INTERVAL_MS: '250', SEED_OPEN_ALL_WEEK: CODE },
  });

  it('keeps the figures it showed while another screen is on view, and shows the newest on return', async () => {
    const answer = (await (await fetch(`${stack.baseUrl}/v1/api/forex/trade_list`)).json()) as Envelope<
      Instrument[]
    >;
    const instrument = answer.data.find((candidate) => candidate.Code === CODE)!;
    const push = async (bid: number) => {
      const response = await fetch(`${stack.baseUrl}/v1/api/forex/ingest`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-ingest-secret': INGEST_SECRET },
        body: JSON.stringify({ ticks: [{ code: CODE, bid }] }),
      });
      expect(response.status).toBe(200);
    };
    const first = instrument.ForexQuotations.Bid;
    const shownBid = Number((first * 1.001).toFixed(instrument.PricePrecision));
    const hiddenBid = Number((first * 1.002).toFixed(instrument.PricePrecision));

    const page = await stack.newPage();
    await page.context().addInitScript((id) => {
      localStorage.setItem('omp.favourites', JSON.stringify({ state: { ids: [id] }, version: 1 }));
    }, instrument.Id);
    await page.goto(stack.url('/'));
    await push(shownBid);
    await expect.poll(() => rowBid(page), { timeout: 15_000 }).toBe(String(shownBid));

    // Another tab: the list stays in the page, hidden, while the price moves on.
    await page.getByTestId('tab-rank').click();
    await page.locator('[data-page="/rank"]:not([hidden])').waitFor();
    await push(hiddenBid);
    // The push has reached the page (the store) well before this: three push windows.
    await page.waitForTimeout(750);
    expect(await rowBid(page)).toBe(String(shownBid));

    await page.getByTestId('tab-market').click();
    await expect.poll(() => rowBid(page), { timeout: 15_000 }).toBe(String(hiddenBid));
    await screenshot(page, 'hidden-list-back');
  });
});
