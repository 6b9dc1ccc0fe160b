/**
 * The hub's session and rate-limit rules that a real connection cannot time: a session that ends
 * while its login lookup is under way, and the configurable message limit. Real sockets and
 * databases are covered by apps/server/test/socket*.test.ts.
 */
import { EventEmitter } from 'node:events';
import type { WebSocket } from 'ws';
import { afterEach, describe, expect, it } from 'vitest';
import { createInProcessEventBus } from '../events/event-bus.ts';
import type { MarketService } from '../services/market-service.ts';
import { SocketHub, type SocketHubOptions, type SocketSession } from './socket-hub.ts';
import type { TradeSource } from './socket-trade-stream.ts';
import { MAX_TOPICS_PER_SOCKET } from './socket-limits.ts';

class FakeSocket extends EventEmitter {
  readonly OPEN = 1;
  readyState = 1;
  bufferedAmount = 0;
  readonly sent: unknown[] = [];
  closedWith: { code: number; reason: string } | undefined;
  send(text: string) {
    this.sent.push(JSON.parse(text));
  }
  close(code: number, reason: string) {
    this.closedWith = { code, reason };
    this.readyState = 3;
  }
  terminate() {}
  receive(message: object) {
    this.emit('message', Buffer.from(JSON.stringify(message)), false);
  }
}

const hubs: SocketHub[] = [];
afterEach(() => {
  for (const hub of hubs.splice(0)) hub.close();
});

function hubWith(options: Partial<SocketHubOptions>) {
  const hub = new SocketHub({
    market: {} as MarketService,
    flushIntervalMs: 60_000,
    now: () => 1_000,
    ...options,
  });
  hubs.push(hub);
  const socket = new FakeSocket();
  hub.attach(socket as unknown as WebSocket, 'en');
  return socket;
}

const session: SocketSession = { userId: 7, isDemo: false, tokenHash: 'hash-of-tok', expiresAtMs: 10_000 };

