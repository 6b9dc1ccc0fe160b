/**
 * A client that stops reading, over real sockets: once what the server holds unsent for it passes
 * the bound (or it stays backed up too long) it is closed with 4009, while a client that reads
 * gets every push, before and after, on the same hub.
 */
import { once } from 'node:events';
import type { Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import { SocketCloseCode, type Quotation } from '@omp/protocol';
import { createInProcessEventBus } from '../events/event-bus.ts';
import type { MarketService } from '../services/market-service.ts';
import { SocketHub, type SocketHubOptions } from './socket-hub.ts';

/** Every code is listed; no snapshots, so only the pushes a test makes arrive. */
const market = {
  instrumentByCode: () => ({}),
  quotations: () => [],
  quotationOf: () => undefined,
} as unknown as MarketService;

/** Enough instruments that one flush carries over 100 KB, more than the bound set below. */
const CODES = Array.from({ length: 500 }, (_, i) => `SYM${i}`);

const teardown: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const step of teardown.splice(0).reverse()) await step();
});

async function start(options: Partial<SocketHubOptions>) {
  const events = createInProcessEventBus();
  const hub = new SocketHub({ market, flushIntervalMs: 60_000, events, ...options });
  const server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  server.on('connection', (socket) => hub.attach(socket, 'en'));
  await once(server, 'listening');
  teardown.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  teardown.push(() => hub.close());
  const { port } = server.address() as { port: number };

  let round = 0;
  /** One flush in which every instrument's quote changed; the bid says which round it was. */
  const pushRound = () => {
    round += 1;
    for (const code of CODES)
      events.publish('quote', {
        code,
        marketStatus: 1,
        quotation: { Bid: round, Ask: round + 1, Close: round } as unknown as Quotation,
      });
    hub.flush();
    return round;
  };
  return { hub, port, pushRound };
}

/** A subscribed client that records the newest round it saw of the first instrument. */
async function client(port: number) {
  const socket = new WebSocket(`ws://127.0.0.1:${port}/`);
  teardown.push(() => socket.terminate());
  const seen = { messages: 0, newestRound: 0, closeCode: undefined as number | undefined };
  socket.on('message', (data: Buffer, isBinary: boolean) => {
    expect(isBinary).toBe(false);
    const message = JSON.parse(data.toString()) as { symbol?: string; quotation?: { Bid: number } };
    if (!message.quotation) return;
    seen.messages += 1;
    if (message.symbol === CODES[0]) seen.newestRound = message.quotation.Bid;
  });
  const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
  await once(socket, 'open');
  socket.send(JSON.stringify({ type: 'sub', params: 'DAY_MARKET' }));
  await new Promise<void>((resolve) => socket.once('message', () => resolve())); // sub_result
  return { socket, seen, closed, tcp: (socket as unknown as { _socket: Socket })._socket };
}

const turn = () => new Promise((resolve) => setTimeout(resolve, 5));
const until = async (done: () => boolean) => {
  for (let i = 0; i < 400 && !done(); i++) await turn();
};

describe('a client that stops reading', () => {
  it('is closed with 4009 once its unsent data passes the bound; a reading client is unharmed', async () => {
    // No backlog grace below the bound: the first round that leaves more unsent drops it.
    const { hub, port, pushRound } = await start({
      slowClients: { backlogBytes: 64 * 1024, maxBufferedBytes: 64 * 1024, maxBackedUpMs: 3_600_000 },
    });
    const reader = await client(port);
    const stalled = await client(port);
    stalled.tcp.pause();

    // Until the kernel's buffers for the stalled socket are full, rounds reach it too.
    let last = 0;
    for (let i = 0; i < 400 && hub.stats().droppedSlow === 0; i++) {
      last = pushRound();
      await until(() => reader.seen.newestRound === last);
    }
    expect(hub.stats()).toMatchObject({ droppedSlow: 1, clients: 1 });
    expect(reader.seen.newestRound).toBe(last);
    expect(reader.seen.messages).toBe(last * CODES.length);

    // The reader goes on getting pushes, each whole, and is still connected.
    const after = pushRound();
    await until(() => reader.seen.newestRound === after);
    expect(reader.seen.messages).toBe(after * CODES.length);
    expect(reader.socket.readyState).toBe(WebSocket.OPEN);

    // Reading again, the stalled client gets what was sent before the drop, then the close code.
    stalled.tcp.resume();
    expect(await stalled.closed).toBe(SocketCloseCode.tooSlow);
    expect(stalled.seen.newestRound).toBeLessThan(after);
  });

  it('is closed with 4009 once it stayed backed up for the limit, and not before', async () => {
    let nowMs = 1_000;
    const { hub, port, pushRound } = await start({
      now: () => nowMs,
      slowClients: { backlogBytes: 16 * 1024, maxBufferedBytes: 64 * 1024 * 1024, maxBackedUpMs: 30_000 },
    });
    const reader = await client(port);
    const stalled = await client(port);
    stalled.tcp.pause();

    // Backed up: its newest quotes are kept (and replaced: counted as conflated), not queued.
    for (let i = 0; i < 400 && hub.stats().conflated === 0; i++) {
      const last = pushRound();
      await until(() => reader.seen.newestRound === last);
    }
    expect(hub.stats()).toMatchObject({ droppedSlow: 0, clients: 2 });
    nowMs += 29_999;
    pushRound();
    expect(hub.stats()).toMatchObject({ droppedSlow: 0, clients: 2 });
    nowMs += 1;
    const last = pushRound();
    expect(hub.stats()).toMatchObject({ droppedSlow: 1, clients: 1 });
    await until(() => reader.seen.newestRound === last);
    expect(reader.seen.messages).toBe(last * CODES.length);

    stalled.tcp.resume();
    expect(await stalled.closed).toBe(SocketCloseCode.tooSlow);
  });
});
