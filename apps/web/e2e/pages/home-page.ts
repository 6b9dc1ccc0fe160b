/** `/`: category chips and the instrument list. */
import type { Locator } from 'playwright-core';
import { AppPage } from './app-page.ts';

export interface RowSnapshot {
  code: string;
  open: boolean;
  price: string;
  value: string;
}

export class HomePage extends AppPage {
  get chips(): Locator {
    return this.page.getByTestId('category-chip');
  }

  get rows(): Locator {
    return this.page.locator('[data-page="/"] [data-testid="instrument-row"]');
  }

  async waitForList(): Promise<void> {
    await this.page.locator('[data-page="/"] [data-testid="instrument-list"]').waitFor();
  }

  async chipCodes(): Promise<string[]> {
    await this.chips.first().waitFor();
    return this.chips.evaluateAll((els) => els.map((el) => el.getAttribute('data-category') ?? ''));
  }

  async selectCategory(code: string): Promise<void> {
    await this.page.locator(`[data-testid="category-chip"][data-category="${code}"]`).first().click();
    await this.page
      .locator(`[data-testid="category-chip"][data-category="${code}"][aria-selected="true"]`)
      .first()
      .waitFor();
  }

  async snapshot(): Promise<RowSnapshot[]> {
    await this.waitForList();
    return this.rows.evaluateAll((rows) =>
      rows.map((row) => {
        const price = row.querySelector('[data-testid="row-price"]');
        return {
          code: row.getAttribute('data-code') ?? '',
          open: row.getAttribute('data-open') === '1',
          price: price?.textContent ?? '',
          value: price?.getAttribute('data-value') ?? '',
        };
      }),
    );
  }

  async openInstrument(code: string): Promise<void> {
    await this.page.locator(`[data-page="/"] [data-testid="instrument-row"][data-code="${code}"]`).click();
    await this.page.waitForURL(/#\/trade$/);
  }
}
