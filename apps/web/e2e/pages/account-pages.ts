/** The account screens: /login, /register, /forgot, /user, /mine/password, /mine/invite, /mine/system. */
import type { Locator } from 'playwright-core';
import { AppPage } from './app-page.ts';

export interface StoredSession {
  token: string;
  user: { uid: number; is_demo: number; email: string | null; invite_code: string } | null;
  /** The real session kept while in the user's own demo account. */
  realSession?: { token: string } | null;
}

export class AccountPage extends AppPage {
  field(id: string): Locator {
    return this.page.locator(`#${id}`);
  }

  fieldError(id: string): Locator {
    return this.page.locator(`#${id}-error`);
  }

  /** What the session store holds in localStorage. */
  async storedSession(): Promise<StoredSession> {
    return this.page.evaluate(() => {
      const raw = localStorage.getItem('omp.session');
      const parsed = raw ? (JSON.parse(raw) as { state?: StoredSession }) : {};
      return parsed.state ?? { token: '', user: null };
    });
  }

  /** The text of the open antd-mobile dialog. */
  dialog(): Locator {
    return this.page.locator('.adm-dialog-body:visible');
  }

  dialogButton(text: string): Locator {
    return this.page.locator('.adm-dialog-body:visible .adm-dialog-button', { hasText: text });
  }

  toast(): Locator {
    return this.page.locator('.adm-toast-main:visible');
  }

  /** Waits until no toast or dialog is on screen (for clean screenshots). */
  async settle(): Promise<void> {
    await this.page
      .locator('.adm-toast-mask')
      .waitFor({ state: 'detached', timeout: 10_000 })
      .catch(() => {});
    await this.page.waitForTimeout(250);
  }
}

export class LoginScreen extends AccountPage {
  async waitForForm(): Promise<void> {
    await this.page.getByTestId('login-page').waitFor();
  }

  async login(account: string, password: string): Promise<void> {
    await this.field('login-account').fill(account);
    await this.field('login-password').fill(password);
    await this.page.getByTestId('login-submit').click();
  }
}

export class RegisterScreen extends AccountPage {
  async waitForForm(): Promise<void> {
    await this.page.getByTestId('register-page').waitFor();
    await this.page.locator('[data-testid="register-captcha-refresh"] img').waitFor();
  }
}

export class UserScreen extends AccountPage {
  root(): Locator {
    return this.page.locator('[data-page="/user"] [data-testid="user-page"]');
  }

  async waitForUser(): Promise<void> {
    await this.root().waitFor();
    await this.page.locator('[data-testid="user-uid"]:visible').filter({ hasNotText: '—' }).waitFor();
  }

  testId(id: string): Locator {
    return this.root().getByTestId(id);
  }
}
