/**
 * How many sockets a client may hold (docs/socket.md "Limits and close codes"), over real
 * connections: per client address (as the HTTP layer determines it, here behind a trusted proxy,
 * an IPv6 /64 counting as one address) the upgrade beyond the cap is refused with HTTP 429 and the
 * envelope, and a socket that closed frees its slot; per user, a login beyond the cap closes that
 * user's oldest socket with 4010 and the newest ones go on.
 */
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SocketCloseCode } from '@omp/protocol';
import { RecordingClient, type Message } from './helpers/recording-client.ts';
import { databaseEngines, startTestRuntime, type TestRuntime } from './helpers/test-runtime.ts';
import { tradingClient } from './helpers/trading-helpers.ts';

const PER_ADDRESS = 3;
const PER_USER = 2;
const isType = (type: string) => (m: Message) => typeof m === 'object' && m.type === type;

describe.each(databaseEngines())('sockets per address and per user on %s', (engine) => {
  let rt: TestRuntime;
  let url: string;
  const sockets: RecordingClient[] = [];

  beforeAll(async () => {
    rt = await startTestRuntime({
      engine,
      env: {
        SOCKETS_PER_ADDRESS: String(PER_ADDRESS),
        SOCKETS_PER_USER: String(PER_USER),
        // The test connects from 127.0.0.1 as a balancer would, naming each client's address.
        TRUST_PROXY: '127.0.0.1',
      },
    });
    await rt.app.listen({ port: 0, host: '127.0.0.1' });
    const address = rt.app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    url = `ws://127.0.0.1:${address.port}/v1/ws?lang=en`;
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await rt?.dispose();
  });

  /** An open socket of the client at `address` (as the balancer forwards it). */
  async function socketFrom(address: string): Promise<RecordingClient> {
    const client = new RecordingClient(url, { headers: { 'x-forwarded-for': address } });
    sockets.push(client);
    await client.open();
    return client;
  }

  /** What an upgrade from `address` is answered: 101 and a socket, or a refusal's status and body. */
  function upgradeFrom(address: string): Promise<{ status: number; body: unknown }> {
    const socket = new WebSocket(url, { headers: { 'x-forwarded-for': address } });
    return new Promise((resolve, reject) => {
      socket.once('open', () => {
        socket.close();
        resolve({ status: 101, body: undefined });
      });
      socket.once('unexpected-response', (_request, response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) }));
      });
      socket.once('error', (error) => {
        if (!/Unexpected server response/.test(error.message)) reject(error);
      });
    });
  }

  async function answersPing(client: RecordingClient): Promise<void> {
    const mark = client.received.length;
    client.send('ping');
    await client.waitFor((m) => m === 'pong' && client.received.slice(mark).includes('pong'));
  }

  it('refuses the socket beyond the cap of one address with HTTP 429, and lets another address in', async () => {
    const held = [];
    for (let i = 0; i < PER_ADDRESS; i++) held.push(await socketFrom('198.51.100.7'));

    expect(await upgradeFrom('198.51.100.7')).toEqual({
      status: 429,
      body: {
        code: 429,
        msg: 'Too many realtime connections are open from this address. Close some and try again later.',
        data: null,
      },
    });
    expect((await upgradeFrom('198.51.100.8')).status).toBe(101);
    // The sockets already open go on.
    for (const client of held) await answersPing(client);
  });

  it('frees a slot when one of the address’s sockets closes', async () => {
    const held = [];
    for (let i = 0; i < PER_ADDRESS; i++) held.push(await socketFrom('198.51.100.9'));
    expect((await upgradeFrom('198.51.100.9')).status).toBe(429);
    const clientsBefore = rt.hub.stats().clients;

    held[0]!.close();
    await held[0]!.closed;
    // The hub lets go of a socket after its connection closed, and the slot with the connection.
    await vi.waitFor(() => expect(rt.hub.stats().clients).toBe(clientsBefore - 1));
    const again = await socketFrom('198.51.100.9');
    await answersPing(again);
    expect((await upgradeFrom('198.51.100.9')).status).toBe(429);
  });

  it('counts every address of one IPv6 /64 as one client, and another /64 apart', async () => {
    for (let i = 1; i <= PER_ADDRESS; i++) await socketFrom(`2001:db8:7:1::${i.toString(16)}`);
    expect((await upgradeFrom('2001:db8:7:1:ffff:ffff:ffff:fffe')).status).toBe(429);
    expect((await upgradeFrom('2001:db8:7:2::1')).status).toBe(101);
  });

  it('closes the oldest socket of a user who signs in on one more than the cap, with 4010', async () => {
    const { token } = await tradingClient(rt).demoUser();
    const signedIn: RecordingClient[] = [];
    for (let i = 0; i <= PER_USER; i++) {
      // Each from an address of its own: the user's cap, not the address's, is what is tested.
      const client = await socketFrom(`203.0.113.${10 + i}`);
      client.send({ type: 'login', params: token });
      expect(await client.waitFor(isType('login_result'))).toMatchObject({ code: 1 });
      signedIn.push(client);
    }
    const [oldest, ...newest] = signedIn;
    expect(await oldest!.closed).toEqual({
      code: SocketCloseCode.replacedByNewer,
      reason: 'too many sockets of this user: the oldest is closed',
    });
    for (const client of newest) await answersPing(client);

    // Signing in again on a socket the user already holds is no new socket: nothing else closes.
    const [older, newer] = newest;
    older!.send({ type: 'login', params: token });
    await older!.waitFor(
      (m) => isType('login_result')(m) && older!.received.filter(isType('login_result')).length === 2,
    );
    await answersPing(newer!);
    await answersPing(older!);
    // Now the other one is the oldest signed in: a further socket of the user closes it.
    const further = await socketFrom('203.0.113.20');
    further.send({ type: 'login', params: token });
    expect(await further.waitFor(isType('login_result'))).toMatchObject({ code: 1 });
    expect((await newer!.closed).code).toBe(SocketCloseCode.replacedByNewer);
    await answersPing(older!);
  });
});
