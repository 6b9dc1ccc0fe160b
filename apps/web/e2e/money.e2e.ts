/**
 * Money in and out on a phone: a real user verifies their identity with two photos, deposits by
 * crypto with a proof of payment and, once the back office approves it through its API, sees the
 * balance; binds an address after a refused typo and withdraws, watching the fee and the amount
 * received follow the typed amount with the server's own arithmetic. Screenshots of each screen.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseMicros, receivedAmount, withdrawalFee } from '@omp/engine';
import { chromiumPath, eventually, screenshot, useStack } from './harness.ts';
import { CAPTCHA_ANSWER, registerByApi, uniqueEmail } from './accounts-api.ts';
import { ADMIN_PASSWORD, adminToken, approveWaiting, rejectIdentity } from './money-api.ts';
import { MoneyScreen } from './pages/money-pages.ts';
import { UserScreen } from './pages/account-pages.ts';

/** Small real PNGs, as a phone's camera roll would give them. */
const photo = (name: string) => ({
  name,
  mimeType: 'image/png',
  buffer: readFileSync(new URL(`./fixtures/${name}`, import.meta.url)),
});

const TRC20_ADDRESS = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';

describe.skipIf(!chromiumPath)('money and identity', () => {
  const stack = useStack({
    env: { CAPTCHA_TEST_ANSWER: CAPTCHA_ANSWER, ADMIN_INITIAL_PASSWORD: ADMIN_PASSWORD, FEED: 'none' },
  });

  it('verifies an identity with two photos, deposits with a proof, and withdraws to a bound address', async () => {
    const session = await registerByApi(stack, uniqueEmail('money'), 'Money-pass-1');
    const admin = await adminToken(stack);

    // Identity: the form refuses to send without both photos, then waits for review.
    const app = await MoneyScreen.start(stack, '/mine/auth', { session });
    await app.testId('identity-form').waitFor();
    await app.testId('identity-submit').click();
    await expect.poll(() => app.page.locator('.field__error').count()).toBe(4);
    await app.field('identity-name').fill('Jane Example');
    await app.page
      .locator('[data-testid="identity-type"] .adm-selector-item', { hasText: "Driver's licence" })
      .click();
    await app.field('identity-card').fill('P1234567');
    await app.attach('identity-front', photo('id-front.png'));
    await app.attach('identity-reverse', photo('id-reverse.png'));
    await screenshot(app.page, 'money-identity-form');
    await app.testId('identity-submit').click();
    await expect.poll(() => app.testId('identity-status').getAttribute('data-status'), eventually).toBe('1');
    await app.settle();
    await screenshot(app.page, 'money-identity-waiting');

    await approveWaiting(stack, admin, 'identity', session.user.id);
    await app.page.reload();
    await expect.poll(() => app.testId('identity-status').getAttribute('data-status'), eventually).toBe('2');
    await expect.poll(() => app.testId('identity-status').textContent()).toContain('P1****67');

    // Deposit by crypto: the address as text and QR code, the amount, the proof.
    await app.goto('/mine/charge');
    await app.testId('deposit-address').waitFor();
    expect(await app.testId('deposit-address').textContent()).toMatch(/^T\w{33}$/);
    await expect.poll(() => app.page.locator('[data-testid="deposit-qr"] svg').count()).toBe(1);
    await app.testId('deposit-submit').click();
    await expect.poll(() => app.fieldError('deposit-amount').textContent()).toContain('enter an amount');
    await app.field('deposit-amount').fill('500');
    await app.attach('deposit-proof', photo('payment-proof.png'));
    await screenshot(app.page, 'money-deposit-crypto');
    // The report carries an idempotency key, so a retry after a lost answer files nothing twice.
    const depositSent = app.page.waitForRequest('**/api/quickCharge/submit');
    await app.testId('deposit-submit').click();
    expect((await depositSent).headers()['idempotency-key']).toMatch(/^[0-9a-f]{32}$/);
    await app.testId('deposit-records').waitFor();
    await expect.poll(() => app.recordStatuses('deposit'), eventually).toEqual(['Under review']);

    await approveWaiting(stack, admin, 'deposits', session.user.id);
    await app.page.reload();
    await app.moneyTab('Records');
    await expect.poll(() => app.recordStatuses('deposit'), eventually).toEqual(['Completed']);
    await app.settle();
    await screenshot(app.page, 'money-deposit-records');
    const user = app.as(UserScreen);
    await user.goto('/user');
    await expect.poll(() => user.page.getByTestId('balance').textContent(), eventually).toContain('$500.00');

    // Withdraw: nothing bound yet, so the screen sends the user to bind an address first.
    await app.goto('/mine/withdraw');
    await app.testId('bind-first').waitFor();
    await app.testId('bind-now').click();
    await app.testId('bind-form').waitFor();
    expect(app.hashRoute()).toMatch(/^\/mine\/withdraw-way\?type=1&currency=\d+$/);
    await app.field('bind-address').fill('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed');
    await app.testId('bind-submit').click();
    await expect
      .poll(() => app.fieldError('bind-address').textContent())
      .toContain('not a valid TRC20 address');
    await app.field('bind-address').fill(TRC20_ADDRESS);
    await app.testId('bind-submit').click();
    await app.testId('withdraw-form').waitFor();
    await expect.poll(() => app.testId('withdraw-methods').textContent(), eventually).toContain('TLa2f6VP');

    // The fee and what arrives follow each typed amount, exactly as the server will hold them.
    const currency = { feeType: 1, drawRate: '1', usdPrice: '1' };
    for (const typed of ['25', '100.5', '123.456789']) {
      await app.field('withdraw-amount').fill(typed);
      const amount = parseMicros(typed)!;
      const fee = withdrawalFee(currency, amount);
      await expect.poll(() => app.testId('withdraw-fee').textContent()).toBe('1.00 USD');
      await expect
        .poll(() => app.testId('withdraw-received').textContent())
        .toBe(`${receivedAmount(amount, fee, currency.usdPrice)} USDT`);
    }
    await app.field('withdraw-amount').fill('600');
    await expect.poll(() => app.fieldError('withdraw-amount').textContent()).toContain('free margin');
    await app.field('withdraw-amount').fill('100');
    await expect.poll(() => app.testId('withdraw-received').textContent()).toBe('99.00 USDT');
    await app.field('withdraw-memo').fill('Rent');
    await app.settle();
    await screenshot(app.page, 'money-withdraw-form');
    const withdrawalSent = app.page.waitForRequest('**/api/account/draw');
    await app.testId('withdraw-submit').click();
    expect((await withdrawalSent).headers()['idempotency-key']).toMatch(/^[0-9a-f]{32}$/);
    await app.testId('withdraw-records').waitFor();
    await expect.poll(() => app.recordStatuses('withdraw'), eventually).toEqual(['Under review']);
    await expect.poll(() => app.testId('record-received').textContent()).toBe('99.00 USDT');
    await app.settle();
    await screenshot(app.page, 'money-withdraw-records');

    // The account history explains both movements: the deposit, the hold and its fee.
    await app.goto('/mine/history');
    await expect
      .poll(() => app.page.getByTestId('ledger-value').allTextContents(), eventually)
      .toEqual(['-$1.00', '-$99.00', '+$500.00']);
    expect(await app.page.getByTestId('history-balance').textContent()).toBe('$400.00');
    await screenshot(app.page, 'money-history');

    // Bank wire: the bank's details, each copyable.
    await app.goto('/mine/charge');
    await app.moneyTab('Bank wire');
    await expect.poll(() => app.testId('deposit-bank-card').textContent(), eventually).toContain('EXTBHKHH');
    // The reference the bank's note asks for, the user number, is on the card to copy.
    expect(await app.testId('deposit-bank-card').textContent()).toContain(
      `Payment reference (your user number)${session.user.uid}`,
    );
    await screenshot(app.page, 'money-deposit-bank');

    // The wallet counts what is bound; the bound address can be deleted after a confirmation.
    await app.goto('/mine/wallet');
    await expect.poll(() => app.testId('wallet-1').textContent(), eventually).toContain('1 added');
    await app.testId('wallet-1').click();
    await app.testId('method').waitFor();
    await app.testId('method-delete').click();
    await app.dialogButton('Delete').click();
    await app.testId('methods-empty').waitFor();
  });

  it('shows why an identity was rejected and takes a corrected submission', async () => {
    const session = await registerByApi(stack, uniqueEmail('rejected'), 'Money-pass-2');
    const app = await MoneyScreen.start(stack, '/mine/auth', { session });
    await app.testId('identity-form').waitFor();
    await app.field('identity-name').fill('John Example');
    await app.field('identity-card').fill('X9876543');
    await app.attach('identity-front', photo('id-front.png'));
    await app.attach('identity-reverse', photo('id-reverse.png'));
    await app.testId('identity-submit').click();
    await app.testId('identity-status').waitFor();

    await rejectIdentity(stack, await adminToken(stack), session.user.id, 'The reverse side is blurred');
    await app.page.reload();
    await expect
      .poll(() => app.testId('identity-rejected').textContent(), eventually)
      .toContain('The reverse side is blurred');
    await screenshot(app.page, 'money-identity-rejected');
    expect(await app.testId('identity-submit').textContent()).toBe('Submit again');

    // A removed photo must be added again before the form can go.
    await app.field('identity-name').fill('John Example');
    await app.field('identity-card').fill('X9876543');
    await app.attach('identity-front', photo('id-front.png'));
    await app.attach('identity-reverse', photo('id-reverse.png'));
    await app.testId('identity-reverse-remove').click();
    await app.testId('identity-submit').click();
    await expect
      .poll(() => app.page.locator('.field__error').allTextContents())
      .toEqual(['Please add a photo of the reverse side']);
    await app.attach('identity-reverse', photo('id-reverse.png'));
    await app.testId('identity-submit').click();
    await expect.poll(() => app.testId('identity-status').getAttribute('data-status'), eventually).toBe('1');
  });
});
