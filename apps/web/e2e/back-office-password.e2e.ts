/**
 * A staff member changes their own password in the back office at 1440x900 against the real
 * server: the account menu's dialog asks the password now, the new one twice and an authenticator
 * code (computed with the same TOTP library an authenticator app follows); a refusal shows the
 * server's reason in the dialog, a success says so, and the new password is the one that signs in.
 * A sign-in cancelled at its code step is ended on the server.
 * Screenshots go to apps/web/e2e-artifacts/ for a human to look at.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { chromiumPath, eventually, screenshot, useStack } from './harness.ts';
import { call, CAPTCHA_ANSWER, registerByApi, uniqueEmail, type Session } from './accounts-api.ts';
import { photo } from './photos.ts';
import { tradingServerEnv } from './trading-api.ts';
import { ADMIN_PASSWORD, adminToken, staffCall } from './money-api.ts';
import { BackOffice } from './pages/back-office-page.ts';

/** A screenshot once dialogs and toasts have finished sliding in. */
const shot = async (page: Page, name: string) => {
  await page.waitForTimeout(500);
  await screenshot(page, name);
};

/** Uploads a fixture photo as the phone does; its url. */
async function uploaded(stack: { baseUrl: string }, session: Session, name: string): Promise<string> {
  const picture = photo(name);
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(picture.buffer)], { type: picture.mimeType }), picture.name);
  const response = await fetch(`${stack.baseUrl}/api/common/image_upload`, {
    method: 'POST',
    headers: { lang: 'en', authorization: session.token },
    body: form,
  });
  const envelope = (await response.json()) as { code: number; msg: string; data: { url: string } };
  if (envelope.code !== 1) throw new Error(`upload failed: ${envelope.msg}`);
  return envelope.data.url;
}

describe.skipIf(!chromiumPath)('back office password change', () => {
  const stack = useStack({
    env: { ...tradingServerEnv, CAPTCHA_TEST_ANSWER: CAPTCHA_ANSWER, ADMIN_INITIAL_PASSWORD: ADMIN_PASSWORD },
  });

  let office: BackOffice;
  /** The support member's session from the first test: each test's pages close when it ends. */
  let supportSession = '';

  it('changes the own password from the account menu; the new one signs in', async () => {
    const username = 'desk.password';
    const password = 'Desk-before-2026';
    const renewed = 'Desk-after-2027';
    await staffCall(stack, '/admin/api/staff', await adminToken(stack), {
      username,
      password,
      roles: ['support'],
    });

    office = await BackOffice.open(stack);
    await office.typePassword(username, password);
    await office.enrol();
    await office.finishEnrolment();

    const dialog = office.page.getByRole('dialog');
    const openDialog = async () => {
      await office.page.getByTestId('account-menu').hover();
      await office.page.getByTestId('change-password').click();
      await dialog.getByLabel('Current password').waitFor();
    };
    // A code only where one is checked: the form refuses a mismatch first, the server a wrong
    // password before the code, and codes are good once (each new one may wait for its 30 s).
    const fill = async (current: string, next: string, again: string, code = '000000') => {
      await dialog.getByLabel('Current password').fill(current);
      await dialog.getByLabel('New password', { exact: true }).fill(next);
      await dialog.getByLabel('New password again').fill(again);
      await dialog.locator('.ant-otp input').first().click();
      await office.page.keyboard.type(code);
      await dialog.getByRole('button', { name: 'Change password' }).click();
    };

    await openDialog();
    // The two new passwords differ: the form says so and sends nothing.
    await fill(password, renewed, 'Something-else-1');
    await dialog.getByText('The two new passwords differ').waitFor();
    // A wrong current password: the server's reason, in the dialog, which stays open.
    await fill('Not-my-password-1', renewed, renewed);
    await expect
      .poll(() => dialog.getByRole('alert').textContent(), eventually)
      .toBe('The current password is wrong');
    await shot(office.page, 'admin-password-refused');

    await fill(password, renewed, renewed, await office.code());
    await office.page.getByText('Password changed; your other sessions have ended').waitFor();
    await expect.poll(() => dialog.count(), eventually).toBe(0);
    await shot(office.page, 'admin-password-changed');
    // This session stays open.
    const token = await office.token();
    expect((await staffCall<{ username: string }>(stack, '/admin/api/me', token)).username).toBe(username);

    // Signed out, the old password is refused and the new one signs in.
    await office.page.getByTestId('account-menu').hover();
    await office.page.getByText('Sign out').click();
    await office.page.getByText('Back office sign-in').waitFor();
    await office.typePassword(username, password);
    await expect
      .poll(() => office.page.getByRole('alert').textContent(), eventually)
      .toBe('Wrong username or password');
    // Stopped at the code step (the wrong person at the desk): cancelling ends that sign-in on the
    // server at once and starts over.
    const loginAnswer = office.page.waitForResponse((response) =>
      response.url().endsWith('/admin/api/login'),
    );
    await office.typePassword(username, renewed);
    const pending = ((await (await loginAnswer).json()) as { data: { token: string } }).data.token;
    await office.page.getByRole('button', { name: 'Cancel and start over' }).click();
    await office.page.getByRole('button', { name: 'Next' }).waitFor();
    await expect
      .poll(() => staffCall(stack, '/admin/api/2fa/verify', pending, { code: '000000' }).catch(String))
      .toContain('999');
    await office.typePassword(username, renewed);
    await office.typeCode(await office.code());
    await office.page.getByRole('button', { name: 'Sign in' }).click();
    await expect
      .poll(() => office.page.getByTestId('account-menu').textContent(), eventually)
      .toContain(username);
    await shot(office.page, 'admin-password-signed-in-again');
    supportSession = await office.token();
  }, 180_000);
  it('shows a support member no identity photo and no deposit proof, and says why', async () => {
    const user = await registerByApi(stack, uniqueEmail('withheld'), 'Withheld-pass-1');
    const proof = await uploaded(stack, user, 'payment-proof.png');
    const deposit = await call(stack, '/api/quickCharge/submit', {
      token: user.token,
      body: { number: '50', proofImg: proof, charge_id: '1' },
    });
    expect(deposit.code).toBe(1);
    const front = await uploaded(stack, user, 'payment-proof.png');
    const identity = await call(stack, '/api/user_real/real_name', {
      token: user.token,
      body: { name: 'Maria Del Carmen', card_id: 'x1234567', card_type: 'passport', front_pic: front },
    });
    expect(identity.code).toBe(1);

    // The support member of the test before, still signed in with the new password.
    office = await BackOffice.open(stack, { token: supportSession });
    await office.page.getByTestId('queue-deposits').waitFor();
    await office.menu('Deposits');
    await office.filterUser(user.user.id);
    await expect.poll(() => office.rows().count(), eventually).toBe(1);
    await office.rows().first().click();
    await office.drawer().getByTestId('proof-withheld').waitFor();
    expect(await office.drawer().getByTestId('proof-withheld').textContent()).toBe(
      'Proof of payment: Not available to your role',
    );
    expect(await office.drawer().locator('img').count()).toBe(0);
    await shot(office.page, 'admin-support-deposit-drawer');
    await office.closeDrawerWithEscape();

    await office.menu('Identity checks');
    await office.filterUser(user.user.id);
    await expect.poll(() => office.rows().count(), eventually).toBe(1);
    await office.rows().first().click();
    await office.drawer().getByTestId('photos-withheld').waitFor();
    expect(await office.drawer().locator('img').count()).toBe(0);
    await shot(office.page, 'admin-support-identity-drawer');
  });
});
