/**
 * The back office in Chromium at 1440x900 against the real server: the first admin enrols an
 * authenticator and signs in, then works the queues while a user acts on the phone app, and each
 * decision shows on the phone in the same test. CSV exports are read back; screenshots go to
 * apps/web/e2e-artifacts/ for a human to look at.
 */
import { readFileSync } from 'node:fs';
import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { chromiumPath, eventually, screenshot, socketSignedIn, useStack } from './harness.ts';
import { call, CAPTCHA_ANSWER, registerByApi, uniqueEmail, type Session } from './accounts-api.ts';
import { demoSession, pushTicks, tradableInstrument, tradingServerEnv } from './trading-api.ts';
import { AccountPage } from './pages/account-pages.ts';
import { OrdersScreen, TicketScreen } from './pages/trading-pages.ts';
import { ADMIN_PASSWORD, staffCall } from './money-api.ts';
import { MoneyScreen } from './pages/money-pages.ts';
import { photo } from './photos.ts';
import { BackOffice } from './pages/back-office-page.ts';

/** A screenshot once drawers, dialogs and toasts have finished sliding in. */
const shot = async (page: Page, name: string) => {
  await page.waitForTimeout(500);
  await screenshot(page, name);
};

describe.skipIf(!chromiumPath)('back office', () => {
  const stack = useStack({
    env: { ...tradingServerEnv, CAPTCHA_TEST_ANSWER: CAPTCHA_ANSWER, ADMIN_INITIAL_PASSWORD: ADMIN_PASSWORD },
  });
  let office: BackOffice;
  /** The admin's authenticator secret, as their phone keeps it. */
  let adminSecret = '';
  /** The admin's working session from the first test, so later tests open tabs of it. */
  let adminSession = '';
  const officeTab = async () => {
    office = await BackOffice.open(stack, { token: adminSession });
    await office.page.getByTestId('queue-deposits').waitFor();
    return office;
  };

  /** The phone files a crypto deposit of `amount` USD with a proof photo. */
  async function depositOnPhone(session: Session, amount: string) {
    const phone = await MoneyScreen.start(stack, '/mine/charge', { session });
    await phone.testId('deposit-address').waitFor();
    await phone.field('deposit-amount').fill(amount);
    await phone.attach('deposit-proof', photo('payment-proof.png'));
    await phone.testId('deposit-submit').click();
    await expect.poll(() => phone.recordStatuses('deposit'), eventually).toEqual(['Under review']);
    return phone;
  }

  it('makes the first admin enrol an authenticator; the password alone opens nothing', async () => {
    office = await BackOffice.open(stack);
    await office.page.getByText('Back office sign-in').waitFor();
    await office.typePassword('admin', 'Wrong-password-1');
    await expect
      .poll(() => office.page.getByRole('alert').textContent(), eventually)
      .toBe('Wrong username or password');

    await office.typePassword('admin', ADMIN_PASSWORD);
    await office.page.getByTestId('totp-secret').waitFor();
    await expect.poll(() => office.page.locator('.qr-frame svg').count()).toBe(1);
    await shot(office.page, 'admin-enrol');
    // A wrong code is refused with the reason, and the form stays.
    office.secret = (await office.page.getByTestId('totp-secret').textContent())!.replace(/\s+/g, '');
    const wrong = String((Number(await generate({ secret: office.secret })) + 1) % 1_000_000).padStart(
      6,
      '0',
    );
    await office.typeCode(wrong);
    await office.page.getByRole('button', { name: 'Confirm and continue' }).click();
    await expect
      .poll(() => office.page.getByRole('alert').textContent(), eventually)
      .toBe('That authenticator code is wrong or has expired');
    for (const box of await office.page.locator('.ant-otp input').all()) await box.fill('');
    await office.enrol();
    expect(office.recoveryCodes).toHaveLength(10);
    expect(office.recoveryCodes[0]).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    await shot(office.page, 'admin-recovery-codes');
    await office.finishEnrolment();
    await expect.poll(() => office.page.getByTestId('account-menu').textContent()).toContain('admin');
    adminSession = await office.token();
    adminSecret = office.secret;
    // The count of positions, then how many traders hold them, apart.
    await expect
      .poll(() => office.page.getByTestId('dashboard-open-positions').textContent(), eventually)
      .toMatch(/^Open positions\d+ · traders: \d+$/);
    await shot(office.page, 'admin-dashboard-empty');
  });

  it('approves a deposit from its drawer and rejects another; the phone shows each, and the CSV export reads back', async () => {
    const session = await registerByApi(stack, uniqueEmail('desk'), 'Desk-pass-1');
    const phone = await depositOnPhone(session, '500');

    await officeTab();
    await expect
      .poll(
        () => office.page.getByTestId('queue-deposits').locator('.ant-statistic-content').textContent(),
        eventually,
      )
      .toBe('1');

    await office.menu('Deposits');
    await office.filterUser(session.user.id);
    await expect.poll(() => office.rows().count(), eventually).toBe(1);
    await office.rows().first().click();
    await office.drawer().locator('img').first().waitFor();
    await expect
      .poll(
        () =>
          office
            .drawer()
            .locator('img')
            .first()
            .evaluate((img: HTMLImageElement) => img.naturalWidth),
        eventually,
      )
      .toBeGreaterThan(0);
    await shot(office.page, 'admin-deposit-drawer');
    // The user under review is one click away, in their own drawer on top; Esc returns to the deposit.
    await office
      .drawer()
      .getByRole('button', { name: `Open user #${session.user.id}` })
      .click();
    const userDrawer = office.page.locator('.ant-drawer-open .ant-drawer-section').last();
    await expect
      .poll(() => userDrawer.locator('.ant-drawer-title').textContent(), eventually)
      .toBe(`User #${session.user.id} · ${session.user.email}`);
    await shot(office.page, 'admin-deposit-user-drawer');
    await office.page.keyboard.press('Escape');
    await expect.poll(() => office.drawer().count(), eventually).toBe(1);
    expect(await office.drawer().locator('.ant-drawer-title').textContent()).toMatch(/^Deposit #\d+$/);
    // Less arrived than reported: staff confirm what arrived, in the deposit's currency, see the USD
    // it credits at the deposit's rate (USDT at par), and tell the user why.
    await office.drawer().getByRole('button', { name: 'Approve and credit' }).click();
    const received = office.modal().getByLabel('Amount that arrived (USDT)');
    expect(await received.inputValue()).toBe('500');
    await expect
      .poll(() => office.modal().getByTestId('follows-received').textContent())
      .toBe('Credits 500.00 USD');
    await received.fill('495');
    await expect
      .poll(() => office.modal().getByTestId('follows-received').textContent())
      .toBe('Credits 495.00 USD');
    // Crediting other than declared needs the note the user will read: the dialog says so first.
    await office.modal().getByRole('button', { name: 'Approve and credit' }).click();
    await office
      .modal()
      .getByText('Say why the amount differs from what the user declared (500 USDT)')
      .waitFor();
    await office
      .modal()
      .getByLabel('Note for the user (needed when the amount differs)')
      .fill('5 USD network fee on the way');
    await shot(office.page, 'admin-deposit-approve');
    await office.modal().getByRole('button', { name: 'Approve and credit' }).click();
    await expect.poll(() => office.toast().textContent(), eventually).toBeTruthy();
    // Out of the waiting list at once.
    await expect.poll(() => office.rows().count(), eventually).toBe(0);

    // The phone's open records page shows it without a reload: the socket said the account changed.
    await expect.poll(() => phone.recordStatuses('deposit'), eventually).toEqual(['Completed']);
    expect(await phone.testId('record-note').textContent()).toBe('Note: 5 USD network fee on the way');

    await office.filterStatus('All statuses');
    await expect.poll(() => office.rows().count(), eventually).toBe(1);
    const download = office.page.waitForEvent('download');
    await office.page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('deposits.csv');
    const csv = readFileSync((await file.path())!, 'utf8').replace(/^\uFEFF/, '');
    const [header, row, ...rest] = csv.trim().split('\r\n');
    expect(header).toBe(
      'id,user_id,amount_usd,currency,network,status,remark,created_at,declared,received,usd_price',
    );
    expect(row!.split(',').slice(1, 3)).toEqual([String(session.user.id), '495']);
    expect(row!.split(',').slice(-3)).toEqual(['500', '495', '1']);
    expect(row).toContain('5 USD network fee on the way');
    expect(row).toContain('Completed');
    expect(rest).toHaveLength(0);

    // A second deposit whose money never arrived: rejected with the reason the phone then shows.
    await phone.moneyTab('Crypto');
    await phone.field('deposit-amount').fill('20');
    await phone.attach('deposit-proof', photo('payment-proof.png'));
    await phone.testId('deposit-submit').click();
    await expect
      .poll(() => phone.recordStatuses('deposit'), eventually)
      .toEqual(['Under review', 'Completed']);
    await office.page.getByRole('button', { name: 'Refresh' }).click();
    await expect.poll(() => office.rows().count(), eventually).toBe(2);
    // By keyboard: down to the completed one, back up (k) to the new one, Enter opens its drawer.
    await office.rows().first().focus();
    await office.page.keyboard.press('ArrowDown');
    expect(await office.page.evaluate(() => document.activeElement?.textContent)).toContain('Completed');
    await office.page.keyboard.press('k');
    expect(await office.page.evaluate(() => document.activeElement?.textContent)).toContain('Under review');
    await office.page.keyboard.press('Enter');
    await office.decide('Reject', 'No transfer reached the address');
    await phone.page.reload();
    await phone.moneyTab('Records');
    await expect.poll(() => phone.recordStatuses('deposit'), eventually).toEqual(['Rejected', 'Completed']);
    expect(
      await phone.page.locator('[data-testid="deposit-record"] .record__remark').first().textContent(),
    ).toBe('Reason: No transfer reached the address');
  });

  it('marks one withdrawal paid with its reference and rejects another; the phone shows each and the hold returns', async () => {
    const session = await registerByApi(stack, uniqueEmail('payee'), 'Payee-pass-1');
    const userId = session.user.id;
    await staffCall(stack, '/admin/api/settings', adminSession, {
      withdraw_requires_identity: '0',
      // This test is about the review, not the cooling of a new payout address (sessions.e2e.ts).
      payout_cooling_hours: '0',
    });
    await staffCall(stack, `/admin/api/users/${userId}/adjust`, adminSession, {
      amount: '500',
      reason: 'Test funds',
    });
    const [usdt] = (
      await call<Array<{ id: number }>>(stack, '/api/account/draw_symbol_list?type=1', {
        token: session.token,
      })
    ).data;
    const bound = await call<{ id: number }>(stack, '/api/wallet/bind_draw_method', {
      token: session.token,
      body: {
        type: '1',
        draw_currency_id: String(usdt!.id),
        dc_address: 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8',
      },
    });
    for (const amount of ['100', '50']) {
      const filed = await call(stack, '/api/account/draw', {
        token: session.token,
        body: { draw_currency_id: String(usdt!.id), draw_method_id: String(bound.data.id), number: amount },
      });
      expect(filed.code).toBe(1);
    }

    await officeTab();
    await office.menu('Withdrawals');
    await office.filterUser(userId);
    await expect.poll(() => office.rows().count(), eventually).toBe(2);
    // The newest first: 50, then 100. Pay the 100 with its transaction hash.
    await office.rows().nth(1).click();
    await office.drawer().getByRole('button', { name: 'Mark paid' }).click();
    await office.modal().getByLabel('Transaction hash or bank reference (optional)').fill('0xfeed1234');
    await shot(office.page, 'admin-withdrawal-paid');
    await office.modal().getByRole('button', { name: 'Mark paid' }).click();
    await expect.poll(() => office.rows().count(), eventually).toBe(1);
    await office.rows().first().click();
    await office.decide('Reject', 'The address failed our screening');
    await expect.poll(() => office.rows().count(), eventually).toBe(0);

    const phone = await MoneyScreen.start(stack, '/mine/withdraw', { session });
    await phone.moneyTab('Records');
    await expect.poll(() => phone.recordStatuses('withdraw'), eventually).toEqual(['Rejected', 'Paid']);
    // The reference of the payout reads as one, not as a refusal's reason.
    expect(await phone.testId('record-note').textContent()).toBe('Payment reference: 0xfeed1234');
    const page = await call<{ balance: number; withdraw_hold: number }>(
      stack,
      '/v1/api/main/account/forexDetail',
      {
        token: session.token,
      },
    );
    // 100 paid out (with its 1 USD fee inside it); the rejected 50 came back.
    expect(page.data).toMatchObject({ balance: 400, withdraw_hold: 0 });
    await shot(phone.page, 'phone-withdrawals-decided');
  });

  it('rejects an identity with a reason the phone then shows, and approves the resubmission', async () => {
    const session = await registerByApi(stack, uniqueEmail('kyc'), 'Kyc-pass-1');
    const phone = await MoneyScreen.start(stack, '/mine/auth', { session });
    await phone.testId('identity-form').waitFor();
    await phone.field('identity-name').fill('Jane Example');
    await phone.field('identity-card').fill('P7654321');
    await phone.attach('identity-front', photo('id-front.png'));
    await phone.attach('identity-reverse', photo('id-reverse.png'));
    await phone.testId('identity-submit').click();
    await phone.testId('identity-status').waitFor();

    await officeTab();
    await office.menu('Identity checks');
    await office.filterUser(session.user.id);
    await expect.poll(() => office.rows().count(), eventually).toBe(1);
    await office.rows().first().click();
    await expect.poll(() => office.drawer().locator('.photo img').count(), eventually).toBe(2);
    await shot(office.page, 'admin-identity-drawer');
    // A rejection needs its reason: the dialog will not send without one.
    await office.drawer().getByRole('button', { name: 'Reject' }).click();
    await office.modal().getByRole('button', { name: 'Reject' }).click();
    await expect
      .poll(() => office.modal().locator('.ant-form-item-explain-error').textContent(), eventually)
      .toBe('Write the reason: the user will read it');
    await office.modal().getByRole('textbox').fill('The photo of the back is blurred');
    await office.modal().getByRole('button', { name: 'Reject' }).click();
    await expect.poll(() => office.rows().count(), eventually).toBe(0);

    // No reload: the open identity page hears of the decision on its socket.
    await expect
      .poll(() => phone.testId('identity-rejected').textContent(), eventually)
      .toContain('The photo of the back is blurred');

    // The user sends their passport instead: its photo page, with no reverse side to ask for.
    await phone.field('identity-name').fill('Jane Example');
    await phone.testId('identity-type').getByText('Passport').click();
    expect(await phone.testId('identity-reverse').count()).toBe(0);
    await phone.field('identity-card').fill('P7654321');
    await phone.attach('identity-front', photo('id-front.png'));
    await phone.testId('identity-submit').click();
    await expect
      .poll(() => phone.testId('identity-status').getAttribute('data-status'), eventually)
      .toBe('1');
    await office.page.getByRole('button', { name: 'Refresh' }).click();
    await expect.poll(() => office.rows().count(), eventually).toBe(1);
    await office.rows().first().click();
    // One photo: a passport has no reverse side.
    await expect.poll(() => office.drawer().locator('.photo img').count(), eventually).toBe(1);
    await office.decide('Approve');
    await expect.poll(() => office.rows().count(), eventually).toBe(0);
    await phone.page.reload();
    await expect
      .poll(() => phone.testId('identity-status').getAttribute('data-status'), eventually)
      .toBe('2');
    await shot(phone.page, 'phone-identity-certified');
  });

  it('changes a trading setting after confirming it, and the audit log shows before and after', async () => {
    await officeTab();
    await office.menu('Settings');
    const demo = office.page.getByLabel('Demo account balance');
    await demo.waitFor();
    expect(await demo.inputValue()).toBe('100000');
    await demo.fill('2500');
    await office.page.getByRole('button', { name: 'Review changes' }).click();
    await expect.poll(() => office.modal().textContent(), eventually).toContain('100000 → 2500');
    await shot(office.page, 'admin-settings-confirm');
    await office.modal().getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => office.toast().textContent(), eventually).toBe('Saved');

    // A new demo account on the phone opens with the new balance at once.
    const demoLogin = await fetch(
      `${stack.baseUrl}/api/user/createAccountDemoForU?demo_id=desk-demo-${Date.now()}`,
    );
    const { data } = (await demoLogin.json()) as { data: { token: string } };
    const balance = await fetch(`${stack.baseUrl}/v1/api/main/wallet/getBalance`, {
      headers: { authorization: data.token },
    });
    expect(((await balance.json()) as { data: { balance: number } }).data.balance).toBe(2500);

    await office.menu('Audit log');
    await expect.poll(() => office.rows().first().textContent(), eventually).toContain('setting.update');
    expect(await office.rows().first().textContent()).toContain('demo_balance');
    // Every entry's before and after columns start at the same place, whatever its values' lengths.
    const beforeColumnStarts = await office.page
      .locator('.ant-table-tbody .ant-table thead th:nth-child(2)')
      .evaluateAll((cells) => cells.map((cell) => Math.round(cell.getBoundingClientRect().left)));
    expect(beforeColumnStarts.length).toBeGreaterThan(1);
    expect(new Set(beforeColumnStarts).size).toBe(1);
    // Entries name their record in words; settings are one record, with no number.
    expect(await office.rows().first().textContent()).toContain('Settings');
    expect(await office.rows().first().textContent()).not.toContain('#0');
    await shot(office.page, 'admin-audit');

    // Every kind of record can be picked, and a desk's status reads as its screen says it.
    await office.page.getByLabel('Record type').click();
    for (const kind of ['Instrument', 'Order', 'Leverage caps', 'Deposit network'])
      expect(await office.page.locator('.ant-select-item-option', { hasText: kind }).count()).toBeGreaterThan(
        0,
      );
    await office.page.locator('.ant-select-item-option', { hasText: 'Identity check' }).click();
    await expect
      .poll(() => office.rows().first().textContent(), eventually)
      .toMatch(/^\d+.*Identity check #\d+/);
    expect(await office.page.locator('.ant-table-tbody').first().textContent()).toMatch(/Waiting.*Certified/);
    // The reviewer is named as the "Who" column names them, not left as a bare member id.
    const reviewer = office.rows().first().locator('.audit-diff tr', { hasText: 'reviewed_by' });
    expect(await reviewer.textContent()).toMatch(/^reviewed_by\S+ \(#\d+\)$/);
    await shot(office.page, 'admin-audit-identity');
  });

  it('says how many accounts new margin levels would reach before they are saved', async () => {
    await officeTab();
    await office.menu('Settings');
    const level = office.page.getByLabel('Margin-call level');
    await level.waitFor();
    await level.fill('150');
    await office.page.getByRole('button', { name: 'Review changes' }).click();
    await expect
      .poll(() => office.modal().getByTestId('level-impact').textContent(), eventually)
      .toMatch(
        /^At the current prices: \d+ accounts hold positions; \d+ would be at or below the new margin-call level \(\d+ real money\) and \d+ at or below the new stop-out level/,
      );
    expect(await office.modal().textContent()).toContain('100 → 150');
    await shot(office.page, 'admin-settings-level-impact');
    await office.modal().getByRole('button', { name: 'Cancel' }).click();
    await level.fill('100');
  });

  it('shows a crashed screen inside the shell, whose menu leads on, and draws it afresh on the next visit', async () => {
    await officeTab();
    // An audit row the screen cannot draw, as an answer of a shape this back office does not know.
    const audit = '**/admin/api/audit**';
    await office.page.route(audit, (route) =>
      route.fulfill({ json: { code: 1, msg: '', data: { list: [null], total: 1 } } }),
    );
    await office.menu('Audit log');
    const crashed = office.page.getByText('This screen stopped working');
    await crashed.waitFor();
    expect(
      await office.page
        .getByText('Something went wrong on this screen. Reload the page and try again.')
        .isVisible(),
    ).toBe(true);
    expect(await office.page.getByRole('button', { name: 'Reload' }).isVisible()).toBe(true);
    await shot(office.page, 'admin-crash-screen');

    // The menu still works, and the crashed screen's bad answer was forgotten: it draws again.
    await office.menu('Dashboard');
    await office.page.getByTestId('queue-deposits').waitFor();
    expect(await crashed.count()).toBe(0);
    await office.page.unroute(audit);
    await office.menu('Audit log');
    await expect.poll(() => office.rows().count(), eventually).toBeGreaterThan(0);
    expect(await crashed.count()).toBe(0);
  });

  it('credits a trader, closes their position as staff, freezes their trading and cuts their access; the phone shows each', async () => {
    const email = uniqueEmail('trader');
    const session = await registerByApi(stack, email, 'Trader-pass-1');
    // The trader has read the risk warning, so the phone's first order goes straight out (the
    // acknowledgement has its own test: risk-warning.e2e.ts).
    expect((await call(stack, '/api/risk/acknowledge', { token: session.token, body: {} })).code).toBe(1);
    await officeTab();
    // Support can see the sign-up code was sent, never the code itself.
    await office.menu('Messages sent');
    await office.page.getByLabel('E-mail address or mobile number (+852…)').fill(email);
    await office.page.keyboard.press('Enter');
    await expect.poll(() => office.rows().count(), eventually).toBe(1);
    expect(await office.rows().first().textContent()).toMatch(/••••••/);
    expect(await office.rows().first().textContent()).not.toMatch(/\b\d{6}\b/);
    await office.menu('Users');
    await office.page.getByLabel('Id, uid, e-mail or mobile number').fill(email);
    await office.page.keyboard.press('Enter');
    await expect.poll(() => office.rows().count(), eventually).toBe(1);
    await office.rows().first().click();
    await expect.poll(() => office.page.getByTestId('user-balance').textContent(), eventually).toBe('0.00');

    await office.drawer().getByRole('button', { name: 'Adjust balance' }).click();
    await office.modal().getByLabel('Amount (USD)').fill('1000');
    await office
      .modal()
      .getByRole('textbox', { name: /Reason/ })
      .fill('Welcome credit');
    await office.modal().getByRole('button', { name: 'Adjust balance' }).click();
    await expect
      .poll(() => office.page.getByTestId('user-balance').textContent(), eventually)
      .toBe('1,000.00');

    // The trader opens a position from the phone's API.
    const { instrument, price } = await tradableInstrument(stack);
    await pushTicks(stack, [{ code: instrument.Code, bid: price.toFixed(instrument.PricePrecision) }]);
    const order = await call<{ Id: number }>(stack, '/v1/api/forex/submit', {
      token: session.token,
      body: { type: '1', cont: '0.01', forex_id: String(instrument.Id), status: '1' },
    });
    expect(order.code).toBe(1);
    // The risk screen lists it among the largest positions; its row opens the trader.
    await office.closeDrawerWithEscape();
    await office.menu('Risk');
    const largest = office.page
      .locator('.ant-card')
      .filter({ hasText: 'Largest open positions' })
      .locator('tr.ant-table-row');
    await expect.poll(() => largest.count(), eventually).toBe(1);
    expect(await largest.first().textContent()).toContain(instrument.Code);
    await shot(office.page, 'admin-risk');
    await largest.first().click();
    const positions = office.drawer().getByRole('tabpanel').locator('tr.ant-table-row');
    await expect.poll(() => positions.count(), eventually).toBe(1);
    // Prices at the instrument's precision, as the phone shows them: the bid now is 1.10000, not 1.1.
    expect(await positions.first().textContent()).toContain(price.toFixed(instrument.PricePrecision));
    // The e-mail reads whole, with a button that copies it (the mobile row has none: no number).
    const figures = office.drawer().getByTestId('user-figures');
    expect(await figures.textContent()).toContain(email);
    expect(await figures.getByRole('button', { name: 'Copy' }).count()).toBe(1);
    await shot(office.page, 'admin-user-drawer');
    await positions.first().getByRole('button', { name: 'Close position' }).click();
    await office.modal().getByRole('textbox').fill('Dealing decision');
    await office.modal().getByRole('button', { name: 'Close position' }).click();
    await expect.poll(() => positions.count(), eventually).toBe(0);

    const phone = await OrdersScreen.start(stack, '/order', { session });
    await phone.open('history');
    await phone.row(order.data.Id).waitFor();
    await shot(phone.page, 'admin-closed-on-phone');

    // A trading freeze: the phone's next order is refused with the reason, at once.
    await office.drawer().getByRole('button', { name: 'Access and holds' }).click();
    await office.page.getByRole('menuitem', { name: 'Freeze trading' }).click();
    await office.modal().getByRole('textbox').fill('Account sharing review');
    await office.modal().getByRole('button', { name: 'Freeze trading' }).click();
    await office.drawer().getByTestId('hold-trading').waitFor();
    const trade = await TicketScreen.start(stack, '/trade', { session });
    await trade.page.getByTestId('trade-page').waitFor();
    await trade.pickInstrument(instrument.Code);
    await pushTicks(stack, [{ code: instrument.Code, bid: price.toFixed(instrument.PricePrecision) }]);
    await trade.scrollToTicket();
    await trade.testId('submit-order').click();
    await trade.toast().filter({ hasText: 'Trading on your account is suspended by the broker' }).waitFor();
    await shot(trade.page, 'phone-trading-frozen');
    await office.drawer().getByRole('button', { name: 'Access and holds' }).click();
    await office.page.getByRole('menuitem', { name: 'Lift the trading freeze' }).click();
    await office.modal().getByRole('textbox').fill('Review closed');
    await office.modal().getByRole('button', { name: 'Lift the trading freeze' }).click();
    await expect.poll(() => office.drawer().getByTestId('hold-trading').count(), eventually).toBe(0);

    // Cutting access signs the phone out at once, saying why.
    const app = await AccountPage.start(stack, '/user', { session });
    const signedIn = socketSignedIn(app.page);
    await app.page.reload();
    await signedIn;
    await office.drawer().getByRole('button', { name: 'Disable login' }).click();
    await office.modal().getByRole('textbox').fill('Fraud review');
    await office.modal().getByRole('button', { name: 'Disable login' }).click();
    await app.page.waitForURL(/#\/login/);
    await expect
      .poll(() => office.drawer().getByRole('button', { name: 'Allow login' }).count(), eventually)
      .toBe(1);
    const refused = await call(stack, '/api/user/loginForU', {
      body: { account: email, password: 'Trader-pass-1' },
    });
    expect(refused.code).not.toBe(1);
  });

  it("changes a spread and the phone's ask moves with the next tick; a halt shows on the phone at once", async () => {
    const { instrument, price } = await tradableInstrument(stack);
    const precision = instrument.PricePrecision;
    const bid = price.toFixed(precision);
    const phone = await TicketScreen.start(stack, '/trade', { session: await demoSession(stack) });
    await phone.page.getByTestId('trade-page').waitFor();
    await phone.pickInstrument(instrument.Code);
    await pushTicks(stack, [{ code: instrument.Code, bid }]);
    const askOnPhone = async () =>
      Number(await phone.page.getByTestId('trade-ask').getAttribute('data-value'));
    const points = 10 ** precision;
    await expect.poll(askOnPhone, eventually).toBeCloseTo(price + instrument.Spread / points, precision);

    await officeTab();
    await office.menu('Instruments');
    const row = office.rows().filter({ has: office.page.getByTestId(`spread-${instrument.Code}`) });
    await row.getByRole('button', { name: 'Edit' }).click();
    const wider = instrument.Spread + 40;
    await office.drawer().getByLabel('Spread (points)').fill(String(wider));
    await office.drawer().getByRole('button', { name: 'Save' }).click();
    // The confirmation lists each change before and after.
    await expect
      .poll(() => office.modal().getByTestId('instrument-changes').textContent(), eventually)
      .toBe(`spread_points: ${instrument.Spread} → ${wider}`);
    await shot(office.page, 'admin-instrument-confirm');
    await office.modal().getByRole('button', { name: 'Apply' }).click();
    await expect
      .poll(() => office.page.getByTestId(`spread-${instrument.Code}`).textContent(), eventually)
      .toContain(`${wider} (`);

    await pushTicks(stack, [{ code: instrument.Code, bid }]);
    await expect.poll(askOnPhone, eventually).toBeCloseTo(price + wider / points, precision);

    // Halting new orders shows on the phone at once (no tick needed) and the ticket cannot send.
    await row.getByRole('button', { name: 'Halt new orders' }).click();
    await office.modal().getByRole('button', { name: 'Halt new orders' }).click();
    await expect
      .poll(() => office.page.getByTestId(`state-${instrument.Code}`).textContent(), eventually)
      .toBe('Halted');
    await expect
      .poll(() => phone.page.getByTestId('market-closed').textContent(), eventually)
      .toBe('New orders halted by the broker');
    expect(await phone.page.getByTestId('submit-order').isDisabled()).toBe(true);
    await shot(phone.page, 'phone-instrument-halted');
    await row.getByRole('button', { name: 'Resume trading' }).click();
    await office.modal().getByRole('button', { name: 'Resume trading' }).click();
    await expect.poll(() => phone.page.getByTestId('submit-order').isDisabled(), eventually).toBe(false);
    expect(await phone.page.getByTestId('market-closed').count()).toBe(0);
  });

  it('writes an article in two languages with the rich editor; the phone reads each in its language', async () => {
    await officeTab();
    await office.menu('News');
    await office.page.getByRole('button', { name: 'New article' }).click();
    const drawer = office.drawer();
    // The language shown: English first, then each tab the test opens.
    const pane = drawer.getByRole('tabpanel');
    await pane.getByLabel('Title').fill('Gold steadies after the rate decision');
    await pane.getByLabel('Summary').fill('Metals hold their gains.');
    await pane.getByRole('textbox', { name: 'Text' }).click();
    await office.page.keyboard.type('Spot gold held near its high. ');
    // A press on a formatting tool leaves the focus in the text (its default is prevented), so
    // what is typed at once after the click is formatted, not sent to the button.
    const keepsFocus = await pane
      .getByRole('toolbar')
      .getByRole('button')
      .evaluateAll((tools) =>
        tools.map((tool) =>
          tool.dispatchEvent(new MouseEvent('mousedown', { bubbles: true, cancelable: true })),
        ),
      );
    expect(keepsFocus).toEqual(Array(8).fill(false));
    await pane.getByRole('button', { name: 'Bold' }).click();
    await office.page.keyboard.type('Volatility stays elevated.');
    // The preview at the phone's width shows the bold run as the reader will see it.
    await expect
      .poll(() => drawer.getByTestId('news-preview').locator('strong').textContent(), eventually)
      .toBe('Volatility stays elevated.');
    await drawer.getByTestId('news-tab-de').click();
    await pane.getByLabel('Title').fill('Gold stabilisiert sich nach dem Zinsentscheid');
    await pane.getByRole('textbox', { name: 'Text' }).click();
    await office.page.keyboard.type('Der Goldpreis hielt sich nahe seinem Hoch.');
    await shot(office.page, 'admin-news-editor');
    await drawer.getByRole('button', { name: 'Save' }).click();
    await expect
      .poll(() => office.modal().getByTestId('news-changes').textContent(), eventually)
      .toBe('English: writtenDeutsch: written');
    await office.modal().getByRole('button', { name: 'Publish' }).click();
    await expect.poll(() => office.toast().textContent(), eventually).toBeTruthy();
    await expect
      .poll(
        () => office.rows().filter({ hasText: 'Gold steadies after the rate decision' }).count(),
        eventually,
      )
      .toBe(1);

    for (const [lang, title, text] of [
      ['de', 'Gold stabilisiert sich nach dem Zinsentscheid', 'Der Goldpreis hielt sich nahe seinem Hoch.'],
      [
        'fr',
        'Gold steadies after the rate decision',
        'Spot gold held near its high. Volatility stays elevated.',
      ],
    ] as const) {
      const phone = await MoneyScreen.start(stack, '/news', { lang });
      // The reader's language picks the article's title; the list shows it among the others.
      const row = phone.testId('news-row').filter({ hasText: title });
      await row.waitFor();
      await row.click();
      await expect.poll(() => phone.testId('news-content').textContent(), eventually).toBe(text);
      if (lang === 'fr') {
        expect(await phone.testId('news-content').locator('strong').textContent()).toBe(
          'Volatility stays elevated.',
        );
        await shot(phone.page, 'phone-news-from-editor');
      }
    }
  });

  it("changes a deposit address in the payment settings after confirming it; the phone's deposit page shows it", async () => {
    await officeTab();
    await office.menu('Payment settings');
    const networks = office.page.locator('.ant-table-tbody').first().locator('tr.ant-table-row');
    await networks.first().click();
    const address = office.drawer().getByLabel('Deposit address');
    const before = await address.inputValue();
    const next = 'TXnewAddressForDepositsXX1234567';
    await address.fill(next);
    await office.drawer().getByRole('button', { name: 'Save' }).click();
    await expect
      .poll(() => office.modal().getByTestId('config-changes').textContent(), eventually)
      .toBe(`Deposit address: ${before} → ${next}`);
    await shot(office.page, 'admin-payments-confirm');
    await office.modal().getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => networks.first().textContent(), eventually).toContain(next);

    // The euro's deposit rate, changed in the same page, is what the phone's next EUR wire shows.
    const euro = office.page
      .locator('.ant-table-tbody')
      .nth(2)
      .locator('tr.ant-table-row', { hasText: 'EUR' });
    await euro.click();
    await office.drawer().getByLabel('Units per USD').fill('0.9');
    await office.drawer().getByRole('button', { name: 'Save' }).click();
    await expect
      .poll(() => office.modal().getByTestId('config-changes').textContent(), eventually)
      .toBe('Units per USD: 0.86 → 0.9');
    await office.modal().getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => euro.textContent(), eventually).toContain('0.9');
    await shot(office.page, 'admin-payments-rates');

    const session = await registerByApi(stack, uniqueEmail('payer'), 'Payer-pass-1');
    const phone = await MoneyScreen.start(stack, '/mine/charge', { session });
    await expect.poll(() => phone.testId('deposit-address').textContent(), eventually).toBe(next);
    await phone.moneyTab('Bank wire');
    await phone.page.locator('[data-testid="deposit-banks"] .adm-selector-item', { hasText: 'EUR' }).click();
    await expect.poll(() => phone.testId('deposit-rate').textContent(), eventually).toBe('1 USD = 0.9 EUR');
    await phone.field('deposit-amount').fill('90');
    await expect.poll(() => phone.testId('deposit-credited').textContent()).toBe('100.00 USD');
  });

  it('signs in again with the next code, reads in Chinese and in the dark theme', async () => {
    const again = await BackOffice.open(stack, { colorScheme: 'dark', locale: 'zh-CN' });
    again.secret = adminSecret;
    await again.page.getByLabel('用户名').fill('admin');
    await again.page.getByLabel('密码').fill(ADMIN_PASSWORD);
    await again.page.getByRole('button', { name: '下一步' }).click();
    await again.page.locator('.ant-otp input').first().waitFor();
    // The enrolment's code was used: this is the next one the authenticator shows.
    await again.typeCode(await again.code());
    // The component library spaces out two-character Chinese labels ("登 录").
    await again.page.getByRole('button', { name: /^登\s*录$/ }).click();
    await again.page.getByTestId('queue-deposits').waitFor();
    await expect.poll(() => again.page.locator('.ant-menu').textContent()).toContain('入金');
    await expect
      .poll(() => again.page.getByTestId('dashboard-open-positions').textContent(), eventually)
      .toMatch(/^持仓数\d+ · \d+ 位交易者$/);
    await shot(again.page, 'admin-dashboard-zh-dark');
  });
});
