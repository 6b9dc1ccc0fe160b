/**
 * One shared connection to the realtime socket at /v1/ws (docs/socket.md), however many screens
 * listen.
 *
 * - Heartbeat: the text `ping` every second; the server answers `pong`. While pushes keep coming
 *   (they show the connection alive) a ping goes out only every 5 s, enough for the server to know
 *   the client is there. Once 2 pings went unanswered (no frame at all came back meanwhile) the
 *   connection is presumed dead, within 3 s of its last sign of life (a phone that changed
 *   networks often keeps a half-open TCP socket for minutes), and is replaced.
 * - The browser's own word that the network is gone (`networkLost()`, the `offline` event) drops
 *   the socket at once and holds every retry until `networkBack()` (the `online` event).
 * - A connection that does not open within 5 s is abandoned and retried.
 * - Retries back off exponentially with jitter, capped near 10 s, later after the server's limits
 *   (socket-connection.ts).
 * - Topics are reference counted: the first `subscribe` sends `sub`, the last unsubscribe sends
 *   `unsub`, and every live topic (and the login) is sent again after a reconnect. Pushes are
 *   latest state, so nothing needs replaying.
 * - When the server ends the session the socket is signed in with (`session_ended`), the token is
 *   forgotten, so a reconnect does not sign in with a dead one, and the listeners of that type hear
 *   it with the ended `token` added, to compare with the app's own.
 *
 *   const off = socket.subscribe('KLINE.EURUSD.1M', (push) => series.update(...));
 *   off(); // when the chart goes away
 */
import {
  HEARTBEAT_PING,
  HEARTBEAT_PONG,
  SOCKET_CONNECT_TIMEOUT_MS,
  SOCKET_HEARTBEAT_MS,
  SOCKET_KEEPALIVE_MS,
  SOCKET_MAX_MISSED_PONGS,
  SESSION_ENDED_MESSAGE,
  PROTOCOL_VERSION,
  type ClientMessage,
} from '@omp/protocol';
import {
  deliver,
  isOfType,
  readFrame,
  type HandlerOf,
  type PushHandler,
  type PushMessage,
} from './socket-routing.ts';
import {
  OPEN,
  retryDelayMs,
  retryStepAfterClose,
  socketUrl,
  type ConnectionState,
  type SocketClientOptions,
  type SocketFactory,
  type SocketLike,
} from './socket-connection.ts';

export {
  isCutOff,
  socketUrl,
  type ConnectionState,
  type SocketClientOptions,
  type SocketFactory,
  type SocketLike,
} from './socket-connection.ts';
export type { HandlerOf, PushHandler, PushMessage, SessionEndedPush } from './socket-routing.ts';

export class SocketClient {
  private readonly options: Required<Omit<SocketClientOptions, 'url' | 'createSocket'>>;
  private readonly resolveUrl: () => string;
  private readonly createSocket: SocketFactory;
  private readonly topics = new Map<string, Set<PushHandler>>();
  /** The handler a `listen` was given, behind the wrapper that narrows its type. */
  private readonly originals = new WeakMap<PushHandler, unknown>();
  /** Handlers of message types that arrive without a subscription of their own. */
  private readonly listeners = new Map<string, Set<PushHandler>>();
  private readonly stateListeners = new Set<() => void>();
  private ws: SocketLike | null = null;
  private state: ConnectionState = 'idle';
  private token = '';
  /** Logins sent on this connection and not answered yet. */
  private loginsUnanswered = 0;
  private attempt = 0;
  private missedPongs = 0;
  /** A push (not a pong) came since the last beat. */
  private pushedSinceBeat = false;
  /** When the last ping went out (ms since the epoch). */
  private lastPingMs = 0;
  private heartbeatTimer: ReturnType<typeof setInterval> | undefined;
  private connectTimer: ReturnType<typeof setTimeout> | undefined;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private wanted = false;
  /** The browser said the network is gone: no attempt until it says it is back. */
  private networkDown = false;

  constructor(options: SocketClientOptions) {
    this.resolveUrl = typeof options.url === 'function' ? options.url : () => options.url as string;
    this.createSocket = options.createSocket ?? ((url) => new WebSocket(url) as unknown as SocketLike);
    this.options = {
      heartbeatMs: options.heartbeatMs ?? SOCKET_HEARTBEAT_MS,
      connectTimeoutMs: options.connectTimeoutMs ?? SOCKET_CONNECT_TIMEOUT_MS,
      maxMissedPongs: options.maxMissedPongs ?? SOCKET_MAX_MISSED_PONGS,
      backoffBaseMs: options.backoffBaseMs ?? 500,
      backoffMaxMs: options.backoffMaxMs ?? 10_000,
      random: options.random ?? Math.random,
    };
  }

