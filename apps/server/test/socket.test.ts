/**
 * The realtime socket over a real connection: heartbeat, subscription replies, snapshots, pushes
 * after ticks, conflation of many ticks into the newest state, refusals of bad messages, the
 * per-connection message limit and the Origin check of the upgrade.
 */
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROTOCOL_VERSION, type LoginResult } from '@omp/protocol';
import { DEFAULT_SOCKET_RATE_LIMIT } from '../src/ws/socket-session.ts';
import { RecordingClient, type Message } from './helpers/recording-client.ts';
import { databaseEngines, startTestRuntime, type TestRuntime, WITH_HISTORY } from './helpers/test-runtime.ts';
import { adminToken } from './helpers/staff-helpers.ts';
import { tradingClient } from './helpers/trading-helpers.ts';

const isType = (type: string) => (m: Message) => typeof m === 'object' && m.type === type;

/** A site the broker lists in ALLOWED_ORIGINS for this runtime. */
const LISTED_ORIGIN = 'https://m.broker.example';

describe.each(databaseEngines())('realtime socket /v1/ws on %s', (engine) => {
  let rt: TestRuntime;
  let url: string;
  let port: number;
  beforeAll(async () => {
    rt = await startTestRuntime({ engine, env: { ALLOWED_ORIGINS: LISTED_ORIGIN, ...WITH_HISTORY } });
    await rt.app.listen({ port: 0, host: '127.0.0.1' });
    const address = rt.app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    port = address.port;
    url = `ws://127.0.0.1:${port}/v1/ws?lang=en`;
  });
  afterAll(async () => rt?.dispose());

  it('answers ping with pong', async () => {
    const client = new RecordingClient(url);
    await client.open();
    client.send('ping');
    expect(await client.waitFor((m) => m === 'pong')).toBe('pong');
    client.close();
  });

  it('exchanges protocol versions on login, and refuses a client of a newer contract', async () => {
    const { token } = await tradingClient(rt).demoUser();
    const client = new RecordingClient(url);
    await client.open();
    client.send({ type: 'login', params: token, version: PROTOCOL_VERSION });
    expect(await client.waitFor(isType('login_result'))).toEqual({
      type: 'login_result',
      code: 1,
      msg: expect.any(String),
      version: PROTOCOL_VERSION,
    });
    const newer = new RecordingClient(url);
    await newer.open();
    newer.send({ type: 'login', params: token, version: PROTOCOL_VERSION + 1 });
    expect(await newer.waitFor(isType('login_result'))).toEqual({
      type: 'login_result',
      code: 400,
      msg: `This app speaks a newer version of the protocol than this server (version ${PROTOCOL_VERSION}). Please use an app version made for this server.`,
    });
    // An older client that sends no version signs in as before.
    const older = new RecordingClient(url);
    await older.open();
    older.send({ type: 'login', params: token });
    expect(await older.waitFor(isType('login_result'))).toMatchObject({ code: 1 });
    for (const socket of [client, newer, older]) socket.close();
  });

  it('confirms a DAY_MARKET subscription and sends a snapshot of every quote at once', async () => {
    const client = new RecordingClient(url);
    await client.open();
    client.send({ type: 'sub', params: 'DAY_MARKET' });
    expect(await client.waitFor(isType('sub_result'))).toMatchObject({ code: 1, params: 'DAY_MARKET' });
    const codes = rt.market.instruments().map((i) => i.spec.code);
    // The snapshot is one burst, in catalogue order: the last instrument's quote closes it.
    await client.waitFor((m) => isType('DAY_MARKET')(m) && (m as { symbol: string }).symbol === codes.at(-1));
    const symbols = new Set(
      client.received.filter(isType('DAY_MARKET')).map((m) => (m as { symbol: string }).symbol),
    );
    expect([...symbols].sort()).toEqual([...codes].sort());
    client.close();
  });

  it('gives a later subscriber the quote as it is now: after a tick, and after the market closed with none', async () => {
    const snapshotOf = async (topic: string) => {
      const client = new RecordingClient(url);
      await client.open();
      client.send({ type: 'sub', params: topic });
      const quote = (await client.waitFor(isType('DAY_MARKET'))) as {
        quotation: { Bid: number; MarketStatus: number };
      };
      client.close();
      return quote.quotation;
    };
    const spec = rt.market.instrumentByCode('EURUSD')!;
    const scale = 10 ** spec.pricePrecision;
    const before = await snapshotOf('DAY_MARKET.EURUSD');
    const bid = Math.round(before.Bid * scale) + 7;
    rt.clock.advance(5);
    rt.market.applyTicks([{ code: 'EURUSD', bid, ask: bid + spec.spreadPoints, timeMs: rt.clock.now() }]);
    expect((await snapshotOf('DAY_MARKET.EURUSD')).Bid).toBe(bid / scale);
    expect(before.MarketStatus).toBe(1);
    // Saturday: forex has closed, and no tick said so; the list's snapshot says it all the same.
    const wednesday = rt.clock.now();
    rt.clock.advance(3 * 24 * 3600 * 1000);
    try {
      const client = new RecordingClient(url);
      await client.open();
      client.send({ type: 'sub', params: 'DAY_MARKET' });
      const quote = (await client.waitFor(
        (m) => isType('DAY_MARKET')(m) && (m as { symbol: string }).symbol === 'EURUSD',
      )) as { quotation: { Bid: number; MarketStatus: number } };
      expect(quote.quotation).toMatchObject({ Bid: bid / scale, MarketStatus: 2 });
      client.close();
    } finally {
      rt.clock.set(wednesday);
    }
  });

  it('sends the answer and the whole quote list in one write', async () => {
    // A raw client counts the reads its connection takes: one write of the server arrives as one.
    const socket = net.connect(port, '127.0.0.1');
    await once(socket, 'connect');
    socket.write(
      'GET /v1/ws?lang=en HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n' +
        `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
    );
    const [handshake] = (await once(socket, 'data')) as [Buffer];
    expect(handshake.toString('latin1')).toContain(' 101 ');
    const reads: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => reads.push(chunk));
    const payload = Buffer.from(JSON.stringify({ type: 'sub', params: 'DAY_MARKET' }));
    // A masked client frame; the zero mask leaves the payload as it is.
    socket.write(Buffer.concat([Buffer.from([0x81, 0x80 | payload.length, 0, 0, 0, 0]), payload]));
    const expected = 1 + rt.market.quotations().length;
    const framesIn = (bytes: Buffer) => {
      let frames = 0;
      for (let at = 0; at + 2 <= bytes.length; frames++) {
        const short = bytes[at + 1]! & 0x7f;
        const [length, header] = short === 126 ? [bytes.readUInt16BE(at + 2), 4] : [short, 2];
        at += header + length;
      }
      return frames;
    };
    const deadline = Date.now() + 3000;
    while (framesIn(Buffer.concat(reads)) < expected && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 10));
    // The answer and the whole list came in the first read; a push of a later tick may follow it.
    expect(framesIn(Buffer.concat(reads))).toBeGreaterThanOrEqual(expected);
    expect(framesIn(reads[0]!)).toBeGreaterThanOrEqual(expected);
    socket.destroy();
  });

  it('pushes the newest state once per flush however many ticks arrived (conflation)', async () => {
    const client = new RecordingClient(url);
    await client.open();
    client.send({ type: 'sub', params: 'DAY_MARKET.BTCUSD' });
    await client.waitFor(isType('sub_result'));
    await client.waitFor(isType('DAY_MARKET'));
    const start = client.received.length;
    const spec = rt.market.instrumentByCode('BTCUSD')!;
    const base = Math.round(rt.market.quotationOf('BTCUSD')!.quotation.Bid * 10 ** spec.pricePrecision);
    for (let i = 1; i <= 100; i++) {
      rt.clock.advance(5);
      rt.market.applyTicks([
        { code: 'BTCUSD', bid: base + i, ask: base + i + spec.spreadPoints, timeMs: rt.clock.now() },
      ]);
    }
    rt.hub.flush();
    const push = (await client.waitFor(
      (m) => isType('DAY_MARKET')(m) && client.received.indexOf(m) >= start,
    )) as { symbol: string; quotation: { Bid: number; MarketStatus: number } };
    expect(push.symbol).toBe('BTCUSD');
    expect(push.quotation.Bid).toBe((base + 100) / 10 ** spec.pricePrecision);
    expect(push.quotation.MarketStatus).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(client.received.slice(start).filter(isType('DAY_MARKET'))).toHaveLength(1);
    client.close();
  });

  it('pushes the forming bar of a kline topic', async () => {
    const client = new RecordingClient(url);
    await client.open();
    client.send({ type: 'sub', params: 'KLINE.ETHUSD.5M' });
    await client.waitFor(isType('sub_result'));
    const snapshot = (await client.waitFor(isType('KLINE'))) as { period: string; kline: { Time: number } };
    expect(snapshot.period).toBe('5M');
    expect(snapshot.kline.Time % 300).toBe(0);
    const spec = rt.market.instrumentByCode('ETHUSD')!;
    rt.clock.advance(1000);
    const bid = 300000;
    rt.market.applyTicks([{ code: 'ETHUSD', bid, ask: bid + spec.spreadPoints, timeMs: rt.clock.now() }]);
    rt.hub.flush();
    const push = (await client.waitFor(
      (m) =>
        isType('KLINE')(m) &&
        (m as { kline: { Close: number } }).kline.Close === bid / 10 ** spec.pricePrecision,
    )) as { topic: string; symbol: string };
    expect(push).toMatchObject({ topic: 'KLINE.ETHUSD.5M', symbol: 'ETHUSD' });
    client.close();
  });

  it('signs a socket in with a live session token and refuses a dead one with 999', async () => {
    const demo = (await rt.app.inject({ method: 'GET', url: '/api/user/createAccountDemoForU' })).json() as {
      data: { token: string };
    };
    const client = new RecordingClient(url);
    await client.open();
    // Unknown, a back-office session's token, and the user's own token with a character changed.
    const forged = demo.data.token.slice(0, -1) + (demo.data.token.endsWith('a') ? 'b' : 'a');
    for (const token of ['not-a-token', await adminToken(rt), forged]) {
      client.received.length = 0;
      client.send({ type: 'login', params: token });
      expect(await client.waitFor(isType('login_result'))).toMatchObject({ code: 999 });
    }
    client.received.length = 0;
    client.send({ type: 'login', params: demo.data.token });
    expect(await client.waitFor(isType('login_result'))).toMatchObject({ code: 1, msg: 'Logged in' });
    client.send({ type: 'logout' });
    expect(await client.waitFor(isType('logout_result'))).toMatchObject({ code: 1 });
    client.close();
  });

  it('answers a login refused for its version after the login sent before it', async () => {
    // A token never looked up yet, so its login waits for the database.
    const demo = await tradingClient(rt).get<LoginResult>(
      `/api/user/createAccountDemoForU?demo_id=order-${engine}-${Date.now()}`,
    );
    const client = new RecordingClient(url);
    await client.open();
    client.send({ type: 'login', params: demo.data.token });
    client.send({ type: 'login', params: demo.data.token, version: PROTOCOL_VERSION + 1 });
    await client.waitFor(() => client.received.filter(isType('login_result')).length === 2);
    expect(client.received.filter(isType('login_result')).map((m) => (m as { code: number }).code)).toEqual([
      1, 400,
    ]);
    client.close();
  });

  it('answers every login of a burst, in the order sent; takes a Bearer token; refuses a version that is no whole number', async () => {
    const [a, b] = [await tradingClient(rt).demoUser(), await tradingClient(rt).demoUser()];
    const client = new RecordingClient(url);
    await client.open();
    // Sent without waiting: a slow lookup of an earlier login must not overtake a later one.
    for (const token of ['not-a-token', a.token, 'not-a-token', `Bearer ${b.token}`, `bearer  ${a.token} `])
      client.send({ type: 'login', params: token });
    await client.waitFor(() => client.received.filter(isType('login_result')).length === 5);
    expect(client.received.filter(isType('login_result')).map((m) => (m as { code: number }).code)).toEqual([
      999, 1, 999, 1, 1,
    ]);
    // A logout sent right after a login is answered after it, and is what holds.
    client.received.length = 0;
    client.send({ type: 'login', params: a.token });
    client.send({ type: 'logout' });
    await client.waitFor(isType('logout_result'));
    expect(client.received.map((m) => (m as { type: string }).type)).toEqual([
      'login_result',
      'logout_result',
    ]);
    for (const version of [1.5, 'abc', -1]) {
      client.received.length = 0;
      client.send({ type: 'login', params: a.token, version });
      expect(await client.waitFor(isType('error')), String(version)).toMatchObject({
        code: 400,
        msg: 'The message could not be understood',
      });
    }
    client.close();
  });

  it('refuses unknown topics and unreadable messages with a clear message', async () => {
    const client = new RecordingClient(url);
    await client.open();
    client.send({ type: 'sub', params: 'KLINE.NOPE.1M' });
    expect(await client.waitFor(isType('sub_result'))).toMatchObject({
      code: 404,
      msg: 'Unknown topic: KLINE.NOPE.1M',
    });
    client.send('{not json');
    expect(await client.waitFor(isType('error'))).toMatchObject({
      code: 400,
      msg: 'The message could not be understood',
    });
    client.close();
  });

  it('confirms a second sub to the same topic without sending its snapshot again', async () => {
    const client = new RecordingClient(url);
    await client.open();
    client.send({ type: 'sub', params: 'DAY_MARKET.BTCUSD' });
    await client.waitFor(isType('DAY_MARKET'));
    client.send({ type: 'sub', params: 'DAY_MARKET.BTCUSD' });
    client.send('ping');
    await client.waitFor((m) => m === 'pong');
    expect(client.received.filter(isType('sub_result'))).toEqual([
      { type: 'sub_result', code: 1, msg: 'Subscribed to DAY_MARKET.BTCUSD', params: 'DAY_MARKET.BTCUSD' },
      { type: 'sub_result', code: 1, msg: 'Subscribed to DAY_MARKET.BTCUSD', params: 'DAY_MARKET.BTCUSD' },
    ]);
    expect(client.received.filter(isType('DAY_MARKET'))).toHaveLength(1);
    client.close();
  });

  it('closes a connection that sends too many messages with 4008, while another client keeps its pushes', async () => {
    const calm = new RecordingClient(url);
    await calm.open();
    calm.send({ type: 'sub', params: 'DAY_MARKET.ETHUSD' });
    await calm.waitFor(isType('DAY_MARKET'));
    const flooder = new RecordingClient(url);
    await flooder.open();
    // The test clock stands still, so the bucket never refills: the burst is all it gets.
    const sent = DEFAULT_SOCKET_RATE_LIMIT.burst * 20;
    for (let i = 0; i < sent; i++) flooder.send({ type: 'sub', params: 'DAY_MARKET' });

    const spec = rt.market.instrumentByCode('ETHUSD')!;
    const bid = 301234;
    rt.clock.advance(10);
    rt.market.applyTicks([{ code: 'ETHUSD', bid, ask: bid + spec.spreadPoints, timeMs: rt.clock.now() }]);
    rt.hub.flush();
    const push = (await calm.waitFor(
      (m) =>
        isType('DAY_MARKET')(m) &&
        (m as { quotation: { Bid: number } }).quotation.Bid === bid / 10 ** spec.pricePrecision,
    )) as { symbol: string };
    expect(push.symbol).toBe('ETHUSD');

    expect(await flooder.closed).toEqual({ code: 4008, reason: 'message rate limit exceeded' });
    expect(flooder.received.filter(isType('sub_result'))).toHaveLength(DEFAULT_SOCKET_RATE_LIMIT.burst);
    expect(flooder.received.filter(isType('error')).at(-1)).toMatchObject({
      code: 429,
      msg: 'Too many messages on this connection, so it is closed. Reconnect and send fewer.',
    });
    // Only the first subscription sent the snapshot of every quote.
    const snapshotSize = rt.market.instruments().length;
    expect(flooder.received.filter(isType('DAY_MARKET')).length).toBeLessThanOrEqual(snapshotSize + 1);
    calm.send('ping');
    expect(await calm.waitFor((m) => m === 'pong')).toBe('pong');
    calm.close();
  });

  it('refuses the upgrade with 403 to a page of another site, and lets the same host, listed sites and native clients in', async () => {
    const refused = new RecordingClient(url, { origin: 'https://evil.example' });
    await expect(refused.open()).rejects.toThrow('Unexpected server response: 403');

    for (const options of [{ origin: `http://127.0.0.1:${port}` }, { origin: LISTED_ORIGIN }, {}]) {
      const client = new RecordingClient(url, options);
      await client.open();
      client.send('ping');
      expect(await client.waitFor((m) => m === 'pong')).toBe('pong');
      client.close();
    }
  });
});
