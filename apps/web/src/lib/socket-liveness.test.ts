/**
 * How the socket client notices a lost connection (fake timers): the heartbeat gives a silent one
 * up within 3 s, and the browser's word that the network is gone cuts it off at once.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isCutOff } from './socket.ts';
import { client, FakeSocket, latest } from './socket-fake.test-support.ts';

const dayMarket = (symbol: string) => ({
  type: 'DAY_MARKET',
  symbol,
  quotation: {
    Id: 1,
    ForexId: 1,
    Open: 1,
    High: 1,
    Low: 1,
    Close: 1,
    Bid: 1,
    Ask: 1,
    Change: 0,
    Volume: 1,
    Amount: 0,
    NowTime: 1_795_000_000,
    MarketStatus: 1,
  },
});

beforeEach(() => {
  vi.useFakeTimers();
  FakeSocket.all = [];
});
afterEach(() => {
  vi.useRealTimers();
});

describe('heartbeat', () => {
  it('pings every second and stays while pongs come back', () => {
    const socket = client();
    socket.connect();
    const ws = latest();
    ws.open();
    for (let i = 0; i < 10; i++) {
      vi.advanceTimersByTime(1000);
      ws.receive('pong');
    }
    expect(ws.sent.filter((s) => s === 'ping')).toHaveLength(10);
    expect(ws.closed).toBe(false);
    expect(socket.getState()).toBe('open');
  });

  it('gives up a silent connection within 3 s of its last sign of life', () => {
    const socket = client();
    socket.connect();
    const ws = latest();
    ws.open();
    vi.advanceTimersByTime(1000);
    ws.receive('pong'); // the last sign of life, right after a ping
    vi.advanceTimersByTime(2999); // two more pings, neither answered
    expect(ws.sent.filter((s) => s === 'ping')).toHaveLength(3);
    expect(ws.closed).toBe(false);
    expect(socket.getState()).toBe('open');
    vi.advanceTimersByTime(1); // the next beat finds 2 pings unanswered
    expect(ws.closed).toBe(true);
    expect(socket.getState()).toBe('reconnecting');
  });

  it('counts any frame as a sign of life, so a pong behind a burst of pushes is waited for', () => {
    const socket = client();
    socket.connect();
    const ws = latest();
    ws.open();
    for (let i = 0; i < 10; i++) {
      vi.advanceTimersByTime(1000);
      ws.receive(dayMarket('EURUSD'));
    }
    expect(ws.closed).toBe(false);
    expect(socket.getState()).toBe('open');
  });
});

describe('heartbeat while pushes come', () => {
  /** A client whose connection just opened. */
  const opened = () => {
    const socket = client();
    socket.connect();
    const ws = latest();
    ws.open();
    return { socket, ws };
  };

  /** Quotes every 250 ms for `ms`, as the server pushes them. */
  const pushesFor = (ws: FakeSocket, ms: number) => {
    for (let t = 0; t < ms; t += 250) {
      vi.advanceTimersByTime(250);
      ws.receive(dayMarket('EURUSD'));
    }
  };

  it('pings only every 5 s, enough for the server to hear from the client', () => {
    const { socket, ws } = opened();
    pushesFor(ws, 20_000);
    // The first beat (nothing pushed before it), then one every 5 s: not twenty.
    const pings = ws.sent.filter((s) => s === 'ping').length;
    expect(pings).toBeGreaterThanOrEqual(4);
    expect(pings).toBeLessThanOrEqual(5);
    expect(socket.getState()).toBe('open');
  });

  it('still gives a connection up within 3 s of its last push', () => {
    const { socket, ws } = opened();
    pushesFor(ws, 10_000);
    const pingsBefore = ws.sent.filter((s) => s === 'ping').length;
    vi.advanceTimersByTime(2999);
    expect(ws.closed).toBe(false);
    // Once the pushes stopped, the beats probe again.
    expect(ws.sent.filter((s) => s === 'ping').length).toBeGreaterThan(pingsBefore);
    vi.advanceTimersByTime(1);
    expect(ws.closed).toBe(true);
    expect(socket.getState()).toBe('reconnecting');
  });

  it('goes back to a ping every beat when the pushes stop but pongs answer', () => {
    const { socket, ws } = opened();
    pushesFor(ws, 6_000);
    const before = ws.sent.filter((s) => s === 'ping').length;
    for (let i = 0; i < 5; i++) {
      vi.advanceTimersByTime(1000);
      ws.receive('pong');
    }
    expect(ws.sent.filter((s) => s === 'ping').length - before).toBeGreaterThanOrEqual(4);
    expect(socket.getState()).toBe('open');
  });
});

describe('network loss reported by the browser', () => {
  it('drops the socket at once, holds every retry while offline, and reconnects when back', () => {
    const socket = client();
    const states: string[] = [];
    socket.onStateChange(() => states.push(socket.getState()));
    socket.subscribe('DAY_MARKET', () => {});
    socket.connect();
    latest().open();
    socket.networkLost();
    expect(latest().closed).toBe(true);
    expect(socket.getState()).toBe('offline');
    vi.advanceTimersByTime(60_000);
    socket.connect(); // a navigation while offline
    socket.reconnectNow(); // the tab shown again while offline
    expect(FakeSocket.all).toHaveLength(1);
    expect(socket.getState()).toBe('offline');

    socket.networkBack();
    expect(FakeSocket.all).toHaveLength(2);
    expect(socket.getState()).toBe('reconnecting');
    latest().open();
    expect(socket.getState()).toBe('open');
    expect(latest().json()).toEqual([{ type: 'sub', params: 'DAY_MARKET' }]);
    expect(states).toEqual(['connecting', 'open', 'offline', 'reconnecting', 'open']);
  });

  it('stays offline when the app connects while the network is already gone', () => {
    const socket = client();
    socket.networkLost();
    expect(socket.getState()).toBe('idle');
    socket.connect();
    expect(FakeSocket.all).toHaveLength(0);
    expect(socket.getState()).toBe('offline');
    socket.networkBack();
    expect(FakeSocket.all).toHaveLength(1);
  });

  it('ignores a network-back without a loss before it', () => {
    const socket = client();
    socket.connect();
    latest().open();
    socket.networkBack();
    expect(FakeSocket.all).toHaveLength(1);
    expect(socket.getState()).toBe('open');
  });

  it('cuts prices and trading off while reconnecting or offline, not while first connecting', () => {
    expect(
      ['idle', 'connecting', 'open', 'reconnecting', 'offline'].map((s) => isCutOff(s as never)),
    ).toEqual([false, false, false, true, true]);
  });
});
