/** `/trade`: quote figures, period bar, chart, ticket placeholder. */
import type { Locator } from 'playwright-core';
import { AppPage } from './app-page.ts';

export class TradePage extends AppPage {
  get root(): Locator {
    return this.page.getByTestId('trade-page');
  }

  get chart(): Locator {
    return this.page.getByTestId('kline-chart');
  }

  async currentCode(): Promise<string | null> {
    return this.root.getAttribute('data-code');
  }

  /** Waits until the chart has drawn bars and returns how many it holds. */
  async waitForBars(period: string, minimum = 2, timeout = 20_000): Promise<number> {
    await this.page.waitForFunction(
      ({ period, minimum }) => {
        const el = document.querySelector('[data-testid="kline-chart"]');
        return (
          el?.getAttribute('data-period') === period &&
          el.getAttribute('data-status') === 'ready' &&
          Number(el.getAttribute('data-bars')) >= minimum &&
          el.querySelector('canvas') !== null
        );
      },
      { period, minimum },
      { timeout },
    );
    return Number(await this.chart.getAttribute('data-bars'));
  }

  async selectPeriod(period: string): Promise<void> {
    await this.page.getByTestId(`period-${period}`).click();
  }

  async openPicker(): Promise<void> {
    await this.page.getByTestId('open-picker').click();
    await this.page.getByTestId('instrument-picker').waitFor();
  }

  async pickInstrument(code: string): Promise<void> {
    await this.chooseInDrawer(code);
  }
}
