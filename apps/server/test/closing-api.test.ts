/**
 * Closing part of a position and closing many at once through the HTTP layer on a real database
 * (packages/engine/SPEC.md PC1–PC7): the figures, the ledger, the stops the rest keeps, every
 * refusal's message, each scope of close_all, and a retry with the same key closing nothing more.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CloseAllResult, ClosePartResult } from '@omp/protocol';
import {
  databaseEngines,
  startTestRuntime,
  WEDNESDAY_NOON_MS,
  type TestRuntime,
} from './helpers/test-runtime.ts';
import { tradingClient } from './helpers/trading-helpers.ts';
import type { EnvelopeBody } from './helpers/account-helpers.ts';

const SATURDAY_NOON_MS = Date.UTC(2026, 10, 21, 12);

describe.each(databaseEngines())('closing positions on %s', (engine) => {
  let rt: TestRuntime;
  let t: ReturnType<typeof tradingClient>;
  let eurusd: number;
  let gbpusd: number;
  let btcusd: number;

  beforeAll(async () => {
    rt = await startTestRuntime({ engine });
    t = tradingClient(rt);
    eurusd = t.spec('EURUSD').id;
    gbpusd = t.spec('GBPUSD').id;
    btcusd = t.spec('BTCUSD').id;
  });
  afterAll(() => rt.dispose());
  beforeEach(() => {
    rt.clock.set(Math.max(rt.clock.now() + 1000, WEDNESDAY_NOON_MS));
    t.tick('EURUSD', '1.10000', '1.10012');
    t.tick('GBPUSD', '1.33200', '1.33215');
    t.tick('BTCUSD', '91500.00', '91530.00');
  });

  const post = async <T>(path: string, token: string, fields: Record<string, unknown>, key?: string) => {
    const res = await rt.app.inject({
      method: 'POST',
      url: `/v1/api/forex/${path}`,
      headers: { lang: 'en', authorization: token, ...(key ? { 'idempotency-key': key } : {}) },
      payload: fields,
    });
    return res.json() as EnvelopeBody<T>;
  };
  const closePart = (token: string, id: number, cont: string, key?: string) =>
    post<ClosePartResult>('close_part', token, { id, cont }, key);
  const closeAll = (token: string, fields: Record<string, unknown>, key?: string) =>
    post<CloseAllResult>('close_all', token, fields, key);
  const buy = async (token: string, forexId: number, cont: string, extra: Record<string, string> = {}) => {
    const placed = await t.submit(token, { type: 1, cont, forex_id: forexId, status: 1, ...extra });
    expect(placed.code, placed.msg).toBe(1);
    return placed.data;
  };
  const holdingIds = async (token: string) =>
    (await t.myDeal(token, 1)).data.data.map((row) => row.Id).sort();

  it('closes part of a position: the part is a new closed row with its P/L, the rest keeps id and stops', async () => {
    const { token, id: userId } = await t.realUser('10000');
    const position = await buy(token, eurusd, '1', {
      stop_loss_price: '1.09000',
      target_profit_price: '1.12000',
    });
    t.tick('EURUSD', '1.10112', '1.10124');
    const answer = await closePart(token, position.Id, '0.3');
    expect(answer).toMatchObject({
      code: 1,
      msg: 'Closed 0.30 lots; 0.70 lots stay open',
      data: {
        position: {
          Id: position.Id,
          Status: 1,
          Quantity: 0.7,
          TargetLossPrice: 1.09,
          TargetProfitPrice: 1.12,
          SplitFromId: 0,
        },
        closed: {
          Status: 3,
          Quantity: 0.3,
          OriginPrice: 1.10012,
          Price: 1.10112,
          FactProfits: 30,
          SplitFromId: position.Id,
          ClosedType: 1,
        },
      },
    });
    const { position: rest, closed } = answer.data;
    expect(closed.Id).not.toBe(position.Id);
    // Margin and fee split in proportion, and add up to what the position held.
    expect(Math.round((rest.CautionMoney + closed.CautionMoney) * 1e6)).toBe(
      Math.round(position.CautionMoney * 1e6),
    );
    expect(Math.round((rest.TradeFee + closed.TradeFee) * 1e6)).toBe(Math.round(position.TradeFee * 1e6));
    expect(closed.CautionMoney).toBeCloseTo(position.CautionMoney * 0.3, 6);

    const rows = await rt.database.db
      .selectFrom('ledger')
      .select(['kind', 'amount', 'ref_id'])
      .where('user_id', '=', userId)
      .where('kind', '=', 'realized_pnl')
      .execute();
    expect(rows.map((r) => [Number(r.amount), Number(r.ref_id)])).toEqual([[30_000_000, closed.Id]]);
    expect(await holdingIds(token)).toEqual([position.Id]);
    const history = (await t.myDeal(token, 3)).data.data;
    expect(history.find((row) => row.Id === closed.Id)).toMatchObject({
      Quantity: 0.3,
      SplitFromId: position.Id,
    });
    await t.expectLedgerBalanced(userId);

    // The rest's take profit is still live: a tick past it closes the 0.7 lots.
    t.tick('EURUSD', '1.12010', '1.12022');
    await rt.trading.idle();
    expect(await holdingIds(token)).toEqual([]);
    await t.expectLedgerBalanced(userId);
  });

  it('refuses a part that is not a valid amount, with the rule it breaks, and closes nothing', async () => {
    const { token, id: userId } = await t.realUser('10000');
    const position = await buy(token, eurusd, '0.5');
    const cases: Array<[string, number, string]> = [
      ['0', 0, 'Enter how many lots to close'],
      ['0.015', 0, 'The lot size must be a whole multiple of the lot step'],
      ['0.5', 0, 'Close less than the whole position, or close the position itself'],
      ['2', 0, 'Close less than the whole position, or close the position itself'],
      [
        'abc',
        422,
        'cont must be a plain decimal such as 0.01: digits and one point, no exponent or separators',
      ],
    ];
    for (const [cont, code, msg] of cases)
      expect(await closePart(token, position.Id, cont), cont).toMatchObject({ code, msg, data: null });
    expect(await closePart(token, 99_999_999, '0.1')).toMatchObject({
      code: 404,
      msg: 'There is no such order',
    });
    const rows = (await t.myDeal(token, 1)).data.data;
    expect(rows.map((row) => row.Quantity)).toEqual([0.5]);
    await t.close(token, position.Id);
    expect(await closePart(token, position.Id, '0.1')).toMatchObject({
      code: 0,
      msg: 'This order is no longer open',
    });
    await t.expectLedgerBalanced(userId);
  });

  it('closes all of one instrument, then the winners, then the losers', async () => {
    const { token, id: userId } = await t.realUser('100000');
    const eurA = await buy(token, eurusd, '1');
    const eurB = await buy(token, eurusd, '0.5');
    const gbpWin = await buy(token, gbpusd, '0.2');
    const btcLose = await buy(token, btcusd, '0.1');
    t.tick('GBPUSD', '1.33400', '1.33415');
    t.tick('BTCUSD', '91000.00', '91030.00');

    const instrument = await closeAll(token, { scope: 'instrument', forex_id: eurusd });
    expect(instrument).toMatchObject({ code: 1, msg: 'Positions closed: 2', data: { skipped: [] } });
    expect(instrument.data.closed.map((row) => [row.Id, row.Price])).toEqual([
      [eurA.Id, 1.1],
      [eurB.Id, 1.1],
    ]);
    // Both EUR/USD buys lose the spread: 12 points × 1.5 lots × 100,000 = 18 USD.
    expect(instrument.data.total_profit).toBe(-18);
    await t.expectLedgerBalanced(userId);

    const winners = await closeAll(token, { scope: 'winners' });
    expect(winners.data.closed.map((row) => row.Id)).toEqual([gbpWin.Id]);
    expect(winners.data.total_profit).toBe(37); // (1.33400 − 1.33215) × 0.2 × 100,000
    expect(await holdingIds(token)).toEqual([btcLose.Id]);
    await t.expectLedgerBalanced(userId);

    const losers = await closeAll(token, { scope: 'losers' });
    expect(losers.data.closed.map((row) => [row.Id, row.Price])).toEqual([[btcLose.Id, 91000]]);
    expect(losers.data.total_profit).toBe(-53); // (91000 − 91530) × 0.1
    expect(await holdingIds(token)).toEqual([]);
    await t.expectLedgerBalanced(userId);

    expect(await closeAll(token, { scope: 'instrument' })).toMatchObject({
      code: 422,
      msg: 'Choose the instrument whose positions to close',
    });
    expect(await closeAll(token, { scope: 'everything' })).toMatchObject({ code: 422 });
    expect(await closeAll(token, { scope: 'instrument', forex_id: 99_999 })).toMatchObject({ code: 404 });
  });

  it('closes all in one decision; a retry with the same key answers the same summary and closes nothing more', async () => {
    const { token, id: userId } = await t.realUser('100000');
    const a = await buy(token, eurusd, '0.3');
    const b = await buy(token, gbpusd, '0.4');
    const first = await closeAll(token, { scope: 'all' }, 'flatten-1');
    expect(first.data.closed.map((row) => row.Id)).toEqual([a.Id, b.Id]);
    const balanceAfterFirst = await t.expectLedgerBalanced(userId);

    const later = await buy(token, eurusd, '0.2');
    t.tick('EURUSD', '1.10500', '1.10512');
    const retry = await closeAll(token, { scope: 'all' }, 'flatten-1');
    expect(retry).toEqual(first);
    expect(await holdingIds(token)).toEqual([later.Id]);
    const balanceAfterRetry = await t.expectLedgerBalanced(userId);
    // Only the later order's fee moved the balance: the retry closed nothing.
    expect(balanceAfterFirst - balanceAfterRetry).toBe(BigInt(Math.round(later.TradeFee * 1e6)));

    expect(await closeAll(token, { scope: 'winners' }, 'flatten-1')).toMatchObject({
      code: 422,
      msg: 'This idempotency key was already used for another request',
    });

    // A retried partial close likewise splits once.
    const part = await closePart(token, later.Id, '0.1', 'part-1');
    expect(await closePart(token, later.Id, '0.1', 'part-1')).toEqual(part);
    expect((await t.myDeal(token, 1)).data.data.map((row) => row.Quantity)).toEqual([0.1]);
    await t.expectLedgerBalanced(userId);
  });

  it('leaves positions it cannot close open and reports them: stale quote, market closed', async () => {
    const { token, id: userId } = await t.realUser('100000');
    const eur = await buy(token, eurusd, '0.1');
    const gbp = await buy(token, gbpusd, '0.1');
    const btc = await buy(token, btcusd, '0.01');
    rt.clock.set(rt.clock.now() + 31_000);
    t.tick('EURUSD', '1.10000', '1.10012');
    t.tick('BTCUSD', '91500.00', '91530.00');
    const stale = await closeAll(token, { scope: 'all' });
    expect(stale.data.closed.map((row) => row.Id)).toEqual([eur.Id, btc.Id]);
    expect(stale.data.skipped).toEqual([{ id: gbp.Id, reason: 'stale_quote' }]);
    await t.expectLedgerBalanced(userId);

    // On Saturday forex is closed and crypto trades.
    const btc2 = await buy(token, btcusd, '0.01');
    rt.clock.set(SATURDAY_NOON_MS);
    t.tick('BTCUSD', '91500.00', '91530.00');
    const weekend = await closeAll(token, { scope: 'all' });
    expect(weekend.data.closed.map((row) => row.Id)).toEqual([btc2.Id]);
    expect(weekend.data.skipped).toEqual([{ id: gbp.Id, reason: 'market_closed' }]);
    expect(await closePart(token, gbp.Id, '0.05')).toMatchObject({
      code: 0,
      msg: 'The market for this instrument is closed',
    });
    expect(await holdingIds(token)).toEqual([gbp.Id]);
    await t.expectLedgerBalanced(userId);
  });
});
