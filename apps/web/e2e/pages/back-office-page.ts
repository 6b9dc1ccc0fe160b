/**
 * The back office as staff use it in a desktop browser: sign-in with the authenticator (codes
 * computed with the same TOTP library an authenticator app follows), the menu, tables, drawers
 * and confirmation dialogs.
 */
import { generate } from 'otplib';
import type { Locator, Page } from 'playwright-core';
import type { Stack } from '../harness.ts';

/** The last period a code of each secret was used in, as the server remembers it. */
const lastSteps = new Map<string, number>();

export class BackOffice {
  readonly page: Page;
  readonly stack: Stack;
  /** The authenticator secret this member enrolled, as their phone would keep it. */
  secret = '';
  recoveryCodes: string[] = [];

  constructor(page: Page, stack: Stack) {
    this.page = page;
    this.stack = stack;
  }

  /**
   * A new browser at /admin/; with `token`, a tab of a member already signed in (the back office
   * keeps its session in the tab's sessionStorage).
   */
  static async open(
    stack: Stack,
    options: { colorScheme?: 'light' | 'dark'; locale?: string; token?: string } = {},
  ) {
    const { token, ...browser } = options;
    const page = await stack.newDesktopPage(browser);
    if (token)
      await page.addInitScript((value: string) => {
        if (!sessionStorage.getItem('omp-admin-token')) sessionStorage.setItem('omp-admin-token', value);
      }, token);
    const office = new BackOffice(page, stack);
    await page.goto(`${stack.baseUrl}/admin/`);
    return office;
  }

  /** This tab's session token, to open more tabs of the same member. */
  async token(): Promise<string> {
    return (await this.page.evaluate(() => sessionStorage.getItem('omp-admin-token')))!;
  }

  async typePassword(username: string, password: string): Promise<void> {
    await this.page.getByLabel('Username').fill(username);
    await this.page.getByLabel('Password').fill(password);
    await this.page.getByRole('button', { name: 'Next' }).click();
  }

  /** Types a six-digit code into the code boxes (each box moves on by itself). */
  async typeCode(code: string): Promise<void> {
    await this.page.locator('.ant-otp input').first().click();
    await this.page.keyboard.type(code);
  }

  /**
   * A code the server has not seen: a code is good once per 30 s period, and the server accepts
   * the next period's too (clock drift), so a second sign-in within the period uses that one.
   */
  async code(): Promise<string> {
    const now = Math.floor(Date.now() / 30_000);
    const step = Math.max(now, (lastSteps.get(this.secret) ?? 0) + 1);
    if (step > now + 1) await new Promise((resolve) => setTimeout(resolve, (step - now - 1) * 30_000 + 1000));
    lastSteps.set(this.secret, step);
    return generate({ secret: this.secret, epoch: step * 30 });
  }

  /** The first sign-in: scan (read) the secret, confirm a code, keep the recovery codes. */
  async enrol(): Promise<void> {
    const secret = this.page.getByTestId('totp-secret');
    await secret.waitFor();
    this.secret = (await secret.textContent())!.replace(/\s+/g, '');
    await this.typeCode(await this.code());
    await this.page.getByRole('button', { name: 'Confirm and continue' }).click();
    const codes = this.page.locator('[data-testid="recovery-codes"] li');
    await codes.first().waitFor();
    this.recoveryCodes = await codes.allTextContents();
  }

  async finishEnrolment(): Promise<void> {
    await this.page.getByRole('button', { name: /I have saved them/ }).click();
    await this.page.getByTestId('queue-deposits').waitFor();
  }

  /**
   * Opens a screen from the menu and waits until it is on screen: the router renders a new screen
   * in a transition that keeps the old one up while the new one's code loads, so without the wait
   * a locator could find, and a click land on, the old screen's table.
   */
  async menu(name: string): Promise<void> {
    await this.page.locator('.ant-menu').getByRole('link', { name, exact: true }).click();
    const exactly = new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
    await this.page.locator('.shell-header .page-title', { hasText: exactly }).waitFor();
  }

  /**
   * Closes the open drawer with Escape, as a keyboard user does. A dialog still closing would take
   * the key itself, so it waits for none to be open first, then for the drawer to be gone.
   */
  async closeDrawerWithEscape(): Promise<void> {
    await this.page.locator('.ant-modal-wrap:visible').waitFor({ state: 'detached' });
    await this.page.keyboard.press('Escape');
    await this.page.locator('.ant-drawer-open').waitFor({ state: 'detached' });
  }

  /** The rows of the table on screen (antd leaves a placeholder row when empty). */
  rows(): Locator {
    return this.page.locator('.ant-table-tbody tr.ant-table-row');
  }

  async filterUser(userId: number): Promise<void> {
    await this.page.getByLabel('User ID').fill(String(userId));
  }

  async filterStatus(label: string): Promise<void> {
    await this.page.getByLabel('Status').click();
    await this.page.locator('.ant-select-dropdown .ant-select-item-option', { hasText: label }).click();
  }

  drawer(): Locator {
    return this.page.locator('.ant-drawer-open .ant-drawer-section');
  }

  modal(): Locator {
    return this.page.locator('.ant-modal').last();
  }

  /** A decision from the open drawer, confirmed in its dialog (with a reason when asked). */
  async decide(label: string, reason?: string): Promise<void> {
    await this.drawer().getByRole('button', { name: label }).click();
    if (reason !== undefined) await this.modal().getByRole('textbox').fill(reason);
    await this.modal().getByRole('button', { name: label }).click();
  }

  /** The text of the newest toast. */
  toast(): Locator {
    return this.page.locator('.ant-message-notice').last();
  }
}
