/**
 * Accounts in the browser: the login guard and return, registration with a code from the outbox,
 * the one-tap demo account, logout, the demo restriction, the password change and the invite
 * page, with screenshots in light, dark and Arabic.
 */
import { describe, expect, it } from 'vitest';
import { chromiumPath, eventually, screenshot, socketSignedIn, useStack } from './harness.ts';
import {
  CAPTCHA_ANSWER,
  call,
  registerByApi,
  uniqueEmail,
  waitForCode,
  type ApiUser,
  type Session,
} from './accounts-api.ts';
import { ADMIN_PASSWORD, adminToken, staffCall } from './money-api.ts';
import { AccountPage, LoginScreen, RegisterScreen, UserScreen } from './pages/account-pages.ts';

const PASSWORD = 'Sturdy-pass-81';
const RESTRICTED = 'Please register or log in to a real account';

describe.skipIf(!chromiumPath)('accounts', () => {
  const stack = useStack({
    env: { CAPTCHA_TEST_ANSWER: CAPTCHA_ANSWER, ADMIN_INITIAL_PASSWORD: ADMIN_PASSWORD },
  });

  const demoSession = async (): Promise<Session> => {
    const envelope = await call<Session>(stack, '/api/user/createAccountDemoForU');
    expect(envelope.code).toBe(1);
    return envelope.data;
  };

  it('sends a visitor to /login and, once logged in, back to /order', async () => {
    const email = uniqueEmail('login');
    await registerByApi(stack, email, PASSWORD);

    const login = await LoginScreen.start(stack, '/order');
    await login.page.waitForURL(/#\/login\?from=/);
    expect(new URL(login.page.url()).hash).toBe('#/login?from=%2Forder');
    await login.waitForForm();
    await login.settle();
    await screenshot(login.page, 'login');

    // Both fields are required, each with its own message (docs/CONTRACT.md "Form rules").
    await login.page.getByTestId('login-submit').click();
    await expect
      .poll(() => login.fieldError('login-account').textContent())
      .toBe('Please enter your e-mail address or mobile number');
    expect(await login.fieldError('login-password').textContent()).toBe('Please enter your password');
    await screenshot(login.page, 'login-errors');

    // The server's refusal is what the user sees.
    await login.login(email, 'Wrong1234');
    await login.toast().filter({ hasText: 'The account or password is wrong' }).waitFor();
    expect(login.hashRoute()).toBe('/login?from=/order');

    await login.field('login-password').fill(PASSWORD);
    await login.page.getByTestId('login-submit').click();
    await login.page.waitForURL(/#\/order$/);
    const session = await login.storedSession();
    expect(session.token).not.toBe('');
    expect(session.user?.email).toBe(email);
  });

  it('offers the area-code picker when the account is a number', async () => {
    const login = await LoginScreen.start(stack, '/login');
    await login.waitForForm();
    expect(await login.page.getByTestId('login-account-area').count()).toBe(0);
    await login.field('login-account').fill('91234567');
    const area = login.page.getByTestId('login-account-area');
    await area.waitFor();
    await area.click();
    await login.page.getByTestId('area-sheet').waitFor();
    await login.page.locator('[data-testid="area-sheet"] input').fill('japan');
    await login.page.getByTestId('area-JP').waitFor();
    await login.page.waitForTimeout(300);
    await screenshot(login.page, 'area-picker');
    await login.page.getByTestId('area-JP').click();
    await expect.poll(() => area.textContent()).toContain('+81');
    await login.field('login-account').fill('me@example.com');
    await expect.poll(() => login.page.getByTestId('login-account-area').count()).toBe(0);
  });

  it('registers through the screens with the code from the outbox', async () => {
    const inviter = await registerByApi(stack, uniqueEmail('inviter'), PASSWORD);
    const email = uniqueEmail('signup');

    const register = await RegisterScreen.start(stack, `/register?invite_code=${inviter.user.invite_code}`);
    await register.waitForForm();
    expect(await register.field('register-invite').inputValue()).toBe(inviter.user.invite_code);
    expect(await register.page.getByTestId('register-type-email').getAttribute('aria-checked')).toBe('true');

    // Asking for a code explains what is missing before anything is sent.
    await register.page.getByTestId('send-code').click();
    expect(await register.fieldError('register-email').textContent()).toBe(
      'Please enter your e-mail address',
    );
    expect(await register.fieldError('register-captcha').textContent()).toBe(
      'Please enter the characters shown in the picture',
    );

    // A wrong picture code: the server's message, a new picture, no countdown.
    await register.field('register-email').fill(email);
    const firstPicture = await register.page
      .locator('[data-testid="register-captcha-refresh"] img')
      .getAttribute('src');
    await register.field('register-captcha').fill('zzzz');
    await register.page.getByTestId('send-code').click();
    await register.toast().filter({ hasText: 'The picture code is wrong' }).waitFor();
    await expect
      .poll(
        () => register.page.locator('[data-testid="register-captcha-refresh"] img').getAttribute('src'),
        eventually,
      )
      .not.toBe(firstPicture);
    expect(await register.field('register-captcha').inputValue()).toBe('');
    expect(await register.page.getByTestId('send-code').textContent()).toBe('Send code');

    await register.field('register-captcha').fill(CAPTCHA_ANSWER);
    await register.page.getByTestId('send-code').click();
    await register.toast().filter({ hasText: 'Verification code sent' }).waitFor();
    await expect
      .poll(() => register.page.getByTestId('send-code').textContent(), eventually)
      .toMatch(/^Resend in (60|59|58) s$/);
    expect(await register.page.getByTestId('send-code').isDisabled()).toBe(true);
    const code = await waitForCode(stack, email);

    await register.field('register-code').fill(code);
    await register.field('register-password').fill('short');
    await register.field('register-confirm').fill('different');
    await register.page.getByTestId('register-submit').click();
    expect(await register.fieldError('register-password').textContent()).toBe(
      'The password needs 8 to 64 characters with at least one letter and one digit',
    );
    expect(await register.fieldError('register-confirm').textContent()).toBe(
      'The two passwords do not match',
    );

    await register.field('register-password').fill(PASSWORD);
    await register.field('register-confirm').fill(PASSWORD);
    await register.settle();
    await screenshot(register.page, 'register');
    await register.page.getByTestId('register-submit').click();
    await register.page.waitForURL(/#\/$/);
    const session = await register.storedSession();
    expect(session.user?.email).toBe(email);
    expect(session.user?.is_demo).toBe(0);

    await register.goto('/user');
    const user = register.as(UserScreen);
    await user.waitForUser();
    expect(await user.testId('account-badge').textContent()).toBe('REAL');
    expect(await user.testId('user-account').textContent()).toMatch(/^si\*{4}\d@example\.com$/);
    expect(await user.testId('reset-demo').count()).toBe(0);
    // A new real account has settled nothing yet: a real zero, in dollars.
    await expect.poll(() => user.testId('balance').textContent(), eventually).toContain('$0.00');
    await user.settle();
    await screenshot(user.page, 'user-real');

    // The balance can be hidden, and stays hidden after a reload.
    await user.testId('balance-toggle').click();
    await expect.poll(() => user.testId('balance').textContent()).toContain('******');
    await user.page.reload();
    await user.waitForUser();
    expect(await user.testId('balance').textContent()).toContain('******');
  });

  it('opens a demo account in one tap and comes back to the same one', async () => {
    const login = await LoginScreen.start(stack, '/login');
    await login.waitForForm();
    await login.page.getByTestId('demo-login').click();
    await login.page.waitForURL(/#\/$/);
    const first = await login.storedSession();
    expect(first.user?.is_demo).toBe(1);
    const demoId = await login.page.evaluate(() => localStorage.getItem('omp.demo_id'));
    expect(demoId).toMatch(/^[\w-]{16,64}$/);

    await login.goto('/user');
    const user = login.as(UserScreen);
    await user.waitForUser();
    expect(await user.testId('account-badge').textContent()).toBe('DEMO');
    expect(await user.testId('user-account').textContent()).toBe('Demo account');
    await user.settle();
    await screenshot(user.page, 'user-demo');

    // Reset asks first, then restores the demo balance.
    await expect.poll(() => user.testId('balance').textContent(), eventually).toContain('$100,000.00');
    await user.testId('reset-demo').click();
    await user.dialog().filter({ hasText: 'pending orders cancelled' }).waitFor();
    await user.dialogButton('Reset').click();
    await user.toast().waitFor();
    await expect.poll(() => user.testId('balance').textContent(), eventually).toContain('$100,000.00');

    // Log out, then one tap again: the same demo account.
    await user.goto('/mine/system');
    await user.page.getByTestId('logout').click();
    await user.dialogButton('Log out').click();
    await user.page.waitForURL(/#\/$/);
    await user.goto('/login');
    await user.page.getByTestId('demo-login').click();
    await user.page.waitForURL(/#\/$/);
    const second = await user.storedSession();
    expect(second.user?.uid).toBe(first.user?.uid);
    expect(second.token).not.toBe(first.token);
  });

  it('logs out only after confirmation, and the session is gone on the server too', async () => {
    const session = await registerByApi(stack, uniqueEmail('logout'), PASSWORD);
    const app = await AccountPage.start(stack, '/mine/system', { session });
    const logout = app.page.getByTestId('logout');
    await logout.waitFor();

    await logout.click();
    await app.dialog().filter({ hasText: 'Log out of this account on this device?' }).waitFor();
    await app.settle();
    await screenshot(app.page, 'logout-confirm');
    await app.dialogButton('Cancel').click();
    expect((await app.storedSession()).token).toBe(session.token);

    await logout.click();
    await app.dialogButton('Log out').click();
    await app.page.waitForURL(/#\/$/);
    expect(await app.storedSession()).toEqual({ token: '', user: null, realSession: null });
    expect((await call<ApiUser>(stack, '/api/user/info', { token: session.token })).code).toBe(999);

    await app.goto('/mine/system');
    await app.page.getByTestId('system-page').waitFor();
    expect(await app.page.getByTestId('logout').count()).toBe(0);
    await app.goto('/user');
    await app.page.waitForURL(/#\/login\?from=%2Fuser$/);
  });

  it('keeps a demo user out of deposit, wallet and the other real-only screens', async () => {
    const session = await demoSession();
    const user = await UserScreen.start(stack, '/user', { session });
    await user.waitForUser();

    await user.testId('deposit').click();
    await user.dialog().filter({ hasText: RESTRICTED }).waitFor();
    await user.settle();
    await screenshot(user.page, 'demo-restricted');
    expect(user.hashRoute()).toBe('/user');
    await user.dialogButton('Cancel').click();
    await expect.poll(() => user.dialog().count(), eventually).toBe(0);
    expect(user.hashRoute()).toBe('/user');

    for (const id of ['withdraw', 'link-wallet', 'link-auth', 'link-password']) {
      await user.testId(id).click();
      await user.dialog().filter({ hasText: RESTRICTED }).waitFor();
      expect(user.hashRoute()).toBe('/user');
      await user.dialogButton('Cancel').click();
      await expect.poll(() => user.dialog().count(), eventually).toBe(0);
    }

    // Typed addresses are stopped by the guard: the user center, with the explanation.
    for (const route of ['/mine/charge', '/mine/withdraw-way?type=1', '/mine/password']) {
      await user.goto(route);
      await user.dialog().filter({ hasText: RESTRICTED }).waitFor();
      expect(user.hashRoute()).toBe('/user');
      expect(await user.page.locator('[data-testid="coming-soon"]:visible').count()).toBe(0);
      expect(await user.page.locator('[data-testid="password-page"]').count()).toBe(0);
      await user.dialogButton('Cancel').click();
      await expect.poll(() => user.dialog().count(), eventually).toBe(0);
    }

    // "Register / log in" leads to the login screen, which returns to the screen asked for.
    await user.testId('deposit').click();
    await user.dialogButton('Register / log in').click();
    await user.page.waitForURL(/#\/login\?from=%2Fmine%2Fcharge$/);

    // Screens a demo account may use stay open to it.
    await user.goto('/mine/invite');
    await user.page.getByTestId('invite-page').waitFor();
  });

  it('changes the password with the current one and a code, and keeps this device signed in', async () => {
    const email = uniqueEmail('password');
    const session = await registerByApi(stack, email, PASSWORD);
    const previousCode = stack.latestCode(email);
    const app = await AccountPage.start(stack, '/mine/password', { session });
    await app.page.getByTestId('password-page').waitFor();
    expect(await app.page.getByTestId('code-address').textContent()).toContain('@example.com');

    await app.page.getByTestId('password-submit').click();
    expect(await app.page.getByTestId('password-error').textContent()).toBe('Please fill in completely');
    await app.field('password-current').fill(PASSWORD);
    await app.field('password-new').fill('Another-pass-93');
    await app.field('password-confirm').fill('Another-pass-94');
    await app.field('password-code').fill('123456');
    await app.page.getByTestId('password-submit').click();
    expect(await app.page.getByTestId('password-error').textContent()).toBe('The two passwords do not match');

    await app.page.getByTestId('send-code').click();
    await app.toast().filter({ hasText: 'Verification code sent' }).waitFor();
    const code = await waitForCode(stack, email, previousCode);
    await app.field('password-confirm').fill('Another-pass-93');
    await app.field('password-code').fill(code);
    await app.settle();
    await screenshot(app.page, 'password');
    await app.page.getByTestId('password-submit').click();
    await app.toast().filter({ hasText: 'Password changed' }).waitFor();
    await app.page.waitForURL(/#\/user$/);

    const stored = await app.storedSession();
    expect(stored.token).not.toBe(session.token);
    expect((await call(stack, '/api/user/info', { token: session.token })).code).toBe(999);
    expect((await call(stack, '/api/user/info', { token: stored.token })).code).toBe(1);
    // Still signed in on this device with the new token.
    await app.as(UserScreen).waitForUser();
  });

  it('signs the phone out at once, with the reason, when the back office ends the session', async () => {
    const session = await registerByApi(stack, uniqueEmail('ended'), PASSWORD);
    const app = await AccountPage.start(stack, '/user', { session });
    await app.as(UserScreen).waitForUser();
    // Only a socket that has signed in hears its session end: wait for that answer on a fresh load.
    const signedIn = socketSignedIn(app.page);
    await app.page.reload();
    await signedIn;
    const admin = await adminToken(stack);
    // staffCall throws unless the answer is code 1.
    await staffCall(stack, `/admin/api/users/${session.user.id}/logout`, admin, { reason: 'Account review' });
    // No tap, no request: the socket's message alone moves the phone to the login page and says why.
    await app.page.waitForURL(/#\/login\?from=%2Fuser$/);
    await app.dialog().filter({ hasText: 'You have been logged out by customer service' }).waitFor();
    await app.settle();
    await screenshot(app.page, 'session-ended');
    await app.dialogButton('OK').click();
    await app.dialog().waitFor({ state: 'hidden' });
    expect((await app.storedSession()).token).toBe('');
  });

  it('shows the invite link, its QR code and copies the link', async () => {
    const session = await registerByApi(stack, uniqueEmail('invite'), PASSWORD);
    const app = await AccountPage.start(stack, '/mine/invite', { session });
    await app.page.getByTestId('invite-page').waitFor();
    const code = session.user.invite_code;
    expect(await app.page.getByTestId('invite-code').textContent()).toBe(code);
    expect(await app.page.getByTestId('invite-link').textContent()).toBe(
      `${stack.baseUrl}/#/register?invite_code=${code}`,
    );
    const qr = app.page.locator('[data-testid="invite-qr"] svg');
    expect(await qr.getAttribute('width')).toBe('160');
    await app.page.getByTestId('copy-link').click();
    await app.toast().filter({ hasText: 'Copied' }).waitFor();
    await app.settle();
    await screenshot(app.page, 'invite');
  });

  // One test per look, so each has the whole time budget for its seven screens on a busy machine.
  for (const [variant, options] of [
    ['dark', { theme: 'dark' as const, colorScheme: 'dark' as const }],
    ['ar', { lang: 'ar' }],
  ] as const)
    it(`looks right ${variant === 'dark' ? 'in the dark theme' : 'in Arabic'}`, async () => {
      const real = await registerByApi(stack, uniqueEmail('looks'), PASSWORD);
      const demo = await demoSession();
      const routes: [string, string, Session | undefined][] = [
        ['login', '/login', undefined],
        ['register', '/register', undefined],
        ['forgot', '/forgot', undefined],
        ['user-real', '/user', real],
        ['user-demo', '/user', demo],
        ['invite', '/mine/invite', real],
        ['password', '/mine/password', real],
      ];
      for (const [name, route, session] of routes) {
        const app = await AccountPage.start(stack, route, { ...options, ...(session ? { session } : {}) });
        if (route === '/user') await app.as(UserScreen).waitForUser();
        else await app.page.locator('.auth-page, .invite-page').first().waitFor();
        if (route === '/register' || route === '/forgot') {
          await app.page.locator('.captcha-image img').waitFor();
        }
        if (variant === 'ar') expect((await app.htmlAttributes()).dir).toBe('rtl');
        // Nothing may stick out sideways on a 390 px phone.
        const overflow = await app.page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow, `${name} ${variant}`).toBeLessThanOrEqual(0);
        await app.settle();
        await screenshot(app.page, `${name}-${variant}`);
        await app.page.context().close();
      }
    });
});
