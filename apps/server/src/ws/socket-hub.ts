/**
 * The realtime hub behind /v1/ws: topics, snapshots and conflated pushes (wire-notes.md).
 *
 * Market pushes are latest-state messages. The hub keeps only the newest event per key
 * (instrument, or instrument and period) and sends what changed once per flush interval, serialising
 * each message once for all subscribers. A client whose socket is backed up does not get a growing
 * queue: its pending map keeps one newest message per key until its buffer drains.
 */
import type { WebSocket } from 'ws';
import { KLINE_PERIOD_SECONDS, type KlinePeriod } from '@omp/engine';
import { HEARTBEAT_PING, HEARTBEAT_PONG, ResponseCode, Topic, type Language } from '@omp/protocol';
import { translate } from '../i18n/translate.ts';
import type { KlineEvent, MarketBus, QuoteEvent } from '../services/market-bus.ts';
import { toKlinePoint, type MarketService } from '../services/market-service.ts';

/** Above this many unsent bytes a client is treated as slow and only gets the newest state later. */
const SLOW_CLIENT_BUFFER_BYTES = 256 * 1024;
/** Clients silent for this long are gone (the web client pings every 5 s). */
const SILENT_CLIENT_TIMEOUT_MS = 60_000;

interface Client {
  socket: WebSocket;
  lang: Language;
  topics: Set<string>;
  /** Newest undelivered message per key, for slow clients. */
  pending: Map<string, string>;
  lastSeenMs: number;
  /** The logged-in user, after a `login` message with a live session token. */
  userId: number | undefined;
}

export interface SocketHubOptions {
  bus: MarketBus;
  market: MarketService;
  flushIntervalMs: number;
  now?: () => number;
  /** Resolves a session token to its user id; undefined for a dead or unknown token. */
  authenticate?: (token: string) => Promise<number | undefined>;
}

export class SocketHub {
  private readonly market: MarketService;
  private readonly authenticate: (token: string) => Promise<number | undefined>;
  private readonly now: () => number;
  private readonly clients = new Set<Client>();
  private readonly subscribers = new Map<string, Set<Client>>();
  private readonly changedQuotes = new Map<string, QuoteEvent>();
  private readonly changedKlines = new Map<string, KlineEvent>();
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly unsubscribeBus: Array<() => void>;
  private sent = 0;
  private conflated = 0;

  constructor(options: SocketHubOptions) {
    this.market = options.market;
    this.authenticate = options.authenticate ?? (async () => undefined);
    this.now = options.now ?? Date.now;
    this.unsubscribeBus = [
      options.bus.onQuote((event) => this.changedQuotes.set(event.code, event)),
      options.bus.onKline((event) => this.changedKlines.set(`KLINE.${event.code}.${event.period}`, event)),
    ];
    this.timers.push(setInterval(() => this.flush(), options.flushIntervalMs));
    this.timers.push(setInterval(() => this.dropSilentClients(), SILENT_CLIENT_TIMEOUT_MS / 2));
    for (const timer of this.timers) timer.unref();
  }

  stats() {
    return { clients: this.clients.size, sent: this.sent, conflated: this.conflated };
  }

  attach(socket: WebSocket, lang: Language): void {
    const client: Client = {
      socket,
      lang,
      topics: new Set(),
      pending: new Map(),
      lastSeenMs: this.now(),
      userId: undefined,
    };
    this.clients.add(client);
    socket.on('message', (data, isBinary) => {
      client.lastSeenMs = this.now();
      this.onMessage(client, isBinary ? '' : data.toString());
    });
    socket.on('close', () => this.detach(client));
    socket.on('error', () => this.detach(client));
  }

  close(): void {
    for (const timer of this.timers) clearInterval(timer);
    for (const unsubscribe of this.unsubscribeBus) unsubscribe();
    for (const client of this.clients) client.socket.close(1001, 'server shutting down');
    this.clients.clear();
    this.subscribers.clear();
  }

  private detach(client: Client): void {
    if (!this.clients.delete(client)) return;
    for (const topic of client.topics) this.subscribers.get(topic)?.delete(client);
  }

  private onMessage(client: Client, text: string): void {
    if (text === HEARTBEAT_PING) return this.send(client, HEARTBEAT_PONG);
    let message: { type?: unknown; params?: unknown };
    try {
      message = JSON.parse(text) as typeof message;
    } catch {
      return this.reply(client, 'error', ResponseCode.badRequest, 'socket_bad_message');
    }
    const topic = typeof message.params === 'string' ? message.params.trim() : '';
    switch (message.type) {
      case 'sub':
        return this.subscribe(client, topic);
      case 'unsub':
        client.topics.delete(topic);
        this.subscribers.get(topic)?.delete(client);
        return this.reply(client, 'unsub_result', ResponseCode.ok, 'socket_unsub_ok', topic);
      case 'login':
        return void this.login(client, topic);
      case 'logout':
        client.userId = undefined;
        return this.reply(client, 'logout_result', ResponseCode.ok, 'logout_ok');
      default:
        return this.reply(client, 'error', ResponseCode.badRequest, 'socket_bad_message');
    }
  }

