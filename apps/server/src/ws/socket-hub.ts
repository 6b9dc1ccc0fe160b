/**
 * The realtime hub behind /v1/ws: topics, snapshots and conflated pushes (docs/socket.md).
 *
 * Market pushes are latest-state messages. The hub keeps only the newest event per key
 * (instrument, or instrument and period) and sends what changed once per flush interval, each
 * message framed once for all subscribers; a backed-up client keeps the newest per key, and one
 * that stopped reading is dropped (socket-fanout.ts).
 *
 * A signed-in socket keeps its session's identity and expiry. When the session ends (an event on
 * the bus, or its expiry seen at a flush or before a private push) the socket is told so and keeps
 * only its public topics. What one client may cost (sockets per address and per user, messages per
 * connection, unsent data) is bounded, and a client beyond it let go (socket-limits.ts).
 */
import type { WebSocket } from 'ws';
import {
  INSTRUMENT_CHANGED_MESSAGE,
  HEARTBEAT_PONG,
  PROTOCOL_VERSION,
  ResponseCode,
  SocketCloseCode,
  Topic,
  type ResultMessage,
  type Language,
} from '@omp/protocol';
import {
  createInProcessEventBus,
  type EventBus,
  type SessionEnded,
  type TradingUpdate,
} from '../events/event-bus.ts';
import type { MarketService } from '../services/market-service.ts';
import { encode, resultMessage, sessionEndedMessage } from './socket-messages.ts';
import {
  DEFAULT_SLOW_CLIENT_LIMITS,
  Fanout,
  type FanoutClient,
  type SlowClientLimits,
} from './socket-fanout.ts';
import { MarketTopics } from './socket-market-topics.ts';
import { inOneWrite, joinFrames, textFrame, writeFrames, type Frame } from './socket-frames.ts';
import { messagesByUser, recordsChangedBy, UserSockets, type UserSocket } from './socket-user-delivery.ts';
import {
  afterLogins,
  endsQuietly,
  PRIVATE_TOPICS,
  SessionLookups,
  socketsEndedBy,
  type LoginQueue,
  type SocketRateLimit,
  type SocketSession,
} from './socket-session.ts';
import { readClientMessage, type ClientRequest } from './socket-client-messages.ts';
import { parseTopic, type ParsedTopic } from './socket-topics.ts';
import { forgetKeptTradeFrames, TradeStream, type TradeSource } from './socket-trade-stream.ts';
import type { SlotConnection, SocketCaps } from './socket-admission.ts';
import { MAX_TOPICS_PER_SOCKET, SILENT_CLIENT_TIMEOUT_MS, SocketLimits } from './socket-limits.ts';

export { DEFAULT_SOCKET_RATE_LIMIT, type SocketRateLimit, type SocketSession } from './socket-session.ts';

/**
 * The heartbeat's answer, framed once: ten thousand phones are thousands of pongs a second, and
 * `ws` frames each `send` anew and writes it as two buffers (header, payload).
 */
const PONG = textFrame(HEARTBEAT_PONG);

interface Client extends UserSocket, FanoutClient, LoginQueue {
  lastSeenMs: number;
}

export interface SocketHubOptions {
  market: MarketService;
  flushIntervalMs: number;
  now?: () => number;
  /** Resolves a session token to its session; undefined for a dead or unknown token. */
  authenticate?: (token: string) => Promise<SocketSession | undefined>;
  /** Per-user trading pushes: FOREX_TRADE, FOREX_CLOSED and margin calls. */
  trading?: TradeSource;
  /** Where `session_ended` is heard (and expiries announced); a private one when absent. */
  events?: EventBus;
  rateLimit?: SocketRateLimit;
  /** Sockets per client address and per signed-in user (socket-admission.ts). */
  caps?: Partial<SocketCaps>;
  /** When a client that does not keep up is backed up, and when it is dropped (socket-fanout.ts). */
  slowClients?: Partial<SlowClientLimits>;
  /** Where a fault in answering a client's message is reported (the process goes on). */
  logError?: (error: unknown, message: string) => void;
}

