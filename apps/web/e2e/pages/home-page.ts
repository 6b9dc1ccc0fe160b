/** `/`: category chips and the instrument list. */
import type { Locator } from 'playwright-core';
import { AppPage } from './app-page.ts';

export interface RowSnapshot {
  code: string;
  open: boolean;
  price: string;
  value: string;
  ask: string;
  askValue: string;
  spread: string;
  favourite: boolean;
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
        const ask = row.querySelector('[data-testid="row-ask"]');
        return {
          code: row.getAttribute('data-code') ?? '',
          open: row.getAttribute('data-open') === '1',
          price: price?.textContent ?? '',
          value: price?.getAttribute('data-value') ?? '',
          ask: ask?.textContent ?? '',
          askValue: ask?.getAttribute('data-value') ?? '',
          spread: row.querySelector('[data-testid="row-spread"]')?.textContent ?? '',
          favourite: row.getAttribute('data-favourite') === '1',
        };
      }),
    );
  }

  row(code: string): Locator {
    return this.page.locator(`[data-page="/"] [data-testid="instrument-row"][data-code="${code}"]`);
  }

  async openInstrument(code: string): Promise<void> {
    await this.row(code).getByTestId('row-open').click();
    await this.page.waitForURL(/#\/trade$/);
  }

  /** Taps the row's star and waits until it shows the new state. */
  async toggleFavourite(code: string): Promise<void> {
    const star = this.row(code).getByTestId('favourite-toggle');
    const before = await star.getAttribute('aria-pressed');
    await star.click();
    await this.page
      .locator(
        `[data-page="/"] [data-testid="instrument-row"][data-code="${code}"] [aria-pressed="${before === 'true' ? 'false' : 'true'}"]`,
      )
      .waitFor();
  }

  /** Under Favourites: taps a row's star and waits for the row to leave the list. */
  async unstarInFavourites(code: string): Promise<void> {
    await this.row(code).getByTestId('favourite-toggle').click();
    await this.row(code).waitFor({ state: 'detached' });
  }

  /** The chip selected now, by code. */
  async selectedCategory(): Promise<string | null> {
    return this.page
      .locator('[data-page="/"] [data-testid="category-chip"][aria-selected="true"]')
      .getAttribute('data-category');
  }

  async codes(): Promise<string[]> {
    return (await this.snapshot()).map((row) => row.code);
  }
}