  /** Opens the connection if it is not open or opening yet. Safe to call on every navigation. */
  connect(): void {
    this.wanted = true;
    if (this.networkDown) return this.setState('offline');
    if (this.ws || this.retryTimer !== undefined) return;
    this.open();
  }

  /** Closes for good (tests, teardown); subscriptions are kept for a later connect(). */
  disconnect(): void {
    this.wanted = false;
    this.clearTimers();
    this.dropSocket();
    this.setState('idle');
  }

  /** Retries at once instead of waiting for the backoff, e.g. when the tab becomes visible again. */
  reconnectNow(): void {
    // An attempt in progress (or an open socket) is left alone; only a pending backoff is cut short.
    if (!this.wanted || this.ws || this.networkDown) return;
    clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    this.open();
  }

  /**
   * The browser reports the network gone: whatever the socket seems to be, nothing arrives any
   * more, so it is dropped now instead of when the heartbeat notices.
   */
  networkLost(): void {
    this.networkDown = true;
    this.clearTimers();
    this.dropSocket();
    this.setState(this.wanted ? 'offline' : 'idle');
  }

  /** The network is back: connect at once, from the first backoff step. */
  networkBack(): void {
    if (!this.networkDown) return;
    this.networkDown = false;
    this.attempt = 0;
    if (this.wanted) this.open();
  }

  getState(): ConnectionState {
    return this.state;
  }

  /** For useSyncExternalStore: called on every state change. */
  onStateChange(listener: () => void): () => void {
    this.stateListeners.add(listener);
    return () => this.stateListeners.delete(listener);
  }

  subscribe(topic: string, handler: PushHandler): () => void {
    let handlers = this.topics.get(topic);
    if (!handlers) {
      handlers = new Set();
      this.topics.set(topic, handlers);
      this.send({ type: 'sub', params: topic });
    }
    handlers.add(handler);
    let active = true;
    return () => {
      if (!active) return;
      active = false;
      const current = this.topics.get(topic);
      if (!current) return;
      current.delete(handler);
      if (current.size === 0) {
        this.topics.delete(topic);
        this.send({ type: 'unsub', params: topic });
      }
    };
  }

  /**
   * Receives messages of one `type` without sending `sub`: the server pushes some to a signed-in
   * socket unasked (MARGIN_CALL), and some ride on another topic's subscription (FOREX_ORDER comes
   * with FOREX_TRADE). Subscribing to such a type would only earn an "unknown topic" reply.
   */
  listen<T extends PushMessage['type']>(type: T, handler: HandlerOf<T>): () => void {
    const typed: PushHandler = (message) => {
      if (isOfType(message, type)) handler(message);
    };
    this.originals.set(typed, handler);
    let handlers = this.listeners.get(type);
    if (!handlers) {
      handlers = new Set();
      this.listeners.set(type, handlers);
    }
    handlers.add(typed);
    return () => {
      const current = this.listeners.get(type);
      current?.delete(typed);
      if (current?.size === 0) this.listeners.delete(type);
    };
  }

  /** Signs the socket in for the per-user topics; remembered for reconnects. */
  login(token: string): void {
    this.token = token;
    if (token) this.sendLogin();
  }

  logout(): void {
    this.token = '';
    this.send({ type: 'logout' });
  }

  /** Topics with at least one listener (for tests and diagnostics). */
  activeTopics(): string[] {
    return [...this.topics.keys()];
  }

  private open(): void {
    this.clearTimers();
    this.dropSocket();
    this.setState(this.attempt === 0 && this.state === 'idle' ? 'connecting' : 'reconnecting');
    let ws: SocketLike;
    try {
      ws = this.createSocket(this.resolveUrl());
    } catch {
      this.scheduleRetry();
      return;
    }
    this.ws = ws;
    this.connectTimer = setTimeout(() => {
      if (this.ws === ws && ws.readyState !== OPEN) this.replace();
    }, this.options.connectTimeoutMs);

    ws.onopen = () => {
      if (this.ws !== ws) return;
      clearTimeout(this.connectTimer);
      this.connectTimer = undefined;
      this.attempt = 0;
      this.missedPongs = 0;
      this.pushedSinceBeat = false;
      this.lastPingMs = 0;
      this.loginsUnanswered = 0;
      this.setState('open');
      if (this.token) this.sendLogin();
      for (const topic of this.topics.keys()) this.send({ type: 'sub', params: topic });
      this.heartbeatTimer = setInterval(() => this.beat(), this.options.heartbeatMs);
    };
    ws.onmessage = (event) => {
      if (this.ws === ws) this.receive(event.data);
    };
    ws.onclose = (event) => {
      if (this.ws !== ws) return;
      const step = retryStepAfterClose((event as { code?: number } | undefined)?.code, this.attempt);
      if (step === 'waitForUse') return this.waitForUse();
      this.attempt = step;
      this.replace();
    };
    ws.onerror = () => {
      // A close event follows every error; reconnecting there avoids doing it twice.
    };
  }

