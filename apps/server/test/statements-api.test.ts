/**
 * Account statements through the HTTP layer on a real database: after a month of activity (a
 * deposit approved by staff, trades with fees, a staff adjustment, a withdrawal) the statement's
 * opening balance plus its rows is its closing balance, which is the ledger's balance; rows exactly
 * at a range's start are in and at its end are out, in the zone asked for; the CSV and the PDF
 * carry the same totals; bad ranges are refused; nobody sees another person's statement.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDFParse } from 'pdf-parse';
import { formatMicros, parseMicros } from '@omp/engine';
import type { WireStatement } from '@omp/protocol';
import {
  moneyClient,
  uploadImage,
  type DepositRecord,
  type DrawMethod,
  TRC20_ADDRESS,
} from './helpers/money-helpers.ts';
import { callApi, staffToken } from './helpers/staff-helpers.ts';
import { databaseEngines, startTestRuntime, type TestRuntime } from './helpers/test-runtime.ts';
import { liftLeverageCaps } from './helpers/leverage-helpers.ts';
import { tradingClient } from './helpers/trading-helpers.ts';
import { parseCsv } from '@omp/protocol';
import { moneyText } from '../src/services/statement-service.ts';
import type { EnvelopeBody } from './helpers/account-helpers.ts';

/** An amount as the JSON (a number) or the CSV (decimal text) gives it, in micro-dollars. */
const micros = (amount: string | number) => {
  const value = parseMicros(String(amount));
  if (value === null) throw new Error(`not an amount: ${amount}`);
  return value;
};
const NOVEMBER = 'from=2026-11-01&to=2026-12-01';

