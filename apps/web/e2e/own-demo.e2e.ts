/**
 * A real user's own demo account and the first-sign-in onboarding, in a phone: the user switches
 * to demo on /user, sees DEMO in the header of the markets, trade, orders and user screens,
 * trades, and switches back to the real account with its balance untouched; a new user sees the
 * three onboarding screens once (skip works, a reload does not bring them back), in light and
 * dark, and a demo visitor never does.
 */
import { describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import { chromiumPath, eventually, screenshot, useStack } from './harness.ts';
import { CAPTCHA_ANSWER, call, registerByApi, uniqueEmail } from './accounts-api.ts';
import { ADMIN_PASSWORD, adminToken, staffCall } from './money-api.ts';
import { demoSession, priceAt, pushTicks, tradableInstrument, tradingServerEnv } from './trading-api.ts';
import { UserScreen } from './pages/account-pages.ts';
import { HomePage } from './pages/home-page.ts';
import { OrdersScreen, TicketScreen } from './pages/trading-pages.ts';

const PASSWORD = 'Switch-pass-42';

describe.skipIf(!chromiumPath)('own demo account and onboarding', () => {
  const stack = useStack({
    env: { ...tradingServerEnv, CAPTCHA_TEST_ANSWER: CAPTCHA_ANSWER, ADMIN_INITIAL_PASSWORD: ADMIN_PASSWORD },
  });

  /** The DEMO mark in the header of the kept-alive screen at this path. */
  const demoMark = (user: UserScreen, path: string): Locator =>
    user.page.locator(`[data-page="${path}"] .page-header [data-testid="demo-mark"]`);

  it('switches a real user to their demo account and back: DEMO on every trading screen, the real balance untouched', async () => {
    const { instrument, price } = await tradableInstrument(stack);
    const bid = priceAt(price, 1, instrument.PricePrecision);
    await pushTicks(stack, [{ code: instrument.Code, bid }]);
    const session = await registerByApi(stack, uniqueEmail('switch'), PASSWORD);
    await staffCall(stack, `/admin/api/users/${session.user.id}/adjust`, await adminToken(stack), {
      amount: '250',
      reason: 'Test funds',
    });

    const user = await UserScreen.start(stack, '/user', { session });
    await user.waitForUser();
    expect(await user.testId('account-badge').textContent()).toBe('REAL');
    await expect.poll(() => user.testId('balance').textContent(), eventually).toBe('$250.00');
    expect(await user.testId('switch-real').getAttribute('aria-checked')).toBe('true');
    expect(await user.page.locator('[data-testid="demo-mark"]').count()).toBe(0);
    await user.settle();
    await screenshot(user.page, 'account-switch-real');

    // To demo: nothing would be lost, so no confirmation; the server's message says where we are.
    await user.testId('switch-demo').click();
    const toast = user.toast().filter({ hasText: 'You are now in your demo account' });
    await toast.waitFor();
    // A passing toast takes no touches: what lies under its middle gets them.
    const toastTakesTouches = await toast.evaluate((element) => {
      const box = element.getBoundingClientRect();
      return element.contains(document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2));
    });
    expect(toastTakesTouches).toBe(false);
    await expect.poll(() => user.testId('account-badge').textContent(), eventually).toBe('DEMO');
    await expect.poll(() => user.testId('balance').textContent(), eventually).toBe('$100,000.00');
    expect(await user.testId('switch-demo').getAttribute('aria-checked')).toBe('true');
    expect(await user.testId('user-uid').textContent()).not.toBe(String(session.user.uid));
    await demoMark(user, '/user').waitFor();
    expect(await demoMark(user, '/user').textContent()).toContain('DEMO');
    await user.settle();
    await screenshot(user.page, 'account-switch-demo');

    // The markets, the trade screen and the orders all say DEMO.
    await user.tab('market').click();
    await user.as(HomePage).waitForList();
    await demoMark(user, '/').waitFor();
    await user.tab('trading').click();
    const trade = user.as(TicketScreen);
    await trade.page.getByTestId('trade-page').waitFor();
    await trade.pickInstrument(instrument.Code);
    await demoMark(user, '/trade').waitFor();

    // A trade on the demo account.
    await pushTicks(stack, [{ code: instrument.Code, bid }]);
    await trade.setLots('0.1');
    await trade.scrollToTicket();
    await trade.testId('submit-order').click();
    await trade
      .toast()
      .filter({ hasText: `Bought 0.10 ${instrument.ShowCode}` })
      .waitFor();
    await trade.page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(trade.page, 'account-switch-demo-trade');

    await trade.tab('orders').click();
    const orders = trade.as(OrdersScreen);
    await orders.root.waitFor();
    await demoMark(user, '/order').waitFor();
    await expect.poll(() => orders.rows().count(), eventually).toBe(1);
    await expect.poll(() => orders.strip('strip-used-margin').textContent(), eventually).not.toBe('$0.00');
    await orders.settle();
    await screenshot(orders.page, 'account-switch-demo-orders');

    // Back to real: the real account's own figures, no position, and no DEMO anywhere.
    await orders.page.evaluate(() => {
      window.location.hash = '#/user';
    });
    await user.root().waitFor();
    await user.testId('switch-real').click();
    await user.toast().filter({ hasText: 'You are back in your real account' }).waitFor();
    await expect.poll(() => user.testId('account-badge').textContent(), eventually).toBe('REAL');
    await expect.poll(() => user.testId('balance').textContent(), eventually).toBe('$250.00');
    expect(await user.testId('user-uid').textContent()).toBe(String(session.user.uid));
    expect(await user.page.locator('[data-testid="demo-mark"]').count()).toBe(0);
    await user.tab('orders').click();
    await orders.root.waitFor();
    await expect.poll(() => orders.strip('strip-balance').textContent(), eventually).toBe('$250.00');
    await expect.poll(() => orders.rows().count(), eventually).toBe(0);

    // Demo again: the same demo account, its position still open.
    await orders.page.evaluate(() => {
      window.location.hash = '#/user';
    });
    await user.testId('switch-demo').click();
    await expect.poll(() => user.testId('account-badge').textContent(), eventually).toBe('DEMO');
    await user.tab('orders').click();
    await expect.poll(() => orders.rows().count(), eventually).toBe(1);
  });

  it('logs out of both sessions from the demo account, leaving neither alive on the server', async () => {
    const session = await registerByApi(stack, uniqueEmail('switch-out'), PASSWORD);
    const user = await UserScreen.start(stack, '/user', { session });
    await user.waitForUser();
    await user.testId('switch-demo').click();
    await expect.poll(() => user.testId('account-badge').textContent(), eventually).toBe('DEMO');
    const demoToken = (await user.storedSession()).token;
    expect(demoToken).not.toBe(session.token);
    expect((await user.storedSession()).realSession?.token).toBe(session.token);

    await user.testId('link-settings').click();
    await user.page.getByTestId('logout').click();
    await user.dialogButton('Log out').click();
    await user.page.waitForURL(/#\/$/);
    expect(await user.storedSession()).toEqual({ token: '', user: null, realSession: null });
    for (const token of [demoToken, session.token])
      expect((await call(stack, '/api/user/info', { token })).code).toBe(999);
  });

  it('goes back to the real account, saying why, when the back office ends the demo session', async () => {
    const session = await registerByApi(stack, uniqueEmail('switch-ended'), PASSWORD);
    const user = await UserScreen.start(stack, '/user', { session });
    await user.waitForUser();
    await user.testId('switch-demo').click();
    await expect.poll(() => user.testId('account-badge').textContent(), eventually).toBe('DEMO');
    const demoUid = Number(await user.testId('user-uid').textContent());
    const found = await staffCall<{ list: Array<{ id: number; uid: number }> }>(
      stack,
      `/admin/api/users?q=${demoUid}`,
      await adminToken(stack),
    );
    const demo = found.list.find((row) => row.uid === demoUid);
    await staffCall(stack, `/admin/api/users/${demo!.id}/logout`, await adminToken(stack), {
      reason: 'Checking the demo sessions',
    });
    await user.dialog().waitFor();
    await expect.poll(() => user.testId('account-badge').textContent(), eventually).toBe('REAL');
    expect(await user.testId('user-uid').textContent()).toBe(String(session.user.uid));
    expect(user.hashRoute()).toBe('/user');
    expect((await user.storedSession()).token).toBe(session.token);
  });

  it('explains a real-only screen in demo and offers the real account, which then opens it', async () => {
    const session = await registerByApi(stack, uniqueEmail('switch-deposit'), PASSWORD);
    const user = await UserScreen.start(stack, '/user', { session });
    await user.waitForUser();
    await user.testId('switch-demo').click();
    await expect.poll(() => user.testId('account-badge').textContent(), eventually).toBe('DEMO');
    await user.settle();
    await user.testId('deposit').click();
    await user
      .dialog()
      .filter({ hasText: 'This is your demo account: deposits, withdrawals, your identity and the password' })
      .waitFor();
    await user.settle();
    await screenshot(user.page, 'account-switch-demo-deposit');
    await user.dialogButton('Switch to real account').click();
    await user.page.waitForURL(/#\/mine\/charge$/);
    expect((await user.storedSession()).token).toBe(session.token);
    expect(await user.page.locator('[data-testid="demo-mark"]').count()).toBe(0);
  });

  it('shows a new user the onboarding once: three screens, skippable, not again after a reload', async () => {
    const session = await registerByApi(stack, uniqueEmail('onboard'), PASSWORD);
    const home = await HomePage.start(stack, '/', { session, onboarding: true });
    const dialog = home.page.getByTestId('onboarding');
    const title = home.page.getByTestId('onboarding-title');
    await dialog.waitFor();
    expect(await dialog.getAttribute('aria-modal')).toBe('true');
    expect(await home.page.getByTestId('onboarding-count').textContent()).toBe('1 of 3');
    expect(await title.textContent()).toBe('Trading on margin');
    // The step's title has the focus, so a screen reader starts there.
    await expect.poll(() => title.evaluate((el) => el === document.activeElement)).toBe(true);
    await screenshot(home.page, 'onboarding-margin');

    await home.page.getByTestId('onboarding-next').click();
    await expect.poll(() => title.textContent()).toBe('Your risk at a glance');
    expect(await home.page.getByTestId('onboarding-count').textContent()).toBe('2 of 3');
    await home.page.getByTestId('onboarding-back').click();
    await expect.poll(() => title.textContent()).toBe('Trading on margin');
    await home.page.getByTestId('onboarding-next').click();
    await expect.poll(() => title.textContent()).toBe('Your risk at a glance');
    await screenshot(home.page, 'onboarding-risk');

    await home.page.getByTestId('onboarding-skip').click();
    await dialog.waitFor({ state: 'detached' });
    const seen = await home.page.evaluate(() => localStorage.getItem('omp.onboarding_seen'));
    expect(seen?.split(',')).toContain(String(session.user.uid));

    await home.page.reload();
    await home.waitForList();
    await home.page.locator('[data-testid="open-user"]').waitFor();
    expect(await dialog.count()).toBe(0);
  });

  it('ends the onboarding with Start trading, in the dark theme; a demo visitor never sees it', async () => {
    const session = await registerByApi(stack, uniqueEmail('onboard-dark'), PASSWORD);
    const home = await HomePage.start(stack, '/', {
      session,
      onboarding: true,
      theme: 'dark',
      colorScheme: 'dark',
    });
    const dialog = home.page.getByTestId('onboarding');
    await dialog.waitFor();
    await home.page.getByTestId('onboarding-next').click();
    await home.page.getByTestId('onboarding-next').click();
    await expect.poll(() => home.page.getByTestId('onboarding-title').textContent()).toBe('Adding money');
    expect(await home.page.getByTestId('onboarding-count').textContent()).toBe('3 of 3');
    // The last screen has no Skip: its button ends it.
    expect(await home.page.getByTestId('onboarding-skip').count()).toBe(0);
    expect(await home.page.getByTestId('onboarding-next').textContent()).toBe('Start trading');
    await screenshot(home.page, 'onboarding-deposit-dark');
    await home.page.getByTestId('onboarding-next').click();
    await dialog.waitFor({ state: 'detached' });

    const visitor = await HomePage.start(stack, '/', { session: await demoSession(stack), onboarding: true });
    await visitor.waitForList();
    await visitor.page.locator('[data-page="/"] [data-testid="demo-mark"]').waitFor();
    expect(await visitor.page.getByTestId('onboarding').count()).toBe(0);
  });

  it('reads right to left in Arabic: the onboarding, the switch and the DEMO mark', async () => {
    const session = await registerByApi(stack, uniqueEmail('onboard-ar'), PASSWORD);
    const user = await UserScreen.start(stack, '/user', { session, onboarding: true, lang: 'ar' });
    await user.page.getByTestId('onboarding').waitFor();
    expect(await user.htmlAttributes()).toEqual({ lang: 'ar', dir: 'rtl' });
    expect(await user.page.getByTestId('onboarding-title').textContent()).toBe('التداول بالهامش');
    await screenshot(user.page, 'onboarding-margin-ar');
    await user.page.getByTestId('onboarding-skip').click();
    await user.waitForUser();
    await user.testId('switch-demo').click();
    await expect
      .poll(() => user.testId('account-switch-note').textContent(), eventually)
      .toBe('أنت تتداول بأموال افتراضية. يمكنك العودة إلى حسابك الحقيقي في أي وقت.');
    await user.page.locator('[data-page="/user"] [data-testid="demo-mark"]').waitFor();
    await user.settle();
    await screenshot(user.page, 'account-switch-demo-ar');
  });
});
