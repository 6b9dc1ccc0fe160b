/**
 * Trailing stops through the HTTP layer on a real database: set in pips, refused with clear words,
 * moved by ticks, stored with each move so a restart resumes from the stored stop, and fired as
 * ClosedType 6 at the quote of the tick that crossed it, said on the socket; balance = Σ ledger.
 */
import { describe, expect, it } from 'vitest';
import { databaseEngines } from './helpers/test-runtime.ts';
import { tradingSuite, signedInSocket } from './helpers/trading-suite.ts';

describe.each(databaseEngines())('trailing stops on %s', (engine) => {
  const suite = tradingSuite(engine);

  const holding = async (token: string, id: number) =>
    (await suite.t.myDeal(token, 1)).data.data.find((row) => row.Id === id);

  it('refuses a distance that is negative, off the pip grid or too wide, in words', async () => {
    const { token } = await suite.t.demoUser();
    const order = { type: 1, cont: '0.1', forex_id: suite.eurusd, status: 1 };
    const cases: Array<[string, number, string]> = [
      ['-5', 422, 'The trailing stop must be a positive number of pips (0 removes it)'],
      ['12.55', 422, 'The trailing stop must be a multiple of 0.1 pip'],
      ['3000', 0, 'The trailing stop is too far from the price: it may be at most 25% of the price'],
      [
        'abc',
        422,
        'trailing_stop must be a plain decimal such as 0.01: digits and one point, no exponent or separators',
      ],
    ];
    for (const [trailing, code, msg] of cases)
      expect(await suite.t.submit(token, { ...order, trailing_stop: trailing }), trailing).toMatchObject({
        code,
        msg,
      });
    expect((await suite.t.myDeal(token, 1)).data.total).toBe(0);
    const placed = await suite.t.submit(token, order);
    expect(await suite.t.setStops(token, { id: placed.data.Id, trailing_stop: '-1' })).toMatchObject({
      code: 422,
      msg: 'The trailing stop must be a positive number of pips (0 removes it)',
    });
  });

  it('trails, survives a restart at the stored stop, keeps trailing, then closes as ClosedType 6', async () => {
    const { token, id } = await suite.t.demoUser();
    const placed = await suite.t.submit(token, { type: 1, cont: '1', forex_id: suite.eurusd, status: 1 });
    expect(placed.data).toMatchObject({ TrailingStop: 0, TargetLossPrice: 0 });

    // 12.5 pips at precision 5 are 125 points.
    const set = await suite.t.setStops(token, { id: placed.data.Id, trailing_stop: '12.5' });
    // Trailed at once from the bid now (1.10000 − 12.5 pips), not from the next tick (engine TS8).
    expect(set).toMatchObject({ code: 1, data: { TrailingStop: 12.5, TargetLossPrice: 1.09875 } });

    suite.rt.clock.advance(1000);
    suite.t.tick('EURUSD', '1.10100', '1.10112');
    await suite.rt.trading.idle();
    expect(await holding(token, placed.data.Id)).toMatchObject({
      TargetLossPrice: 1.09975,
      TrailingStop: 12.5,
    });
    suite.rt.clock.advance(1000);
    suite.t.tick('EURUSD', '1.10050', '1.10062'); // back down: the stop stays
    suite.t.tick('EURUSD', '1.10300', '1.10312');
    await suite.rt.trading.idle();
    expect((await holding(token, placed.data.Id))!.TargetLossPrice).toBe(1.10175);

    await suite.restart();
    expect(await holding(token, placed.data.Id)).toMatchObject({
      TargetLossPrice: 1.10175,
      TrailingStop: 12.5,
    });
    // The socket that hears the close is opened on the restarted server.
    const client = await signedInSocket(suite.rt, token);

    suite.rt.clock.advance(1000);
    suite.t.tick('EURUSD', '1.10250', '1.10262'); // below the last high: nothing moves
    suite.t.tick('EURUSD', '1.10400', '1.10412');
    await suite.rt.trading.idle();
    expect((await holding(token, placed.data.Id))!.TargetLossPrice).toBe(1.10275);

    suite.rt.clock.advance(1000);
    suite.t.tick('EURUSD', '1.10260', '1.10272'); // gaps past 1.10275: closes at this bid
    await suite.rt.trading.idle();
    const [closed] = (await suite.t.myDeal(token, 3)).data.data;
    expect(closed).toMatchObject({ Id: placed.data.Id, ClosedType: 6, Price: 1.1026, FactProfits: 248 });
    const said = await client.waitFor((m) => typeof m === 'object' && m.type === 'TRAILING_STOP_CLOSED');
    expect(said).toEqual({
      type: 'TRAILING_STOP_CLOSED',
      id: placed.data.Id,
      forex_id: suite.eurusd,
      close_price: 1.1026,
      profit: 248,
      msg: 'Trailing stop: your EUR/USD position was closed at 1.1026',
    });
    client.close();
    const realized = (await suite.t.repository.ledgerPage(id, 0, 50)).filter(
      (row) => row.kind === 'realized_pnl',
    );
    expect(realized.map((row) => row.amountMicros)).toEqual([248_000_000n]);
    await suite.t.expectLedgerBalanced(id);
  });

  it('starts a pending order trailing from its fill, from the distance given at submit', async () => {
    const { token, id } = await suite.t.demoUser();
    const pending = await suite.t.submit(token, {
      type: 2,
      cont: '0.1',
      forex_id: suite.eurusd,
      status: 0,
      target_price: '1.10100',
      trailing_stop: '20',
    });
    expect(pending.data).toMatchObject({ TrailingStop: 20, TargetLossPrice: 0 });
    suite.rt.clock.advance(1000);
    suite.t.tick('EURUSD', '1.10100', '1.10112'); // fills the sell at the bid; stop = ask + 200 points
    await suite.rt.trading.idle();
    expect(await holding(token, pending.data.Id)).toMatchObject({
      OriginPrice: 1.101,
      TargetLossPrice: 1.10312,
    });
    expect(await suite.t.setStops(token, { id: pending.data.Id, trailing_stop: '0' })).toMatchObject({
      data: { TrailingStop: 0, TargetLossPrice: 1.10312 },
    });
    await suite.t.expectLedgerBalanced(id);
  });
});
