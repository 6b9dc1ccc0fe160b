/** The money and identity screens: /mine/auth, /mine/charge, /mine/withdraw, /mine/withdraw-way. */
import type { Locator } from 'playwright-core';
import { AccountPage } from './account-pages.ts';

export interface ImageFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

export class MoneyScreen extends AccountPage {
  testId(id: string): Locator {
    return this.page.getByTestId(id);
  }

  /** Picks a photo for an image field and waits until the server has it. */
  async attach(fieldTestId: string, file: ImageFile): Promise<void> {
    await this.testId(`${fieldTestId}-input`).setInputFiles(file);
    await this.page.locator(`[data-testid="${fieldTestId}"][data-state="done"]`).waitFor();
  }

  async moneyTab(title: string): Promise<void> {
    await this.page.locator('.money-tabs .adm-tabs-tab', { hasText: title }).click();
  }

  recordStatuses(list: 'deposit' | 'withdraw'): Promise<string[]> {
    return this.page
      .locator(`[data-testid="${list}-record"] [data-testid="record-status"]`)
      .allTextContents();
  }
}