describe('socket hub', () => {
  it('answers a login whose session lookup failed with 500 and reports it, and goes on answering', async () => {
    const reported: string[] = [];
    const socket = hubWith({
      authenticate: () => Promise.reject(new Error('database unreachable')),
      logError: (error, message) => void reported.push(`${message}: ${(error as Error).message}`),
    });
    socket.receive({ type: 'login', params: 'tok' });
    await new Promise((resolve) => setImmediate(resolve));
    expect(socket.sent).toEqual([expect.objectContaining({ type: 'login_result', code: 500 })]);
    expect(reported).toEqual(['answering a socket message failed: database unreachable']);
    socket.receive({ type: 'logout' });
    expect(socket.sent.at(-1)).toEqual(expect.objectContaining({ type: 'logout_result', code: 1 }));
  });

  it('refuses a login whose session ended while its lookup was under way', async () => {
    const events = createInProcessEventBus();
    let answer: (found: SocketSession) => void = () => {};
    const socket = hubWith({
      events,
      authenticate: () => new Promise((resolve) => (answer = resolve)),
    });
    socket.receive({ type: 'login', params: 'tok' });
    events.publish('session_ended', { userId: 7, reason: 'forced_logout' });
    answer(session);
    await new Promise((resolve) => setImmediate(resolve));
    expect(socket.sent).toEqual([expect.objectContaining({ type: 'login_result', code: 999 })]);
  });

  it('detaches the sockets of the session a new password replaced without a word, and refuses its login under way', async () => {
    const events = createInProcessEventBus();
    let answer: (found: SocketSession) => void = () => {};
    const socket = hubWith({ events, authenticate: async () => session });
    const late = hubWith({ events, authenticate: () => new Promise((resolve) => (answer = resolve)) });
    socket.receive({ type: 'login', params: 'tok' });
    await new Promise((resolve) => setImmediate(resolve));
    late.receive({ type: 'login', params: 'tok' });
    const changed = { userId: 7, spareTokenHash: 'hash-of-tok', spareEnded: true } as const;
    events.publish('session_ended', { ...changed, reason: 'password_changed' });
    answer(session);
    await new Promise((resolve) => setImmediate(resolve));
    expect(late.sent).toEqual([expect.objectContaining({ type: 'login_result', code: 999 })]);
    // Not told (its device signs in with the new token), and no longer the user's: a later end of
    // every session of the user has nothing of it to end.
    events.publish('session_ended', { userId: 7, reason: 'forced_logout' });
    expect(socket.sent).toEqual([expect.objectContaining({ type: 'login_result', code: 1 })]);
  });

  /** A socket signed in to user 70, the own demo account of real user 7. */
  async function signedInOwnDemo() {
    const events = createInProcessEventBus();
    const ownDemo: SocketSession = {
      userId: 70,
      isDemo: true,
      tokenHash: 'hash-of-demo',
      expiresAtMs: 10_000,
      ownerId: 7,
    };
    const socket = hubWith({ events, authenticate: async () => ownDemo });
    socket.receive({ type: 'login', params: 'demo-tok' });
    await new Promise((resolve) => setImmediate(resolve));
    return { events, socket };
  }

  it("ends a real user's own demo account's sockets when every session of the owner ends", async () => {
    const { events, socket } = await signedInOwnDemo();
    expect(socket.sent).toEqual([expect.objectContaining({ type: 'login_result', code: 1 })]);

    // The owner signing out one other device leaves the demo be; another user's demo is not theirs.
    events.publish('session_ended', { userId: 7, tokenHash: 'hash-of-tok', reason: 'logout' });
    events.publish('session_ended', { userId: 8, reason: 'user_disabled' });
    expect(socket.sent).toHaveLength(1);

    events.publish('session_ended', { userId: 7, reason: 'user_disabled' });
    expect(socket.sent).toEqual([
      expect.objectContaining({ type: 'login_result', code: 1 }),
      expect.objectContaining({ type: 'session_ended' }),
    ]);
  });

  it("ends the own demo account's sockets when the owner's others end, the asking device spared", async () => {
    const { events, socket } = await signedInOwnDemo();
    // A new password set on the real session of this very phone: its demo session ends with the rest.
    events.publish('session_ended', { userId: 7, spareTokenHash: 'hash-of-tok', reason: 'password_changed' });
    expect(socket.sent).toEqual([
      expect.objectContaining({ type: 'login_result', code: 1 }),
      expect.objectContaining({ type: 'session_ended' }),
    ]);
  });

  it('sends nothing of the user to a socket whose session expired since the last flush, and tells it', async () => {
    const events = createInProcessEventBus();
    let nowMs = 1_000;
    const socket = hubWith({ events, now: () => nowMs, authenticate: async () => session });
    socket.receive({ type: 'login', params: 'tok' });
    await new Promise((resolve) => setImmediate(resolve));
    nowMs = session.expiresAtMs;
    const notification = {
      id: 1,
      kind: 'system',
      textKey: 'welcome',
      params: {},
      link: null,
      createdAtMs: 0,
    };
    events.publish('notification_created', { userId: 7, notification, unread: 1 } as never);
    events.publish('money_decided', { userId: 7, action: 'deposit.approve' } as never);
    events.publish('identity_decided', { userId: 7, action: 'identity.approve' } as never);
    expect(socket.sent.map((message) => (message as { type: string }).type)).toEqual([
      'login_result',
      'session_ended',
    ]);
  });

  it('sends nothing more of the former user once another login is read, answered or refused', async () => {
    const events = createInProcessEventBus();
    const lookups: Array<(found: SocketSession) => void> = [];
    const socket = hubWith({
      events,
      authenticate: (token) =>
        token === 'tok'
          ? Promise.resolve({ ...session, expiresAtMs: 1_000_000 })
          : token === 'broken'
            ? Promise.reject(new Error('database unreachable'))
            : new Promise((resolve) => lookups.push(resolve)),
      logError: () => {},
    });
    const tellUser7 = () =>
      events.publish('identity_decided', { userId: 7, action: 'identity.approve' } as never);
    const typesSent = () => socket.sent.splice(0).map((message) => (message as { type: string }).type);
    const signedInAs7 = async () => {
      socket.receive({ type: 'login', params: 'tok' });
      await new Promise((resolve) => setImmediate(resolve));
      tellUser7();
      expect(typesSent()).toEqual(['login_result', 'ACCOUNT_CHANGED']);
    };

    // Another user's login under way: the socket speaks for nobody meanwhile.
    await signedInAs7();
    socket.receive({ type: 'login', params: 'tok-8' });
    tellUser7();
    lookups[0]!({ ...session, userId: 8, tokenHash: 'hash-of-tok-8', expiresAtMs: 1_000_000 });
    await new Promise((resolve) => setImmediate(resolve));
    tellUser7();
    expect(typesSent()).toEqual(['login_result']);

    // A login refused for its version, or answered with a fault: signed out all the same.
    for (const login of [
      { type: 'login', params: 'tok', version: 99 },
      { type: 'login', params: 'broken' },
    ]) {
      await signedInAs7();
      socket.receive(login);
      await new Promise((resolve) => setImmediate(resolve));
      tellUser7();
      expect(typesSent()).toEqual(['login_result']);
    }
  });

  it('refuses a login whose session has already expired by the hub clock', async () => {
    const socket = hubWith({ authenticate: async () => ({ ...session, expiresAtMs: 1_000 }) });
    socket.receive({ type: 'login', params: 'tok' });
    await new Promise((resolve) => setImmediate(resolve));
    expect(socket.sent).toEqual([expect.objectContaining({ type: 'login_result', code: 999 })]);
  });

  describe("a backed-up socket's queued trade state", () => {
    /** A hub with a trade stream, its clock in the test's hands, the socket signed in as user 7. */
    async function backedUpAs7() {
      let nowMs = 1_000;
      const sessions: Record<string, SocketSession> = {
        tok: { ...session, expiresAtMs: 1_000_000 },
        'tok-8': { ...session, userId: 8, tokenHash: 'hash-of-tok-8', expiresAtMs: 1_000_000 },
      };
      const trading = {
        // Each user's one holding order carries that user's id.
        tradeSnapshot: (userId: number) => ({ orders: [{ Id: userId }], account: {}, risk: {} }),
        account: async () => undefined,
      } as unknown as TradeSource;
      const socket = hubWith({
        trading,
        now: () => nowMs,
        authenticate: async (token) => sessions[token],
        slowClients: { backlogBytes: 10, maxBufferedBytes: 1_000_000, maxBackedUpMs: 60_000 },
      });
      socket.receive({ type: 'login', params: 'tok' });
      await new Promise((resolve) => setImmediate(resolve));
      socket.receive({ type: 'sub', params: 'FOREX_TRADE' });
      // The client stops reading: the next pass of user 7's state is kept for it, not sent.
      socket.bufferedAmount = 100;
      nowMs += 5_000;
      const hub = hubs.at(-1)!;
      hub.flush();
      const before = socket.sent.length;
      return {
        socket,
        /** The client reads again; the next flush sends what it kept. Returns what arrived since. */
        drain() {
          socket.bufferedAmount = 0;
          nowMs += 5_000;
          hub.flush();
          return socket.sent.slice(before) as Array<{ type: string; orders?: Array<{ Id: number }> }>;
        },
      };
    }
    const ordersOf = (frames: Array<{ type: string; orders?: Array<{ Id: number }> }>) =>
      frames
        .filter((frame) => frame.type === 'FOREX_TRADE')
        .flatMap((frame) => frame.orders!.map((o) => o.Id));

    it('never reaches the socket once it signed in as someone else', async () => {
      const { socket, drain } = await backedUpAs7();
      socket.receive({ type: 'login', params: 'tok-8' });
      await new Promise((resolve) => setImmediate(resolve));
      expect(new Set(ordersOf(drain()))).toEqual(new Set([8]));
    });

    it('never reaches the socket once it logged out, or a login of it was refused', async () => {
      const loggedOut = await backedUpAs7();
      loggedOut.socket.receive({ type: 'logout' });
      await new Promise((resolve) => setImmediate(resolve));
      expect(ordersOf(loggedOut.drain())).toEqual([]);

      const refused = await backedUpAs7();
      refused.socket.receive({ type: 'login', params: 'dead' });
      await new Promise((resolve) => setImmediate(resolve));
      expect(ordersOf(refused.drain())).toEqual([]);
    });
  });

  it('holds at most MAX_TOPICS_PER_SOCKET topics per socket, and says so for each beyond', () => {
    // Every code is listed and nothing has a snapshot: only the answers arrive.
    const market = { instrumentByCode: () => ({}), formingBar: () => undefined } as unknown as MarketService;
    const socket = hubWith({ market, rateLimit: { burst: 100_000, ratePerSecond: 1 } });
    const results = () => socket.sent.splice(0) as Array<{ type: string; code: number; params: string }>;
    for (let i = 0; i < MAX_TOPICS_PER_SOCKET; i++) socket.receive({ type: 'sub', params: `KLINE.C${i}` });
    expect(results().every((answer) => answer.code === 1)).toBe(true);

    // Ten thousand more topics, and the same one ten thousand times: none is held.
    for (let i = 0; i < 10_000; i++) socket.receive({ type: 'sub', params: `KLINE.D${i}` });
    for (let i = 0; i < 10_000; i++) socket.receive({ type: 'sub', params: 'KLINE.D0' });
    const refused = results();
    expect(refused).toHaveLength(20_000);
    expect(refused.every((answer) => answer.type === 'sub_result' && answer.code === 429)).toBe(true);
    expect(refused[0]).toMatchObject({
      params: 'KLINE.D0',
      msg: expect.stringContaining(`${MAX_TOPICS_PER_SOCKET}`),
    });

    // One already held is confirmed again; one let go makes room for another.
    socket.receive({ type: 'sub', params: 'KLINE.C0' });
    socket.receive({ type: 'unsub', params: 'KLINE.C1' });
    socket.receive({ type: 'sub', params: 'KLINE.D0' });
    socket.receive({ type: 'sub', params: 'KLINE.D1' });
    expect(results().map((answer) => answer.code)).toEqual([1, 1, 1, 429]);
  });

  it('names a long unknown topic in its message by its start only', () => {
    const socket = hubWith({ market: { instrumentByCode: () => undefined } as unknown as MarketService });
    const topic = `KLINE.${'X'.repeat(60_000)}`;
    socket.receive({ type: 'sub', params: topic });
    const [answer] = socket.sent as Array<{ code: number; msg: string; params: string }>;
    expect(answer).toMatchObject({ code: 404, params: topic });
    expect(answer!.msg).toBe(`Unknown topic: ${topic.slice(0, 100)}…`);
  });

  it('closes with 4008 after the configured burst of messages', () => {
    const socket = hubWith({ rateLimit: { burst: 3, ratePerSecond: 1 } });
    for (let i = 0; i < 5; i++) socket.receive({ type: 'unsub', params: 'DAY_MARKET' });
    expect(socket.sent.map((m) => (m as { type: string }).type)).toEqual([
      'unsub_result',
      'unsub_result',
      'unsub_result',
      'error',
    ]);
    expect(socket.closedWith).toEqual({ code: 4008, reason: 'message rate limit exceeded' });
  });
});
