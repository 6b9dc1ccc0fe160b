/**
 * Withdrawal currencies as staff set them: a fee, a payout rate or a minimum the withdrawal
 * arithmetic cannot apply exactly is refused, on creation and on a change of any one field, and a
 * rule stored before these checks refuses withdrawals instead of charging no fee or paying nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moneyClient, type DrawMethod, TRC20_ADDRESS } from './helpers/money-helpers.ts';
import { staffToken } from './helpers/staff-helpers.ts';
import { databaseEngines, startTestRuntime, type TestRuntime } from './helpers/test-runtime.ts';
import { tradingClient } from './helpers/trading-helpers.ts';

const FEE_AMOUNT = 'draw_rate is a fixed fee in USD here (fee_type 1): at most 6 decimals, such as 2.5';
const FEE_RATE =
  'draw_rate is a share of the amount here (fee_type 2): below 1, at most 12 decimals, such as 0.002';
const USD_PRICE = 'usd_price must be a rate above 0 with at most 12 decimals, such as 0.86';
const MIN_AMOUNT = 'min_amount is in USD: at most 6 decimals, such as 10';

describe.each(databaseEngines())('withdrawal currencies on %s', (engine) => {
  let rt: TestRuntime;
  let finance: string;
  let codes = 0;

  beforeAll(async () => {
    rt = await startTestRuntime({ engine });
    finance = await staffToken(rt, ['finance']);
    await moneyClient(rt).requireIdentity(false);
    await moneyClient(rt).payoutCooling(0);
  });
  afterAll(() => rt?.dispose());

  const rule = () => ({
    type: 1,
    code: `FX${String.fromCharCode(65 + codes++)}`,
    protocol: 'TRC20',
    fee_type: 1,
    draw_rate: '2.5',
    usd_price: '1',
  });

  it('refuses a rule the arithmetic cannot apply exactly, on creation and on a change of one field', async () => {
    const m = moneyClient(rt);
    for (const [change, msg] of [
      [{ draw_rate: '2.5000001' }, FEE_AMOUNT],
      [{ fee_type: 2, draw_rate: '0.0020000000001' }, FEE_RATE],
      [{ fee_type: 2, draw_rate: '1' }, FEE_RATE],
      [{ usd_price: '0' }, USD_PRICE],
      [{ usd_price: '0.8600000000001' }, USD_PRICE],
      [{ min_amount: '0.0000001' }, MIN_AMOUNT],
    ] as const)
      expect(await m.post('/admin/api/withdraw-currencies', finance, { ...rule(), ...change })).toEqual({
        code: 422,
        msg,
        data: null,
      });

    const good = rule();
    const created = await m.post<{ id: number }>('/admin/api/withdraw-currencies', finance, good);
    expect(created.code).toBe(1);
    // A fee of 2.5 read as a share of the amount would take it all: the change is judged whole.
    const url = `/admin/api/withdraw-currencies/${created.data.id}`;
    expect(await m.post(url, finance, { fee_type: 2 })).toEqual({ code: 422, msg: FEE_RATE, data: null });
    expect(await m.post(url, finance, { fee_type: 2, draw_rate: '0.002' })).toMatchObject({ code: 1 });
    const listed = (await m.get<Array<{ id: number }>>('/admin/api/withdraw-currencies', finance)).data;
    expect(listed.find((currency) => currency.id === created.data.id)).toMatchObject({
      fee_type: 2,
      draw_rate: '0.002',
    });
  });

  it('refuses a withdrawal in a currency whose stored rule cannot be applied, and holds nothing', async () => {
    const m = moneyClient(rt);
    const t = tradingClient(rt);
    const good = rule();
    const created = await m.post<{ id: number }>('/admin/api/withdraw-currencies', finance, good);
    const { token, id } = await t.realUser('500');
    const method = await m.post<DrawMethod>('/api/wallet/bind_draw_method', token, {
      type: 1,
      draw_currency_id: created.data.id,
      dc_address: TRC20_ADDRESS,
    });
    expect(method.code).toBe(1);
    // As a rule stored before the checks existed could be.
    await rt.database.db
      .updateTable('withdraw_currencies')
      .set({ draw_rate: '2.5000001' })
      .where('id', '=', created.data.id)
      .execute();
    expect(
      await m.post('/api/account/draw', token, {
        draw_currency_id: created.data.id,
        draw_method_id: method.data.id,
        number: '100',
      }),
    ).toEqual({
      code: 0,
      msg: `Withdrawals in ${good.code} are not available right now. Please choose another currency or contact customer service.`,
      data: null,
    });
    expect((await t.figures(token)).data).toMatchObject({ balance: 500, withdraw_hold: 0 });
    await t.expectLedgerBalanced(id);
  });
});
