/**
 * What the socket client (socket.ts) is built on: the connection's states, where it connects and
 * with which settings, the part of the browser's WebSocket it drives, and when it tries again
 * after a connection was lost (docs/socket.md "Limits and close codes").
 *
 * Retries back off exponentially with jitter, capped near 10 s, so a server restart is not met by
 * every phone at the same instant. A connection the server closed for its own limits (4008 too
 * many messages, 4009 too slow to read) is retried after 2–4 s rather than at once, so a phone that
 * cannot keep up does not reconnect, and fetch every snapshot, twice a second. One the server
 * closed because the user signed in on more sockets than it keeps (4010, this the oldest) waits
 * until the app is used again (`connect`, `reconnectNow`, `networkBack`): retrying at once would
 * push out another of the user's sockets, which would do the same. An upgrade the server refused
 * (HTTP 429, too many sockets from one address) never opens, so its retries back off all the way
 * to 10 s.
 */
import { SocketCloseCode } from '@omp/protocol';

/**
 * `open` is the one live state. `reconnecting`: the connection was lost (or never came up) and is
 * being retried; `offline`: the browser says there is no network, so nothing is tried until it
 * comes back.
 */
export type ConnectionState = 'idle' | 'connecting' | 'open' | 'reconnecting' | 'offline';

/**
 * Whether prices and trading are cut off: the connection was lost, or the network is gone. The
 * first `connecting` is not: nothing was shown yet that could be stale.
 */
export const isCutOff = (state: ConnectionState): boolean => state === 'reconnecting' || state === 'offline';

/** The part of the browser's WebSocket this client uses; tests pass a fake class. */
export interface SocketLike {
  readonly readyState: number;
  onopen: ((event: unknown) => void) | null;
  onclose: ((event: unknown) => void) | null;
  onerror: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}
export type SocketFactory = (url: string) => SocketLike;

export interface SocketClientOptions {
  url: string | (() => string);
  createSocket?: SocketFactory;
  heartbeatMs?: number;
  connectTimeoutMs?: number;
  maxMissedPongs?: number;
  backoffBaseMs?: number;
  backoffMaxMs?: number;
  random?: () => number;
}

/**
 * ws:// or wss:// to /v1/ws on the page's own host, with the language the server words its
 * messages in (`session_ended`, margin calls, refusals).
 */
export function socketUrl(location: Pick<Location, 'protocol' | 'host'>, lang?: string): string {
  const query = lang ? `?lang=${encodeURIComponent(lang)}` : '';
  return `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}/v1/ws${query}`;
}

/** WebSocket.OPEN. */
export const OPEN = 1;

/** Close codes of the server's limits, and the backoff step a retry after one starts from. */
const LIMIT_CLOSE_CODES: ReadonlySet<unknown> = new Set([
  SocketCloseCode.rateLimited,
  SocketCloseCode.tooSlow,
]);
const LIMIT_CLOSE_ATTEMPT = 3;

/**
 * The backoff step to retry from after the server closed with `code`, or `waitForUse` when the
 * client should not retry by itself: the user's oldest socket, closed for a newer one (4010),
 * would push out another socket of the same user, which would do the same.
 */
export function retryStepAfterClose(code: unknown, attempt: number): number | 'waitForUse' {
  if (code === SocketCloseCode.replacedByNewer) return 'waitForUse';
  return LIMIT_CLOSE_CODES.has(code) ? Math.max(attempt, LIMIT_CLOSE_ATTEMPT) : attempt;
}

/** "Equal jitter": half the ceiling plus a random half, so retries spread out but never go to 0. */
export function retryDelayMs(attempt: number, baseMs: number, maxMs: number, random: () => number): number {
  const ceiling = Math.min(maxMs, baseMs * 2 ** attempt);
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}
