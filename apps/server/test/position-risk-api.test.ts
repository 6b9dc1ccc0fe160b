/**
 * Distances to danger on the trade stream (docs/socket.md FOREX_TRADE): each holding order carries
 * the price that brings the margin call and the stop-out and the move to it, the account its
 * nearest, the same the ticket's preview promised; the book stops the account out at that price.
 */
import { forexTradePushSchema, type RiskPreview } from '@omp/protocol';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RecordingClient, type Message } from './helpers/recording-client.ts';
import { databaseEngines, startTestRuntime, type TestRuntime } from './helpers/test-runtime.ts';
import { liftLeverageCaps } from './helpers/leverage-helpers.ts';
import { tradingClient } from './helpers/trading-helpers.ts';

const isType = (type: string) => (m: Message) => typeof m === 'object' && m.type === type;

describe.each(databaseEngines())('position risk on %s', (engine) => {
  let rt: TestRuntime;
  let t: ReturnType<typeof tradingClient>;
  let url: string;

  beforeAll(async () => {
    rt = await startTestRuntime({ engine });
    await liftLeverageCaps(rt);
    t = tradingClient(rt);
    await rt.app.listen({ port: 0, host: '127.0.0.1' });
    const address = rt.app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    url = `ws://127.0.0.1:${address.port}/v1/ws?lang=en`;
  });
  afterAll(() => rt.dispose());
  beforeEach(() => {
    rt.clock.advance(1000);
    t.tick('EURUSD', '1.10000', '1.10012');
    t.tick('USDJPY', '155.000', '155.014');
  });

  const preview = (token: string, query: Record<string, string | number>) =>
    rt.app
      .inject({
        method: 'GET',
        url: `/v1/api/forex/risk_preview?${new URLSearchParams(
          Object.entries(query).map(([key, value]): [string, string] => [key, String(value)]),
        )}`,
        headers: { lang: 'en', authorization: token },
      })
      .then((res) => (res.json() as { data: RiskPreview }).data);

  it('pushes each position’s stop-out and margin-call prices, the ones the preview promised', async () => {
    const { token, id } = await t.realUser('1200');
    const leverage = t.spec('EURUSD').leverageOptions[0]!;
    const order = { forex_id: t.spec('EURUSD').id, type: 1, cont: '1', multiple: leverage };
    const promised = await preview(token, order);
    const placed = await t.submit(token, { ...order, status: 1 });
    expect(placed.code).toBe(1);

    const client = new RecordingClient(url);
    await client.open();
    client.send({ type: 'login', params: token });
    await client.waitFor(isType('login_result'));
    client.send({ type: 'sub', params: 'FOREX_TRADE' });
    const push = forexTradePushSchema.parse(await client.waitFor(isType('FOREX_TRADE')));
    expect(push.orders).toEqual([
      expect.objectContaining({
        Id: placed.data.Id,
        StopOutPrice: promised.stop_out_price,
        StopOutMove: promised.stop_out_move,
        MarginCallPrice: promised.margin_call_price,
        MarginCallMove: promised.margin_call_move,
      }),
    ]);
    // A long loses as the price falls: both prices are below the bid, the call before the stop-out.
    expect(push.orders[0]!.StopOutPrice).toBeLessThan(push.orders[0]!.MarginCallPrice!);
    expect(push.orders[0]!.MarginCallPrice).toBeLessThan(1.1);
    expect(push.risk).toEqual({
      margin_call_forex_id: t.spec('EURUSD').id,
      margin_call_price: promised.margin_call_price,
      margin_call_move: promised.margin_call_move,
      stop_out_forex_id: t.spec('EURUSD').id,
      stop_out_price: promised.stop_out_price,
      stop_out_move: promised.stop_out_move,
    });
    client.expectOnContract();
    client.close();
    await t.expectLedgerBalanced(id);
  });

  it('a short’s danger is above the price; with two instruments the nearest is the account’s', async () => {
    const { token, id } = await t.realUser('5000');
    const eurusd = t.spec('EURUSD');
    const usdjpy = t.spec('USDJPY');
    await t.submit(token, { forex_id: eurusd.id, type: 2, cont: '1', status: 1 });
    await t.submit(token, { forex_id: usdjpy.id, type: 1, cont: '0.1', status: 1 });
    const snapshot = rt.trading.tradeSnapshot(id)!;
    const [short, long] = snapshot.orders;
    expect(short!.StopOutPrice).toBeGreaterThan(1.10012);
    expect(short!.StopOutMove).toBeGreaterThan(0);
    expect(long!.StopOutPrice).toBeLessThan(155);
    expect(long!.StopOutMove).toBeLessThan(0);
    const nearest = Math.abs(short!.StopOutMove!) < Math.abs(long!.StopOutMove!) ? short! : long!;
    expect(snapshot.risk).toMatchObject({
      stop_out_forex_id: nearest === short ? eurusd.id : usdjpy.id,
      stop_out_price: nearest.StopOutPrice,
      stop_out_move: nearest.StopOutMove,
    });
  });

  it('with nothing held every distance is null', async () => {
    const { id } = await t.realUser('1000');
    expect(rt.trading.tradeSnapshot(id)).toMatchObject({
      orders: [],
      risk: { stop_out_price: null, margin_call_price: null, stop_out_forex_id: null },
    });
  });
});
