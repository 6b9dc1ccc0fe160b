/** The phone's bell with its unread badge, the price-alert sheet and the notification centre. */
import type { Locator } from 'playwright-core';
import { AccountPage } from './account-pages.ts';

/** Any screen of the phone, seen for its bell, the alert sheet and the notification centre. */
export class AlertingPhone extends AccountPage {
  bell(): Locator {
    return this.page.getByTestId('notification-bell').locator('visible=true');
  }
  badge(): Locator {
    return this.page.getByTestId('unread-badge').locator('visible=true');
  }
  sheet(): Locator {
    return this.page.getByTestId('alert-sheet');
  }
  centre(): Locator {
    return this.page.getByTestId('notifications-page');
  }
  rows(): Locator {
    return this.centre().getByTestId('notification-row');
  }
}