export class SocketHub {
  private readonly market: MarketService;
  private readonly sessionLookups: SessionLookups;
  private readonly events: EventBus;
  private readonly limits: SocketLimits<Client>;
  private readonly now: () => number;
  private readonly logError: (error: unknown, message: string) => void;
  private readonly clients = new Set<Client>();
  private readonly topics: MarketTopics<Client>;
  private readonly tradeStream: TradeStream<Client> | undefined;
  private readonly users = new UserSockets<Client>(
    (client, message) => this.send(client, message),
    (userId) => this.endExpiredSessions(userId),
  );
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly unsubscribeBus: Array<() => void>;
  private readonly fanout: Fanout<Client>;
  private sent = 0;

  constructor(options: SocketHubOptions) {
    this.market = options.market;
    this.now = options.now ?? Date.now;
    this.logError = options.logError ?? ((error, message) => console.error(message, error));
    this.sessionLookups = new SessionLookups(options.authenticate ?? (async () => undefined), this.now);
    this.events = options.events ?? createInProcessEventBus();
    this.topics = new MarketTopics<Client>(this.market);
    this.fanout = new Fanout<Client>(
      { ...DEFAULT_SLOW_CLIENT_LIMITS, ...options.slowClients },
      this.now,
      (client) => this.limits.dropSlow(client),
    );
    this.unsubscribeBus = [
      this.events.subscribe('quote', (event) => this.topics.quoteChanged(event)),
      this.events.subscribe('kline', (event) => this.topics.klineChanged(event)),
      this.events.subscribe('session_ended', (event) => this.endSessions(event)),
      this.events.subscribe('trading_update', (update) => this.deliverTrading([update])),
      this.events.subscribe('trading_updates', ({ updates }) => this.deliverTrading(updates)),
      // Every node hears it and tells the sockets it holds: a notification made anywhere reaches them.
      this.events.subscribe('notification_created', (event) => this.users.deliverNotification(event)),
      // New terms reach every phone at once: each refetches the instrument list it trades from.
      this.events.subscribe('instrument_changed', ({ code }) => this.tellInstrumentChanged(code)),
      // A new leverage cap changes what those instruments offer: the same word, once per instrument.
      this.events.subscribe('leverage_caps_changed', ({ codes }) => {
        for (const code of codes) this.tellInstrumentChanged(code);
      }),
      // A deposit credited, a withdrawal returned or a balance adjusted by staff shows on the phone
      // at once: the figures now, and a word to fetch the records again.
      this.events.subscribe('money_decided', ({ userId, action }) => {
        this.users.tellAccountChanged(userId, recordsChangedBy(action));
        for (const client of this.users.of(userId))
          if (client.topics.has(Topic.forexTrade)) this.sendTradeSnapshot(client);
      }),
      this.events.subscribe('identity_decided', ({ userId }) =>
        this.users.tellAccountChanged(userId, 'identity'),
      ),
    ];
    this.limits = new SocketLimits<Client>({
      rateLimit: options.rateLimit,
      caps: options.caps,
      now: this.now,
      detach: (client) => this.detach(client),
      tellFlooding: (client) => this.reply(client, 'error', ResponseCode.rateLimited, 'socket_rate_limited'),
    });
    this.tradeStream =
      options.trading &&
      new TradeStream<Client>(
        options.trading,
        (client, message) => this.send(client, message),
        (key, frame, client) => this.fanout.deliver(client, key, frame),
      );
    this.timers.push(setInterval(() => this.flush(), options.flushIntervalMs));
    this.timers.push(setInterval(() => this.limits.dropSilent(this.clients), SILENT_CLIENT_TIMEOUT_MS / 2));
    for (const timer of this.timers) timer.unref();
  }

  stats() {
    return {
      clients: this.clients.size,
      sent: this.sent + this.fanout.sent,
      conflated: this.fanout.conflated,
      droppedSlow: this.limits.droppedSlow,
    };
  }

  /**
   * Whether another socket from `address` (the client's address as the HTTP layer sees it) may
   * open; asked before the upgrade, its slot held until `connection` closes (socket-limits.ts).
   */
  admit(address: string, connection: SlotConnection): boolean {
    return this.limits.admit(address, connection);
  }

