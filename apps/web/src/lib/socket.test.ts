import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PROTOCOL_VERSION, SocketCloseCode } from '@omp/protocol';
import { socketUrl } from './socket.ts';
import { client, FakeSocket, latest } from './socket-fake.test-support.ts';
import { NO_RISK } from './trading-fixtures.test-support.ts';

// Messages as the server sends them: the client drops whatever its protocol schema does not match.
const quotation = (bid: number) => ({
  Id: 1,
  ForexId: 1,
  Open: 1,
  High: 1,
  Low: 1,
  Close: bid,
  Bid: bid,
  Ask: bid,
  Change: 0,
  Volume: 1,
  Amount: 0,
  NowTime: 1_795_000_000,
  MarketStatus: 1,
});
const dayMarket = (symbol: string, bid = 1) => ({ type: 'DAY_MARKET', symbol, quotation: quotation(bid) });
const figures = {
  balance: 1000,
  lock_balance: 0,
  equity: 1000,
  free_margin: 1000,
  margin_level: null,
  floating_profit: 0,
  withdraw_hold: 0,
  margin_call_level: 100,
  stop_out_level: 50,
  is_demo: 0,
};
const forexTrade = { type: 'FOREX_TRADE', orders: [], account: figures, risk: NO_RISK };
const marginCallPush = (level: number) => ({
  type: 'MARGIN_CALL',
  margin_level: level,
  margin_call_level: 100,
  stop_out_level: 50,
  msg: 'Margin call',
});
const login = (token: string) => ({ type: 'login', params: token, version: PROTOCOL_VERSION });

beforeEach(() => {
  vi.useFakeTimers();
  FakeSocket.all = [];
});
afterEach(() => {
  vi.useRealTimers();
});

describe('connection', () => {
  it('connects once however often connect() is called', () => {
    const socket = client();
    socket.connect();
    socket.connect();
    expect(FakeSocket.all).toHaveLength(1);
    expect(socket.getState()).toBe('connecting');
    latest().open();
    expect(socket.getState()).toBe('open');
    socket.connect();
    expect(FakeSocket.all).toHaveLength(1);
  });

  it('builds ws and wss URLs from the page location', () => {
    expect(socketUrl({ protocol: 'http:', host: 'localhost:5173' })).toBe('ws://localhost:5173/v1/ws');
    expect(socketUrl({ protocol: 'https:', host: 'm.broker.example' })).toBe('wss://m.broker.example/v1/ws');
    expect(socketUrl({ protocol: 'https:', host: 'm.broker.example' }, 'en')).toBe(
      'wss://m.broker.example/v1/ws?lang=en',
    );
  });

  it('abandons a connection that does not open within 5 s and retries', () => {
    const socket = client();
    socket.connect();
    vi.advanceTimersByTime(4999);
    expect(latest().closed).toBe(false);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.all[0]!.closed).toBe(true);
    expect(socket.getState()).toBe('reconnecting');
    vi.advanceTimersByTime(1000);
    expect(FakeSocket.all).toHaveLength(2);
  });

  it('retries after 2–4 s, subscriptions and login restored, when the server dropped it as too slow', () => {
    const socket = client(0); // the bottom of every jitter range
    socket.subscribe('DAY_MARKET', () => undefined);
    socket.login('tok');
    socket.connect();
    latest().open();
    latest().drop(4009);
    vi.advanceTimersByTime(1999);
    expect(FakeSocket.all).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.all).toHaveLength(2);
    latest().open();
    expect(latest().json()).toEqual([
      { type: 'login', params: 'tok', version: expect.any(Number) },
      { type: 'sub', params: 'DAY_MARKET' },
    ]);
    // Any other loss is retried from the first step, as before.
    latest().drop(1006);
    vi.advanceTimersByTime(250);
    expect(FakeSocket.all).toHaveLength(3);
  });

  it('waits to be used again after the server closed it as the oldest of too many sockets of the user', () => {
    const socket = client(0);
    socket.subscribe('DAY_MARKET', () => undefined);
    socket.login('tok');
    socket.connect();
    latest().open();
    latest().drop(SocketCloseCode.replacedByNewer);
    // No retry of its own: it would push out another socket of the user, which would do the same.
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(1);
    expect(socket.getState()).toBe('reconnecting');
    socket.reconnectNow(); // the tab shown again
    expect(FakeSocket.all).toHaveLength(2);
    latest().open();
    expect(latest().json()).toEqual([
      { type: 'login', params: 'tok', version: expect.any(Number) },
      { type: 'sub', params: 'DAY_MARKET' },
    ]);
    latest().drop(SocketCloseCode.replacedByNewer);
    socket.connect(); // a navigation
    expect(FakeSocket.all).toHaveLength(3);
  });

  it('backs off to 10 s when the server keeps refusing the upgrade (too many sockets from the address)', () => {
    const socket = client(1);
    socket.connect();
    const delays: number[] = [];
    for (let attempt = 0; attempt < 7; attempt++) {
      // A refused upgrade: the browser reports an error and a close without a code, and never opened.
      latest().onerror?.({});
      latest().drop(1006);
      const before = FakeSocket.all.length;
      let waited = 0;
      while (FakeSocket.all.length === before) {
        vi.advanceTimersByTime(100);
        waited += 100;
      }
      delays.push(waited);
    }
    expect(delays).toEqual([500, 1000, 2000, 4000, 8000, 10_000, 10_000]);
  });

  it('notifies state listeners', () => {
    const socket = client();
    const states: string[] = [];
    socket.onStateChange(() => states.push(socket.getState()));
    socket.connect();
    latest().open();
    latest().drop();
    expect(states).toEqual(['connecting', 'open', 'reconnecting']);
  });
});

