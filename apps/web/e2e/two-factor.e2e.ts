/**
 * Two-step sign-in on a phone: a registered trader turns it on by tapping through the screens
 * (reading the key shown on screen and computing the code with the TOTP library an authenticator
 * app follows), sees the recovery codes once, signs out and back in with password then code; a
 * wrong code is explained; a withdrawal then asks for the code; compliance resets a lost
 * authenticator from the back office with a reason. Screenshots in light, dark and Arabic.
 */
import { describe, expect, it } from 'vitest';
import { generate } from 'otplib';
import { chromiumPath, eventually, screenshot, useStack } from './harness.ts';
import { CAPTCHA_ANSWER, call, registerByApi, uniqueEmail, type Session } from './accounts-api.ts';
import { ADMIN_PASSWORD, adminToken, staffCall } from './money-api.ts';
import { AccountPage, LoginScreen, UserScreen } from './pages/account-pages.ts';
import { BackOffice } from './pages/back-office-page.ts';

const PASSWORD = 'Sturdy-pass-81';
const TRC20_ADDRESS = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';

/** The code an authenticator app shows `stepsAhead` time steps (30 s) from now. */
const codeAt = (secret: string, stepsAhead = 0) =>
  generate({ secret, epoch: (Math.floor(Date.now() / 30_000) + stepsAhead) * 30 });
/** A code the app does not show. */
const wrongCodeFor = async (secret: string) =>
  String((Number(await codeAt(secret)) + 500_000) % 1_000_000).padStart(6, '0');

