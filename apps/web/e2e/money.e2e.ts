/**
 * Money in and out on a phone: a real user verifies their identity with two photos, deposits by
 * crypto with a proof of payment and, once the back office approves it through its API, sees the
 * balance; binds an address after a refused typo and withdraws, watching the fee and the amount
 * received follow the typed amount with the server's own arithmetic. Screenshots of each screen.
 */
import { describe, expect, it } from 'vitest';
import { depositCredit, formatMicros, parseMicros, receivedAmount, withdrawalFee } from '@omp/engine';
import { chromiumPath, eventually, screenshot, useStack } from './harness.ts';
import { CAPTCHA_ANSWER, registerByApi, uniqueEmail } from './accounts-api.ts';
import { ADMIN_PASSWORD, adminToken, approveWaiting, rejectIdentity, staffCall } from './money-api.ts';
import { MoneyScreen } from './pages/money-pages.ts';
import { photo } from './photos.ts';
import { UserScreen } from './pages/account-pages.ts';

const TRC20_ADDRESS = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';

describe.skipIf(!chromiumPath)('money and identity', () => {
  const stack = useStack({
    env: { CAPTCHA_TEST_ANSWER: CAPTCHA_ANSWER, ADMIN_INITIAL_PASSWORD: ADMIN_PASSWORD, FEED: 'none' },
  });

  it('verifies an identity with two photos, deposits with a proof, and withdraws to a bound address', async () => {
    const session = await registerByApi(stack, uniqueEmail('money'), 'Money-pass-1');
    const admin = await adminToken(stack);
    // A new address waits before withdrawals by default; this test withdraws to one at once.
    await staffCall(stack, '/admin/api/settings', admin, { payout_cooling_hours: '0' });

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
    // The new address is read back in full before it is saved.
    await app.field('bind-address').fill(TRC20_ADDRESS);
    await app.testId('bind-submit').click();
    await app.testId('bind-confirm').waitFor();
    expect(await app.testId('confirm-address').textContent()).toBe(TRC20_ADDRESS);
    await app.settle();
    await screenshot(app.page, 'money-bind-confirm');
    await app.testId('confirm-send').click();
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
    // In English a comma groups thousands: "1,000" is a thousand (beyond the free margin), never one.
    await app.field('withdraw-amount').fill('1,000');
    await expect.poll(() => app.fieldError('withdraw-amount').textContent()).toContain('free margin');
    await app.field('withdraw-amount').fill('1,00');
    await expect.poll(() => app.fieldError('withdraw-amount').textContent()).toContain('at most 6 decimals');
    await app.field('withdraw-amount').fill('100');
    await expect.poll(() => app.testId('withdraw-received').textContent()).toBe('99.00 USDT');
    await app.field('withdraw-memo').fill('Rent');
    await app.settle();
    await screenshot(app.page, 'money-withdraw-form');
    // A confirmation repeats where the money goes, how much leaves, the fee and what arrives;
    // cancelling it sends nothing.
    const draws: string[] = [];
    app.page.on('request', (request) => {
      if (request.url().includes('/api/account/draw?') || request.url().endsWith('/api/account/draw'))
        draws.push(request.method());
    });
    await app.testId('withdraw-submit').click();
    await app.testId('withdraw-confirm').waitFor();
    const confirmation = {
      address: await app.testId('confirm-address').textContent(),
      amount: await app.testId('confirm-amount').textContent(),
      fee: await app.testId('confirm-fee').textContent(),
      received: await app.testId('confirm-received').textContent(),
    };
    expect(confirmation).toEqual({
      address: TRC20_ADDRESS,
      amount: '100.00 USD',
      fee: '1.00 USD',
      received: '99.00 USDT',
    });
    await app.settle();
    await screenshot(app.page, 'money-withdraw-confirm');
    await app.testId('confirm-cancel').click();
    await expect.poll(() => app.testId('withdraw-confirm').count()).toBe(0);
    await app.settle();
    expect(draws).toEqual([]);
    expect(await app.testId('withdraw-form').isVisible()).toBe(true);
    expect(await app.field('withdraw-amount').inputValue()).toBe('100');
    const withdrawalSent = app.page.waitForRequest('**/api/account/draw');
    await app.testId('withdraw-submit').click();
    await app.testId('confirm-send').click();
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

  it('takes a EUR wire in EUR, shows the USD it credits before sending, and credits what staff confirm arrived', async () => {
    const session = await registerByApi(stack, uniqueEmail('euro'), 'Money-pass-3');
    const admin = await adminToken(stack);
    const app = await MoneyScreen.start(stack, '/mine/charge', { session });
    await app.moneyTab('Bank wire');
    await app.page.locator('[data-testid="deposit-banks"] .adm-selector-item', { hasText: 'EUR' }).click();
    await expect.poll(() => app.testId('deposit-bank-card').textContent(), eventually).toContain('BSPBDEFF');

    // The amount is typed in euros; the rate and the USD it credits show before anything is sent.
    expect(await app.page.locator('label[for="deposit-amount"]').textContent()).toBe('Amount (EUR)');
    expect(await app.page.locator('.amount-field__unit').textContent()).toBe('EUR');
    expect(await app.testId('deposit-rate').textContent()).toBe('1 USD = 0.86 EUR');
    expect(await app.testId('deposit-credited').textContent()).toBe('—');
    await app.field('deposit-amount').fill('100');
    const credited = formatMicros(depositCredit(parseMicros('100')!, '0.86')!);
    expect(credited).toBe('116.279069');
    await expect.poll(() => app.testId('deposit-credited').textContent()).toBe('116.279069 USD');
    await app.attach('deposit-proof', photo('payment-proof.png'));
    await app.settle();
    await screenshot(app.page, 'money-deposit-eur');
    const sent = app.page.waitForRequest('**/api/quickCharge/wire_submit');
    await app.testId('deposit-submit').click();
    // The rate the user saw travels with the report, so a rate changed meanwhile is refused, not applied.
    expect(new URLSearchParams((await sent).postData() ?? '').get('usd_price')).toBe('0.86');
    await expect.poll(() => app.recordStatuses('deposit'), eventually).toEqual(['Under review']);
    expect(await app.testId('record-sent').textContent()).toBe('100.00 EUR');

    // 95 EUR arrived: staff confirm that amount, in euros; the balance gets its USD at 0.86.
    const page = await staffCall<{ list: { id: number; sent_number: string }[] }>(
      stack,
      `/admin/api/deposits?status=0&user_id=${session.user.id}`,
      admin,
    );
    expect(page.list[0]!.sent_number).toBe('100');
    await staffCall(stack, `/admin/api/deposits/${page.list[0]!.id}/approve`, admin, {
      received: '95',
      remark: 'Your bank deducted 5 EUR',
    });
    await expect.poll(() => app.recordStatuses('deposit'), eventually).toEqual(['Completed']);
    expect(await app.testId('record-received').textContent()).toBe('95.00 EUR');
    // 95 ÷ 0.86 = 110.465116 USD credited.
    expect(await app.testId('record-amount').textContent()).toBe('$110.47');
    await app.settle();
    await screenshot(app.page, 'money-deposit-eur-credited');
    const user = app.as(UserScreen);
    await user.goto('/user');
    await expect.poll(() => user.page.getByTestId('balance').textContent(), eventually).toContain('$110.47');
  });

  it("takes an amount typed in the user's language and shows every figure in it", async () => {
    const session = await registerByApi(stack, uniqueEmail('german'), 'Money-pass-4');
    const app = await MoneyScreen.start(stack, '/mine/charge', { session, lang: 'de' });
    await app.moneyTab('Banküberweisung');
    await app.page.locator('[data-testid="deposit-banks"] .adm-selector-item', { hasText: 'EUR' }).click();
    await expect.poll(() => app.testId('deposit-rate').textContent(), eventually).toBe('1 USD = 0,86 EUR');
    // German writes 1.234,5: the point groups, the comma is the decimal; what is sent is 1234.5.
    await app.field('deposit-amount').fill('1.234,5');
    expect(formatMicros(depositCredit(parseMicros('1234.5')!, '0.86')!)).toBe('1435.465116');
    await expect.poll(() => app.testId('deposit-credited').textContent()).toBe('1.435,465116 USD');
    expect(await app.field('deposit-amount').inputValue()).toBe('1.234,5');
    await app.attach('deposit-proof', photo('payment-proof.png'));
    await app.settle();
    await screenshot(app.page, 'money-deposit-german');
    const sent = app.page.waitForRequest('**/api/quickCharge/wire_submit');
    await app.testId('deposit-submit').click();
    expect(new URLSearchParams((await sent).postData() ?? '').get('number')).toBe('1234.5');
    await expect.poll(() => app.testId('record-sent').textContent(), eventually).toContain('1.234,50');
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
