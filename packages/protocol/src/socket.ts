/**
 * Messages of the realtime socket at /v1/ws (docs/socket.md). Heartbeat frames are the plain texts
 * `ping` (client) and `pong` (server); everything else is JSON with a `type`.
 *
 * Market pushes carry the latest state (the whole quotation, the whole forming bar), not deltas:
 * a client that missed some has lost nothing, which is what lets the server conflate them.
 */
import type { Period } from './constants.ts';
import type { KlinePoint, Quotation } from './market.ts';

export const HEARTBEAT_PING = 'ping';
export const HEARTBEAT_PONG = 'pong';

/** Client-side socket timings (docs/CONTRACT.md "Timings and sizes"). */
export const SOCKET_HEARTBEAT_MS = 5000;
export const SOCKET_CONNECT_TIMEOUT_MS = 5000;
/** Reconnect once more than this many pings went unanswered. */
export const SOCKET_MAX_MISSED_PONGS = 2;

export const Topic = {
  /** Every instrument's quotation. */
  dayMarket: 'DAY_MARKET',
  /** Per-user: holding orders with live price and profit, plus account figures. */
  forexTrade: 'FOREX_TRADE',
  /** Per-user: ids of orders that just closed. */
  forexClosed: 'FOREX_CLOSED',
} as const;

/** Sent to a logged-in socket when its margin level falls to the margin-call level. */
export const MARGIN_CALL_MESSAGE = 'MARGIN_CALL';

/**
 * Sent to a signed-in socket when its session ends; the socket then carries public topics only.
 * `reason` says what ended it, so a client can word its own notice; `msg` is the server's.
 */
export const SESSION_ENDED_MESSAGE = 'session_ended';

export const SessionEndReason = {
  /** The session was logged out (this device, or another holder of the same token). */
  logout: 'logout',
  /** The user changed the password: every session ends, the device that changed it gets a new one. */
  passwordChanged: 'password_changed',
  /** The password was reset with a code: every session ends. */
  passwordReset: 'password_reset',
  /** Staff disabled the account. */
  userDisabled: 'user_disabled',
  /** Staff ended every session of the user. */
  forcedLogout: 'forced_logout',
  /** The session reached its expiry time. */
  expired: 'expired',
} as const;
export type SessionEndReason = (typeof SessionEndReason)[keyof typeof SessionEndReason];

/** Close codes the server uses beyond the standard ones (docs/socket.md). */
export const SocketCloseCode = {
  /** The server is shutting down; reconnect. */
  goingAway: 1001,
  /** Too many messages on this connection (a policy violation): reconnect and send fewer. */
  rateLimited: 4008,
} as const;

/** `DAY_MARKET.<Code>`: one instrument's quotation. */
export const dayMarketTopic = (code: string) => `${Topic.dayMarket}.${code}`;
/** `KLINE.<Code>.<period>`: the forming bar of one period; `KLINE.<Code>`: of every period. */
export const klineTopic = (code: string, period?: Period) =>
  period ? `KLINE.${code}.${period}` : `KLINE.${code}`;

export type ClientMessage =
  | { type: 'login'; params: string }
  | { type: 'logout' }
  | { type: 'sub'; params: string }
  | { type: 'unsub'; params: string };

export interface ResultMessage {
  type: 'login_result' | 'logout_result' | 'sub_result' | 'unsub_result' | 'error';
  code: number;
  msg: string;
  params?: string;
}

export interface DayMarketPush {
  type: 'DAY_MARKET';
  symbol: string;
  quotation: Quotation & { MarketStatus: number };
}

export interface KlinePush {
  type: 'KLINE';
  topic: string;
  symbol: string;
  period: Period;
  kline: KlinePoint;
}

export interface SessionEndedMessage {
  type: typeof SESSION_ENDED_MESSAGE;
  code: 999;
  msg: string;
  reason: SessionEndReason;
}

export type ServerMessage = ResultMessage | DayMarketPush | KlinePush | SessionEndedMessage;
