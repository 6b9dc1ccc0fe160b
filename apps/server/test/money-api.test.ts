/**
 * Money in and out through the HTTP layer on a real database: deposits reviewed by staff and
 * credited once, withdrawals with each fee type held at request and returned on rejection, payout
 * methods checked for their format and their owner, and races of reviewers and of withdrawals.
 * After each scenario the stored balance equals the sum of the ledger.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResponseCode, type WireAuditEntry } from '@omp/protocol';
import {
  moneyClient,
  uploadImage,
  type DepositRecord,
  type DrawMethod,
  type WithdrawRecord,
  TRC20_ADDRESS,
} from './helpers/money-helpers.ts';
import { adminToken, staffToken } from './helpers/staff-helpers.ts';
import { databaseEngines, startTestRuntime, type TestRuntime } from './helpers/test-runtime.ts';
import { tradingClient } from './helpers/trading-helpers.ts';

describe.each(databaseEngines())('money on %s', (engine) => {
  let rt: TestRuntime;
  let t: ReturnType<typeof tradingClient>;
  let m: ReturnType<typeof moneyClient>;
  let finance: string;
  let compliance: string;

  beforeAll(async () => {
    rt = await startTestRuntime({ engine });
    t = tradingClient(rt);
    m = moneyClient(rt);
    finance = await staffToken(rt, ['finance']);
    compliance = await staffToken(rt, ['compliance']);
    await m.requireIdentity(false);
    // These suites withdraw to an address bound a moment before (cooling: sessions-api.test.ts).
    await m.payoutCooling(0);
  });
  afterAll(() => rt.dispose());

  async function deposit(token: string, amount: string) {
    const proof = await uploadImage(rt, token);
    expect(proof.code).toBe(1);
    const [network] = (await m.get<Array<{ id: number }>>('/api/quickCharge/info', token)).data;
    return m.post<DepositRecord>('/api/quickCharge/submit', token, {
      number: amount,
      proofImg: proof.data.url,
      charge_id: network!.id,
    });
  }

  async function bindTrc20(token: string) {
    const [usdt] = (
      await m.get<Array<{ id: number; protocol: string }>>('/api/account/draw_symbol_list?type=1', token)
    ).data;
    const bound = await m.post<DrawMethod>('/api/wallet/bind_draw_method', token, {
      type: 1,
      draw_currency_id: usdt!.id,
      dc_address: TRC20_ADDRESS,
    });
    expect(bound).toMatchObject({ code: 1, data: { dc_address: TRC20_ADDRESS } });
    return { currencyId: usdt!.id, methodId: bound.data.id };
  }

  it('credits an approved deposit once, even when two reviewers approve at the same moment', async () => {
    const { token, id } = await t.realUser('0');
    const submitted = await deposit(token, '250.5');
    expect(submitted).toMatchObject({
      code: 1,
      data: { status: 0, status_name: 'Under review', number: 250.5, currency_code: 'USDT' },
    });
    expect((await t.figures(token)).data.balance).toBe(0);
    const approvals = await Promise.all([
      m.post(`/admin/api/deposits/${submitted.data.id}/approve`, finance),
      m.post(`/admin/api/deposits/${submitted.data.id}/approve`, finance),
    ]);
    expect(approvals.map((a) => a.code).sort()).toEqual([0, 1]);
    expect(await m.post(`/admin/api/deposits/${submitted.data.id}/approve`, finance)).toMatchObject({
      code: 0,
      msg: 'This record has already been decided',
    });
    expect((await t.figures(token)).data.balance).toBe(250.5);
    const list = await m.get<{ list: DepositRecord[] }>('/api/quickCharge/quick_ist', token);
    expect(list.data.list[0]).toMatchObject({ status: 1, status_name: 'Completed' });
    expect(await t.expectLedgerBalanced(id)).toBe(250_500_000n);
  });

  it('credits what actually arrived when staff say so, tells the user, and audits both amounts', async () => {
    const { token, id } = await t.realUser('0');
    const submitted = await deposit(token, '100');
    const url = `/admin/api/deposits/${submitted.data.id}/approve`;
    expect(await m.post(url, finance, { amount: 'abc' })).toMatchObject({ code: 422 });
    expect(await m.post(url, finance, { amount: '0' })).toMatchObject({ code: 422 });
    expect(await m.post(url, finance, { credited: '98' })).toMatchObject({
      code: 422,
      msg: 'This call does not take the field(s) credited',
    });
    // Crediting other than what the user declared says why, to them and in the audit log.
    for (const remark of [undefined, '  '])
      expect(await m.post(url, finance, { amount: '98.5', remark })).toMatchObject({
        code: 422,
        msg: 'Write a note for the user: the amount credited differs from what they declared (100 USDT)',
      });
    expect((await t.figures(token)).data.balance).toBe(0);
    const approved = await m.post<DepositRecord>(url, finance, {
      amount: '98.5',
      remark: 'The bank charged 1.50 on the way',
    });
    expect(approved).toMatchObject({
      code: 1,
      data: { status: 1, number: 98.5, remark: 'The bank charged 1.50 on the way' },
    });
    expect((await t.figures(token)).data.balance).toBe(98.5);
    const mine = await m.get<{ list: DepositRecord[] }>('/api/quickCharge/quick_ist', token);
    expect(mine.data.list[0]).toMatchObject({ number: 98.5, remark: 'The bank charged 1.50 on the way' });
    const audit = await m.get<{ list: WireAuditEntry[] }>(
      `/admin/api/audit?target_type=deposit&target_id=${submitted.data.id}`,
      await adminToken(rt),
    );
    expect(audit.data.list[0]).toMatchObject({
      before: { status: 0, amount_usd: '100' },
      after: { status: 1, amount_usd: '98.5' },
    });
    expect(await t.expectLedgerBalanced(id)).toBe(98_500_000n);
  });

  it('rejects a deposit with its remark and never credits it; refuses unknown channels and foreign proofs', async () => {
    const { token, id } = await t.realUser('0');
    const submitted = await deposit(token, '100');
    expect(await m.post(`/admin/api/deposits/${submitted.data.id}/reject`, finance, {})).toMatchObject({
      code: 422,
    });
    expect(await m.post(`/admin/api/deposits/${submitted.data.id}/approve`, compliance)).toMatchObject({
      code: 403,
    });
    const rejected = await m.post<DepositRecord>(`/admin/api/deposits/${submitted.data.id}/reject`, finance, {
      remark: 'Proof does not show the transfer',
    });
    expect(rejected.data).toMatchObject({ status: 2, remark: 'Proof does not show the transfer' });
    expect(await t.expectLedgerBalanced(id)).toBe(0n);

    const proof = await uploadImage(rt, token);
    expect(
      await m.post('/api/quickCharge/submit', token, {
        number: '10',
        proofImg: proof.data.url,
        charge_id: 9999,
      }),
    ).toMatchObject({ code: 0, msg: 'No payment channel is available' });
    const other = await t.realUser('0');
    expect(
      await m.post('/api/quickCharge/submit', other.token, {
        number: '10',
        proofImg: proof.data.url,
        charge_id: 1,
      }),
    ).toMatchObject({ code: 422, msg: 'Please upload a proof of payment first' });
    const [bank] = (await m.get<Array<{ id: number }>>('/api/quickCharge/wire_info?bank_coin=USD', token))
      .data;
    expect(
      await m.post<DepositRecord>('/api/quickCharge/wire_submit', token, {
        number: '5000',
        proofImg: proof.data.url,
        wire_id: bank!.id,
      }),
    ).toMatchObject({ code: 1, data: { type: 1, currency_code: 'USD' } });
  });

  it('takes one proof of payment for one deposit, waiting or credited, also when reports race', async () => {
    const { token, id } = await t.realUser('0');
    const proof = (await uploadImage(rt, token)).data.url;
    const [bank] = (await m.get<Array<{ id: number }>>('/api/quickCharge/wire_info?bank_coin=USD', token))
      .data;
    const reports = await Promise.all(
      ['10', '20', '30'].map((number, at) =>
        at < 2
          ? m.post<DepositRecord>('/api/quickCharge/submit', token, { number, proofImg: proof, charge_id: 1 })
          : m.post<DepositRecord>('/api/quickCharge/wire_submit', token, {
              number,
              proofImg: proof,
              wire_id: bank!.id,
            }),
      ),
    );
    const filed = reports.filter((report) => report.code === 1);
    expect(filed).toHaveLength(1);
    const used = `This proof of payment already backs deposit #${filed[0]!.data.id}: upload the proof of this transfer`;
    expect(reports.filter((report) => report.code !== 1)).toEqual([
      { code: 0, msg: used, data: null },
      { code: 0, msg: used, data: null },
    ]);
    expect((await m.get<{ total: number }>('/api/quickCharge/quick_ist', token)).data.total).toBe(1);

    // Credited, it still backs that deposit only; rejected, the report may be filed again with it.
    expect(await m.post(`/admin/api/deposits/${filed[0]!.data.id}/approve`, finance)).toMatchObject({
      code: 1,
    });
    const again = { number: '10', proofImg: proof, charge_id: 1 };
    expect(await m.post('/api/quickCharge/submit', token, again)).toMatchObject({ code: 0, msg: used });
    const fresh = (await uploadImage(rt, token)).data.url;
    const wrong = await m.post<DepositRecord>('/api/quickCharge/submit', token, {
      ...again,
      proofImg: fresh,
    });
    expect(
      await m.post(`/admin/api/deposits/${wrong.data.id}/reject`, finance, { remark: 'The amount is wrong' }),
    ).toMatchObject({ code: 1 });
    expect(
      await m.post('/api/quickCharge/submit', token, { ...again, number: '12', proofImg: fresh }),
    ).toMatchObject({ code: 1 });
    await t.expectLedgerBalanced(id);
  });

  it('checks payout destinations for their format and their owner', async () => {
    const { token } = await t.realUser('0');
    const [usdt] = (await m.get<Array<{ id: number }>>('/api/account/draw_symbol_list?type=1', token)).data;
    expect(
      await m.post('/api/wallet/bind_draw_method', token, {
        type: 1,
        draw_currency_id: usdt!.id,
        dc_address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
      }),
    ).toMatchObject({ code: 422, msg: 'This is not a valid TRC20 address' });
    const [bankCurrency] = (await m.get<Array<{ id: number }>>('/api/account/draw_symbol_list?type=2', token))
      .data;
    const bank = {
      type: 2,
      draw_currency_id: bankCurrency!.id,
      bank_name: 'Example Bank',
      payee_name: 'Ann Lee',
      payee_account: 'GB29 NWBK 6016 1331 9268 19',
    };
    expect(
      await m.post('/api/wallet/bind_draw_method', token, { ...bank, bank_swift: 'NOPE' }),
    ).toMatchObject({ code: 422, msg: 'The SWIFT code must be 8 or 11 letters and digits' });
    expect(
      await m.post<DrawMethod>('/api/wallet/bind_draw_method', token, { ...bank, bank_swift: 'nwbkgb2l' }),
    ).toMatchObject({ code: 1, data: { bank_swift: 'NWBKGB2L', payee_account: 'GB29NWBK60161331926819' } });
    const { methodId, currencyId } = await bindTrc20(token);
    const intruder = await t.realUser('1000');
    expect(
      await m.post('/api/account/draw', intruder.token, {
        draw_currency_id: currencyId,
        draw_method_id: methodId,
        number: '50',
      }),
    ).toMatchObject({ code: 404, msg: 'There is no such payout method in your wallet' });
    expect(await m.post('/api/wallet/del_draw_method', intruder.token, { id: methodId })).toMatchObject({
      code: 404,
    });
    expect((await m.get<DrawMethod[]>('/api/wallet/get_draw_method?draw_type=1', token)).data).toHaveLength(
      1,
    );
    expect(await m.post('/api/wallet/del_draw_method', token, { id: methodId })).toMatchObject({
      code: 1,
      msg: 'Payout method deleted',
    });
    expect((await m.get<DrawMethod[]>('/api/wallet/get_draw_method?draw_type=1', token)).data).toHaveLength(
      0,
    );
  });

  it('[W1][W2][W3][W4] computes each fee type and the received amount, holds the amount at once and returns it on rejection', async () => {
    const { token, id } = await t.realUser('5000');
    const currencies = (
      await m.get<Array<{ id: number; code: string; protocol: string }>>(
        '/api/account/draw_symbol_list?type=1',
        token,
      )
    ).data;
    const usdc = currencies.find((c) => c.code === 'USDC')!;
    const fixed = await bindTrc20(token);
    const usdcMethod = await m.post<DrawMethod>('/api/wallet/bind_draw_method', token, {
      type: 1,
      draw_currency_id: usdc.id,
      dc_address: '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
    });

    const first = await m.post<WithdrawRecord>('/api/account/draw', token, {
      draw_currency_id: fixed.currencyId,
      draw_method_id: fixed.methodId,
      number: '100',
      memo: 'rent',
    });
    expect(first).toMatchObject({
      code: 1,
      data: {
        number: 100,
        fee: 1,
        real_number: '99.00',
        status: 0,
        status_name: 'Under review',
        notes: 'rent',
      },
    });
    const second = await m.post<WithdrawRecord>('/api/account/draw', token, {
      draw_currency_id: usdc.id,
      draw_method_id: usdcMethod.data.id,
      number: '100',
    });
    expect(second.data).toMatchObject({ fee: 0.2, real_number: '99.80' });
    expect((await t.figures(token)).data).toMatchObject({ balance: 4800, withdraw_hold: 200 });

    const ledger = await t.get<{ list: Array<{ Kind: string; Value: number }> }>(
      '/v1/api/main/accountLog/forexChange',
      token,
    );
    expect(ledger.data.list.slice(0, 4).map((row) => [row.Kind, row.Value])).toEqual([
      ['withdrawal_fee', -0.2],
      ['withdrawal_hold', -99.8],
      ['withdrawal_fee', -1],
      ['withdrawal_hold', -99],
    ]);
    // The payout's reference is what the user reads beside the paid withdrawal.
    expect(
      await m.post(`/admin/api/withdrawals/${first.data.id}/approve`, finance, { reference: '0xabc123' }),
    ).toMatchObject({
      code: 1,
      data: { status: 1, status_name: 'Paid', remark: '0xabc123' },
    });
    expect(
      await m.post(`/admin/api/withdrawals/${second.data.id}/reject`, finance, { remark: 'Address flagged' }),
    ).toMatchObject({ code: 1, data: { status: 2, remark: 'Address flagged' } });
    expect(await m.post(`/admin/api/withdrawals/${second.data.id}/approve`, finance)).toMatchObject({
      code: 0,
    });
    expect((await t.figures(token)).data).toMatchObject({ balance: 4900, withdraw_hold: 0 });
    expect(await t.expectLedgerBalanced(id)).toBe(4_900_000_000n);
  });

  it('[W3] lets only free margin leave, and 20 racing withdrawals against a balance for 5 take exactly 5', async () => {
    const { token, id } = await t.realUser('500');
    const method = await bindTrc20(token);
    expect(
      await m.post('/api/account/draw', token, {
        draw_currency_id: method.currencyId,
        draw_method_id: method.methodId,
        number: '500.01',
      }),
    ).toMatchObject({ code: 0, msg: 'The amount is more than your free margin' });
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        m.post('/api/account/draw', token, {
          draw_currency_id: method.currencyId,
          draw_method_id: method.methodId,
          number: '100',
        }),
      ),
    );
    expect(results.filter((r) => r.code === 1)).toHaveLength(5);
    expect((await t.figures(token)).data.balance).toBe(0);
    expect(await t.expectLedgerBalanced(id)).toBe(0n);
  });

  it('answers a retried deposit or withdrawal with the first record, also when both arrive at once', async () => {
    const { token, id } = await t.realUser('1000');
    const method = await bindTrc20(token);
    const withdrawal = {
      draw_currency_id: method.currencyId,
      draw_method_id: method.methodId,
      number: '100',
    };
    const retried = await Promise.all(
      [1, 2, 3].map(() =>
        m.post<WithdrawRecord>('/api/account/draw', token, withdrawal, { 'idempotency-key': 'w-1' }),
      ),
    );
    expect(retried.map((r) => r.code)).toEqual([1, 1, 1]);
    expect(new Set(retried.map((r) => r.data.id)).size).toBe(1);
    const later = await m.post<WithdrawRecord>('/api/account/draw', token, withdrawal, {
      'idempotency-key': 'w-1',
    });
    expect(later.data.id).toBe(retried[0]!.data.id);
    // Another key is another withdrawal.
    const other = await m.post<WithdrawRecord>('/api/account/draw', token, withdrawal, {
      'idempotency-key': 'w-2',
    });
    expect(other.data.id).not.toBe(retried[0]!.data.id);
    expect((await t.figures(token)).data).toMatchObject({ balance: 800, withdraw_hold: 200 });

    const proof = await uploadImage(rt, token);
    const [network] = (await m.get<Array<{ id: number }>>('/api/quickCharge/info', token)).data;
    const report = { number: '50', proofImg: proof.data.url, charge_id: network!.id };
    const deposits = await Promise.all(
      [1, 2].map(() =>
        m.post<DepositRecord>('/api/quickCharge/submit', token, report, { 'idempotency-key': 'd-1' }),
      ),
    );
    expect(deposits.map((r) => r.code)).toEqual([1, 1]);
    expect(deposits[1]!.data.id).toBe(deposits[0]!.data.id);
    const listed = await m.get<{ total: number }>('/api/quickCharge/quick_ist', token);
    expect(listed.data.total).toBe(1);

    // A key belongs to one kind of call; an empty or overlong key is refused with the reason.
    expect(await m.post('/api/account/draw', token, withdrawal, { 'idempotency-key': 'd-1' })).toMatchObject({
      code: ResponseCode.invalid,
    });
    expect(
      await m.post('/api/account/draw', token, withdrawal, { 'idempotency-key': 'x'.repeat(65) }),
    ).toMatchObject({ code: ResponseCode.invalid });
    expect((await t.figures(token)).data).toMatchObject({ balance: 800, withdraw_hold: 200 });
    await t.expectLedgerBalanced(id);
  });

  it('asks for a verified identity before a withdrawal when the platform requires it', async () => {
    await m.requireIdentity(true);
    const { token } = await t.realUser('500');
    const method = await bindTrc20(token);
    expect(
      await m.post('/api/account/draw', token, {
        draw_currency_id: method.currencyId,
        draw_method_id: method.methodId,
        number: '50',
      }),
    ).toMatchObject({ code: 0, msg: 'Please verify your identity before withdrawing' });
    await m.requireIdentity(false);
  });

  it('refuses demo users every money call, on the server', async () => {
    const { token } = await t.demoUser();
    for (const url of [
      '/api/quickCharge/info',
      '/api/account/draw_symbol_list',
      '/api/wallet/get_draw_method',
    ])
      expect(await m.get(url, token)).toMatchObject({
        code: 0,
        msg: 'Please register or log in to a real account',
      });
    expect(
      await m.post('/api/account/draw', token, { draw_currency_id: 1, draw_method_id: 1, number: '1' }),
    ).toMatchObject({ code: 0, msg: 'Please register or log in to a real account' });
  });

  it('writes who decided what, and when, to the audit log', async () => {
    const { token } = await t.realUser('0');
    const submitted = await deposit(token, '42');
    await m.post(`/admin/api/deposits/${submitted.data.id}/approve`, finance);
    const rows = await rt.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('target_type', '=', 'deposit')
      .where('target_id', '=', submitted.data.id)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: 'deposit.approve' });
    expect(JSON.parse(rows[0]!.after!)).toMatchObject({ status: 1 });
  });

  it('audits a change of payment configuration with the row before and the fields after', async () => {
    const [network] = (await m.get<Array<{ id: number }>>('/admin/api/charge-networks', finance)).data;
    const changed = await m.post(`/admin/api/charge-networks/${network!.id}`, finance, { sort: 7 });
    expect(changed.code).toBe(1);
    const row = await rt.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'charge_networks.update')
      .where('target_id', '=', network!.id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const before = JSON.parse(row.before!) as Record<string, unknown>;
    expect(before).toMatchObject({ currency_code: expect.any(String), protocol_code: expect.any(String) });
    expect(Number(before.id)).toBe(network!.id);
    expect(JSON.parse(row.after!)).toEqual({ sort: 7 });
  });
});
