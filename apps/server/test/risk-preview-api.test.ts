/**
 * The order ticket's risk preview through HTTP: the stop-out price it promises is the price at
 * which the book really stops the account out (one point before, it does not), it follows the
 * lots, it refuses what the engine refuses in the request's language, and it changes nothing.
 */
import { formatPoints, parsePriceToPoints } from '@omp/engine';
import type { RiskPreview } from '@omp/protocol';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { databaseEngines, startTestRuntime, type TestRuntime } from './helpers/test-runtime.ts';
import { tradingClient } from './helpers/trading-helpers.ts';
import { liftLeverageCaps } from './helpers/leverage-helpers.ts';

describe.each(databaseEngines())('risk preview on %s', (engine) => {
  let rt: TestRuntime;
  let t: ReturnType<typeof tradingClient>;
  let eurusd: number;
  let leverage: number;

  beforeAll(async () => {
    rt = await startTestRuntime({ engine });
    await liftLeverageCaps(rt);
    t = tradingClient(rt);
    eurusd = t.spec('EURUSD').id;
    leverage = t.spec('EURUSD').leverageOptions[0]!;
  });
  afterAll(() => rt.dispose());
  beforeEach(() => {
    rt.clock.advance(1000);
    t.tick('EURUSD', '1.10000', '1.10012');
    t.tick('USDJPY', '155.000', '155.014');
  });

  const preview = (token: string, query: Record<string, string | number>, lang = 'en') =>
    rt.app
      .inject({
        method: 'GET',
        url: `/v1/api/forex/risk_preview?${new URLSearchParams(
          Object.entries(query).map(([key, value]): [string, string] => [key, String(value)]),
        )}`,
        headers: { lang, authorization: token },
      })
      .then((res) => res.json() as { code: number; msg: string; data: RiskPreview });

  /** The EUR/USD quote with its bid moved `points` from `price`, the 12-point spread held. */
  const eurusdAt = (price: string, points: number) => {
    const precision = t.spec('EURUSD').pricePrecision;
    const bid = parsePriceToPoints(price, precision)! + points;
    t.tick('EURUSD', formatPoints(bid, precision), formatPoints(bid + 12, precision));
  };

  it('promises the stop-out price the book then honours: a tick there stops the account out, one point before does not', async () => {
    const { token, id } = await t.realUser('1200');
    const order = { forex_id: eurusd, type: 1, cont: '1', multiple: leverage };
    const seen = await preview(token, order);
    expect(seen).toMatchObject({
      code: 1,
      data: {
        stop_out_price: expect.any(Number),
        margin_call_price: expect.any(Number),
        stop_loss_loss: null,
        margin_level: expect.any(Number),
      },
    });
    const stopOut = seen.data.stop_out_price!.toFixed(5);
    // A long account loses as the price falls: the margin call comes first, above the stop-out.
    expect(seen.data.margin_call_price).toBeGreaterThan(seen.data.stop_out_price!);
    expect(seen.data.stop_out_move).toBeLessThan(0);

    const placed = await t.submit(token, { ...order, status: 1 });
    expect(placed.code).toBe(1);
    expect(placed.data.CautionMoney).toBe(seen.data.margin);
    expect(placed.data.TradeFee).toBe(seen.data.fee);
    expect((await t.figures(token)).data.margin_level).toBe(seen.data.margin_level);

    rt.clock.advance(1000);
    eurusdAt(stopOut, 1);
    await rt.trading.idle();
    expect((await t.myDeal(token, 1)).data.total).toBe(1);

    rt.clock.advance(1000);
    eurusdAt(stopOut, 0);
    await rt.trading.idle();
    expect((await t.myDeal(token, 1)).data.total).toBe(0);
    const closed = (await t.myDeal(token, 3)).data.data[0]!;
    expect(closed).toMatchObject({ Id: placed.data.Id, Price: Number(stopOut) });
    await t.expectLedgerBalanced(id);
  });

  it('moves the stop-out price with the lots and prices the stop loss in money and share of equity', async () => {
    const { token } = await t.realUser('1200');
    const small = await preview(token, { forex_id: eurusd, type: 1, cont: '0.5', multiple: leverage });
    const large = await preview(token, { forex_id: eurusd, type: 1, cont: '1', multiple: leverage });
    // More lots, less room: the stop-out comes closer to the market.
    expect(large.data.stop_out_price).toBeGreaterThan(small.data.stop_out_price!);

    const short = await preview(token, {
      forex_id: eurusd,
      type: 2,
      cont: '1',
      multiple: leverage,
      stop_loss_price: '1.10100',
    });
    // Sold at 1.10000, stopped at an ask of 1.10100: 100 points × 100,000 = 100 USD plus the fee.
    expect(short.data.stop_loss_loss).toBe(100 + short.data.fee);
    expect(short.data.stop_loss_loss_share).toBeCloseTo((short.data.stop_loss_loss! / 1200) * 100, 2);
    expect(short.data.stop_out_price).toBeGreaterThan(1.1);
    expect(short.data.stop_out_move).toBeGreaterThan(0);
  });

  it('refuses what the engine refuses, worded in the request’s language, and changes nothing', async () => {
    const { token, id } = await t.realUser('1200');
    const order = { forex_id: eurusd, type: 1, cont: '1', multiple: leverage };
    expect(await preview(token, { ...order, forex_id: 999_999 })).toMatchObject({
      code: 404,
      msg: 'There is no such instrument',
    });
    const notOffered = await preview(token, { ...order, multiple: 7777 }, 'de');
    expect(notOffered.code).not.toBe(1);
    expect(notOffered.msg).not.toBe('This leverage is not offered for this instrument');
    expect((await preview(token, { ...order, multiple: 7777 })).msg).toBe(
      'This leverage is not offered for this instrument',
    );
    expect((await preview(token, { ...order, cont: 'lots' })).code).toBe(422);
    expect((await preview(token, { ...order, cont: '0' })).code).toBe(422);

    rt.clock.advance(60_000);
    expect((await preview(token, order)).msg).toBe(
      'The price of this instrument is out of date. Please try again in a moment.',
    );
    expect((await t.myDeal(token, 1)).data.total).toBe(0);
    expect((await t.figures(token)).data).toMatchObject({ balance: 1200, lock_balance: 0 });
    await t.expectLedgerBalanced(id);
  });

  it('answers only a signed-in user', async () => {
    const res = await rt.app.inject({
      method: 'GET',
      url: `/v1/api/forex/risk_preview?forex_id=${eurusd}&type=1&cont=1&multiple=${leverage}`,
      headers: { lang: 'en' },
    });
    expect((res.json() as { code: number }).code).not.toBe(1);
  });
});
