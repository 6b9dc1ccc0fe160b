/**
 * The retail risk warning and the leverage caps, on a phone (390x844) and in the back office
 * (1440x900): the warning on registration; a real account's first order waits for a one-time
 * acknowledgement kept on the server (not asked again, not on another phone either); the ticket's
 * line; staff word the warning and lower a cap with a reason, and the phone's ticket then shows
 * the new text and offers only the leverage the cap allows. Screenshots light, dark and Arabic.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { chromiumPath, eventually, screenshot, socketSignedIn, useStack } from './harness.ts';
import { CAPTCHA_ANSWER, call, registerByApi, uniqueEmail, type Session } from './accounts-api.ts';
import { ADMIN_PASSWORD, adminToken, staffCall } from './money-api.ts';
import { priceAt, pushTicks, tradableInstrument, tradingServerEnv } from './trading-api.ts';
import { AppPage } from './pages/app-page.ts';
import { TicketScreen } from './pages/trading-pages.ts';
import { BackOffice } from './pages/back-office-page.ts';
import { tapTargets } from './tap-targets.ts';

/** Waits until a sheet's slide-in ended: the element's bottom is inside the phone's screen. */
async function settledInView(page: Page, testId: string): Promise<void> {
  const bottom = async () => {
    const box = await page.getByTestId(testId).boundingBox();
    return box ? box.y + box.height : Infinity;
  };
  await expect.poll(bottom, eventually).toBeLessThanOrEqual(844);
  await page.waitForTimeout(150);
}

const FALLBACK = /^CFDs are complex instruments and come with a high risk of losing money rapidly/;

