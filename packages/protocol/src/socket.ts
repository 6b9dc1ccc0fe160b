/**
 * Messages of the realtime socket at /v1/ws (docs/socket.md). Heartbeat frames are the plain texts
 * `ping` (client) and `pong` (server); everything else is JSON with a `type`.
 *
 * Market pushes carry the latest state (the whole quotation, the whole forming bar), not deltas:
 * a client that missed some has lost nothing, which is what lets the server conflate them.
 */
// zod's mini build, as the rows these messages carry (wire-rows.ts): the phone app checks every
// frame with these schemas from its first screen on, and ships zod's small core rather than its
// full build. Checks, refusals and JSON Schema are those of the full build's forms
// (socket.test.ts holds the messages to them).
import * as z from 'zod/mini';
import { PERIODS, type Period } from './constants.ts';
import {
  accountFiguresSchema,
  klinePointSchema,
  notificationPushSchema,
  orderRowSchema,
  quotationSchema,
} from './wire-rows.ts';

export const HEARTBEAT_PING = 'ping';
export const HEARTBEAT_PONG = 'pong';

/**
 * Client-side socket timings (docs/CONTRACT.md "Timings and sizes"): a beat every second, and the
 * connection is dead once this many pings went unanswered, so a lost network shows within 3 s.
 */
export const SOCKET_HEARTBEAT_MS = 1000;
/**
 * While pushes keep arriving they show the connection alive, so a beat sends a ping only this
 * often, to tell the server the client is there (its silence limit is three of these). Ten
 * thousand phones pinging every second cost a server a third of a core in pongs alone.
 */
export const SOCKET_KEEPALIVE_MS = 5000;
export const SOCKET_CONNECT_TIMEOUT_MS = 5000;
/** Reconnect once this many pings in a row went unanswered (nothing at all came back meanwhile). */
export const SOCKET_MAX_MISSED_PONGS = 2;
/**
 * The server drops a connection silent for this long. Clients of the original contract ping every
 * 5 s, as the web app does while pushes arrive, so it is three of their pings.
 */
export const SOCKET_SILENT_CLIENT_MS = 15_000;

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
  /** The user signed this session out from another device (the devices screen). */
  signedOutElsewhere: 'signed_out_elsewhere',
} as const;
export type SessionEndReason = (typeof SessionEndReason)[keyof typeof SessionEndReason];

/** Close codes the server uses beyond the standard ones (docs/socket.md). */
export const SocketCloseCode = {
  /** The server is shutting down; reconnect. */
  goingAway: 1001,
  /** Too many messages on this connection (a policy violation): reconnect and send fewer. */
  rateLimited: 4008,
  /**
   * The client stopped reading (too much unsent for it, or backed up too long): reconnect with
   * backoff; the snapshots on resubscribing bring it up to date.
   */
  tooSlow: 4009,
  /**
   * The user signed in on more sockets than the server keeps for one user, and this was their
   * oldest: reconnect only when the app is used again, or the newest sockets push one another out.
   */
  replacedByNewer: 4010,
} as const;

/** `DAY_MARKET.<Code>`: one instrument's quotation. */
export const dayMarketTopic = (code: string) => `${Topic.dayMarket}.${code}`;
/** `KLINE.<Code>.<period>`: the forming bar of one period; `KLINE.<Code>`: of every period. */
export const klineTopic = (code: string, period?: Period) =>
  period ? `KLINE.${code}.${period}` : `KLINE.${code}`;

export type ClientMessage =
  /** `version`: the PROTOCOL_VERSION the client speaks; absent from clients older than it. */
  | { type: 'login'; params: string; version?: number }
  | { type: 'logout' }
  | { type: 'sub'; params: string }
  | { type: 'unsub'; params: string };

// Every message the server sends is one member of `serverMessageSchema`: the server builds them
// with these types and the web parses each frame with the schema, so neither side guesses a shape.

export const resultMessageSchema = z.object({
  type: z.enum(['login_result', 'logout_result', 'sub_result', 'unsub_result', 'error']),
  code: z.int(),
  msg: z.string(),
  /** The topic a sub/unsub answer is about. */
  params: z.optional(z.string()),
  /** login_result: the PROTOCOL_VERSION the server speaks. */
  version: z.optional(z.int()),
});
export type ResultMessage = z.infer<typeof resultMessageSchema>;

export const dayMarketPushSchema = z.object({
  type: z.literal('DAY_MARKET'),
  symbol: z.string(),
  quotation: z.extend(quotationSchema, { MarketStatus: z.int() }),
});
export type DayMarketPush = z.infer<typeof dayMarketPushSchema>;

export const klinePushSchema = z.object({
  type: z.literal('KLINE'),
  topic: z.string(),
  symbol: z.string(),
  period: z.enum(PERIODS as [Period, ...Period[]]),
  kline: klinePointSchema,
});
export type KlinePush = z.infer<typeof klinePushSchema>;

export const sessionEndedMessageSchema = z.object({
  type: z.literal(SESSION_ENDED_MESSAGE),
  code: z.literal(999),
  msg: z.string(),
  reason: z.enum(Object.values(SessionEndReason) as [SessionEndReason, ...SessionEndReason[]]),
});
export type SessionEndedMessage = z.infer<typeof sessionEndedMessageSchema>;

const crossingPrice = (level: string) =>
  z
    .nullable(z.number())
    .check(
      z.describe(
        `The price of the instrument, on the side this position closes at, at which the account reaches the ${level} level, every other price held; null when no price reaches it`,
      ),
    );
const crossingMove = (level: string) =>
  z
    .nullable(z.number())
    .check(
      z.describe(`(${level} price − the closing price now) / the closing price now, percent; 0 when reached`),
    );

