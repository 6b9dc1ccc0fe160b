/**
 * Trading through the HTTP layer on a real database: market and pending orders, stops, stop-out,
 * negative balance protection, currency conversion, demo reset and restart recovery. Prices come
 * from controlled ticks; after every scenario the stored balance equals the sum of the ledger.
 */
import { describe, expect, it, vi } from 'vitest';
import { TradingRepository } from '../src/repositories/trading-repository.ts';
import { databaseEngines } from './helpers/test-runtime.ts';
import { tradingSuite } from './helpers/trading-suite.ts';

describe.each(databaseEngines())('trading on %s', (engine) => {
  const suite = tradingSuite(engine, {
    liftLeverageCaps: true,
    quotes: [
      ['EURUSD', '1.10000', '1.10012'],
      ['USDJPY', '155.000', '155.014'],
      ['XAGUSD', '51.800', '51.830'],
    ],
  });

  it('buys and sells at market, shows floating P/L, closes with realized P/L and writes every cent to the ledger', async () => {
    const { token, id } = await suite.t.demoUser();
    const bought = await suite.t.submit(token, {
      type: 1,
      cont: '1',
      forex_id: suite.eurusd,
      status: 1,
      multiple: 100,
    });
    expect(bought).toMatchObject({
      code: 1,
      msg: 'Bought 1.00 EUR/USD at 1.10012',
      data: {
        Status: 1,
        OrderType: 1,
        Quantity: 1,
        Multiple: 100,
        OriginPrice: 1.10012,
        CautionMoney: 1100.12,
        TradeFee: 0.55006,
      },
    });
    const sold = await suite.t.submit(token, {
      type: 2,
      cont: '0.5',
      forex_id: suite.eurusd,
      status: 1,
      multiple: 100,
    });
    expect(sold.data).toMatchObject({ OrderType: 2, OriginPrice: 1.1, CautionMoney: 550, TradeFee: 0.275 });
    // The confirmation says what happened, with the instrument's decimals.
    expect(sold.msg).toBe('Sold 0.50 EUR/USD at 1.10000');
    expect((await suite.t.figures(token)).data).toMatchObject({
      balance: 99999.17494,
      lock_balance: 1650.12,
      margin_level: expect.any(Number),
    });

    suite.rt.clock.advance(1000);
    suite.t.tick('EURUSD', '1.10100', '1.10112');
    const holding = await suite.t.myDeal(token, 1);
    expect(holding.data).toMatchObject({ total: 2, all_fact_profits: 32, balance: 99999.17494 });
    expect((await suite.t.figures(token)).data).toMatchObject({
      equity: 100031.17494,
      floating_profit: 32,
      free_margin: 98381.05494,
    });

    const closed = await suite.t.close(token, bought.data.Id);
    expect(closed).toMatchObject({
      code: 1,
      msg: 'Position closed',
      data: { Status: 3, ClosedType: 1, Price: 1.101, FactProfits: 88 },
    });
    const history = await suite.t.myDeal(token, 3);
    expect(history.data).toMatchObject({
      total: 1,
      all_fact_profits: 88,
      data: [
        { Id: bought.data.Id, CloseTimeHandler: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/) },
      ],
    });

    const ledger = await suite.t.get<{
      list: Array<{ Kind: string; Value: number; MemoTran: string }>;
      total: number;
    }>('/v1/api/main/accountLog/forexChange?page=1', token);
    expect(ledger.data.list.map((row) => [row.Kind, row.Value])).toEqual([
      ['realized_pnl', 88],
      ['trade_fee', -0.275],
      ['trade_fee', -0.55006],
      ['demo_reset', 100000],
    ]);
    expect(ledger.data.list[0]!.MemoTran).toBe(`Profit/loss, order ${bought.data.Id}`);
    expect(await suite.t.expectLedgerBalanced(id)).toBe(100_087_174_940n);
  });

  it('reads the empty optional fields an older form client posts as absent', async () => {
    const { token } = await suite.t.demoUser();
    const placed = await suite.t.submit(token, {
      type: 1,
      cont: '0.1',
      forex_id: suite.t.spec('EURUSD').id,
      status: 1,
      target_price: '',
      stop_loss_price: '',
      target_profit_price: '',
      multiple: '',
    });
    expect(placed).toMatchObject({ code: 1, data: { TargetLossPrice: 0, TargetProfitPrice: 0 } });
    // A required field sent empty is missing, and says so.
    expect(
      await suite.t.submit(token, { type: 1, cont: '', forex_id: suite.t.spec('EURUSD').id, status: 1 }),
    ).toMatchObject({
      code: 422,
      msg: expect.stringContaining('cont'),
    });
  });

  it('fills a buy limit and a sell stop when the controlled price crosses them, at the tick price', async () => {
    const { token, id } = await suite.t.demoUser();
    const limit = await suite.t.submit(token, {
      type: 1,
      cont: '0.1',
      forex_id: suite.eurusd,
      status: 0,
      target_price: '1.09900',
    });
    const stop = await suite.t.submit(token, {
      type: 2,
      cont: '0.1',
      forex_id: suite.eurusd,
      status: 0,
      target_price: '1.09950',
    });
    expect(limit).toMatchObject({
      code: 1,
      msg: 'Pending order placed',
      data: { Status: 0, Kind: 'buy_limit', OriginPrice: 1.099, CautionMoney: 0 },
    });
    expect(stop.data.Kind).toBe('sell_stop');
    expect((await suite.t.myDeal(token, 0)).data.total).toBe(2);

    suite.rt.clock.advance(1000);
    suite.t.tick('EURUSD', '1.09940', '1.09952');
    await suite.rt.trading.idle();
    expect((await suite.t.myDeal(token, 0)).data.data.map((o) => o.Id)).toEqual([limit.data.Id]);
    suite.rt.clock.advance(1000);
    suite.t.tick('EURUSD', '1.09880', '1.09892');
    await suite.rt.trading.idle();
    const holding = await suite.t.myDeal(token, 1);
    expect(holding.data.data.map((o) => [o.Id, o.OriginPrice])).toEqual([
      [stop.data.Id, 1.0994],
      [limit.data.Id, 1.09892],
    ]);
    expect((await suite.t.myDeal(token, 0)).data.total).toBe(0);
    await suite.t.expectLedgerBalanced(id);
  });

  it('closes on stop loss and take profit with the reason recorded', async () => {
    const { token, id } = await suite.t.demoUser();
    const long = await suite.t.submit(token, {
      type: 1,
      cont: '1',
      forex_id: suite.eurusd,
      status: 1,
      stop_loss_price: '1.09500',
      target_profit_price: '1.10500',
    });
    const short = await suite.t.submit(token, {
      type: 2,
      cont: '1',
      forex_id: suite.eurusd,
      status: 1,
      target_profit_price: '1.09600',
    });
    suite.rt.clock.advance(1000);
    suite.t.tick('EURUSD', '1.09480', '1.09492');
    await suite.rt.trading.idle();
    const history = (await suite.t.myDeal(token, 3)).data.data;
    expect(history.map((o) => [o.Id, o.ClosedType, o.Price])).toEqual([
      [short.data.Id, 3, 1.09492],
      [long.data.Id, 4, 1.0948],
    ]);
    await suite.t.expectLedgerBalanced(id);
  });

  it('stops out the largest loser first and stops there once the margin level recovers', async () => {
    const { token, id } = await suite.t.realUser('3000');
    const euro = await suite.t.submit(token, { type: 1, cont: '1', forex_id: suite.eurusd, status: 1 });
    const silver = await suite.t.submit(token, {
      type: 1,
      cont: '0.1',
      forex_id: suite.t.spec('XAGUSD').id,
      status: 1,
    });
    expect(silver.data.CautionMoney).toBe(500);
    suite.rt.clock.advance(1000);
    suite.t.tick('EURUSD', '1.07800', '1.07812');
    await suite.rt.trading.idle();
    expect((await suite.t.myDeal(token, 3)).data.data).toMatchObject([
      { Id: euro.data.Id, ClosedType: 2, FactProfits: -2212 },
    ]);
    expect((await suite.t.myDeal(token, 1)).data.data.map((o) => o.Id)).toEqual([silver.data.Id]);
    expect((await suite.t.figures(token)).data).toMatchObject({ balance: 787.19994, lock_balance: 500 });
    await suite.t.expectLedgerBalanced(id);
  });

  it('sets a real balance that a stop-out left below 0 back to 0 by a ledger row of its own', async () => {
    const { token, id } = await suite.t.realUser('1200');
    await suite.t.submit(token, { type: 1, cont: '1', forex_id: suite.eurusd, status: 1 });
    suite.rt.clock.advance(1000);
    suite.t.tick('EURUSD', '1.08000', '1.08012');
    await suite.rt.trading.idle();
    const ledger = await suite.t.get<{ list: Array<{ Kind: string; Value: number }> }>(
      '/v1/api/main/accountLog/forexChange',
      token,
    );
    expect(ledger.data.list.slice(0, 2).map((row) => [row.Kind, row.Value])).toEqual([
      ['negative_balance_protection', 812.55006],
      ['stop_out', -2012],
    ]);
    expect((await suite.t.figures(token)).data.balance).toBe(0);
    expect(await suite.t.expectLedgerBalanced(id)).toBe(0n);
  });

  it('converts the yen profit of a USD/JPY position into dollars at the current mid', async () => {
    const { token } = await suite.t.demoUser();
    const order = await suite.t.submit(token, {
      type: 1,
      cont: '1',
      forex_id: suite.t.spec('USDJPY').id,
      status: 1,
      multiple: 100,
    });
    expect(order.data.CautionMoney).toBe(1000.045159);
    suite.rt.clock.advance(1000);
    suite.t.tick('USDJPY', '156.000', '156.014');
    // 986 points × 0.001 × 100,000 = 98,600 JPY at 1 / 156.007 = 632.022922 USD.
    expect((await suite.t.myDeal(token, 1)).data.data[0]!.FactProfits).toBe(632.022922);
    expect((await suite.t.close(token, order.data.Id)).data.FactProfits).toBe(632.022922);
  });

  it('resets a demo account: everything closed or cancelled and the demo balance restored', async () => {
    const { token, id } = await suite.t.demoUser();
    await suite.t.submit(token, { type: 1, cont: '2', forex_id: suite.eurusd, status: 1 });
    await suite.t.submit(token, {
      type: 1,
      cont: '1',
      forex_id: suite.eurusd,
      status: 0,
      target_price: '1.05000',
    });
    suite.rt.clock.advance(1000);
    suite.t.tick('EURUSD', '1.09000', '1.09012');
    const reset = await suite.t.get('/v1/api/main/user/resetForexDemoAccount', token);
    expect(reset).toMatchObject({
      code: 1,
      msg: 'Demo account reset',
      data: { balance: 100000, lock_balance: 0, margin_level: null },
    });
    expect((await suite.t.myDeal(token, 3)).data.data.map((o) => [o.Status, o.CancelReason])).toEqual([
      [4, 'demo_reset'],
      [3, 'demo_reset'],
    ]);
    expect(await suite.t.expectLedgerBalanced(id)).toBe(100_000_000_000n);
    const real = await suite.t.realUser('10');
    expect(await suite.t.get('/v1/api/main/user/resetForexDemoAccount', real.token)).toMatchObject({
      code: 0,
      msg: 'Only a demo account can be reset',
    });
  });

  it('forgets a decision whose commit failed: the caller gets an error and the account is as before', async () => {
    const { token, id } = await suite.t.demoUser();
    await suite.t.submit(token, { type: 1, cont: '1', forex_id: suite.eurusd, status: 1 });
    const before = (await suite.t.figures(token)).data;
    const failing = vi
      .spyOn(TradingRepository.prototype, 'persist')
      .mockRejectedValueOnce(new Error('disk full'));
    const refused = await suite.t.submit(token, { type: 1, cont: '2', forex_id: suite.eurusd, status: 1 });
    failing.mockRestore();
    expect(refused).toMatchObject({
      code: 500,
      msg: 'Something went wrong on our side and nothing was changed. Please try again.',
    });
    expect((await suite.t.figures(token)).data).toEqual(before);
    expect((await suite.t.myDeal(token, 1)).data.total).toBe(1);
    expect(
      (await suite.t.submit(token, { type: 1, cont: '2', forex_id: suite.eurusd, status: 1 })).code,
    ).toBe(1);
    await suite.t.expectLedgerBalanced(id);
  });

  it('restores open orders after a restart and fires each trigger once', async () => {
    const { token, id } = await suite.t.demoUser();
    const pending = await suite.t.submit(token, {
      type: 1,
      cont: '1',
      forex_id: suite.eurusd,
      status: 0,
      target_price: '1.09000',
    });
    const holding = await suite.t.submit(token, {
      type: 1,
      cont: '1',
      forex_id: suite.eurusd,
      status: 1,
      stop_loss_price: '1.08000',
    });
    await suite.rt.trading.idle();
    await suite.restart();
    expect((await suite.t.myDeal(token, 0)).data.data.map((o) => o.Id)).toEqual([pending.data.Id]);
    expect((await suite.t.myDeal(token, 1)).data.data.map((o) => o.Id)).toEqual([holding.data.Id]);
    suite.rt.clock.advance(1000);
    suite.t.tick('EURUSD', '1.07900', '1.07912');
    suite.t.tick('EURUSD', '1.07800', '1.07812');
    await suite.rt.trading.idle();
    const history = (await suite.t.myDeal(token, 3)).data.data;
    expect(history.map((o) => [o.Id, o.ClosedType])).toEqual([[holding.data.Id, 4]]);
    expect((await suite.t.myDeal(token, 1)).data.data.map((o) => [o.Id, o.OriginPrice])).toEqual([
      [pending.data.Id, 1.07912],
    ]);
    const fees = (await suite.t.repository.ledgerPage(id, 0, 50)).filter((row) => row.kind === 'trade_fee');
    expect(fees.map((row) => row.refId).sort()).toEqual([pending.data.Id, holding.data.Id].sort());
    await suite.t.expectLedgerBalanced(id);
  });
});