  private beat(): void {
    if (this.missedPongs >= this.options.maxMissedPongs) {
      this.replace();
      return;
    }
    this.missedPongs += 1;
    // Pushes since the last beat showed the connection alive: a ping now would only tell the
    // server so, which once every SOCKET_KEEPALIVE_MS is enough for. A quiet connection is probed
    // every beat, so a lost one still shows within 3 s either way.
    const pushed = this.pushedSinceBeat;
    this.pushedSinceBeat = false;
    const now = Date.now();
    if (pushed && now - this.lastPingMs < SOCKET_KEEPALIVE_MS) return;
    this.lastPingMs = now;
    this.sendRaw(HEARTBEAT_PING);
  }

  private receive(data: unknown): void {
    // Any frame shows the connection alive; a pong queued behind a burst of pushes is no sign of death.
    this.missedPongs = 0;
    if (typeof data !== 'string' || data === HEARTBEAT_PONG) return;
    this.pushedSinceBeat = true;
    // A message of a newer server, or a broken one, is skipped: the connection goes on.
    const read = readFrame(data);
    if (!read) return;
    let message: PushMessage;
    if (read.type === SESSION_ENDED_MESSAGE) {
      // With a newer login on its way, the session that ended is one this socket is leaving anyway
      // (a password changed on this device, another account): the newer one is not affected.
      if (this.loginsUnanswered > 0) return;
      message = { ...read, token: this.token };
      this.token = '';
    } else {
      message = read;
    }
    if (message.type === 'login_result') this.loginsUnanswered = Math.max(0, this.loginsUnanswered - 1);
    deliver(
      message,
      (name) => [
        ...(this.topics.get(name) ?? []),
        ...(name === message.type ? (this.listeners.get(name) ?? []) : []),
      ],
      // A handler both listening and subscribed hears a message once.
      (handler) => this.originals.get(handler) ?? handler,
    );
  }

  /** Drops the current socket and schedules the next attempt. */
  private replace(): void {
    this.clearTimers();
    this.dropSocket();
    if (!this.wanted) {
      this.setState('idle');
      return;
    }
    this.setState('reconnecting');
    this.scheduleRetry();
  }

  /** Drops the current socket and schedules nothing: the next `connect` or `reconnectNow` opens one. */
  private waitForUse(): void {
    this.clearTimers();
    this.dropSocket();
    this.setState('reconnecting');
  }

  private scheduleRetry(): void {
    const { backoffBaseMs, backoffMaxMs, random } = this.options;
    const delay = retryDelayMs(this.attempt, backoffBaseMs, backoffMaxMs, random);
    this.attempt += 1;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      this.open();
    }, delay);
  }

  private dropSocket(): void {
    const ws = this.ws;
    this.ws = null;
    if (!ws) return;
    ws.onopen = ws.onclose = ws.onerror = null;
    ws.onmessage = null;
    try {
      ws.close();
    } catch {
      // Closing a socket that never opened can throw in some browsers; it is gone either way.
    }
  }

  private clearTimers(): void {
    clearInterval(this.heartbeatTimer);
    clearTimeout(this.connectTimer);
    clearTimeout(this.retryTimer);
    this.heartbeatTimer = this.connectTimer = this.retryTimer = undefined;
  }

  private send(message: ClientMessage): void {
    this.sendRaw(JSON.stringify(message));
  }

  private sendLogin(): void {
    if (this.ws?.readyState !== OPEN) return;
    this.loginsUnanswered += 1;
    this.send({ type: 'login', params: this.token, version: PROTOCOL_VERSION });
  }

  private sendRaw(text: string): void {
    if (this.ws && this.ws.readyState === OPEN) {
      try {
        this.ws.send(text);
      } catch {
        // The close handler will reconnect; a lost sub is re-sent on open.
      }
    }
  }

  private setState(next: ConnectionState): void {
    if (next === this.state) return;
    this.state = next;
    for (const listener of this.stateListeners) listener();
  }
}

/** The app's language, read at each connect; a change applies from the next connection. */
let languageOf: () => string | undefined = () => undefined;
export function setSocketLanguage(getLang: () => string): void {
  languageOf = getLang;
}

/** The app's one connection; created lazily so importing this module in Node tests is harmless. */
let shared: SocketClient | undefined;
export function getSocket(): SocketClient {
  shared ??= new SocketClient({ url: () => socketUrl(globalThis.location, languageOf()) });
  return shared;
}