describe.skipIf(!chromiumPath)('risk warning and leverage caps', () => {
  const stack = useStack({
    env: { ...tradingServerEnv, CAPTCHA_TEST_ANSWER: CAPTCHA_ANSWER, ADMIN_INITIAL_PASSWORD: ADMIN_PASSWORD },
  });

  /** A registered user with money to trade, booked by staff. */
  const fundedRealUser = async (): Promise<Session> => {
    const session = await registerByApi(stack, uniqueEmail('risk'), 'Risk-pass-2026');
    await staffCall(stack, `/admin/api/users/${session.user.id}/adjust`, await adminToken(stack), {
      amount: '50000',
      reason: 'Funds for the first trade',
    });
    return session;
  };
  const ordersOf = async (session: Session) =>
    (await call<{ total: number }>(stack, '/v1/api/forex/my_deal?status=1&page=1', { token: session.token }))
      .data.total;
  const ackSheet = (page: Page) => page.getByTestId('risk-ack');

  it('shows the warning on registration, in light, dark and Arabic', async () => {
    const visitor = await AppPage.start(stack, '/register');
    const block = visitor.page.getByTestId('risk-block');
    await block.waitFor();
    await expect
      .poll(() => visitor.page.getByTestId('risk-block-text').textContent(), eventually)
      .toMatch(FALLBACK);
    expect(await block.textContent()).toContain('Risk warning');
    // The block sits above the button that creates the account.
    const blockBox = (await block.boundingBox())!;
    const buttonBox = (await visitor.page.getByTestId('register-submit').boundingBox())!;
    expect(blockBox.y + blockBox.height).toBeLessThanOrEqual(buttonBox.y);
    await block.scrollIntoViewIfNeeded();
    await screenshot(visitor.page, 'risk-register');

    const dark = await AppPage.start(stack, '/register', { theme: 'dark', colorScheme: 'dark', lang: 'ar' });
    await expect
      .poll(() => dark.page.getByTestId('risk-block-text').textContent(), eventually)
      .toMatch(/^عقود الفروقات أدوات معقدة/);
    expect(await dark.htmlAttributes()).toEqual({ lang: 'ar', dir: 'rtl' });
    await dark.page.getByTestId('risk-block').scrollIntoViewIfNeeded();
    await screenshot(dark.page, 'risk-register-ar-dark');
  });

  it('asks a real account once before its first order, and not again on another phone', async () => {
    const { instrument, price } = await tradableInstrument(stack);
    const bid = priceAt(price, 1, instrument.PricePrecision);
    await pushTicks(stack, [{ code: instrument.Code, bid }]);
    const session = await fundedRealUser();
    const trade = await TicketScreen.start(stack, '/trade', { session, orderConfirm: 'never' });
    await trade.pickInstrument(instrument.Code);
    await pushTicks(stack, [{ code: instrument.Code, bid }]);

    // The ticket's line, one line tall, always there; it opens the whole text.
    const line = trade.testId('risk-line');
    await expect.poll(() => line.textContent(), eventually).toMatch(FALLBACK);
    expect((await line.boundingBox())!.height).toBe(32);
    // Slim to the eye, a full tap to the finger.
    const [lineTarget] = await tapTargets(trade.page, '[data-testid="risk-line"]');
    expect(lineTarget!.height).toBeGreaterThanOrEqual(44);
    await trade.scrollToTicket();
    await screenshot(trade.page, 'risk-ticket-line');

    await trade.testId('submit-order').click();
    await ackSheet(trade.page).waitFor();
    expect(await trade.page.getByTestId('risk-ack-text').textContent()).toMatch(FALLBACK);
    await settledInView(trade.page, 'risk-ack-accept');
    await screenshot(trade.page, 'risk-first-trade');
    // Cancelling sends nothing.
    await trade.page.getByTestId('risk-ack-cancel').click();
    await ackSheet(trade.page).waitFor({ state: 'detached' });
    expect(await ordersOf(session)).toBe(0);

    await trade.testId('submit-order').click();
    await trade.page.getByTestId('risk-ack-accept').click();
    await expect.poll(() => ordersOf(session), eventually).toBe(1);
    // Acknowledged: the next order goes at once.
    await trade.testId('submit-order').click();
    await expect.poll(() => ordersOf(session), eventually).toBe(2);
    expect(await ackSheet(trade.page).count()).toBe(0);

    // Another phone of the same user: the server remembers, nothing is asked.
    const other = await TicketScreen.start(stack, '/trade', {
      session,
      orderConfirm: 'never',
      theme: 'dark',
    });
    await other.pickInstrument(instrument.Code);
    await pushTicks(stack, [{ code: instrument.Code, bid }]);
    await expect.poll(() => other.testId('risk-line').textContent(), eventually).toMatch(FALLBACK);
    await other.testId('submit-order').click();
    await expect.poll(() => ordersOf(session), eventually).toBe(3);
    expect(await ackSheet(other.page).count()).toBe(0);
    await other.scrollToTicket();
    await screenshot(other.page, 'risk-ticket-line-dark');
  });

  it('staff word the warning and lower a cap with a reason; the ticket follows at once', async () => {
    const { instrument, price } = await tradableInstrument(stack);
    const capClass = 'fx_major';
    const lowered = 10;
    const bid = priceAt(price, 1, instrument.PricePrecision);
    await pushTicks(stack, [{ code: instrument.Code, bid }]);
    const demo = await call<Session>(stack, '/api/user/createAccountDemoForU');
    const trade = await TicketScreen.start(stack, '/trade', { session: demo.data });
    // The socket must be up to hear the change: watch it sign in from the start of a load.
    const signedIn = socketSignedIn(trade.page);
    await trade.page.reload();
    await signedIn;
    await trade.pickInstrument(instrument.Code);
    const offered = () =>
      trade.ticket
        .locator('[data-testid^="leverage-"][role="radio"]')
        .evaluateAll((chips) => chips.map((chip) => chip.getAttribute('data-testid')));
    const before = await offered();
    expect(before.length).toBeGreaterThan(0);
    expect(before).not.toContain(`leverage-${lowered}`);

    const office = await BackOffice.open(stack, { token: await adminToken(stack) });
    await office.menu('Settings');
    const caps = office.page.getByTestId('leverage-caps-card');
    await caps.waitFor();
    await caps.getByTestId(`cap-${capClass}`).fill(String(lowered));
    await caps.getByTestId('caps-review').click();
    const dialog = office.page.locator('.ant-modal').filter({ hasText: 'Change leverage caps?' });
    await dialog.waitFor();
    // Without a reason nothing is sent: the first click says why, and the dialog stays open.
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Say why: the reason is kept in the audit log').waitFor();
    expect(await dialog.isVisible()).toBe(true);
    await dialog.getByRole('textbox').fill('Retail clients: the regulator lowered this class');
    await screenshot(office.page, 'risk-caps-confirm');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await office.page.getByText('Leverage caps saved').waitFor();

    // The phone's ticket offers only the cap itself, without a reload.
    await expect.poll(offered, eventually).toEqual([`leverage-${lowered}`]);
    expect(await trade.testId('leverage-' + lowered).getAttribute('aria-checked')).toBe('true');
    expect(await trade.testId('row-leverage').textContent()).toContain(
      `Highest leverage on this instrument: 1:${lowered}`,
    );

    // The warning's text for English, previewed, saved, and on the phone's line.
    const card = office.page.getByTestId('risk-warning-card');
    await card.scrollIntoViewIfNeeded();
    expect(await card.getByTestId('risk-figure').textContent()).toBe('No figure (too few accounts)');
    const text = 'Most retail clients lose money trading CFDs here. Only trade what you can afford to lose.';
    await card.getByTestId('risk-text').fill(text);
    expect(await card.getByTestId('risk-preview').textContent()).toBe(text);
    await card.getByTestId('risk-text').fill(`${text} {percent}% of accounts lost money.`);
    // No figure yet: the phone shows the text without one, and the preview says what comes later.
    expect(await card.getByTestId('risk-preview').textContent()).toMatch(FALLBACK);
    expect(await card.getByTestId('risk-preview-sample').textContent()).toContain(
      '74.2% of accounts lost money.',
    );
    await card.getByTestId('risk-text').fill(text);
    await screenshot(office.page, 'risk-warning-settings');
    await card.getByTestId('risk-review').click();
    const confirm = office.page.locator('.ant-modal').filter({ hasText: 'Save the risk warning?' });
    await confirm.getByRole('button', { name: 'Save' }).click();
    await office.page.getByText('Saved', { exact: true }).waitFor();

    // Staff text applies at once to what the phone asks next (a fresh phone asks at start).
    const fresh = await TicketScreen.start(stack, '/trade', { session: demo.data });
    await fresh.pickInstrument(instrument.Code);
    await expect.poll(() => fresh.testId('risk-line').textContent(), eventually).toBe(text);
    await fresh.testId('risk-line').click();
    await fresh.page.getByTestId('risk-sheet').waitFor();
    expect(await fresh.page.getByTestId('risk-sheet').textContent()).toContain(text);
    await settledInView(fresh.page, 'risk-sheet');
    await screenshot(fresh.page, 'risk-ticket-sheet');

    const audit = await staffCall<{ list: Array<{ action: string; after: Record<string, unknown> }> }>(
      stack,
      '/admin/api/audit?target_type=leverage_caps',
      await adminToken(stack),
    );
    expect(audit.list[0]).toMatchObject({
      action: 'leverage_caps.update',
      after: { [capClass]: lowered, reason: 'Retail clients: the regulator lowered this class' },
    });
  });
});
