/**
 * The shell: the login guard, the public screens, the theme and colour settings.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chromiumPath, eventually, screenshot, useStack } from './harness.ts';
import { AppPage } from './pages/app-page.ts';
import { HomePage } from './pages/home-page.ts';
import { SettingsPage } from './pages/settings-page.ts';
import { TradePage } from './pages/trade-page.ts';
import { PALETTES } from '../src/features/settings/palette.ts';

/**
 * Taps a tab and reports what shows once the tap's own work is done (its microtasks included):
 * the highlighted tab and whether a loading state is visible. A navigation that React defers
 * (a transition) has not changed either yet.
 */
function tapTab(page: Page, testId: string): Promise<{ highlighted: string | null; loading: boolean }> {
  return page.evaluate(
    (id) =>
      new Promise((resolve) => {
        document.querySelector<HTMLElement>(`[data-testid="${id}"]`)!.click();
        queueMicrotask(() =>
          resolve({
            highlighted:
              document.querySelector('.tab-bar__item.is-active')?.getAttribute('data-testid') ?? null,
            loading: [...document.querySelectorAll<HTMLElement>('.page-loading[role="status"]')].some(
              (element) => element.offsetParent !== null,
            ),
          }),
        );
      }),
    testId,
  );
}

describe.skipIf(!chromiumPath)('routing and settings', () => {
  const stack = useStack();

  it('sends a visitor from a login-required route to /login with from', async () => {
    const app = await AppPage.start(stack, '/order');
    await app.page.waitForURL(/#\/login\?from=/);
    expect(app.hashRoute()).toBe('/login?from=/order');
    expect(new URL(app.page.url()).hash).toBe('#/login?from=%2Forder');
    expect(await app.page.getByTestId('login-page').getAttribute('data-return-to')).toBe('/order');

    await app.goto('/mine/withdraw-way?type=2');
    await app.page.waitForURL(/#\/login\?from=/);
    expect(app.hashRoute()).toBe('/login?from=/mine/withdraw-way?type=2');

    await app.goto('/user');
    await app.page.waitForURL(/#\/login\?from=/);
    expect(app.hashRoute()).toBe('/login?from=/user');
  });

  it('serves the public screens to a visitor, each with the tab bar where a tab leads', async () => {
    const app = await AppPage.start(stack, '/mine/system');
    await app.page.getByTestId('system-page').waitFor();
    expect(await app.page.getByTestId('chart-attribution').textContent()).toContain(
      'TradingView Lightweight Charts',
    );

    const screens: Array<[string, string, boolean]> = [
      ['/news', '[data-testid="news-list"]', true],
      ['/rank', '[data-testid="rank-list"], [data-testid="rank-empty"]', true],
      ['/feedback', '[data-testid="documentary-intro"]', true],
      ['/news/detail?id=1', '[data-testid="news-content"]', false],
    ];
    for (const [route, content, tabBar] of screens) {
      await app.goto(route);
      // Kept-alive tab pages stay in the DOM hidden, so look for visible content.
      await app.page.locator(`:is(${content}):visible`).first().waitFor();
      expect(app.hashRoute()).toBe(route);
      expect(await app.page.getByTestId('tab-bar').isVisible()).toBe(tabBar);
    }
    // From one tab page the others are a tap away.
    await app.goto('/news');
    await app.tab('ranking').click();
    await app.page.waitForURL(/#\/rank$/);
    await app.page.locator('[data-page="/rank"] [data-testid="rank-page"]').waitFor();
    // The browser's title names the screen.
    await expect.poll(() => app.page.title()).toMatch(/ · Markets$/);
    await app.goto('/news');
    await expect.poll(() => app.page.title()).toBe('News · Markets');

    await app.goto('/no/such/screen');
    await app.page.getByTestId('not-found').waitFor();
  });

  it("shows the loading state while a screen's code is on its way, then the screen, the quote list kept", async () => {
    // The screens' code loads when first opened. Service workers are blocked here so that every
    // request reaches the route below (one the worker answered from its cache would not).
    const context = await stack.browser.newContext({
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
      locale: 'en-US',
      serviceWorkers: 'block',
    });
    await context.addInitScript(() => {
      if (window.top !== window) return;
      localStorage.setItem('omp.onboarding_seen', '*');
      const settings = {
        lang: 'en',
        theme: 'light',
        upColor: 'green-up',
        period: '1M',
        chartTimeZone: 'local',
      };
      localStorage.setItem('omp.settings', JSON.stringify({ state: settings, version: 1 }));
    });
    const page = await context.newPage();
    await page.goto(stack.url('/'));
    const home = new HomePage(page, stack);
    await home.waitForList();

    // The ranking screen's code is held back until its loading state has been seen.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/rank-page-[^/]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    // The tap answers at once: its tab lights up and the loading state shows.
    expect(await tapTab(page, 'tab-rank')).toEqual({ highlighted: 'tab-rank', loading: true });
    const loading = page.locator('.page-loading[role="status"]:visible');
    expect(await page.getByTestId('tab-bar').isVisible()).toBe(true);
    await screenshot(page, 'lazy-screen-loading');
    // A tap on another tab while the code is still on its way goes there.
    await home.tab('market').click();
    await page.waitForURL(/#\/$/);
    await page.locator('[data-page="/"] [data-testid="instrument-list"]:visible').waitFor();
    await home.tab('ranking').click();
    await loading.waitFor();
    release();
    await page.locator('[data-page="/rank"] [data-testid="rank-page"]').waitFor();
    expect(await loading.count()).toBe(0);

    // Back on the quote list, kept alive meanwhile: its rows are there at once, no loading state.
    await home.tab('market').click();
    await page.locator('[data-page="/"] [data-testid="instrument-list"]:visible').waitFor();
    expect(await loading.count()).toBe(0);
    await context.close();
  });

  it('applies the dark theme and the red-up convention everywhere', async () => {
    const settings = await SettingsPage.start(stack, '/mine/system');
    await settings.setTheme('dark');
    await expect.poll(() => settings.documentTheme(), eventually).toEqual({ theme: 'dark', antdDark: true });
    await screenshot(settings.page, 'settings-dark');

    await settings.setConvention('red-up');
    const upColor = await settings.page.evaluate(() =>
      getComputedStyle(document.documentElement).getPropertyValue('--up').trim(),
    );
    expect(upColor).toBe(PALETTES.dark.fall);

    await settings.goto('/');
    const home = settings.as(HomePage);
    await home.waitForList();
    await screenshot(home.page, 'home-dark-red-up');
    await home.tab('trading').click();
    await home.as(TradePage).waitForBars('1M');
    await screenshot(home.page, 'trade-dark-red-up');

    await settings.goto('/mine/system');
    await settings.setTheme('light');
    await expect
      .poll(() => settings.documentTheme(), eventually)
      .toEqual({ theme: 'light', antdDark: false });
  });

  it('follows the system theme when asked', async () => {
    const app = await HomePage.start(stack, '/', { theme: 'system', colorScheme: 'dark' });
    await app.waitForList();
    expect(await app.page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
  });

  it('shows the crash screen when a screen throws, and the screens again after going back', async () => {
    const app = await HomePage.start(stack, '/');
    await app.waitForList();
    // A leaderboard row the screen cannot draw, as an answer of a shape this app does not know.
    const leaderboard = '**/api/follow/list**';
    await app.page.route(leaderboard, (route) =>
      route.fulfill({
        json: { code: 1, msg: '', data: { list: [null], total: 1, page: 1, updated_at: '' } },
      }),
    );
    await app.tab('ranking').click();
    await app.page.getByRole('heading', { name: 'Something went wrong' }).waitFor();
    expect(
      await app.page.getByText('This screen stopped working. Reload the app to continue.').isVisible(),
    ).toBe(true);
    expect(await app.page.getByRole('button', { name: 'Reload' }).isVisible()).toBe(true);
    await screenshot(app.page, 'crash-screen');

    // Back on the quotes, the screens render again; with a sound answer the leaderboard does too.
    await app.page.goBack();
    await app.waitForList();
    expect(await app.page.getByRole('heading', { name: 'Something went wrong' }).count()).toBe(0);
    // The crash screen forgot the bad answer: the next visit fetches afresh and draws the board.
    await app.page.unroute(leaderboard);
    await app.tab('ranking').click();
    // A fresh server has nobody on the board yet: its empty state, drawn, is the screen working.
    await app.page.getByTestId('rank-list').or(app.page.getByTestId('rank-empty')).first().waitFor();
    expect(await app.page.getByRole('heading', { name: 'Something went wrong' }).count()).toBe(0);
  });
});
