/**
 * Deposits in other currencies than USD through the HTTP layer on a real database (engine SPEC.md
 * W5): each channel says the rate its currency is credited at, the record keeps what was sent, the
 * rate and the USD it credits, staff confirm what arrived in that currency, and the ledger row is
 * the credited USD. Rates are staff configuration: audited, live, one per currency, never for USD.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChargeNetwork, WireAuditEntry, WireBank } from '@omp/protocol';
import { moneyClient, uploadImage, type DepositRecord, TRC20_ADDRESS } from './helpers/money-helpers.ts';
import { adminToken, staffToken } from './helpers/staff-helpers.ts';
import { databaseEngines, startTestRuntime, type TestRuntime } from './helpers/test-runtime.ts';
import { tradingClient } from './helpers/trading-helpers.ts';

interface RateRow {
  id: number;
  currency_code: string;
  usd_price: string;
}

describe.each(databaseEngines())('deposit currencies on %s', (engine) => {
  let rt: TestRuntime;
  let t: ReturnType<typeof tradingClient>;
  let m: ReturnType<typeof moneyClient>;
  let finance: string;

  beforeAll(async () => {
    rt = await startTestRuntime({ engine });
    t = tradingClient(rt);
    m = moneyClient(rt);
    finance = await staffToken(rt, ['finance']);
  });
  afterAll(() => rt.dispose());

  const banks = async (token: string) => (await m.get<WireBank[]>('/api/quickCharge/wire_info', token)).data;
  const bankOf = async (token: string, coin: string) =>
    (await banks(token)).find((b) => b.bank_coin === coin)!;

  async function wire(token: string, bankId: number, number: string, shownRate?: string) {
    const proof = await uploadImage(rt, token);
    return m.post<DepositRecord>('/api/quickCharge/wire_submit', token, {
      number,
      proofImg: proof.data.url,
      wire_id: bankId,
      ...(shownRate === undefined ? {} : { usd_price: shownRate }),
    });
  }

  async function rateOf(code: string): Promise<RateRow | undefined> {
    const rates = await m.get<RateRow[]>('/admin/api/deposit-rates', finance);
    return rates.data.find((rate) => rate.currency_code === code);
  }

  it('shows each channel its rate, credits a EUR wire in USD at it, and credits what staff confirm arrived', async () => {
    const { token, id } = await t.realUser('0');
    expect(await bankOf(token, 'USD')).toMatchObject({ usd_price: '1' });
    const eur = await bankOf(token, 'EUR');
    expect(eur.usd_price).toBe('0.86');
    const networks = (await m.get<ChargeNetwork[]>('/api/quickCharge/info', token)).data;
    expect(networks.map((n) => n.usd_price)).toEqual(networks.map(() => '1'));

    const sent = await wire(token, eur.id, '100', '0.86');
    expect(sent).toMatchObject({
      code: 1,
      data: {
        status: 0,
        currency_code: 'EUR',
        sent_number: '100',
        usd_price: '0.86',
        received_number: null,
        // 100 ÷ 0.86 = 116.2790697…, rounded down to the micro-dollar.
        number: 116.279069,
      },
    });
    expect((await t.figures(token)).data.balance).toBe(0);

    const url = `/admin/api/deposits/${sent.data.id}/approve`;
    expect(await m.post(url, finance, { received: '95', amount: '110' })).toMatchObject({
      code: 422,
      msg: 'Give either the amount received (received) or the USD to credit (amount), not both',
    });
    const approved = await m.post<DepositRecord>(url, finance, { received: '95', remark: 'Bank fees' });
    expect(approved).toMatchObject({
      code: 1,
      data: { status: 1, sent_number: '100', received_number: '95', number: 110.465116 },
    });
    expect((await t.figures(token)).data.balance).toBe(110.465116);
    const mine = await m.get<{ list: DepositRecord[] }>('/api/quickCharge/quick_ist', token);
    expect(mine.data.list[0]).toMatchObject({
      number: 110.465116,
      sent_number: '100',
      received_number: '95',
    });
    expect(await t.expectLedgerBalanced(id)).toBe(110_465_116n);

    const audit = await m.get<{ list: WireAuditEntry[] }>(
      `/admin/api/audit?target_type=deposit&target_id=${sent.data.id}`,
      await adminToken(rt),
    );
    expect(audit.data.list[0]).toMatchObject({
      before: { status: 0, currency: 'EUR', usd_price: '0.86', declared: '100', amount_usd: '116.279069' },
      after: { status: 1, received: '95', amount_usd: '110.465116' },
    });
  });

  it('approves a EUR wire as declared by default, at the rate it was sent at even after the rate changed', async () => {
    const { token, id } = await t.realUser('0');
    const eur = await bankOf(token, 'EUR');
    const before = await wire(token, eur.id, '43');
    const rate = (await rateOf('EUR'))!;
    try {
      expect(
        await m.post(`/admin/api/deposit-rates/${rate.id}`, finance, { usd_price: '0.9' }),
      ).toMatchObject({
        code: 1,
      });
      // Live: the channel shows the new rate at once; a client showing the old one is told.
      expect((await bankOf(token, 'EUR')).usd_price).toBe('0.9');
      expect(await wire(token, eur.id, '90', '0.86')).toMatchObject({
        code: 0,
        msg: 'The EUR rate has changed to 0.9 per USD: check the amount credited and send again',
      });
      const after = await wire(token, eur.id, '90', '0.9');
      expect(after.data).toMatchObject({ usd_price: '0.9', number: 100 });

      await m.post(`/admin/api/deposits/${before.data.id}/approve`, finance);
      await m.post(`/admin/api/deposits/${after.data.id}/approve`, finance);
      // 43 ÷ 0.86 = 50 exactly, at the rate the first was sent at; 90 ÷ 0.9 = 100.
      expect((await t.figures(token)).data.balance).toBe(150);
      expect(await t.expectLedgerBalanced(id)).toBe(150_000_000n);
      const changes = await m.get<{ list: WireAuditEntry[] }>(
        `/admin/api/audit?target_type=deposit_rates&target_id=${rate.id}`,
        await adminToken(rt),
      );
      expect(changes.data.list[0]).toMatchObject({
        action: 'deposit_rates.update',
        before: { usd_price: '0.86' },
        after: { usd_price: '0.9' },
      });
    } finally {
      await m.post(`/admin/api/deposit-rates/${rate.id}`, finance, { usd_price: '0.86' });
    }
  });

  it('refuses deposits in a currency without a rate until staff set one; one rate per currency, none for USD', async () => {
    const { token } = await t.realUser('0');
    const added = await m.post<{ id: number }>('/admin/api/wire-banks', finance, {
      bank_coin: 'GBP',
      bank_name: 'Example Bank plc',
      bank_address: '1 Lombard Street, London',
      bank_swift: 'EXMPGB2L',
      payee_name: 'Open Margin Markets Ltd',
      payee_account: 'GB29NWBK60161331926819',
    });
    expect(added.code).toBe(1);
    expect(await bankOf(token, 'GBP')).toMatchObject({ usd_price: null });
    expect(await wire(token, added.data.id, '100')).toMatchObject({
      code: 0,
      msg: 'Deposits in GBP are not open yet: no rate to USD is set',
    });

    expect(
      await m.post('/admin/api/deposit-rates', finance, { currency_code: 'usd', usd_price: '1' }),
    ).toMatchObject({
      code: 422,
    });
    expect(
      await m.post('/admin/api/deposit-rates', finance, { currency_code: 'GBP', usd_price: '0' }),
    ).toMatchObject({
      code: 422,
    });
    // Stored in capitals and in the rate's shortest exact text, whatever was typed.
    expect(
      await m.post('/admin/api/deposit-rates', finance, { currency_code: 'gbp', usd_price: '000.7500' }),
    ).toMatchObject({ code: 1 });
    expect(
      await m.post('/admin/api/deposit-rates', finance, { currency_code: 'GBP', usd_price: '0.8' }),
    ).toMatchObject({ code: 0, msg: 'GBP already has a rate: change that one' });
    expect(await rateOf('GBP')).toMatchObject({ usd_price: '0.75' });

    expect(await wire(token, added.data.id, '75')).toMatchObject({
      code: 1,
      data: { currency_code: 'GBP', usd_price: '0.75', number: 100 },
    });
  });

  it('takes currency and network codes of letters and digits only, stored in capitals', async () => {
    for (const [path, body] of [
      ['charge-networks', { currency_code: '\\', protocol_code: 'TRC20', address: TRC20_ADDRESS }],
      ['charge-networks', { currency_code: 'USDT', protocol_code: 'TRC 20', address: TRC20_ADDRESS }],
      ['deposit-rates', { currency_code: 'G B', usd_price: '1' }],
    ] as const)
      expect(await m.post(`/admin/api/${path}`, finance, body), JSON.stringify(body)).toMatchObject({
        code: 422,
      });
    const added = await m.post<{ id: number }>('/admin/api/charge-networks', finance, {
      currency_code: 'usdc',
      protocol_code: 'bep20',
      address: TRC20_ADDRESS,
      enabled: 0,
    });
    expect(added.code).toBe(1);
    const listed = (await m.get<Array<{ id: number }>>('/admin/api/charge-networks', finance)).data;
    expect(listed.find((network) => network.id === added.data.id)).toMatchObject({
      currency_code: 'USDC',
      protocol_code: 'BEP20',
    });
  });

  it('keeps a USD channel 1:1 to the micro-dollar, as before rates existed', async () => {
    const { token, id } = await t.realUser('0');
    const sent = await wire(token, (await bankOf(token, 'USD')).id, '10.123456');
    expect(sent.data).toMatchObject({ number: 10.123456, sent_number: '10.123456', usd_price: '1' });
    const approved = await m.post<DepositRecord>(`/admin/api/deposits/${sent.data.id}/approve`, finance, {});
    expect(approved.data).toMatchObject({ number: 10.123456, received_number: '10.123456' });
    expect(await t.expectLedgerBalanced(id)).toBe(10_123_456n);
  });
});