describe('backoff', () => {
  it('backs off exponentially with jitter, capped near 10 s', () => {
    const socket = client(1); // the top of every jitter range
    socket.connect();
    const delays: number[] = [];
    for (let attempt = 0; attempt < 8; attempt++) {
      latest().drop();
      const before = FakeSocket.all.length;
      let waited = 0;
      while (FakeSocket.all.length === before) {
        vi.advanceTimersByTime(100);
        waited += 100;
      }
      delays.push(waited);
    }
    expect(delays).toEqual([500, 1000, 2000, 4000, 8000, 10_000, 10_000, 10_000]);
    expect(socket.getState()).toBe('reconnecting');
  });

  it('keeps at least half the ceiling with the lowest jitter', () => {
    const socket = client(0);
    socket.connect();
    latest().drop();
    vi.advanceTimersByTime(249);
    expect(FakeSocket.all).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.all).toHaveLength(2);
  });

  it('resets the backoff after a successful open', () => {
    const socket = client(1);
    socket.connect();
    latest().drop();
    vi.advanceTimersByTime(500);
    latest().drop();
    vi.advanceTimersByTime(1000);
    latest().open();
    latest().drop();
    vi.advanceTimersByTime(499);
    expect(FakeSocket.all).toHaveLength(3);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.all).toHaveLength(4);
  });

  it('retries at once on reconnectNow() during a backoff', () => {
    const socket = client(1);
    socket.connect();
    latest().open();
    latest().drop();
    socket.reconnectNow();
    expect(FakeSocket.all).toHaveLength(2);
    socket.reconnectNow(); // an attempt is under way: no second socket
    expect(FakeSocket.all).toHaveLength(2);
  });
});