describe.skipIf(!chromiumPath)('two-step sign-in', () => {
  const stack = useStack({
    env: { CAPTCHA_TEST_ANSWER: CAPTCHA_ANSWER, ADMIN_INITIAL_PASSWORD: ADMIN_PASSWORD, FEED: 'none' },
  });

  /** Two-step sign-in turned on through the API, as another device would; the secret. */
  async function enrolledByApi(session: Session): Promise<string> {
    const started = await call<{ secret: string }>(stack, '/api/user/two_factor/enrol', {
      token: session.token,
      body: {},
    });
    expect(started.code).toBe(1);
    const confirmed = await call(stack, '/api/user/two_factor/enrol/confirm', {
      token: session.token,
      body: { password: PASSWORD, code: await codeAt(started.data.secret) },
    });
    expect(confirmed.code).toBe(1);
    return started.data.secret;
  }

  it('turns on from the user centre, shows the recovery codes once, then signs in with password and code', async () => {
    const email = uniqueEmail('two-step');
    const session = await registerByApi(stack, email, PASSWORD);
    const user = await UserScreen.start(stack, '/user', { session });
    await user.waitForUser();
    await expect.poll(() => user.testId('link-two-factor').textContent(), eventually).toContain('Off');
    await user.testId('link-two-factor').click();

    const app = user.as(AccountPage);
    await app.page.getByTestId('two-factor-off').waitFor();
    await app.settle();
    await screenshot(app.page, 'two-factor-off');
    await app.page.getByTestId('two-factor-start').click();

    // The QR code and the key as text, to type into the app by hand.
    await app.page.getByTestId('two-factor-qr').locator('svg').waitFor();
    const shownKey = await app.page.getByTestId('two-factor-secret').textContent();
    expect(shownKey).toMatch(/^([A-Z2-7]{4} ){7}[A-Z2-7]{4}$/);
    const secret = shownKey!.replace(/\s/g, '');
    await app.settle();
    await screenshot(app.page, 'two-factor-scan');

    // The password is asked too: a phone left signed in does not turn it on by itself.
    await app.field('enrol-code').fill(await codeAt(secret));
    await app.page.getByTestId('enrol-confirm').click();
    await expect
      .poll(() => app.fieldError('enrol-password').textContent(), eventually)
      .toBe('Enter your password');
    await app.field('enrol-password').fill(PASSWORD);

    // A code the app does not show is refused where it was typed.
    await app.field('enrol-code').fill(await wrongCodeFor(secret));
    await app.page.getByTestId('enrol-confirm').click();
    await expect
      .poll(() => app.fieldError('enrol-code').textContent(), eventually)
      .toBe('That authenticator code is wrong or has expired');

    await app.field('enrol-code').fill(await codeAt(secret));
    await app.page.getByTestId('enrol-confirm').click();
    const codes = app.page.getByTestId('recovery-codes').locator('li');
    await expect.poll(() => codes.count(), eventually).toBe(10);
    const recoveryCodes = await codes.allTextContents();
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    // Leaving takes saying the codes were saved.
    expect(await app.page.getByTestId('codes-done').isDisabled()).toBe(true);
    await app.settle();
    await screenshot(app.page, 'two-factor-recovery-codes');
    await app.page.getByTestId('codes-saved').click();
    await app.page.getByTestId('codes-done').click();
    await app.page.getByTestId('two-factor-on').waitFor();
    expect(await app.page.getByTestId('recovery-codes-left').textContent()).toBe('10');
    // Shown once: the status never shows the codes again.
    expect(await app.page.getByTestId('recovery-codes').count()).toBe(0);
    await app.settle();
    await screenshot(app.page, 'two-factor-on');

    // Sign out, then in: the password alone no longer opens the account.
    await app.goto('/mine/system');
    await app.page.getByTestId('logout').click();
    await app.dialogButton('Log out').click();
    await app.page.waitForURL(/#\/$/);
    const login = app.as(LoginScreen);
    await login.goto('/login?from=%2Fuser');
    await login.waitForForm();
    await login.login(email, PASSWORD);
    await login.page.getByTestId('login-code-step').waitFor();
    expect((await login.storedSession()).token).toBe('');

    await login.field('login-code').fill(await wrongCodeFor(secret));
    await login.page.getByTestId('login-code-submit').click();
    await expect
      .poll(() => login.fieldError('login-code').textContent(), eventually)
      .toBe('That authenticator code is wrong or has expired');
    expect(login.hashRoute()).toBe('/login?from=/user');
    await login.settle();
    await screenshot(login.page, 'two-factor-login-wrong-code');

    // The enrolment's code is spent; the app's next one is accepted (one step of drift is).
    await login.field('login-code').fill(await codeAt(secret, 1));
    await login.page.getByTestId('login-code-submit').click();
    await login.page.waitForURL(/#\/user$/);
    const back = login.as(UserScreen);
    await back.waitForUser();
    expect((await back.storedSession()).token).not.toBe('');
    await expect.poll(() => back.testId('link-two-factor').textContent(), eventually).toContain('On');
  });

  it('asks a withdrawal for the code in a sheet, explains a wrong one and sends with the right one (dark)', async () => {
    const session = await registerByApi(stack, uniqueEmail('two-step-draw'), PASSWORD);
    const admin = await adminToken(stack);
    // This test is about the code, not the cooling of a new payout address (sessions.e2e.ts).
    await staffCall(stack, '/admin/api/settings', admin, {
      withdraw_requires_identity: 0,
      payout_cooling_hours: '0',
    });
    await staffCall(stack, `/admin/api/users/${session.user.id}/adjust`, admin, {
      amount: '500',
      reason: 'Two-step withdrawal test',
    });
    const currencies = await call<Array<{ id: number; code: string }>>(
      stack,
      '/api/account/draw_symbol_list?type=1',
      { token: session.token },
    );
    const usdt = currencies.data.find((c) => c.code === 'USDT')!;
    const bound = await call(stack, '/api/wallet/bind_draw_method', {
      token: session.token,
      body: { type: '1', draw_currency_id: String(usdt.id), dc_address: TRC20_ADDRESS },
    });
    expect(bound.code).toBe(1);
    const secret = await enrolledByApi(session);

    // The page opens with the session's stored copy of the user, from before the authenticator was
    // turned on, and the server's record comes late: the withdrawal must still ask for the code.
    let releaseInfo!: () => void;
    const infoHeld = new Promise<void>((resolve) => (releaseInfo = resolve));
    const app = await AccountPage.start(stack, '/mine/withdraw', {
      session,
      colorScheme: 'dark',
      theme: 'dark',
      beforeLoad: async (page) => {
        await page.route('**/api/user/info*', async (route) => {
          await infoHeld;
          await route.continue();
        });
      },
    });
    await app.field('withdraw-amount').waitFor();
    await app.field('withdraw-amount').fill('100');
    await app.page.getByTestId('withdraw-submit').click();
    await app.page.getByTestId('confirm-send').click();
    releaseInfo();
    await app.page.getByTestId('withdraw-code').waitFor();
    await app.field('withdraw-code-field').fill(await wrongCodeFor(secret));
    await app.page.getByTestId('withdraw-code-submit').click();
    await expect
      .poll(() => app.fieldError('withdraw-code-field').textContent(), eventually)
      .toBe('That authenticator code is wrong or has expired');
    await app.settle();
    await screenshot(app.page, 'two-factor-withdraw-code-dark');
    // Nothing was held for the refused attempt.
    const figures = await call<{ balance: number }>(stack, '/v1/api/main/account/forexDetail', {
      token: session.token,
    });
    expect(figures.data.balance).toBe(500);

    await app.field('withdraw-code-field').fill(await codeAt(secret, 1));
    await app.page.getByTestId('withdraw-code-submit').click();
    await app.page.getByTestId('withdraw-records').waitFor();
    await expect
      .poll(
        async () =>
          (
            await call<{ balance: number }>(stack, '/v1/api/main/account/forexDetail', {
              token: session.token,
            })
          ).data.balance,
        eventually,
      )
      .toBe(400);
  });

  it('shows the code step right to left in Arabic', async () => {
    const email = uniqueEmail('two-step-ar');
    const session = await registerByApi(stack, email, PASSWORD);
    await enrolledByApi(session);
    const login = await LoginScreen.start(stack, '/login', { lang: 'ar' });
    await login.waitForForm();
    await login.login(email, PASSWORD);
    await login.page.getByTestId('login-code-step').waitFor();
    expect((await login.htmlAttributes()).dir).toBe('rtl');
    expect(await login.page.getByTestId('login-code-step').textContent()).toContain('أدخل الرمز');
    await login.page.getByTestId('login-code-switch').click();
    await login.field('login-code').waitFor();
    await login.settle();
    await screenshot(login.page, 'two-factor-login-ar');
  });

  it('lets the back office reset a lost authenticator from the user drawer, with a reason', async () => {
    const email = uniqueEmail('two-step-lost');
    const session = await registerByApi(stack, email, PASSWORD);
    await enrolledByApi(session);
    const office = await BackOffice.open(stack, { token: await adminToken(stack) });
    await office.page.getByTestId('queue-deposits').waitFor();
    await office.menu('Users');
    await office.page.getByLabel('Id, uid, e-mail or mobile number').fill(email);
    await office.page.getByLabel('Id, uid, e-mail or mobile number').press('Enter');
    await expect.poll(() => office.rows().count(), eventually).toBe(1);
    await office.rows().first().click();
    await office.drawer().getByTestId('user-two-factor').waitFor();

    await office.drawer().getByRole('button', { name: 'Access and holds' }).click();
    await office.page.getByRole('menuitem', { name: 'Reset 2-step sign-in' }).click();
    await office.modal().getByRole('button', { name: 'Reset 2-step sign-in' }).click();
    // The reason is required: nothing is sent without one.
    await expect
      .poll(() => office.modal().locator('.ant-form-item-explain-error').count(), eventually)
      .toBe(1);
    await office.modal().getByRole('textbox').fill('Lost phone, identity confirmed by a call');
    await screenshot(office.page, 'two-factor-admin-reset');
    await office.modal().getByRole('button', { name: 'Reset 2-step sign-in' }).click();
    await expect.poll(() => office.drawer().getByTestId('user-two-factor').count(), eventually).toBe(0);

    // The password alone signs in again.
    const login = await call<{ token?: string }>(stack, '/api/user/loginForU', {
      body: { account: email, password: PASSWORD },
    });
    expect(login.code).toBe(1);
    expect(login.data.token).toBeTruthy();
  });
});
