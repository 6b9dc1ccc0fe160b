/**
 * What the socket's streams send as they start, over a real connection (docs/socket.md "Topics"):
 * the trade stream's current state on login and on subscription, an empty one included, and bar
 * pushes under the exact topic each client subscribed with (a period in lower case or in minutes).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forexTradePushSchema, klinePushSchema } from '@omp/protocol';
import { RecordingClient, type Message } from './helpers/recording-client.ts';
import { databaseEngines, startTestRuntime, type TestRuntime, WITH_HISTORY } from './helpers/test-runtime.ts';
import { tradingClient } from './helpers/trading-helpers.ts';

const isType = (type: string) => (m: Message) => typeof m === 'object' && m.type === type;

const tradePush = (m: Message) => forexTradePushSchema.parse(m);
const barPushes = (messages: Message[]) =>
  messages.filter(isType('KLINE')).map((m) => klinePushSchema.parse(m));

describe.each(databaseEngines())('socket streams on %s', (engine) => {
  let rt: TestRuntime;
  let url: string;
  beforeAll(async () => {
    rt = await startTestRuntime({ engine, env: WITH_HISTORY });
    await rt.app.listen({ port: 0, host: '127.0.0.1' });
    const address = rt.app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    url = `ws://127.0.0.1:${address.port}/v1/ws?lang=en`;
  });
  afterAll(async () => rt?.dispose());

  async function connected(): Promise<RecordingClient> {
    const client = new RecordingClient(url);
    await client.open();
    return client;
  }

  /** Everything the socket received up to the answer of a ping sent now. */
  async function settled(client: RecordingClient): Promise<Message[]> {
    const mark = client.received.length;
    client.send('ping');
    await client.waitFor((m) => m === 'pong' && client.received.lastIndexOf(m) >= mark);
    return client.received;
  }

  it('sends the trade state on login and on subscription, with no orders and an account the server had not loaded yet', async () => {
    const trading = tradingClient(rt);
    const { token, id } = await trading.demoUser();
    // Nothing has loaded the new user's account: the state must be found, not only what is in memory.
    expect(rt.trading.tradeSnapshot(id)).toBeUndefined();

    // Subscribed first, signed in after: the state comes with the login.
    const early = await connected();
    early.send({ type: 'sub', params: 'FOREX_TRADE' });
    expect(await early.waitFor(isType('sub_result'))).toMatchObject({ code: 1, params: 'FOREX_TRADE' });
    expect((await settled(early)).filter(isType('FOREX_TRADE'))).toEqual([]);
    early.send({ type: 'login', params: token });
    const onLogin = tradePush(await early.waitFor(isType('FOREX_TRADE')));
    expect(onLogin.orders).toEqual([]);
    expect(onLogin.account).toMatchObject({ balance: 100_000, is_demo: 1 });

    // Signed in first, subscribed after: the state comes with the subscription.
    const late = await connected();
    late.send({ type: 'login', params: token });
    await late.waitFor(isType('login_result'));
    expect((await settled(late)).filter(isType('FOREX_TRADE'))).toEqual([]);
    late.send({ type: 'sub', params: 'FOREX_TRADE' });
    const onSubscribe = tradePush(await late.waitFor(isType('FOREX_TRADE')));
    expect(onSubscribe).toEqual(onLogin);

    // Each said once: no second copy follows.
    for (const client of [early, late]) {
      expect((await settled(client)).filter(isType('FOREX_TRADE'))).toHaveLength(1);
      client.expectOnContract();
      client.close();
    }
  });

  it('sends no trade state to a socket that is not signed in', async () => {
    const client = await connected();
    client.send({ type: 'sub', params: 'FOREX_TRADE' });
    await client.waitFor(isType('sub_result'));
    expect((await settled(client)).filter(isType('FOREX_TRADE'))).toEqual([]);
    client.close();
  });

  it('gives a socket signed in as one user, then another, then out, only the user it speaks for at each step', async () => {
    const trading = tradingClient(rt);
    const eurusd = trading.spec('EURUSD').id;
    trading.tick('EURUSD', '1.10000', '1.10012');
    const first = await trading.demoUser();
    const second = await trading.demoUser();
    const order = { type: 1, cont: '0.1', forex_id: eurusd, status: 1 };
    const client = await connected();
    client.send({ type: 'login', params: first.token });
    await client.waitFor(isType('login_result'));
    client.send({ type: 'sub', params: 'FOREX_TRADE' });
    await client.waitFor(isType('FOREX_TRADE'));
    /** The order ids of the FOREX_ORDER and FOREX_TRADE pushes that arrived after `mark`. */
    const orderIdsSince = async (mark: number) =>
      (await settled(client))
        .slice(mark)
        .filter((m) => isType('FOREX_ORDER')(m) || isType('FOREX_TRADE')(m))
        .flatMap((m) => (m as { orders: Array<{ Id: number }> }).orders.map((row) => row.Id));

    // Signed in as the second: the first's new order and live state reach it no more.
    let mark = client.received.length;
    client.send({ type: 'login', params: second.token });
    await client.waitFor((m) => isType('login_result')(m) && client.received.indexOf(m) >= mark);
    const firsts = (await trading.submit(first.token, order)).data.Id;
    const seconds = (await trading.submit(second.token, order)).data.Id;
    rt.clock.advance(1100);
    rt.hub.flush();
    const seen = await orderIdsSince(mark);
    expect(seen).toContain(seconds);
    expect(seen).not.toContain(firsts);

    // Signed out: neither user's.
    mark = client.received.length;
    client.send({ type: 'logout' });
    await client.waitFor((m) => isType('logout_result')(m) && client.received.indexOf(m) >= mark);
    await trading.submit(first.token, order);
    await trading.submit(second.token, order);
    rt.clock.advance(1100);
    rt.hub.flush();
    expect(await orderIdsSince(mark)).toEqual([]);
    client.expectOnContract();
    client.close();
  });

  it('pushes bars under the topic each client subscribed with: the period in lower case, in minutes, or all periods', async () => {
    const topics = ['KLINE.ETHUSD.5m', 'KLINE.ETHUSD.60', 'KLINE.ETHUSD', 'KLINE.ETHUSD.5M'];
    const clients = await Promise.all(topics.map(() => connected()));
    for (const [i, topic] of topics.entries()) {
      clients[i]!.send({ type: 'sub', params: topic });
      expect(await clients[i]!.waitFor(isType('sub_result'))).toMatchObject({ code: 1, params: topic });
    }
    const [lower, minutes, every, canonical] = clients as [
      RecordingClient,
      RecordingClient,
      RecordingClient,
      RecordingClient,
    ];
    const bars = async (client: RecordingClient) =>
      barPushes(await settled(client)).map((bar) => `${bar.topic} ${bar.period}`);
    // The snapshots already carry the subscriber's own topic.
    expect(new Set(await bars(lower))).toEqual(new Set(['KLINE.ETHUSD.5m 5M']));
    expect(new Set(await bars(minutes))).toEqual(new Set(['KLINE.ETHUSD.60 1H']));
    expect(new Set(await bars(canonical))).toEqual(new Set(['KLINE.ETHUSD.5M 5M']));
    const allPeriods = new Set(await bars(every));
    expect(allPeriods).toContain('KLINE.ETHUSD 5M');
    expect(allPeriods).toContain('KLINE.ETHUSD 1H');

    const marks = clients.map((client) => client.received.length);
    const spec = rt.market.instrumentByCode('ETHUSD')!;
    const bid = 312345;
    rt.clock.advance(1000);
    rt.market.applyTicks([{ code: 'ETHUSD', bid, ask: bid + spec.spreadPoints, timeMs: rt.clock.now() }]);
    rt.hub.flush();
    const close = bid / 10 ** spec.pricePrecision;
    const pushed = async (i: number) =>
      barPushes((await settled(clients[i]!)).slice(marks[i]))
        .filter((bar) => bar.kline.Close === close)
        .map((bar) => `${bar.topic} ${bar.period}`);
    expect(await pushed(0)).toEqual(['KLINE.ETHUSD.5m 5M']);
    expect(await pushed(1)).toEqual(['KLINE.ETHUSD.60 1H']);
    expect(await pushed(3)).toEqual(['KLINE.ETHUSD.5M 5M']);
    const everyPush = await pushed(2);
    expect(everyPush).toContain('KLINE.ETHUSD 1M');
    expect(everyPush).toContain('KLINE.ETHUSD 1D');
    expect(everyPush.every((line) => line.startsWith('KLINE.ETHUSD '))).toBe(true);

    // Unsubscribing the lower-case spelling stops its pushes; the others go on.
    lower.send({ type: 'unsub', params: 'KLINE.ETHUSD.5m' });
    await lower.waitFor(isType('unsub_result'));
    const after = clients.map((client) => client.received.length);
    rt.clock.advance(1000);
    rt.market.applyTicks([
      { code: 'ETHUSD', bid: bid + 7, ask: bid + 7 + spec.spreadPoints, timeMs: rt.clock.now() },
    ]);
    rt.hub.flush();
    expect((await settled(canonical)).slice(after[3]).filter(isType('KLINE'))).toHaveLength(1);
    expect((await settled(lower)).slice(after[0]).filter(isType('KLINE'))).toEqual([]);

    for (const client of [lower, minutes, every, canonical]) {
      client.expectOnContract();
      client.close();
    }
  });

  it('refuses a period that is neither a code nor a length in minutes', async () => {
    const client = await connected();
    client.send({ type: 'sub', params: 'KLINE.ETHUSD.7' });
    expect(await client.waitFor(isType('sub_result'))).toMatchObject({
      code: 404,
      msg: 'Unknown topic: KLINE.ETHUSD.7',
    });
    client.close();
  });
});
