/**
 * The statement on a phone: a registered user with a month of activity (staff credit, a trade with
 * its fee and P/L) opens the Statement screen from the account history, reads this month's totals,
 * switches to last month and back, and downloads the CSV, whose totals are the ones on screen.
 * Screenshots in light, dark and Arabic.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { AccountFigures } from '@omp/protocol';
import { chromiumPath, eventually, screenshot, useStack } from './harness.ts';
import { call, CAPTCHA_ANSWER, registerByApi, uniqueEmail, type Session } from './accounts-api.ts';
import { ADMIN_PASSWORD, adminToken, staffCall } from './money-api.ts';
import {
  openMarketPosition,
  priceAt,
  pushTicks,
  tradableInstrument,
  tradingServerEnv,
  usd,
} from './trading-api.ts';
import { AppPage } from './pages/app-page.ts';
import { parseCsv } from '@omp/protocol';

class StatementScreen extends AppPage {
  testId(id: string) {
    return this.page.getByTestId(id);
  }
  figure(key: string) {
    return this.testId(`statement-${key}`).textContent();
  }
}

describe.skipIf(!chromiumPath)('account statement', () => {
  const stack = useStack({
    env: { ...tradingServerEnv, CAPTCHA_TEST_ANSWER: CAPTCHA_ANSWER, ADMIN_INITIAL_PASSWORD: ADMIN_PASSWORD },
  });

  /** A registered user credited by staff, with one trade opened and closed at a profit. */
  async function activeUser(): Promise<Session> {
    const session = await registerByApi(stack, uniqueEmail('statement'), 'Statement-pass-1');
    const admin = await adminToken(stack);
    await staffCall(stack, `/admin/api/users/${session.user.id}/adjust`, admin, {
      amount: '1500',
      kind: 'adjustment',
      reason: 'Funding for the statement test',
    });
    await staffCall(stack, `/admin/api/users/${session.user.id}/adjust`, admin, {
      amount: '25',
      kind: 'bonus',
      reason: 'Welcome bonus',
    });
    const { instrument, price } = await tradableInstrument(stack);
    const precision = instrument.PricePrecision;
    await pushTicks(stack, [{ code: instrument.Code, bid: priceAt(price, 1, precision) }]);
    const position = await openMarketPosition<{ Id: number }>(stack, session, instrument);
    await pushTicks(stack, [{ code: instrument.Code, bid: priceAt(price, 1.002, precision) }]);
    const closed = await call(stack, '/v1/api/forex/close', {
      token: session.token,
      body: { id: String(position.Id) },
    });
    if (closed.code !== 1) throw new Error(`close failed: ${closed.msg}`);
    return session;
  }

  it('shows this month’s totals and downloads a CSV with the same figures', async () => {
    const session = await activeUser();
    const figures = await call<AccountFigures>(stack, '/v1/api/main/account/forexDetail', {
      token: session.token,
    });
    const balance = figures.data.balance;

    const app = await StatementScreen.start(stack, '/mine/history', { session });
    await app.testId('open-statement').click();
    await app.testId('statement-page').waitFor();
    await expect.poll(() => app.figure('closing'), eventually).toBe(usd(balance));
    expect(await app.figure('opening')).toBe('$0.00');
    expect(await app.figure('adjustments')).toBe('+$1,525.00');
    expect(await app.figure('deposits')).toBe('$0.00');
    expect(await app.testId('statement-trade-count').textContent()).toBe('Trades closed in the period: 1');
    const fees = await app.figure('fees');
    expect(fees).toMatch(/^-\$\d+\.\d\d$/);
    const pnl = await app.figure('trading_pnl');
    expect(pnl).toMatch(/^\+\$\d[\d,]*\.\d\d$/);
    await screenshot(app.page, 'statement-this-month-light');

    // Last month had nothing: the account did not exist yet.
    await app.testId('statement-preset-last_month').click();
    await expect.poll(() => app.figure('closing'), eventually).toBe('$0.00');
    expect(await app.figure('adjustments')).toBe('$0.00');
    await app.testId('statement-preset-this_month').click();
    await expect.poll(() => app.figure('closing'), eventually).toBe(usd(balance));
    // The demo account was never opened: the screen says so instead of showing figures.
    await app.testId('statement-account-demo').click();
    await expect
      .poll(() => app.testId('statement-error').textContent(), eventually)
      .toBe('You have no demo account yet');
    await app.testId('statement-account-real').click();
    await expect.poll(() => app.figure('closing'), eventually).toBe(usd(balance));

    // The CSV: saved from the blob the app fetched with its session header.
    const [download] = await Promise.all([
      app.page.waitForEvent('download'),
      app.testId('statement-download-csv').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^statement-real-\d{4}-\d{2}-01_\d{4}-\d{2}-\d{2}\.csv$/);
    const text = readFileSync((await download.path())!, 'utf8');
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const [header, ...lines] = parseCsv(text.slice(1));
    const column = (name: string) => header!.indexOf(name);
    const closing = lines.find((line) => line[column('Type')] === 'Closing balance')!;
    expect(usd(Number(closing[column('Balance')]))).toBe(await app.figure('closing'));
    const total = (description: string) =>
      Number(lines.find((line) => line[column('Description')] === description)![column('Total')]);
    expect(usd(total('Trading fees'), true)).toBe(fees);
    expect(usd(total('Trading profit/loss'), true)).toBe(pnl);
    expect(usd(total('Adjustments and bonuses'), true)).toBe('+$1,525.00');
    const amounts = lines.map((line) => line[column('Amount')]!).filter((cell) => cell !== '');
    expect(amounts.reduce((sum, cell) => sum + Math.round(Number(cell) * 1e6), 0)).toBe(
      Math.round(balance * 1e6),
    );
  });

  it('reads well in dark, with custom days, and in Arabic', async () => {
    const session = await activeUser();
    const dark = await StatementScreen.start(stack, '/mine/statement', {
      session,
      theme: 'dark',
      colorScheme: 'dark',
    });
    await dark.testId('statement-totals').waitFor();
    await dark.testId('statement-preset-custom').click();
    await dark.testId('statement-custom-from').waitFor();
    await screenshot(dark.page, 'statement-custom-dark');

    // From the user centre too.
    const arabic = await StatementScreen.start(stack, '/user', { session, lang: 'ar' });
    await arabic.testId('link-statement').click();
    await arabic.testId('statement-totals').waitFor();
    expect(await arabic.page.locator('html').getAttribute('dir')).toBe('rtl');
    expect(await arabic.page.getByText('الرصيد الختامي').count()).toBeGreaterThan(0);
    await screenshot(arabic.page, 'statement-arabic');
  });
});
