/**
 * The shell: the login guard, the public screens, the theme and colour settings.
 */
import { describe, expect, it } from 'vitest';
import { chromiumPath, eventually, screenshot, useStack } from './harness.ts';
import { AppPage } from './pages/app-page.ts';
import { HomePage } from './pages/home-page.ts';
import { SettingsPage } from './pages/settings-page.ts';
import { TradePage } from './pages/trade-page.ts';

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

  it('applies the dark theme and the red-up convention everywhere', async () => {
    const settings = await SettingsPage.start(stack, '/mine/system');
    await settings.setTheme('dark');
    await expect.poll(() => settings.documentTheme(), eventually).toEqual({ theme: 'dark', antdDark: true });
    await screenshot(settings.page, 'settings-dark');

    await settings.setConvention('red-up');
    const upColor = await settings.page.evaluate(() =>
      getComputedStyle(document.documentElement).getPropertyValue('--up').trim(),
    );
    expect(upColor).toBe('#f6465d');

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
});
