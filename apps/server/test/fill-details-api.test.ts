/**
 * Fill details through HTTP (packages/engine/SPEC.md F2): a market order records the price the
 * client says it saw, the spread of the quote it filled at and that spread in USD; a pending order
 * asked for its target. The submit call refuses an asked price it cannot read, with the field.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { databaseEngines, startTestRuntime, type TestRuntime } from './helpers/test-runtime.ts';
import { tradingClient } from './helpers/trading-helpers.ts';

describe.each(databaseEngines())('fill details on %s', (engine) => {
  let rt: TestRuntime;
  let t: ReturnType<typeof tradingClient>;
  let eurusd: number;
  let usdjpy: number;

  beforeAll(async () => {
    rt = await startTestRuntime({ engine });
    t = tradingClient(rt);
    eurusd = t.spec('EURUSD').id;
    usdjpy = t.spec('USDJPY').id;
  });
  afterAll(() => rt.dispose());
  beforeEach(() => {
    rt.clock.advance(1000);
    t.tick('EURUSD', '1.10000', '1.10012');
    t.tick('USDJPY', '150.000', '150.010');
  });

  const market = (forexId: number, type: 1 | 2, extra: Record<string, string | number> = {}) => ({
    forex_id: forexId,
    type,
    cont: '1',
    status: 1,
    ...extra,
  });

  it('a buy filled above the price seen shows the asked price, the spread, its cost and the slippage', async () => {
    const { token, id } = await t.realUser('10000');
    const placed = await t.submit(token, market(eurusd, 1, { price: '1.10009' }));
    expect(placed).toMatchObject({
      code: 1,
      data: {
        OriginPrice: 1.10012,
        AskedPrice: 1.10009,
        Spread: 0.00012,
        // 12 points of 0.00001 × 1 lot × 100,000 units = 12 USD.
        SpreadCost: 12,
        Slippage: 0.00003,
      },
    });
    // The same figures come back from storage, after the write is committed.
    await t.expectLedgerBalanced(id);
    const [row] = (await t.myDeal(token, 1)).data.data;
    expect(row).toMatchObject({ AskedPrice: 1.10009, Spread: 0.00012, SpreadCost: 12, Slippage: 0.00003 });
  });

  it('a sell filled above the price seen slipped in the trader’s favour: negative slippage', async () => {
    const { token } = await t.realUser('10000');
    const placed = await t.submit(token, market(eurusd, 2, { price: '1.09998' }));
    expect(placed.data).toMatchObject({ OriginPrice: 1.1, AskedPrice: 1.09998, Slippage: -0.00002 });
  });

  it('without a price the fill is what was asked for: no slippage', async () => {
    const { token } = await t.realUser('10000');
    const placed = await t.submit(token, market(eurusd, 1));
    expect(placed.data).toMatchObject({ AskedPrice: 1.10012, Slippage: 0, Spread: 0.00012 });
  });

  it('a yen-quoted spread costs its USD value at the fill', async () => {
    const { token } = await t.realUser('10000');
    const placed = await t.submit(token, market(usdjpy, 1, { price: '150.010' }));
    // 10 points of 0.001 JPY × 100,000 = 1,000 JPY at 1 / 150.005 = 6.666444 USD.
    expect(placed.data).toMatchObject({ Spread: 0.01, SpreadCost: 6.666444, Slippage: 0 });
  });

  it('a pending order asked for its target, and records the spread only once it fills', async () => {
    const { token } = await t.realUser('10000');
    const placed = await t.submit(token, {
      ...market(eurusd, 1),
      status: 0,
      target_price: '1.09900',
      price: '1.5',
    });
    expect(placed.data).toMatchObject({ AskedPrice: 0, Spread: 0, SpreadCost: 0, Slippage: 0 });
    rt.clock.advance(1000);
    // The ask gaps through the target: the buy limit fills two points better than asked.
    t.tick('EURUSD', '1.09880', '1.09898');
    await rt.trading.idle();
    const [row] = (await t.myDeal(token, 1)).data.data;
    expect(row).toMatchObject({
      OriginPrice: 1.09898,
      AskedPrice: 1.099,
      Spread: 0.00018,
      SpreadCost: 18,
      Slippage: -0.00002,
    });
  });

  it('refuses an asked price it cannot read, naming the field', async () => {
    const { token } = await t.realUser('10000');
    const tooFine = await t.submit(token, market(eurusd, 1, { price: '1.100001' }));
    expect(tooFine).toMatchObject({ code: 422, msg: expect.stringMatching(/price/), data: null });
    const notANumber = await t.submit(token, market(eurusd, 1, { price: 'abc' }));
    expect(notANumber).toMatchObject({
      code: 422,
      msg: 'price must be a plain decimal such as 0.01: digits and one point, no exponent or separators',
    });
    // Nothing was placed by either.
    expect((await t.myDeal(token, 1)).data.total).toBe(0);
  });
});
