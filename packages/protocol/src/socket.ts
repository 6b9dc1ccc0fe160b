/**
 * Messages of the realtime socket at /v1/ws (wire-notes.md). Heartbeat frames are the plain texts
 * `ping` (client) and `pong` (server); everything else is JSON with a `type`.
 *
 * Market pushes carry the latest state (the whole quotation, the whole forming bar), not deltas:
 * a client that missed some has lost nothing, which is what lets the server conflate them.
 */
import type { Period } from './constants.ts';
import type { KlinePoint, Quotation } from './market.ts';

export const HEARTBEAT_PING = 'ping';
export const HEARTBEAT_PONG = 'pong';

/** Client-side socket timings (product-spec sections 8 and 9). */
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

export type ServerMessage = ResultMessage | DayMarketPush | KlinePush;
