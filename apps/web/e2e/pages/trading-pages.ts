/** The trading screens: the order ticket on /trade, /order with its sheets, /mine/history. */
import type { Locator } from 'playwright-core';
import { AppPage } from './app-page.ts';

export class TicketScreen extends AppPage {
  get ticket(): Locator {
    return this.page.getByTestId('order-ticket');
  }

  testId(id: string): Locator {
    return this.ticket.getByTestId(id);
  }

  async waitForTicket(code: string): Promise<void> {
    await this.page.locator(`[data-testid="trade-page"][data-code="${code}"]`).waitFor();
    await this.ticket.waitFor();
  }

  async pickInstrument(code: string): Promise<void> {
    if ((await this.page.getByTestId('trade-page').getAttribute('data-code')) === code) return;
    await this.chooseInDrawer(code);
    await this.waitForTicket(code);
  }

  async setLots(lots: string): Promise<void> {
    await this.testId('lots-input').fill(lots);
    await this.testId('lots-input').blur();
  }

  /** The four figures under the form, as shown. */
  async figures(): Promise<{ margin: string; fee: string; required: string; available: string }> {
    const text = async (id: string) => (await this.testId(id).textContent()) ?? '';
    return {
      margin: await text('ticket-margin'),
      fee: await text('ticket-fee'),
      required: await text('ticket-required'),
      available: await text('ticket-available'),
    };
  }

  toast(): Locator {
    return this.page.locator('.adm-toast-main:visible');
  }

  async scrollToTicket(): Promise<void> {
    await this.testId('submit-order').scrollIntoViewIfNeeded();
  }
}

export class OrdersScreen extends AppPage {
  get root(): Locator {
    return this.page.locator('[data-page="/order"] [data-testid="orders-page"]');
  }

  async open(tab: 'holding' | 'pending' | 'history'): Promise<void> {
    await this.root.getByTestId(`order-tab-${tab}`).click();
    await this.root.locator(`[data-testid="order-tab-${tab}"][aria-selected="true"]`).waitFor();
  }

  rows(): Locator {
    return this.root.getByTestId('order-row');
  }

  row(id: number | string): Locator {
    return this.root.locator(`[data-testid="order-row"][data-id="${id}"]`);
  }

  strip(id: string): Locator {
    return this.root.getByTestId(id);
  }

  detail(): Locator {
    return this.page.locator('[data-testid="order-detail"]:visible');
  }

  stopsEditor(): Locator {
    return this.page.locator('[data-testid="stops-editor"]:visible');
  }

  dialogButton(text: string): Locator {
    return this.page.locator('.adm-dialog-body:visible .adm-dialog-button', { hasText: text });
  }

  toast(): Locator {
    return this.page.locator('.adm-toast-main:visible');
  }

  /**
   * A finger pulling the page down from `from` by `distance` px. The pull-to-refresh listens to
   * touch events only, so the touches go through the browser's input layer, not the mouse.
   */
  async pullDown(from: Locator, distance: number, whilePulled: () => Promise<void>): Promise<void> {
    const box = await from.boundingBox();
    if (!box) throw new Error('nothing to pull');
    const cdp = await this.page.context().newCDPSession(this.page);
    const x = box.x + box.width / 2;
    const y = box.y + 10;
    const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', dy: number) =>
      cdp.send('Input.dispatchTouchEvent', {
        type,
        touchPoints: type === 'touchEnd' ? [] : [{ x, y: y + dy }],
      });
    await touch('touchStart', 0);
    for (let step = 1; step <= 10; step++) await touch('touchMove', (distance * step) / 10);
    await whilePulled();
    await touch('touchEnd', distance);
    await cdp.detach();
  }

  /** Waits until no toast, dialog or sheet animation is on screen (for clean screenshots). */
  async settle(): Promise<void> {
    await this.page
      .locator('.adm-toast-mask')
      .waitFor({ state: 'detached', timeout: 10_000 })
      .catch(() => {});
    await this.page.waitForTimeout(400);
  }
}

export class HistoryScreen extends AppPage {
  get root(): Locator {
    return this.page.getByTestId('history-page');
  }

  rows(): Locator {
    return this.root.getByTestId('ledger-row');
  }

  row(kind: string): Locator {
    return this.root.locator(`[data-testid="ledger-row"][data-kind="${kind}"]`);
  }
}