  private async login(client: Client, token: string): Promise<void> {
    const userId = token ? await this.authenticate(token).catch(() => undefined) : undefined;
    client.userId = userId;
    if (userId === undefined)
      return this.reply(client, 'login_result', ResponseCode.sessionInvalid, 'session_invalid');
    this.reply(client, 'login_result', ResponseCode.ok, 'login_ok');
  }

  private subscribe(client: Client, topic: string): void {
    if (!this.isKnownTopic(topic)) {
      return this.reply(client, 'sub_result', ResponseCode.notFound, 'socket_unknown_topic', topic);
    }
    client.topics.add(topic);
    let set = this.subscribers.get(topic);
    if (!set) this.subscribers.set(topic, (set = new Set()));
    set.add(client);
    this.reply(client, 'sub_result', ResponseCode.ok, 'socket_sub_ok', topic);
    this.sendSnapshot(client, topic);
  }

  private isKnownTopic(topic: string): boolean {
    if (topic === Topic.dayMarket) return true;
    const [kind, code, period, ...rest] = topic.split('.');
    if (rest.length > 0 || !code || !this.market.instrumentByCode(code)) return false;
    if (kind === Topic.dayMarket) return period === undefined;
    if (kind === 'KLINE') return period === undefined || Object.hasOwn(KLINE_PERIOD_SECONDS, period);
    return false;
  }

  /** A new subscriber gets the current state at once instead of waiting for the next change. */
  private sendSnapshot(client: Client, topic: string): void {
    const [kind, code, period] = topic.split('.');
    if (kind === Topic.dayMarket) {
      const quotes = code ? [this.market.quotationOf(code)] : this.market.quotations();
      for (const quote of quotes) if (quote) this.send(client, quoteMessage(quote));
      return;
    }
    if (!code) return;
    const periods = period ? [period as KlinePeriod] : (Object.keys(KLINE_PERIOD_SECONDS) as KlinePeriod[]);
    for (const p of periods) {
      const forming = this.market.formingBar(code, p);
      if (forming) this.send(client, klineMessage({ code, period: p, ...forming }));
    }
  }

  /** Sends what changed since the last flush; public so tests and benchmarks can drive it. */
  flush(): void {
    for (const [code, event] of this.changedQuotes) {
      const message = quoteMessage(event);
      this.deliver(`Q.${code}`, message, this.subscribers.get(Topic.dayMarket));
      this.deliver(`Q.${code}`, message, this.subscribers.get(`${Topic.dayMarket}.${code}`));
    }
    this.changedQuotes.clear();
    for (const [topic, event] of this.changedKlines) {
      const message = klineMessage(event);
      this.deliver(topic, message, this.subscribers.get(topic));
      this.deliver(topic, message, this.subscribers.get(`KLINE.${event.code}`));
    }
    this.changedKlines.clear();
    for (const client of this.clients) {
      if (client.pending.size === 0 || client.socket.bufferedAmount > SLOW_CLIENT_BUFFER_BYTES) continue;
      for (const message of client.pending.values()) this.send(client, message);
      client.pending.clear();
    }
  }

  private deliver(key: string, message: string, clients: Set<Client> | undefined): void {
    if (!clients) return;
    for (const client of clients) {
      if (client.pending.size > 0 || client.socket.bufferedAmount > SLOW_CLIENT_BUFFER_BYTES) {
        if (client.pending.has(key)) this.conflated += 1;
        client.pending.set(key, message);
      } else {
        this.send(client, message);
      }
    }
  }

  private dropSilentClients(): void {
    const cutoff = this.now() - SILENT_CLIENT_TIMEOUT_MS;
    for (const client of this.clients) if (client.lastSeenMs < cutoff) client.socket.terminate();
  }

  private reply(client: Client, type: string, code: number, key: string, topic?: string): void {
    const msg = translate(client.lang, key, { topic: topic ?? '' });
    this.send(
      client,
      JSON.stringify(topic === undefined ? { type, code, msg } : { type, code, msg, params: topic }),
    );
  }

  private send(client: Client, message: string): void {
    if (client.socket.readyState !== client.socket.OPEN) return;
    client.socket.send(message);
    this.sent += 1;
  }
}

function quoteMessage(event: Pick<QuoteEvent, 'code' | 'marketStatus' | 'quotation'>): string {
  return JSON.stringify({
    type: Topic.dayMarket,
    symbol: event.code,
    quotation: { ...event.quotation, MarketStatus: event.marketStatus },
  });
}

function klineMessage(event: Pick<KlineEvent, 'code' | 'period' | 'bar' | 'pricePrecision'>): string {
  return JSON.stringify({
    type: 'KLINE',
    topic: `KLINE.${event.code}.${event.period}`,
    symbol: event.code,
    period: event.period,
    kline: toKlinePoint(event.bar, event.pricePrecision),
  });
}
