/**
 * The rules around trading through the HTTP layer on a real database: every validation message,
 * market hours, stale quotes, retries with an idempotency key, races of one account, and other
 * users' orders. Plus the per-user socket pushes.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { databaseEngines, WEDNESDAY_NOON_MS, WITH_HISTORY } from './helpers/test-runtime.ts';
import { tradingSuite, signedInSocket } from './helpers/trading-suite.ts';

describe.each(databaseEngines())('trading rules on %s', (engine) => {
  const suite = tradingSuite(engine, {
    // The "not configured" case orders an instrument no test ticks: its quote is the last price of
    // the seeded history.
    env: WITH_HISTORY,
    liftLeverageCaps: true,
    notBefore: WEDNESDAY_NOON_MS,
    // Every seeded instrument has a leverage, and the back office refuses terms without one; an
    // instrument stored before that rule is what the "not configured" refusal is for.
    prepare: async (rt) => {
      await rt.database.db
        .updateTable('instruments')
        .set({ leverage_options: '[]' })
        .where('code', '=', 'USDTRY')
        .execute();
      return rt.restart();
    },
  });
  let token: string;
  beforeAll(async () => {
    token = (await suite.t.demoUser()).token;
  });

  it('answers every bad order with the rule it breaks, and places nothing', async () => {
    const order = { type: 1, cont: '0.1', forex_id: suite.eurusd, status: 1 };
    const cases: Array<[Record<string, string | number | undefined>, number, string]> = [
      [{ ...order, type: 3 }, 422, 'type must be at most 2'],
      [
        { ...order, cont: 'abc' },
        422,
        'cont must be a plain decimal such as 0.01: digits and one point, no exponent or separators',
      ],
      [{ ...order, cont: undefined }, 422, 'cont is required'],
      [{ ...order, forex_id: 99_999 }, 404, 'There is no instrument with id 99999'],
      [
        { ...order, forex_id: suite.t.spec('USDTRY').id },
        0,
        'Leverage not configured and orders cannot be placed for now',
      ],
      [{ ...order, multiple: 7 }, 0, 'This leverage is not offered for this instrument'],
      [{ ...order, cont: '0.001' }, 0, "The lot size is below this instrument's minimum"],
      [{ ...order, cont: '0.015' }, 0, 'The lot size must be a whole multiple of the lot step'],
      [{ ...order, cont: '51' }, 0, "The lot size is above this instrument's maximum"],
      [{ ...order, status: 0 }, 0, 'Please enter the target price of the pending order'],
      [
        { ...order, status: 0, target_price: '1.10012' },
        0,
        'The target price equals the market price: place a market order instead',
      ],
      [
        { ...order, stop_loss_price: '1.10005' },
        0,
        'The stop loss is on the wrong side of the price: below it for a buy, above it for a sell',
      ],
      [
        { ...order, target_profit_price: '1.09000' },
        0,
        'The take profit is on the wrong side of the price: above it for a buy, below it for a sell',
      ],
      [{ ...order, stop_loss_price: '1.090001' }, 422, 'stop_loss_price has more than 5 decimals'],
      [{ ...order, cont: '50', multiple: 20 }, 0, "Not enough free margin for this order's margin and fee"],
    ];
    for (const [fields, code, msg] of cases)
      expect(await suite.t.submit(token, fields), JSON.stringify(fields)).toMatchObject({
        code,
        msg,
        data: null,
      });
    expect(await suite.t.submit('', order)).toMatchObject({ code: 999 });
    expect((await suite.t.myDeal(token, 1)).data.total + (await suite.t.myDeal(token, 0)).data.total).toBe(0);
  });

  it('refuses orders, closes and stop edits while the market is closed, and orders on a stale quote', async () => {
    const placed = await suite.t.submit(token, { type: 1, cont: '0.1', forex_id: suite.eurusd, status: 1 });
    suite.rt.clock.advance(31_000);
    expect(
      await suite.t.submit(token, { type: 1, cont: '0.1', forex_id: suite.eurusd, status: 1 }),
    ).toMatchObject({
      code: 0,
      msg: 'The price of this instrument is out of date. Please try again in a moment.',
    });
    suite.rt.clock.set(Date.UTC(2026, 10, 21, 12));
    const closed = 'The market for this instrument is closed';
    expect(
      await suite.t.submit(token, { type: 1, cont: '0.1', forex_id: suite.eurusd, status: 1 }),
    ).toMatchObject({
      code: 0,
      msg: closed,
    });
    expect(await suite.t.close(token, placed.data.Id)).toMatchObject({ code: 0, msg: closed });
    expect(await suite.t.setStops(token, { id: placed.data.Id, stop_loss_price: '1.05000' })).toMatchObject({
      code: 0,
      msg: closed,
    });
    suite.rt.clock.set(Date.UTC(2026, 10, 25, 12));
    suite.t.tick('EURUSD', '1.10000', '1.10012');
    expect(await suite.t.close(token, placed.data.Id)).toMatchObject({ code: 1 });
  });

  it('answers a retried order with the first answer and places it once', async () => {
    const { token: own, id } = await suite.t.demoUser();
    const fields = { type: 1, cont: '0.1', forex_id: suite.eurusd, status: 1 };
    const headers = { 'idempotency-key': 'order-1' };
    const [first, concurrent] = await Promise.all([
      suite.t.submit(own, fields, headers),
      suite.t.submit(own, fields, headers),
    ]);
    const later = await suite.t.submit(own, fields, headers);
    expect(first.code).toBe(1);
    expect(concurrent.data.Id).toBe(first.data.Id);
    expect(later.data.Id).toBe(first.data.Id);
    expect((await suite.t.myDeal(own, 1)).data.total).toBe(1);
    expect(await suite.t.close(own, first.data.Id, headers)).toMatchObject({
      code: 422,
      msg: 'This idempotency key was already used for another request',
    });
    const body = await suite.t.submit(own, { ...fields, client_order_id: 'order-2' });
    expect((await suite.t.submit(own, { ...fields, client_order_id: 'order-2' })).data.Id).toBe(body.data.Id);
    expect((await suite.t.myDeal(own, 1)).data.total).toBe(2);
    await suite.t.expectLedgerBalanced(id);
  });

  it('lets 50 concurrent orders of one account spend its free margin exactly once', async () => {
    // Each 1-lot order needs 1,100.12 margin + 0.55006 fee, and opens 12 USD down (the spread).
    const { token: own, id } = await suite.t.realUser('11126.71');
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        suite.t.submit(own, { type: 1, cont: '1', forex_id: suite.eurusd, status: 1 }),
      ),
    );
    expect(results.filter((r) => r.code === 1)).toHaveLength(10);
    expect(new Set(results.filter((r) => r.code !== 1).map((r) => r.msg))).toEqual(
      new Set(["Not enough free margin for this order's margin and fee"]),
    );
    const figures = (await suite.t.figures(own)).data;
    expect(figures.free_margin).toBeGreaterThanOrEqual(0);
    expect(figures.lock_balance).toBe(11001.2);
    await suite.t.expectLedgerBalanced(id);
  });

  it('closes a position once when two closes race', async () => {
    const { token: own, id } = await suite.t.demoUser();
    const order = await suite.t.submit(own, { type: 1, cont: '1', forex_id: suite.eurusd, status: 1 });
    const results = await Promise.all([suite.t.close(own, order.data.Id), suite.t.close(own, order.data.Id)]);
    expect(results.map((r) => r.code).sort()).toEqual([0, 1]);
    expect(results.find((r) => r.code === 0)!.msg).toBe('This order is no longer open');
    const rows = await suite.t.repository.ledgerPage(id, 0, 50);
    expect(rows.filter((row) => row.kind === 'realized_pnl' && row.refId === order.data.Id)).toHaveLength(1);
    await suite.t.expectLedgerBalanced(id);
  });

  it("never lets a user see or touch another user's order", async () => {
    const mine = await suite.t.submit(token, { type: 1, cont: '0.1', forex_id: suite.eurusd, status: 1 });
    const pending = await suite.t.submit(token, {
      type: 1,
      cont: '0.1',
      forex_id: suite.eurusd,
      status: 0,
      target_price: '1.05000',
    });
    const other = (await suite.t.demoUser()).token;
    const notFound = { code: 404, msg: 'There is no such order', data: null };
    expect(await suite.t.close(other, mine.data.Id)).toMatchObject(notFound);
    expect(await suite.t.cancel(other, pending.data.Id)).toMatchObject(notFound);
    expect(await suite.t.setStops(other, { id: mine.data.Id, stop_loss_price: '1.05000' })).toMatchObject(
      notFound,
    );
    expect((await suite.t.myDeal(other, 1)).data.total).toBe(0);
    expect(await suite.t.cancel(token, pending.data.Id)).toMatchObject({
      code: 1,
      msg: 'Order cancelled',
      data: { Status: 4, CancelReason: 'user' },
    });
    expect(await suite.t.cancel(token, pending.data.Id)).toMatchObject({
      code: 0,
      msg: 'This order is no longer pending',
    });
  });

  it('moves stops on the right side only, and 0 removes them', async () => {
    const order = await suite.t.submit(token, { type: 2, cont: '0.1', forex_id: suite.eurusd, status: 1 });
    expect(await suite.t.setStops(token, { id: order.data.Id, stop_loss_price: '1.09000' })).toMatchObject({
      code: 0,
      msg: expect.stringContaining('stop loss'),
    });
    expect(
      await suite.t.setStops(token, {
        id: order.data.Id,
        stop_loss_price: '1.11000',
        target_profit_price: '1.09000',
      }),
    ).toMatchObject({
      code: 1,
      msg: 'Stop loss and take profit updated',
      data: { TargetLossPrice: 1.11, TargetProfitPrice: 1.09 },
    });
    expect((await suite.t.setStops(token, { id: order.data.Id, target_profit_price: 0 })).data).toMatchObject(
      {
        TargetLossPrice: 1.11,
        TargetProfitPrice: 0,
      },
    );
  });

  it('pushes live P/L, closed ids and the margin call to the logged-in socket', async () => {
    const { token: own } = await suite.t.realUser('1500');
    const client = await signedInSocket(suite.rt, own);
    client.send({ type: 'sub', params: 'FOREX_TRADE' });
    client.send({ type: 'sub', params: 'FOREX_CLOSED' });
    const order = await suite.t.submit(own, { type: 1, cont: '1', forex_id: suite.eurusd, status: 1 });
    await client.waitFor((m) => typeof m === 'object' && m.type === 'FOREX_ORDER');
    suite.rt.clock.advance(1500);
    suite.t.tick('EURUSD', '1.09600', '1.09612');
    const call = await client.waitFor((m) => typeof m === 'object' && m.type === 'MARGIN_CALL');
    expect(call).toMatchObject({
      margin_call_level: 100,
      stop_out_level: 50,
      msg: expect.stringContaining('Margin call'),
    });
    suite.rt.hub.flush();
    const trade = await client.waitFor(
      (m) =>
        typeof m === 'object' &&
        m.type === 'FOREX_TRADE' &&
        JSON.stringify(m.orders).includes('"FactProfits":-412'),
    );
    expect(trade).toMatchObject({
      orders: [{ Id: order.data.Id, FactProfits: -412 }],
      account: { floating_profit: -412 },
    });
    await suite.t.close(own, order.data.Id);
    expect(await client.waitFor((m) => typeof m === 'object' && m.type === 'FOREX_CLOSED')).toMatchObject({
      id: [order.data.Id],
    });
    client.close();
  });
});
