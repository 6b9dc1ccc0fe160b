/**
 * `POST /v1/api/forex/update_pending` on a real database: a pending order's target moves, judged
 * as a new pending order at that price (engine B10), a retry with the same key moves it once, and
 * every refusal names its rule.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { databaseEngines, WEDNESDAY_NOON_MS } from './helpers/test-runtime.ts';
import { tradingSuite } from './helpers/trading-suite.ts';

describe.each(databaseEngines())('moving a pending order on %s', (engine) => {
  const suite = tradingSuite(engine, { notBefore: WEDNESDAY_NOON_MS });
  let token: string;
  beforeAll(async () => {
    token = (await suite.t.demoUser()).token;
  });

  const buyLimit = (extra: Record<string, string> = {}) =>
    suite.t.submit(token, {
      type: 1,
      cont: '0.1',
      forex_id: suite.eurusd,
      status: 0,
      target_price: '1.09000',
      ...extra,
    });

  it('moves the target, keeps the stops, changes the kind with the side of the market, and stores it', async () => {
    const placed = await buyLimit({ stop_loss_price: '1.08000', target_profit_price: '1.12000' });
    expect(placed.data).toMatchObject({ Kind: 'buy_limit', OriginPrice: 1.09 });
    expect(await suite.t.movePending(token, { id: placed.data.Id, target_price: '1.09500' })).toMatchObject({
      code: 1,
      msg: 'Pending order moved to the new price',
      data: { Id: placed.data.Id, Status: 0, Kind: 'buy_limit', OriginPrice: 1.095, TargetLossPrice: 1.08 },
    });
    const above = await suite.t.movePending(token, { id: placed.data.Id, target_price: '1.10500' });
    expect(above.data).toMatchObject({ Kind: 'buy_stop', OriginPrice: 1.105, TargetProfitPrice: 1.12 });
    // Stored, not only answered: the list reads the database's row.
    const listed = (await suite.t.myDeal(token, 0)).data.data.find((row) => row.Id === placed.data.Id);
    expect(listed).toMatchObject({ Kind: 'buy_stop', OriginPrice: 1.105 });
    // It fires at the new level, as a buy stop: when the ask rises to it.
    suite.t.tick('EURUSD', '1.10490', '1.10500');
    await suite.rt.trading.idle();
    expect((await suite.t.myDeal(token, 1)).data.data.find((row) => row.Id === placed.data.Id)).toMatchObject(
      {
        Status: 1,
        OriginPrice: 1.105,
      },
    );
  });

  it('answers a retry with the same key with the first answer and moves once', async () => {
    const placed = await buyLimit();
    const headers = { 'idempotency-key': `move-${placed.data.Id}` };
    const fields = { id: placed.data.Id, target_price: '1.08500' };
    const [first, concurrent] = await Promise.all([
      suite.t.movePending(token, fields, headers),
      suite.t.movePending(token, fields, headers),
    ]);
    expect(first).toMatchObject({ code: 1, data: { OriginPrice: 1.085 } });
    expect(concurrent.data).toEqual(first.data);
    // Another price with the key already used is another request: refused, nothing moves.
    expect(await suite.t.movePending(token, { ...fields, target_price: '1.08000' }, headers)).toMatchObject({
      code: 422,
      msg: 'This idempotency key was already used for another request',
    });
    expect(
      (await suite.t.myDeal(token, 0)).data.data.find((row) => row.Id === placed.data.Id)?.OriginPrice,
    ).toBe(1.085);
  });

  it('refuses every bad move with the rule it breaks and leaves the order where it was', async () => {
    const placed = await buyLimit({ stop_loss_price: '1.08000', target_profit_price: '1.09500' });
    const id = placed.data.Id;
    const holding = await suite.t.submit(token, { type: 1, cont: '0.1', forex_id: suite.eurusd, status: 1 });
    const other = (await suite.t.demoUser()).token;
    const cases: Array<[string, Record<string, string | number>, number, string]> = [
      [
        token,
        { id, target_price: 'abc' },
        422,
        'target_price must be a plain decimal such as 0.01: digits and one point, no exponent or separators',
      ],
      [token, { id }, 422, 'target_price is required'],
      [token, { id, target_price: '1.090001' }, 422, 'target_price has more than 5 decimals'],
      [token, { id, target_price: '0' }, 0, 'Please enter the target price of the pending order'],
      [
        token,
        { id, target_price: '1.10012' },
        0,
        'The target price equals the market price: place a market order instead',
      ],
      [
        token,
        { id, target_price: '1.07500' },
        0,
        'The stop loss is on the wrong side of the price: below it for a buy, above it for a sell',
      ],
      [
        token,
        { id, target_price: '1.09600' },
        0,
        'The take profit is on the wrong side of the price: above it for a buy, below it for a sell',
      ],
      [token, { id: holding.data.Id, target_price: '1.09000' }, 0, 'This order is no longer pending'],
      [other, { id, target_price: '1.08500' }, 404, 'There is no such order'],
    ];
    for (const [who, fields, code, msg] of cases)
      expect(await suite.t.movePending(who, fields), JSON.stringify(fields)).toMatchObject({
        code,
        msg,
        data: null,
      });
    expect((await suite.t.myDeal(token, 0)).data.data.find((row) => row.Id === id)?.OriginPrice).toBe(1.09);

    suite.rt.clock.set(Date.UTC(2026, 10, 21, 12));
    expect(await suite.t.movePending(token, { id, target_price: '1.08500' })).toMatchObject({
      code: 0,
      msg: 'The market for this instrument is closed',
    });
    suite.rt.clock.set(Date.UTC(2026, 10, 25, 12));
    suite.t.tick('EURUSD', '1.10000', '1.10012');
    await suite.t.cancel(token, id);
    expect(await suite.t.movePending(token, { id, target_price: '1.08500' })).toMatchObject({
      code: 0,
      msg: 'This order is no longer pending',
    });
  });
});
