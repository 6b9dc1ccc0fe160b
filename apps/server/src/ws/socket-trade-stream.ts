/**
 * The trade stream of the socket hub (docs/socket.md, FOREX_TRADE): each signed-in subscriber's
 * holding orders with live price and P/L, and the account figures. The current state goes out at
 * once on subscription and login (with an empty list when nothing is held), then at most once a
 * second while the user holds something, and once more with the empty list when the last closed.
 *
 * The once-a-second pass builds each user's state and writes it: tens of microseconds a user, so
 * with thousands signed in it goes out in slices (sliced-run.ts, as the market pushes do), the
 * event loop free in between. Each user's state is taken when its turn comes, so it is current.
 */
import { Topic } from '@omp/protocol';
import type { TradingService } from '../services/trading-service.ts';
import { SlicedRun } from './sliced-run.ts';
import { textFrame, type Frame } from './socket-frames.ts';
import { encode } from './socket-messages.ts';
import type { SocketSession } from './socket-session.ts';

/** The trade stream goes out at most this often per user. */
const TRADE_PUSH_INTERVAL_MS = 1000;
/** Users pushed between two looks at the clock. */
const USERS_PER_CLOCK_CHECK = 16;

/**
 * The key a user's trade state is kept under for a backed-up client (socket-fanout.ts): one
 * newest per user. The frames kept under it belong to that user alone.
 */
export const tradeFrameKey = (userId: number) => `${TRADE_KEY_PREFIX}${userId}`;
const TRADE_KEY_PREFIX = 'T.';

/** Drops the trade state a backed-up client kept: it no longer speaks for the user it was for. */
export function forgetKeptTradeFrames(pending: Map<string, Frame>): void {
  for (const key of pending.keys()) if (key.startsWith(TRADE_KEY_PREFIX)) pending.delete(key);
}

export type TradeSource = Pick<TradingService, 'tradeSnapshot' | 'account'>;

/** What the stream needs of a connection. */
export interface TradeSubscriber {
  session: SocketSession | undefined;
  topics: Set<string>;
}

export class TradeStream<C extends TradeSubscriber> {
  /** Users whose last push listed holding orders, so an emptied list is pushed once. */
  private readonly pushedOrders = new Set<number>();
  private lastPushMs = 0;
  /** The pass under way: each user with the live set of its sockets, and the next to push. */
  private pass: { users: [number, ReadonlySet<C>][]; next: number } | undefined;
  private readonly slices = new SlicedRun(() => this.pushNext(), USERS_PER_CLOCK_CHECK);

  private readonly trading: TradeSource;
  /** Sends at once. */
  private readonly send: (client: C, message: string) => void;
  /** Sends, or keeps the newest per key for a slow client. */
  private readonly deliver: (key: string, frame: Frame, client: C) => void;

  constructor(
    trading: TradeSource,
    send: (client: C, message: string) => void,
    deliver: (key: string, frame: Frame, client: C) => void,
  ) {
    this.trading = trading;
    this.send = send;
    this.deliver = deliver;
  }

  /**
   * The user's trade state now, empty included. An account the server has not loaded since it
   * started (nothing open, no call made yet) is loaded first, as any trading call would.
   */
  sendCurrent(client: C): void {
    const session = client.session;
    if (!session) return;
    const snapshot = this.trading.tradeSnapshot(session.userId);
    if (snapshot) return this.send(client, encode({ type: Topic.forexTrade, ...snapshot }));
    this.trading
      .account({ id: session.userId, isDemo: session.isDemo })
      .then(() => {
        // The socket may have left, signed out or unsubscribed meanwhile.
        if (client.session !== session || !client.topics.has(Topic.forexTrade)) return;
        const loaded = this.trading.tradeSnapshot(session.userId);
        if (loaded) this.send(client, encode({ type: Topic.forexTrade, ...loaded }));
      })
      .catch(() => undefined); // the next trading call reports it; the pushes go on
  }

  /**
   * Live price and P/L of each signed-in subscriber's holding orders, once a second: the first
   * slice now, the rest on later turns. A pass still under way goes on; the next starts after it.
   */
  pushLive(nowMs: number, clientsByUser: ReadonlyMap<number, ReadonlySet<C>>): void {
    if (this.pass || nowMs - this.lastPushMs < TRADE_PUSH_INTERVAL_MS) return;
    this.lastPushMs = nowMs;
    this.pass = { users: [...clientsByUser], next: 0 };
    this.slices.start();
  }

  /** Stops the pass under way (on shutdown). */
  stop(): void {
    this.slices.stop();
    this.pass = undefined;
  }

  /** Pushes the pass's next user; false when the pass is through (or stopped). */
  private pushNext(): boolean {
    const pass = this.pass;
    if (!pass) return false;
    if (pass.next >= pass.users.length) {
      this.pass = undefined;
      return false;
    }
    const [userId, clients] = pass.users[pass.next++]!;
    this.pushUser(userId, clients);
    return true;
  }

  /** One user's state to its subscribed sockets (those still open when its turn comes). */
  private pushUser(userId: number, clients: ReadonlySet<C>): void {
    const subscribed = [...clients].filter((client) => client.topics.has(Topic.forexTrade));
    if (subscribed.length === 0) return;
    const snapshot = this.trading.tradeSnapshot(userId);
    if (!snapshot) return;
    const hasOrders = snapshot.orders.length > 0;
    if (!hasOrders && !this.pushedOrders.has(userId)) return;
    if (hasOrders) this.pushedOrders.add(userId);
    else this.pushedOrders.delete(userId);
    const frame = textFrame(encode({ type: Topic.forexTrade, ...snapshot }));
    for (const client of subscribed) this.deliver(tradeFrameKey(userId), frame, client);
  }
}
