/**
 * The realtime socket fed hostile messages: whole frames that are any JSON value or none (`null`,
 * a number, a list, broken text), and requests whose type, topic, token and version are hostile
 * values, mixed with real logins and topics so the deeper paths run too. Every socket must keep
 * answering (a ping after its messages still gets its pong), every frame must be a message of the
 * protocol, and nothing may be answered with 500 or logged as a server error. One message of
 * `null` used to end the whole process.
 *
 * FUZZ_SEED picks the sequence (printed, so a failure can be replayed).
 */
import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { HEARTBEAT_PING, HEARTBEAT_PONG, ResponseCode } from '@omp/protocol';
import { hostileValue, jsonText, pick, Raw, seededRng, type Rng } from './helpers/fuzz-values.ts';
import { RecordingClient } from './helpers/recording-client.ts';
import { databaseEngines, startTestRuntime, type TestRuntime } from './helpers/test-runtime.ts';
import { tradingClient } from './helpers/trading-helpers.ts';

const SEED = Number(process.env.FUZZ_SEED ?? 20_261_205);
const SOCKETS = 12;
/** Under the per-connection burst (50), so the flood limit does not end a socket early. */
const MESSAGES_PER_SOCKET = 40;
/** Under the 64 KiB a message may have: a larger one is closed with 1009, as it should be. */
const MAX_FRAME_CHARS = 60_000;

const TYPES = ['login', 'logout', 'sub', 'unsub', 'ping', 'LOGIN', '', 'sub ', 'constructor', '__proto__'];
const TOPICS = [
  'DAY_MARKET',
  'DAY_MARKET.EURUSD',
  'DAY_MARKET.',
  'KLINE.EURUSD.1M',
  'KLINE.EURUSD.4H',
  'KLINE.XAUUSD.1MN',
  'KLINE.BTCUSD',
  'KLINE.eurusd.1m',
  'KLINE..',
  'KLINE.EURUSD.1M.extra',
  'FOREX_TRADE',
  'FOREX_CLOSED',
  'FOREX_TRADE.EURUSD',
];

/** A frame: a hostile JSON value as the whole message, or a request with hostile fields. */
function frameOf(rng: Rng, token: string): string {
  const roll = rng();
  if (roll < 0.25) return jsonText(hostileValue(rng));
  if (roll < 0.3) return pick(rng, [HEARTBEAT_PING, 'null', '1', '[]', '"login"', 'true', '{', '']);
  const field = (valid: () => unknown) => (rng() < 0.5 ? valid() : hostileValue(rng));
  const request: Record<string, unknown> = {
    type: field(() => pick(rng, TYPES)),
    params: field(() => (rng() < 0.3 ? token : pick(rng, TOPICS))),
  };
  if (rng() < 0.3) request.version = field(() => pick(rng, [0, 1, 2, 99]));
  if (rng() < 0.1) request.extra = hostileValue(rng);
  return jsonText(request);
}

describe.each(databaseEngines())('socket fuzz on %s', (engine) => {
  let rt: TestRuntime;
  let url: string;
  const errors: string[] = [];

  beforeAll(async () => {
    rt = await startTestRuntime({
      engine,
      env: { LOG_LEVEL: 'error' },
      logStream: {
        write: (line) => {
          const entry = JSON.parse(line) as { level: number; msg?: string };
          if (entry.level >= 50) errors.push(line);
        },
      },
    });
    await rt.app.listen({ port: 0, host: '127.0.0.1' });
    const address = rt.app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    url = `ws://127.0.0.1:${address.port}/v1/ws?lang=en`;
  });
  afterAll(() => rt?.dispose());

  it('answers every message in the protocol, keeps every socket and the process alive, and logs no fault', async () => {
    console.log(
      `socket fuzz on ${engine}: seed ${SEED} (FUZZ_SEED), ${SOCKETS} sockets × ${MESSAGES_PER_SOCKET}`,
    );
    const rng = seededRng(SEED);
    const { token } = await tradingClient(rt).demoUser();
    const sent: string[] = [];
    for (let socket = 0; socket < SOCKETS; socket++) {
      const client = new RecordingClient(url);
      await client.open();
      for (let n = 0; n < MESSAGES_PER_SOCKET; n++) {
        const frame = frameOf(rng, token);
        if (frame.length > MAX_FRAME_CHARS) continue;
        sent.push(frame.slice(0, 120));
        client.send(frame);
      }
      // Still there, and still answering, after all of that.
      client.send(HEARTBEAT_PING);
      await client.waitFor((message) => message === HEARTBEAT_PONG, 10_000);
      const failures = client.received.filter(
        (message) => typeof message === 'object' && message.code === ResponseCode.internal,
      );
      expect(failures, `answered 500 to one of: ${sent.join('\n')}`).toEqual([]);
      expect(client.offContract).toEqual([]);
      client.close();
      await client.closed;
    }
    expect(errors).toEqual([]);
    expect((await rt.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  });

  it('answers each JSON value that is not an object as unreadable', async () => {
    const client = new RecordingClient(url);
    await client.open();
    for (const frame of [
      'null',
      '0',
      '-1.5',
      'true',
      '"sub"',
      '[]',
      '[{"type":"sub"}]',
      jsonText(new Raw('1e400')),
    ]) {
      const before = client.received.length;
      client.send(frame);
      await expect
        .poll(() => client.received.slice(before))
        .toEqual([{ type: 'error', code: 400, msg: 'The message could not be understood' }]);
    }
    client.close();
  });

  it('answers a binary frame and a deeply nested one as unreadable, and closes on broken text or an oversized frame', async () => {
    const client = new RecordingClient(url);
    await client.open();
    const socket = new WebSocket(url);
    await once(socket, 'open');
    const answers: unknown[] = [];
    socket.on('message', (data) => answers.push(JSON.parse(String(data))));
    socket.send(Buffer.from(JSON.stringify({ type: 'sub', params: 'DAY_MARKET' })), { binary: true });
    socket.send('['.repeat(30_000) + ']'.repeat(30_000));
    socket.send(`{"type":"sub","params":${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}}`);
    const unreadable = { type: 'error', code: 400, msg: 'The message could not be understood' };
    await expect
      .poll(() => answers)
      .toEqual([unreadable, unreadable, expect.objectContaining({ code: 404 })]);

    // Text that is not UTF-8, and a frame over 64 KiB: closed with the code that says why.
    for (const [bytes, code] of [
      [Buffer.from([0x7b, 0xff, 0xfe, 0x7d]), 1007],
      [Buffer.alloc(64 * 1024 + 1, 0x20), 1009],
    ] as const) {
      const broken = new WebSocket(url);
      await once(broken, 'open');
      broken.send(bytes, { binary: false });
      const [closedWith] = (await once(broken, 'close')) as [number];
      expect(closedWith).toBe(code);
    }
    socket.close();

    // The server goes on, and logged none of it as its own fault.
    client.send(HEARTBEAT_PING);
    await client.waitFor((message) => message === HEARTBEAT_PONG);
    client.close();
    expect(errors).toEqual([]);
  });
});
