/** `/mine/system`: theme, colour convention, language link, About. */
import { AppPage } from './app-page.ts';

export class SettingsPage extends AppPage {
  async setTheme(theme: 'light' | 'dark' | 'system'): Promise<void> {
    await this.page.getByTestId(`theme-${theme}`).click();
  }

  async setConvention(convention: 'green-up' | 'red-up'): Promise<void> {
    await this.page.getByTestId(`convention-${convention}`).click();
  }

  async documentTheme(): Promise<{ theme: string | undefined; antdDark: boolean }> {
    return this.page.evaluate(() => ({
      theme: document.documentElement.dataset.theme,
      antdDark: document.documentElement.getAttribute('data-prefers-color-scheme') === 'dark',
    }));
  }
}