  attach(socket: WebSocket, lang: Language): void {
    const client: Client = {
      socket,
      lang,
      topics: new Set(),
      pending: new Map(),
      backedUpSinceMs: undefined,
      lastSeenMs: this.now(),
      userId: undefined,
      session: undefined,
      logins: undefined,
      closing: false,
    };
    this.clients.add(client);
    socket.on('message', (data, isBinary) => {
      if (client.closing) return;
      client.lastSeenMs = this.now();
      if (!this.limits.allowMessage(client)) return;
      this.onMessage(client, isBinary ? '' : data.toString());
    });
    socket.on('close', () => this.detach(client));
    socket.on('error', () => this.detach(client));
  }

  close(): void {
    this.fanout.finish();
    this.tradeStream?.stop();
    for (const timer of this.timers) clearInterval(timer);
    for (const unsubscribe of this.unsubscribeBus) unsubscribe();
    for (const client of this.clients) client.socket.close(SocketCloseCode.goingAway, 'server shutting down');
    this.clients.clear();
    this.topics.clear();
  }

  private detach(client: Client): void {
    if (!this.clients.delete(client)) return;
    this.topics.forget(client);
    this.signIn(client, undefined);
  }

  /** Signs the socket in or out, the one way its user changes: the former user's kept state goes. */
  private signIn(client: Client, session: SocketSession | undefined): void {
    if (client.userId !== session?.userId) forgetKeptTradeFrames(client.pending);
    this.users.setUser(client, session);
  }

  /** The same frame to every socket: an instrument's terms changed (INSTRUMENT_CHANGED). */
  private tellInstrumentChanged(code: string): void {
    const frame = textFrame(encode({ type: INSTRUMENT_CHANGED_MESSAGE, symbol: code }));
    for (const client of this.clients) this.sendFrames(client, [frame]);
  }

  /**
   * Every client message goes through here: a fault in answering one is logged and answered with
   * code 500 on that socket, and never ends the process (an uncaught exception in a socket listener,
   * or a rejected login, would take every user's connection and order with it).
   */
  private onMessage(client: Client, text: string): void {
    try {
      this.answer(client, readClientMessage(text));
    } catch (error) {
      this.failed(client, error, 'error');
    }
  }

  private failed(client: Client, error: unknown, type: ResultMessage['type']): void {
    this.logError(error, 'answering a socket message failed');
    this.reply(client, type, ResponseCode.internal, 'internal_error');
  }

  private answer(client: Client, request: ClientRequest): void {
    switch (request.type) {
      case 'ping':
        return this.sendFrames(client, [PONG]);
      case 'sub':
        return this.subscribe(client, request.topic);
      case 'unsub':
        this.topics.release(client, request.topic);
        return this.reply(client, 'unsub_result', ResponseCode.ok, 'socket_unsub_ok', request.topic);
      case 'login':
        // In the queue even when refused at once: one answer per login, in the order sent.
        return afterLogins(client, async () => {
          // Nobody's until answered 1: the client reads what follows as the new login's.
          this.signIn(client, undefined);
          // A client of a newer, incompatible contract would misread our messages: refused, and told.
          if (request.version !== undefined && request.version > PROTOCOL_VERSION)
            return this.reply(client, 'login_result', ResponseCode.badRequest, 'socket_version_unsupported');
          await this.login(client, request.topic).catch((error: unknown) =>
            this.failed(client, error, 'login_result'),
          );
        });
      case 'logout':
        // After any login still being answered, so a logout sent after it is what holds.
        return afterLogins(client, async () => {
          this.signIn(client, undefined);
          this.reply(client, 'logout_result', ResponseCode.ok, 'logout_ok');
        });
      case 'unreadable':
        return this.reply(client, 'error', ResponseCode.badRequest, 'socket_bad_message');
    }
  }

  private async login(client: Client, token: string): Promise<void> {
    const session = await this.sessionLookups.lookUp(token);
    if (!this.clients.has(client)) return;
    this.signIn(client, session);
    if (session === undefined)
      return this.reply(client, 'login_result', ResponseCode.sessionInvalid, 'session_invalid');
    // Signed in last, it is the user's newest socket: the oldest make way for it.
    this.limits.keepWithinUserCap(this.users.of(session.userId));
    this.reply(client, 'login_result', ResponseCode.ok, 'login_ok', undefined, { version: PROTOCOL_VERSION });
    if (client.topics.has(Topic.forexTrade)) this.sendTradeSnapshot(client);
  }