describe('subscriptions', () => {
  it('sends sub for the first listener and unsub after the last', () => {
    const socket = client();
    socket.connect();
    const ws = latest();
    ws.open();
    const offA = socket.subscribe('KLINE.EURUSD.1M', () => {});
    const offB = socket.subscribe('KLINE.EURUSD.1M', () => {});
    expect(ws.json()).toEqual([{ type: 'sub', params: 'KLINE.EURUSD.1M' }]);
    offA();
    offA();
    expect(ws.json()).toHaveLength(1);
    offB();
    expect(ws.json()).toEqual([
      { type: 'sub', params: 'KLINE.EURUSD.1M' },
      { type: 'unsub', params: 'KLINE.EURUSD.1M' },
    ]);
    expect(socket.activeTopics()).toEqual([]);
  });

  it('subscribes topics added before the socket opened, and again after a reconnect, with the login', () => {
    const socket = client();
    socket.subscribe('DAY_MARKET', () => {});
    socket.login('tok');
    socket.connect();
    latest().open();
    expect(latest().json()).toEqual([login('tok'), { type: 'sub', params: 'DAY_MARKET' }]);
    latest().drop();
    vi.advanceTimersByTime(1000);
    expect(FakeSocket.all).toHaveLength(2);
    latest().open();
    expect(latest().json()).toEqual([login('tok'), { type: 'sub', params: 'DAY_MARKET' }]);
    socket.logout();
    expect(latest().json().at(-1)).toEqual({ type: 'logout' });
  });

  it('routes pushes by type, topic and symbol, once per listener', () => {
    const socket = client();
    socket.connect();
    const ws = latest();
    ws.open();
    const all = vi.fn();
    const eurusd = vi.fn();
    const gbpusd = vi.fn();
    const kline = vi.fn();
    socket.subscribe('DAY_MARKET', all);
    socket.subscribe('DAY_MARKET.EURUSD', eurusd);
    socket.subscribe('DAY_MARKET.GBPUSD', gbpusd);
    socket.subscribe('KLINE.EURUSD.1M', kline);

    ws.receive(dayMarket('EURUSD'));
    ws.receive({
      type: 'KLINE',
      topic: 'KLINE.EURUSD.1M',
      symbol: 'EURUSD',
      period: '1M',
      kline: { Time: 60, Open: 1, High: 1, Low: 1, Close: 1, Volume: 1 },
    });
    ws.receive({ type: 'sub_result', code: 1, msg: 'ok' });
    ws.receive('not json');

    expect(all).toHaveBeenCalledTimes(1);
    expect(eurusd).toHaveBeenCalledTimes(1);
    expect(gbpusd).not.toHaveBeenCalled();
    expect(kline).toHaveBeenCalledTimes(1);
    expect(kline.mock.calls[0]![0]).toMatchObject({ kline: { Time: 60 } });
  });

  it('delivers unasked message types to listeners without sending sub', () => {
    const socket = client();
    socket.connect();
    const ws = latest();
    ws.open();
    const marginCall = vi.fn();
    const off = socket.listen('MARGIN_CALL', marginCall);
    expect(ws.json()).toEqual([]);
    expect(socket.activeTopics()).toEqual([]);

    ws.receive(marginCallPush(95));
    ws.receive(forexTrade);
    expect(marginCall).toHaveBeenCalledTimes(1);

    off();
    ws.receive(marginCallPush(90));
    expect(marginCall).toHaveBeenCalledTimes(1);
    expect(ws.json()).toEqual([]);
  });

  it('tells sign-in listeners each accepted and refused login, and nothing else', () => {
    const socket = client();
    socket.connect();
    const ws = latest();
    ws.open();
    const results = vi.fn();
    socket.listen('login_result', (message) => results(message.code));
    socket.login('token-1');
    ws.receive(JSON.stringify({ type: 'login_result', code: 1, msg: 'Logged in', version: 1 }));
    ws.receive(JSON.stringify({ type: 'sub_result', code: 1, msg: 'ok', params: 'FOREX_TRADE' }));
    ws.receive(JSON.stringify({ type: 'login_result', code: 999, msg: 'Sign in again' }));
    expect(results.mock.calls).toEqual([[1], [999]]);
  });

  it('calls a handler once when it both listens to and subscribes the same type', () => {
    const socket = client();
    socket.connect();
    latest().open();
    const handler = vi.fn();
    socket.listen('FOREX_TRADE', handler);
    socket.subscribe('FOREX_TRADE', handler);
    latest().receive(forexTrade);
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('keeps delivering to other listeners when one throws', () => {
    const socket = client();
    socket.connect();
    latest().open();
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    const good = vi.fn();
    socket.subscribe('DAY_MARKET', () => {
      throw new Error('boom');
    });
    socket.subscribe('DAY_MARKET', good);
    latest().receive(dayMarket('X'));
    expect(good).toHaveBeenCalledTimes(1);
    spy.mockRestore();
  });

  it('drops a message its protocol does not describe, and one of the wrong shape, and goes on', () => {
    const socket = client();
    socket.connect();
    latest().open();
    const quotes = vi.fn();
    socket.subscribe('DAY_MARKET', quotes);
    latest().receive({ type: 'DAY_MARKET', symbol: 'EURUSD', quotation: { Bid: 'high' } });
    latest().receive({ type: 'SOMETHING_NEW', symbol: 'EURUSD' });
    latest().receive({ symbol: 'EURUSD' });
    expect(quotes).not.toHaveBeenCalled();
    latest().receive(dayMarket('EURUSD', 1.1));
    expect(quotes).toHaveBeenCalledWith(
      expect.objectContaining({ quotation: expect.objectContaining({ Bid: 1.1 }) }),
    );
  });

  it('stops reconnecting after disconnect()', () => {
    const socket = client();
    socket.connect();
    latest().open();
    socket.disconnect();
    expect(socket.getState()).toBe('idle');
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(1);
  });
});

describe('the end of the session', () => {
  const ended = { type: 'session_ended', code: 999, msg: 'Your session has expired.', reason: 'expired' };

  it('tells listeners which token ended and signs in with it no more after a reconnect', () => {
    const socket = client();
    socket.login('tok');
    socket.connect();
    latest().open();
    latest().receive({ type: 'login_result', code: 1, msg: 'ok' });
    const heard = vi.fn();
    socket.listen('session_ended', heard);
    latest().receive(ended);
    expect(heard).toHaveBeenCalledWith({ ...ended, token: 'tok' });

    latest().drop();
    vi.advanceTimersByTime(1000);
    latest().open();
    expect(latest().json()).toEqual([]);
  });

  it('ignores the end of a session the socket is already leaving for a newer login', () => {
    const socket = client();
    socket.login('old');
    socket.connect();
    latest().open();
    latest().receive({ type: 'login_result', code: 1, msg: 'ok' });
    const heard = vi.fn();
    socket.listen('session_ended', heard);
    socket.login('new');
    latest().receive(ended);
    latest().receive({ type: 'login_result', code: 1, msg: 'ok' });
    expect(heard).not.toHaveBeenCalled();

    latest().drop();
    vi.advanceTimersByTime(1000);
    latest().open();
    expect(latest().json()).toEqual([login('new')]);
  });
});
