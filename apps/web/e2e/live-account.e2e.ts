/**
 * What staff decide reaches the phone at once: with /user open, a credit the back office books
 * through its API shows on the balance card, and then on the orders strip, without a reload,
 * because the server pushes ACCOUNT_CHANGED on the user's socket and the app refetches.
 */
import { describe, expect, it } from 'vitest';
import { chromiumPath, eventually, screenshot, socketSignedIn, useStack } from './harness.ts';
import { CAPTCHA_ANSWER, registerByApi, uniqueEmail } from './accounts-api.ts';
import { ADMIN_PASSWORD, adminToken, staffCall } from './money-api.ts';
import { UserScreen } from './pages/account-pages.ts';
import { OrdersScreen } from './pages/trading-pages.ts';

describe.skipIf(!chromiumPath)('live account figures', () => {
  const stack = useStack({
    env: { CAPTCHA_TEST_ANSWER: CAPTCHA_ANSWER, ADMIN_INITIAL_PASSWORD: ADMIN_PASSWORD, FEED: 'none' },
  });

  it('shows a credit staff book on the balance card and the orders strip without a reload', async () => {
    const session = await registerByApi(stack, uniqueEmail('live'), 'Live-pass-2026');
    const user = await UserScreen.start(stack, '/user', { session });
    const signedIn = socketSignedIn(user.page);
    const pushes: string[] = [];
    user.page.on('websocket', (socket) =>
      socket.on('framereceived', (frame) => pushes.push(String(frame.payload))),
    );
    await user.page.reload();
    await user.waitForUser();
    await signedIn;
    await expect.poll(() => user.testId('balance').textContent(), eventually).toContain('$0.00');
    // A page load would refetch everything anyway: the point is that none happens.
    let loads = 0;
    user.page.on('load', () => (loads += 1));

    const admin = await adminToken(stack);
    await staffCall(stack, `/admin/api/users/${session.user.id}/adjust`, admin, {
      amount: '250.5',
      kind: 'bonus',
      reason: 'Welcome bonus',
    });
    await expect.poll(() => user.testId('balance').textContent(), eventually).toContain('$250.50');
    expect(pushes.some((payload) => payload.includes('"ACCOUNT_CHANGED"'))).toBe(true);
    expect(loads).toBe(0);
    await user.settle();
    await screenshot(user.page, 'live-account-user');

    await user.tab('orders').click();
    const orders = user.as(OrdersScreen);
    await expect.poll(() => orders.strip('strip-balance').textContent(), eventually).toContain('$250.50');
    expect(loads).toBe(0);
  });
});
