/**
 * The shell every screen shares: start-up with chosen settings, hash navigation, the tab bar.
 */
import type { Page } from 'playwright-core';
import type { Stack } from '../harness.ts';

export interface StartOptions {
  lang?: string;
  theme?: 'light' | 'dark' | 'system';
  upColor?: 'green-up' | 'red-up';
  colorScheme?: 'light' | 'dark';
  /** Start signed in (token and user as the login call returns them). */
  session?: { token: string; user: unknown };
  /** Show the first-sign-in onboarding (every other test starts with it seen). */
  onboarding?: boolean;
  /** When the ticket asks before sending ('large' unless set). */
  orderConfirm?: 'always' | 'large' | 'never';
  /** Runs on the new page before the app loads (to route its socket, for instance). */
  beforeLoad?: (page: Page) => Promise<void>;
}

export class AppPage {
  readonly page: Page;
  readonly stack: Stack;

  constructor(page: Page, stack: Stack) {
    this.page = page;
    this.stack = stack;
  }

  /** A new phone with the given stored settings (only on its first load: reloads keep changes). */
  static async start<T extends AppPage>(
    this: new (page: Page, stack: Stack) => T,
    stack: Stack,
    route: string,
    options: StartOptions = {},
  ): Promise<T> {
    const page = await stack.newPage({
      ...(options.colorScheme ? { colorScheme: options.colorScheme } : {}),
      ...(options.onboarding ? { onboarding: true } : {}),
    });
    const settings = {
      state: {
        lang: options.lang ?? 'en',
        theme: options.theme ?? 'light',
        upColor: options.upColor ?? 'green-up',
        period: '1M',
        chartTimeZone: 'local',
        ...(options.orderConfirm ? { orderConfirm: options.orderConfirm } : {}),
      },
      version: 1,
    };
    // Init scripts run in every frame; only the app's own top page has (and needs) its storage.
    await page.addInitScript((value: string) => {
      if (window.top !== window) return;
      if (!localStorage.getItem('omp.settings')) localStorage.setItem('omp.settings', value);
    }, JSON.stringify(settings));
    if (options.session) {
      await page.addInitScript(
        (value: string) => {
          if (window.top !== window) return;
          if (!localStorage.getItem('omp.session')) localStorage.setItem('omp.session', value);
        },
        JSON.stringify({ state: options.session, version: 1 }),
      );
    }
    await options.beforeLoad?.(page);
    const app = new this(page, stack);
    await app.goto(route);
    return app;
  }

  async goto(route: string): Promise<void> {
    await this.page.goto(this.stack.url(route));
    await this.page.waitForSelector('.app-shell');
  }

  /** The route part of the address, e.g. `/login?from=%2Forder`. */
  /** The same phone, seen through another screen's page model. */
  as<T extends AppPage>(Model: new (page: Page, stack: Stack) => T): T {
    return new Model(this.page, this.stack);
  }

  hashRoute(): string {
    return decodeURIComponent(new URL(this.page.url()).hash.replace(/^#/, '')) || '/';
  }

  tab(name: 'documentary' | 'orders' | 'market' | 'ranking' | 'trading') {
    const id =
      name === 'documentary'
        ? 'feedback'
        : name === 'orders'
          ? 'order'
          : name === 'ranking'
            ? 'rank'
            : name === 'trading'
              ? 'trade'
              : 'market';
    return this.page.getByTestId(`tab-${id}`);
  }

  async tabLabels(): Promise<string[]> {
    return this.page.locator('.tab-bar__label').allTextContents();
  }

  async htmlAttributes(): Promise<{ lang: string; dir: string }> {
    return this.page.evaluate(() => ({
      lang: document.documentElement.lang,
      dir: document.documentElement.dir,
    }));
  }

  /**
   * Picks an instrument in /trade's side drawer as a user would: opens the drawer if it is shut,
   * taps the category chips until the instrument's row shows (the drawer opens on the current
   * instrument's category), taps the row and waits for the screen to show that instrument.
   */
  async chooseInDrawer(code: string): Promise<void> {
    const picker = this.page.getByTestId('instrument-picker');
    if (!(await picker.isVisible())) await this.page.getByTestId('open-picker').click();
    await picker.waitFor();
    await picker.getByTestId('instrument-row').first().waitFor();
    const row = picker.locator(`[data-testid="instrument-row"][data-code="${code}"]`);
    const chips = picker.getByTestId('category-chip');
    for (let i = 0, n = await chips.count(); (await row.count()) === 0 && i < n; i += 1) {
      await chips.nth(i).click();
      await chips.nth(i).and(picker.locator('[aria-selected="true"]')).waitFor();
    }
    await row.click();
    await this.page.locator(`[data-testid="trade-page"][data-code="${code}"]`).waitFor();
  }
}