/** A holding order in a FOREX_TRADE push: live price and P/L, and how far its danger prices are. */
export const liveOrderSchema = z.object({
  Id: z.int(),
  Price: z.number(),
  FactProfits: z.number(),
  MarginCallPrice: crossingPrice('margin-call'),
  MarginCallMove: crossingMove('Margin-call'),
  StopOutPrice: crossingPrice('stop-out'),
  StopOutMove: crossingMove('Stop-out'),
});
export type LiveOrder = z.infer<typeof liveOrderSchema>;

/**
 * The account's nearest danger: of every instrument held, the one whose price needs the smallest
 * move to bring the margin call (or the stop-out), that price (on the side that loses) and the
 * move in percent. All null with nothing held or no price reaching the level.
 */
export const accountRiskSchema = z.object({
  margin_call_forex_id: z.nullable(z.int()),
  margin_call_price: z.nullable(z.number()),
  margin_call_move: z.nullable(z.number()),
  stop_out_forex_id: z.nullable(z.int()),
  stop_out_price: z.nullable(z.number()),
  stop_out_move: z.nullable(z.number()),
});
export type AccountRisk = z.infer<typeof accountRiskSchema>;

/** Once a second to a FOREX_TRADE subscriber: live price and P/L of each holding order, and the figures. */
export const forexTradePushSchema = z.object({
  type: z.literal('FOREX_TRADE'),
  orders: z.array(liveOrderSchema),
  account: accountFiguresSchema,
  risk: accountRiskSchema,
});
export type ForexTradePush = z.infer<typeof forexTradePushSchema>;

export const forexClosedPushSchema = z.object({
  type: z.literal('FOREX_CLOSED'),
  /** Ids of holding orders that just closed and pending orders that were cancelled. */
  id: z.array(z.int()),
});
export type ForexClosedPush = z.infer<typeof forexClosedPushSchema>;

/** Any change of an order's status (placed, filled, closed, cancelled): the row as it is now. */
export const forexOrderPushSchema = z.object({
  type: z.literal('FOREX_ORDER'),
  orders: z.array(orderRowSchema),
});
export type ForexOrderPush = z.infer<typeof forexOrderPushSchema>;

export const marginCallPushSchema = z.object({
  type: z.literal(MARGIN_CALL_MESSAGE),
  margin_level: z.number(),
  margin_call_level: z.number(),
  stop_out_level: z.number(),
  /** The report that explains it (GET /v1/api/forex/stop_out_report?id=). */
  report_id: z.optional(z.int()),
  msg: z.string(),
});
export type MarginCallPush = z.infer<typeof marginCallPushSchema>;

/** Sent unasked to every signed-in socket of the user when a stop-out closed their positions. */
export const STOP_OUT_MESSAGE = 'STOP_OUT';
export const stopOutPushSchema = z.object({
  type: z.literal(STOP_OUT_MESSAGE),
  /** The report that explains it (GET /v1/api/forex/stop_out_report?id=). */
  report_id: z.int(),
  /** The margin level that triggered it, percent. */
  margin_level: z.number(),
  stop_out_level: z.number(),
  /** The positions closed, in the order they were closed. */
  closed: z.array(z.int()),
  negative_balance_protection: z.number(),
  msg: z.string(),
});
export type StopOutPush = z.infer<typeof stopOutPushSchema>;

/**
 * Sent unasked to a signed-in user's sockets when a trailing stop closed one of their positions
 * (ClosedType 6): the order row follows on FOREX_ORDER as for any close; this says it in words,
 * because the stop moved on its own and the close may surprise whoever set it long ago.
 */
export const TRAILING_STOP_CLOSED_MESSAGE = 'TRAILING_STOP_CLOSED';
export const trailingStopClosedPushSchema = z.object({
  type: z.literal(TRAILING_STOP_CLOSED_MESSAGE),
  id: z.int(),
  forex_id: z.int(),
  close_price: z.number(),
  profit: z.number(),
  msg: z.string(),
});
export type TrailingStopClosedPush = z.infer<typeof trailingStopClosedPushSchema>;

/**
 * Sent to a signed-in user's sockets when staff decided something of theirs (a deposit, a
 * withdrawal, the identity check, a balance adjustment): the screens fetch their records again.
 */
export const ACCOUNT_CHANGED_MESSAGE = 'ACCOUNT_CHANGED';
export const accountChangedPushSchema = z.object({
  type: z.literal(ACCOUNT_CHANGED_MESSAGE),
  what: z.enum(['deposit', 'withdrawal', 'identity', 'balance']),
});
export type AccountChangedPush = z.infer<typeof accountChangedPushSchema>;

/** Sent to every socket when the broker changed an instrument's terms: refetch the instrument list. */
export const INSTRUMENT_CHANGED_MESSAGE = 'INSTRUMENT_CHANGED';
export const instrumentChangedPushSchema = z.object({
  type: z.literal(INSTRUMENT_CHANGED_MESSAGE),
  symbol: z.string(),
});
export type InstrumentChangedPush = z.infer<typeof instrumentChangedPushSchema>;

export const serverMessageSchema = z.discriminatedUnion('type', [
  accountChangedPushSchema,
  instrumentChangedPushSchema,
  resultMessageSchema,
  dayMarketPushSchema,
  klinePushSchema,
  sessionEndedMessageSchema,
  forexTradePushSchema,
  forexClosedPushSchema,
  forexOrderPushSchema,
  marginCallPushSchema,
  stopOutPushSchema,
  trailingStopClosedPushSchema,
  notificationPushSchema,
]);
export type ServerMessage = z.infer<typeof serverMessageSchema>;
export type ServerMessageType = ServerMessage['type'];