  /**
   * Detaches the user from every socket signed in with an ended session and tells each why, but
   * those of the session a new password replaced, detached without a word (`endsQuietly`).
   */
  private endSessions(event: SessionEnded): void {
    this.sessionLookups.ended(event);
    for (const client of socketsEndedBy(event, this.users.of(event.userId), this.clients)) {
      const quietly = endsQuietly(event, client.session!);
      this.signIn(client, undefined);
      // Its topics stay: the login with the new token resumes them (an idle one carries nothing).
      if (quietly) continue;
      for (const topic of PRIVATE_TOPICS) this.topics.release(client, topic);
      this.send(client, sessionEndedMessage(client.lang, event.reason));
    }
  }

  /**
   * Announces the sessions (of one user, or of everybody) that reached their expiry; the hub
   * hears its own announcement like any other `session_ended`.
   */
  private endExpiredSessions(userId?: number): void {
    for (const event of this.users.expiredSessions(this.now(), userId))
      this.events.publish('session_ended', event);
  }

  /**
   * A commit's messages, each user's in order. A socket is corked while its user's messages are
   * written, so the order rows and the closed ids of a close leave in one write: a cascade of a
   * thousand closes costs a thousand writes to the network, not two thousand.
   */
  private deliverTrading(updates: readonly TradingUpdate[]): void {
    for (const [userId, messages] of messagesByUser(updates)) {
      this.endExpiredSessions(userId);
      const sockets = [...this.users.of(userId)].map((client) => client.socket);
      inOneWrite(sockets, () => {
        for (const message of messages) this.users.deliverTrading(userId, message);
      });
    }
  }

  /** The trade stream's current state, once the session is known to be live still. */
  private sendTradeSnapshot(client: Client): void {
    if (client.userId !== undefined) this.endExpiredSessions(client.userId);
    this.tradeStream?.sendCurrent(client);
  }

  private subscribe(client: Client, topic: string): void {
    const parsed = parseTopic(
      topic,
      (code) => this.market.instrumentByCode(code) !== undefined,
      this.tradeStream !== undefined,
    );
    if (!parsed)
      return this.reply(client, 'sub_result', ResponseCode.notFound, 'socket_unknown_topic', topic);
    if (!client.topics.has(topic) && client.topics.size >= MAX_TOPICS_PER_SOCKET)
      return this.reply(client, 'sub_result', ResponseCode.rateLimited, 'socket_too_many_topics', topic);
    // Subscribing again is confirmed but sends no second snapshot: the pushes already flow.
    const added = this.topics.hold(client, topic, parsed);
    // The answer and the snapshot leave in one write (a quote list is dozens of messages).
    inOneWrite([client.socket], () => {
      this.reply(client, 'sub_result', ResponseCode.ok, 'socket_sub_ok', topic);
      if (added) this.sendSnapshot(client, topic, parsed);
    });
  }

  /** A new subscriber gets the current state at once instead of waiting for the next change. */
  private sendSnapshot(client: Client, topic: string, parsed: ParsedTopic): void {
    if (parsed.kind === 'trade') return this.sendTradeSnapshot(client);
    const frames = this.topics.snapshot(topic, parsed);
    if (frames.length > 0) this.sendFrames(client, frames);
  }

  /**
   * Sends what changed since the last flush, each message built once (socket-fanout.ts); public so
   * tests and benchmarks can drive it.
   */
  flush(): void {
    this.endExpiredSessions();
    this.fanout.push(this.topics.takeRound(), this.clients);
    this.tradeStream?.pushLive(this.now(), this.users.byUser);
  }

  private reply(
    client: Client,
    type: ResultMessage['type'],
    code: number,
    key: string,
    topic?: string,
    extra: Pick<ResultMessage, 'version'> = {},
  ): void {
    this.send(client, resultMessage(client.lang, type, code, key, topic, extra));
  }

  private send(client: Client, message: string): void {
    if (client.closing || client.socket.readyState !== client.socket.OPEN) return;
    client.socket.send(message);
    this.sent += 1;
    this.fanout.checkBuffer(client);
  }

  /** Frames built once for many clients (socket-frames.ts), joined into one write. */
  private sendFrames(client: Client, frames: readonly Frame[]): void {
    if (client.closing || client.socket.readyState !== client.socket.OPEN) return;
    writeFrames(client.socket, [joinFrames(frames)], () => frames);
    this.sent += frames.length;
    this.fanout.checkBuffer(client);
  }
}