describe.each(databaseEngines())('statements on %s', (engine) => {
  let rt: TestRuntime;
  let t: ReturnType<typeof tradingClient>;
  let m: ReturnType<typeof moneyClient>;
  let finance: string;
  let trader: { token: string; id: number };

  const statement = async (token: string, query: string, lang = 'en') =>
    (
      await rt.app.inject({
        method: 'GET',
        url: `/v1/api/main/account/statement?${query}`,
        headers: { authorization: token, lang },
      })
    ).json() as EnvelopeBody<WireStatement>;
  const download = (token: string, kind: 'csv' | 'pdf', query: string, lang = 'en') =>
    rt.app.inject({
      method: 'GET',
      url: `/v1/api/main/account/statement.${kind}?${query}`,
      headers: { authorization: token, lang },
    });
  const adjust = async (userId: number, amount: string) => {
    const answer = await callApi(rt, 'POST', `/admin/api/users/${userId}/adjust`, finance, {
      amount,
      kind: 'adjustment',
      reason: 'Statement test',
    });
    expect(answer.code, answer.msg).toBe(1);
  };

  beforeAll(async () => {
    rt = await startTestRuntime({ engine });
    t = tradingClient(rt);
    m = moneyClient(rt);
    finance = await staffToken(rt, ['finance']);
    await m.requireIdentity(false);
    // The scenario's figures were set at the seed's leverage, and the withdrawal goes to an address
    // bound a moment before: neither the retail caps nor the new-address wait are this suite's topic.
    await liftLeverageCaps(rt);
    await m.payoutCooling(0);
    t.tick('EURUSD', '1.10000', '1.10012');
    trader = await t.realUser('0');

    // A deposit staff approved.
    const proof = await uploadImage(rt, trader.token);
    const [network] = (await m.get<Array<{ id: number }>>('/api/quickCharge/info', trader.token)).data;
    const deposit = await m.post<DepositRecord>('/api/quickCharge/submit', trader.token, {
      number: '2500',
      proofImg: proof.data.url,
      charge_id: network!.id,
    });
    expect((await m.post(`/admin/api/deposits/${deposit.data.id}/approve`, finance)).code).toBe(1);
    // Two trades with fees: one closed at a profit, one at a loss.
    for (const [close, lots] of [
      ['1.10112', '1'],
      ['1.09950', '0.5'],
    ] as const) {
      t.tick('EURUSD', '1.10000', '1.10012');
      const opened = await t.submit(trader.token, {
        type: 1,
        cont: lots,
        forex_id: t.spec('EURUSD').id,
        status: 1,
      });
      expect(opened.code, opened.msg).toBe(1);
      rt.clock.advance(60_000);
      t.tick('EURUSD', close, '1.10200');
      expect((await t.close(trader.token, opened.data.Id)).code).toBe(1);
      rt.clock.advance(60_000);
    }
    await adjust(trader.id, '-12.5');
    // A withdrawal: its hold and its fee.
    const [usdt] = (await m.get<Array<{ id: number }>>('/api/account/draw_symbol_list?type=1', trader.token))
      .data;
    const bound = await m.post<DrawMethod>('/api/wallet/bind_draw_method', trader.token, {
      type: 1,
      draw_currency_id: usdt!.id,
      dc_address: TRC20_ADDRESS,
    });
    const drawn = await m.post('/api/account/draw', trader.token, {
      draw_currency_id: usdt!.id,
      draw_method_id: bound.data.id,
      number: '300',
    });
    expect(drawn.code, drawn.msg).toBe(1);
  });
  afterAll(() => rt.dispose());

  it('adds up: opening + every row = closing = the ledger’s balance, and the totals say the same', async () => {
    const ledger = await t.expectLedgerBalanced(trader.id);
    const answer = await statement(trader.token, `${NOVEMBER}&detail=1`);
    expect(answer.code, answer.msg).toBe(1);
    const s = answer.data;
    expect(s).toMatchObject({
      account: 'real',
      from: '2026-11-01',
      to: '2026-12-01',
      tz: 'UTC',
      currency: 'USD',
    });
    expect(s.totals.opening).toBe(0);
    const rows = s.rows!;
    expect(rows.map((row) => row.kind)).toEqual(
      expect.arrayContaining(['deposit', 'trade_fee', 'realized_pnl', 'adjustment', 'withdrawal_hold']),
    );
    const sum = rows.reduce((total, row) => total + micros(row.amount), 0n);
    expect(formatMicros(micros(s.totals.opening) + sum)).toBe(formatMicros(micros(s.totals.closing)));
    expect(formatMicros(micros(s.totals.closing))).toBe(formatMicros(ledger));
    const { totals } = s;
    const byTotals = [
      'opening',
      'trading_pnl',
      'fees',
      'deposits',
      'withdrawals',
      'adjustments',
      'other',
    ] as const;
    expect(formatMicros(byTotals.reduce((total, key) => total + micros(totals[key]), 0n))).toBe(
      formatMicros(micros(totals.closing)),
    );
    expect(totals).toMatchObject({ deposits: 2500, adjustments: -12.5 });
    expect(micros(totals.fees)).toBeLessThan(0n);
    // Each row's balance is the one before plus its amount.
    let running = micros(totals.opening);
    for (const row of rows) {
      running += micros(row.amount);
      expect(formatMicros(micros(row.balance_after))).toBe(formatMicros(running));
    }
    // The trades: both closes, with their fee and P/L; the P/L total is theirs.
    expect(s.trade_count).toBe(2);
    expect(s.trades).toMatchObject([
      { instrument: 'EUR/USD', side: 'buy', lots: 1, open_price: 1.10012, close_price: 1.10112 },
      { lots: 0.5, close_price: 1.0995 },
    ]);
    const tradePnl = s.trades!.reduce((total, trade) => total + micros(trade.profit), 0n);
    expect(formatMicros(tradePnl)).toBe(formatMicros(micros(totals.trading_pnl)));
    expect(micros(s.trades![0]!.fee)).toBeLessThan(0n);
    // Without detail the preview carries the totals only.
    const preview = (await statement(trader.token, NOVEMBER)).data;
    expect(preview.rows).toBeUndefined();
    expect(preview.totals).toEqual(totals);
  });

  it('downloads a CSV (BOM, a header row in the user’s language) whose figures match the statement', async () => {
    const json = (await statement(trader.token, `${NOVEMBER}&detail=1`)).data;
    const res = await download(trader.token, 'csv', NOVEMBER);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="statement-real-2026-11-01_2026-11-30.csv"',
    );
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const [header, ...lines] = parseCsv(res.rawPayload.toString('utf8').slice(1));
    expect(header).toEqual([
      'Time (UTC)',
      'Type',
      'Description',
      'Reference',
      'Instrument',
      'Side',
      'Lots',
      'Open price',
      'Close price',
      'Fee',
      'Spread cost',
      'P/L',
      'Amount',
      'Balance',
      'Total',
    ]);
    const column = (name: string) => header!.indexOf(name);
    const amounts = lines.map((line) => line[column('Amount')]!).filter((cell) => cell !== '');
    expect(amounts).toHaveLength(json.rows!.length);
    const sum = amounts.reduce((total, cell) => total + micros(cell), 0n);
    expect(lines[0]).toMatchObject({ [column('Type')]: 'Opening balance', [column('Balance')]: '0.00' });
    const closing = lines.at(-1)!;
    expect(closing[column('Type')]).toBe('Closing balance');
    expect(formatMicros(sum)).toBe(formatMicros(micros(closing[column('Balance')]!)));
    expect(micros(closing[column('Balance')]!)).toBe(micros(json.totals.closing));
    const total = (description: string) =>
      micros(lines.find((line) => line[column('Description')] === description)![column('Total')]!);
    expect(total('Deposits')).toBe(micros(json.totals.deposits));
    expect(total('Trading fees')).toBe(micros(json.totals.fees));
    expect(total('Net change')).toBe(micros(json.totals.net_change));
    expect(lines.find((line) => line[column('Description')] === 'Deposits')![column('Total')]).toBe(
      '2500.00',
    );
    // Each trade's details sit beside its P/L row.
    const pnl = lines.filter((line) => line[column('Instrument')] === 'EUR/USD');
    expect(pnl.map((line) => micros(line[column('P/L')]!))).toEqual(
      json.trades!.map((trade) => micros(trade.profit)),
    );

    const japanese = parseCsv(
      (await download(trader.token, 'csv', NOVEMBER, 'jp')).rawPayload.toString('utf8').slice(1),
    );
    expect(japanese[0]!.slice(0, 3)).toEqual(['日時(UTC)', '種別', '内容']);
  });

  it('renders a PDF with the totals, in Japanese, Arabic and Thai too', async () => {
    const { totals } = (await statement(trader.token, NOVEMBER)).data;
    for (const [lang, title] of [
      ['en', 'Account statement'],
      ['jp', '取引明細書'],
      ['th', 'รายการเดินบัญชี'],
      ['ar', null],
    ] as const) {
      const res = await download(trader.token, 'pdf', NOVEMBER, lang);
      expect(res.statusCode, lang).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      const parser = new PDFParse({ data: new Uint8Array(res.rawPayload) });
      const { text } = await parser.getText();
      await parser.destroy();
      for (const figure of [totals.closing, totals.deposits, totals.fees, totals.withdrawals])
        expect(text, `${lang} ${figure}`).toContain(moneyText(micros(figure)));
      // Arabic comes out of a PDF in visual order, its words reversed: its figures are checked.
      if (title) expect(text.replace(/\s+/g, ''), lang).toContain(title.replace(/\s+/g, ''));
    }
  });

  it('refuses bad ranges and zones with a clear message', async () => {
    const refusal = async (query: string) => {
      const answer = await statement(trader.token, query);
      expect(answer.data).toBeNull();
      return answer.msg;
    };
    expect(await refusal('from=2026-12-01&to=2026-11-01')).toBe(
      'The end of the period must come after its start',
    );
    expect(await refusal('from=2026-11-01&to=2026-11-01')).toBe(
      'The end of the period must come after its start',
    );
    expect(await refusal('from=2025-01-01&to=2026-11-01')).toBe('A statement covers at most 366 days');
    expect(await refusal('from=2026-02-30&to=2026-03-02')).toBe(
      'from is not a calendar date (YYYY-MM-DD, years 2000 to 2100)',
    );
    expect(await refusal('from=2026-11-01&to=2026-12-01&tz=Mars/Olympus')).toBe(
      'The time zone is not known: use a name such as Asia/Hong_Kong',
    );
    expect(await refusal('from=1.11.2026&to=2026-12-01')).toBe('from must be a date (YYYY-MM-DD)');
    expect(await refusal('to=2026-12-01')).toContain('from');
    // The same refusal, as JSON in the envelope, for a download.
    const res = await download(trader.token, 'pdf', 'from=2026-12-01&to=2026-11-01');
    expect(res.json()).toMatchObject({ code: 422, msg: 'The end of the period must come after its start' });
  });

  it('shows only the signed-in person’s own accounts', async () => {
    const other = await t.realUser('75');
    const theirs = (await statement(other.token, `${NOVEMBER}&detail=1`)).data;
    expect(theirs.uid).not.toBe((await statement(trader.token, NOVEMBER)).data.uid);
    expect(theirs.rows!.every((row) => row.kind === 'adjustment')).toBe(true);
    expect(theirs.totals.closing).toBe(75);
    expect(await statement(other.token, `${NOVEMBER}&account=demo`)).toMatchObject({
      code: 0,
      msg: 'You have no demo account yet',
    });
    const visitor = await t.demoUser();
    expect(await statement(visitor.token, `${NOVEMBER}&account=real`)).toMatchObject({
      code: 0,
      msg: 'Statements of a real account need a registered account',
    });
    expect((await statement(visitor.token, NOVEMBER)).data.account).toBe('demo');
    expect((await statement('not-a-session', NOVEMBER)).code).toBe(999);
    expect((await download('not-a-session', 'csv', NOVEMBER)).json()).toMatchObject({ code: 999 });
  });

  it('makes a burst of documents, then asks the user to wait', async () => {
    const { token } = await t.realUser('10');
    for (let n = 0; n < 10; n++)
      expect((await download(token, n % 2 ? 'csv' : 'pdf', NOVEMBER)).statusCode).toBe(200);
    expect((await download(token, 'csv', NOVEMBER)).json()).toMatchObject({
      code: 429,
      msg: 'Too many requests. Please wait a moment and try again.',
    });
    // The totals are no document: they are not held back.
    expect((await statement(token, NOVEMBER)).code).toBe(1);
  });

  it('counts a row at the range’s start in and at its end out, at local midnight of the zone', async () => {
    // 2026-12-01 00:00 in Hong Kong (UTC+8) is 2026-11-30 16:00 UTC.
    rt.clock.set(Date.UTC(2026, 10, 30, 16));
    finance = await staffToken(rt, ['finance']);
    const { token, id } = await t.realUser('0');
    await adjust(id, '40');
    rt.clock.set(Date.UTC(2026, 11, 1));
    // Staff sessions lapse while idle; the clock jumped.
    finance = await staffToken(rt, ['finance']);
    await adjust(id, '2');
    const totalsOf = async (query: string) => {
      const answer = await statement(token, query);
      expect(answer.code, answer.msg).toBe(1);
      return answer.data.totals;
    };
    expect(await totalsOf(NOVEMBER)).toMatchObject({ opening: 0, adjustments: 40, closing: 40 });
    expect(await totalsOf('from=2026-12-01&to=2027-01-01')).toMatchObject({
      opening: 40,
      adjustments: 2,
      closing: 42,
    });
    const hk = 'tz=Asia/Hong_Kong';
    expect(await totalsOf(`${NOVEMBER}&${hk}`)).toMatchObject({ adjustments: 0, closing: 0 });
    expect(await totalsOf(`from=2026-12-01&to=2027-01-01&${hk}`)).toMatchObject({
      opening: 0,
      adjustments: 42,
      closing: 42,
    });
  });
});
