/**
 * Devices and the cooling of a new payout address, on phones: one user signs in on two phones
 * (two browser contexts, each with its own device id); on the first, the devices screen lists both
 * with device, browser, area, address and last use, marks "this device", and signs the other out
 * after a confirmation; the other phone is sent to the login page at once with the reason. A fresh
 * payout address shows when it becomes usable, in the wallet and on the withdrawal screen, which
 * will not take it before then. Screenshots in light, dark and Arabic.
 */
import { describe, expect, it } from 'vitest';
import { chromiumPath, eventually, screenshot, useStack } from './harness.ts';
import { CAPTCHA_ANSWER, call, registerByApi, uniqueEmail, waitForCode } from './accounts-api.ts';
import { ADMIN_PASSWORD, adminToken, staffCall } from './money-api.ts';
import { AccountPage, LoginScreen, UserScreen } from './pages/account-pages.ts';
import { BackOffice } from './pages/back-office-page.ts';

const PASSWORD = 'Devices-pass-7';
const TRC20_ADDRESS = 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8';

describe.skipIf(!chromiumPath)('devices and payout cooling', () => {
  const stack = useStack({
    env: { CAPTCHA_TEST_ANSWER: CAPTCHA_ANSWER, ADMIN_INITIAL_PASSWORD: ADMIN_PASSWORD, FEED: 'none' },
  });

  /** A user whose only sessions are the ones the phones open (the API's own is logged out). */
  async function freshUser(prefix: string) {
    const email = uniqueEmail(prefix);
    const session = await registerByApi(stack, email, PASSWORD);
    await call(stack, '/api/user/logout', { body: {}, token: session.token });
    return { email, session };
  }

  /** A phone signed in through the login screen, so the session records this phone's device. */
  async function signedInPhone(
    email: string,
    options: { colorScheme?: 'light' | 'dark'; lang?: string } = {},
  ) {
    const phone = await LoginScreen.start(stack, '/login', {
      ...(options.colorScheme ? { colorScheme: options.colorScheme, theme: options.colorScheme } : {}),
      ...(options.lang ? { lang: options.lang } : {}),
    });
    await phone.waitForForm();
    await phone.login(email, PASSWORD);
    await expect.poll(() => phone.hashRoute(), eventually).not.toMatch(/^\/login/);
    return phone;
  }

  it('lists both phones and signs the other one out: it is sent to the login page at once', async () => {
    const { email } = await freshUser('devices');
    const first = await signedInPhone(email);
    const second = await signedInPhone(email);
    await second.goto('/order');

    // From the user centre to the devices screen.
    await first.goto('/user');
    const user = first.as(UserScreen);
    await user.waitForUser();
    await user.testId('link-devices').click();
    const rows = first.page.getByTestId('session');
    await expect.poll(() => rows.count(), eventually).toBe(2);
    const mine = first.page.locator('[data-testid="session"][data-current="1"]');
    const other = first.page.locator('[data-testid="session"][data-current="0"]');
    expect(await mine.getByTestId('session-this').textContent()).toBe('This device');
    expect(await mine.getByTestId('session-sign-out').count()).toBe(0);
    for (const row of [mine, other]) {
      expect(await row.getByTestId('session-device').textContent()).toBe('iPhone, iOS 17.5');
      expect(await row.getByTestId('session-browser').textContent()).toBe('Safari 17.5');
      expect(await row.getByTestId('session-area').textContent()).toContain('Hong Kong (Asia)');
      expect(await row.getByTestId('session-ip').textContent()).toBe('127.0.0.1');
      expect(await row.getByTestId('session-last-used').textContent()).toMatch(/\d{2}:\d{2}/);
    }
    await first.as(AccountPage).settle();
    await screenshot(first.page, 'devices-list');

    // Signing out asks first; cancelling keeps the other phone signed in.
    await other.getByTestId('session-sign-out').click();
    const account = first.as(AccountPage);
    await expect.poll(() => account.dialog().textContent()).toContain('will be signed out at once');
    await first.page.waitForTimeout(400);
    await screenshot(first.page, 'devices-confirm');
    await account.dialogButton('Cancel').click();
    expect(await rows.count()).toBe(2);
    await other.getByTestId('session-sign-out').click();
    await account.dialogButton('Sign out').click();
    await expect.poll(() => rows.count(), eventually).toBe(1);
    expect(await first.page.getByTestId('sign-out-others').count()).toBe(0);

    // The other phone is told over its socket and sent to the login page with the reason.
    await expect.poll(() => second.hashRoute(), eventually).toMatch(/^\/login/);
    const told = second.as(AccountPage);
    await expect.poll(() => told.dialog().textContent(), eventually).toContain('signed out from another');
    await second.page.waitForTimeout(400);
    await screenshot(second.page, 'devices-signed-out-phone');
    expect((await told.storedSession()).token).toBe('');
  });

  it('signs out every other device at once, its own demo account included, in dark and in Arabic', async () => {
    const { email } = await freshUser('others');
    const dark = await signedInPhone(email, { colorScheme: 'dark' });
    const arabic = await signedInPhone(email, { lang: 'ar' });
    const third = await signedInPhone(email);
    // The third phone goes into the user's own demo account: a session of its own, marked DEMO.
    await third.goto('/user');
    const thirdUser = third.as(UserScreen);
    await thirdUser.waitForUser();
    await thirdUser.testId('switch-demo').click();
    await expect.poll(() => thirdUser.testId('account-badge').textContent(), eventually).toBe('DEMO');

    await dark.goto('/mine/devices');
    await expect.poll(() => dark.page.getByTestId('session').count(), eventually).toBe(4);
    const demoRows = dark.page.locator('[data-testid="session"]:has([data-testid="session-demo"])');
    expect(await demoRows.count()).toBe(1);
    expect(await demoRows.getByTestId('session-demo').textContent()).toBe('DEMO');
    await dark.as(AccountPage).settle();
    await screenshot(dark.page, 'devices-list-dark');

    await arabic.goto('/mine/devices');
    await expect.poll(() => arabic.page.getByTestId('session').count(), eventually).toBe(4);
    expect(await arabic.htmlAttributes()).toEqual({ lang: 'ar', dir: 'rtl' });
    expect(await arabic.page.getByTestId('sign-out-others').textContent()).toBe(
      'تسجيل خروج جميع الأجهزة الأخرى',
    );
    await arabic.as(AccountPage).settle();
    await screenshot(arabic.page, 'devices-list-ar');

    await dark.page.getByTestId('sign-out-others').click();
    await dark.as(AccountPage).dialogButton('Sign out all other devices').click();
    await expect.poll(() => dark.page.getByTestId('session').count(), eventually).toBe(1);
    for (const phone of [arabic, third])
      await expect.poll(() => phone.hashRoute(), eventually).toMatch(/^\/login/);
  });

  it('shows when a fresh payout address becomes usable and does not let it be picked before', async () => {
    const admin = await adminToken(stack);
    await staffCall(stack, '/admin/api/settings', admin, { withdraw_requires_identity: '0' });
    const { email, session } = await freshUser('cooling');
    // Funded, so the only thing between the user and a withdrawal is the new address's wait.
    await staffCall(stack, `/admin/api/users/${session.user.id}/adjust`, admin, {
      amount: '500',
      reason: 'Test funds',
    });
    const phone = await signedInPhone(email);
    const token = (await phone.as(AccountPage).storedSession()).token;
    const [usdt] = (
      await call<Array<{ id: number }>>(stack, '/api/account/draw_symbol_list?type=1', { token })
    ).data;
    const bound = await call<{ usable_from: number | null }>(stack, '/api/wallet/bind_draw_method', {
      token,
      body: { type: '1', draw_currency_id: String(usdt!.id), dc_address: TRC20_ADDRESS },
    });
    expect(bound.data.usable_from).toBeGreaterThan(Date.now() / 1000 + 23 * 3600);

    await phone.goto('/mine/coin-address-list');
    const hint = phone.page.getByTestId('usable-from');
    await expect
      .poll(() => hint.textContent(), eventually)
      .toMatch(/^New: usable for withdrawals from .*\d{2}:\d{2}/);
    await phone.as(AccountPage).settle();
    await screenshot(phone.page, 'payout-usable-from');

    await phone.goto('/mine/withdraw');
    await phone.page.getByTestId('withdraw-methods').waitFor();
    const option = phone.page.locator('[data-testid="withdraw-methods"] .adm-selector-item');
    await expect.poll(() => option.getAttribute('class')).toContain('adm-selector-item-disabled');
    expect(await option.getByTestId('usable-from').textContent()).toContain('usable for withdrawals from');
    await phone.page.locator('#withdraw-amount').fill('50');
    await phone.page.getByTestId('withdraw-submit').click();
    await expect
      .poll(() => phone.as(AccountPage).dialog().textContent())
      .toContain('cannot receive withdrawals yet');
    await phone.page.waitForTimeout(400);
    await screenshot(phone.page, 'payout-withdraw-cooling');

    // Staff turn the wait off in the back office's settings; the address is usable at once.
    const office = await BackOffice.open(stack, { token: admin });
    await office.menu('Settings');
    const hours = office.page.getByLabel('New payout method waits (hours)');
    await hours.waitFor();
    expect(await hours.inputValue()).toBe('24');
    await hours.fill('0');
    await office.page.getByRole('button', { name: 'Review changes' }).click();
    await expect.poll(() => office.modal().textContent(), eventually).toContain('24 → 0');
    await screenshot(office.page, 'admin-payout-cooling');
    await office.modal().getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => office.toast().textContent(), eventually).toBe('Saved');
    await phone.page.reload();
    await phone.page.getByTestId('withdraw-methods').waitFor();
    await expect
      .poll(() => option.getAttribute('class'), eventually)
      .not.toContain('adm-selector-item-disabled');
    expect(await phone.page.getByTestId('usable-from').count()).toBe(0);
  });

  it('changes the sign-in e-mail with a code sent to the new address and the password', async () => {
    const { email } = await freshUser('contact');
    const taken = await freshUser('taken');
    const phone = await signedInPhone(email);
    await phone.goto('/user');
    const user = phone.as(UserScreen);
    await user.waitForUser();
    await user.testId('link-contact').click();
    const form = phone.as(AccountPage);
    await phone.page.getByTestId('contact-page').waitFor();

    // An address another account uses is refused before any code is sent.
    await form.field('contact-email').fill(taken.email);
    await phone.page.getByTestId('send-code').click();
    await expect
      .poll(() => form.toast().textContent(), eventually)
      .toBe('Another account already uses this address');

    const newEmail = uniqueEmail('moved');
    await form.field('contact-email').fill(newEmail);
    await phone.page.getByTestId('send-code').click();
    const code = await waitForCode(stack, newEmail);
    await form.field('contact-code').fill(code);
    await form.field('contact-password').fill(PASSWORD);
    await form.settle();
    await screenshot(phone.page, 'contact-change');
    await phone.page.getByTestId('contact-submit').click();
    await expect.poll(() => phone.hashRoute(), eventually).toBe('/user');
    const shown = await user.testId('user-account').textContent();
    expect(shown).toMatch(/^mo\*+/);
    expect(
      (await call<{ email: string }>(stack, '/api/user/info', { token: (await form.storedSession()).token }))
        .data.email,
    ).toBe(newEmail);
  });
});
