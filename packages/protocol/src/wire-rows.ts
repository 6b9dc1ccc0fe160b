/**
 * The rows that both the API's answers and the socket's pushes carry: a quotation, a kline bar, an
 * order row, the account figures and a notification. They are written with zod's mini build, as
 * are the socket's messages (socket.ts): the phone app checks every push it receives against them,
 * and this way ships zod's small core rather than its full build before its first screen. Their
 * checks, refusals and JSON Schema (the OpenAPI document) are those of the full build's
 * `z.number().int().describe(…)` forms they replace (wire-rows.test.ts compares them), and the
 * full-build schemas that embed them (instrumentSchema, myDealResultSchema…) work as before.
 */
import * as z from 'zod/mini';

/** `z.number().describe(description)` of the full build. */
const n = (description: string) => z.number().check(z.describe(description));
/** `z.number().int()` of the full build (optionally described). */
const int = (description?: string) => (description ? z.int().check(z.describe(description)) : z.int());
/** fields.ts's utcTimeText, in the mini build. */
const utcTimeText = (what?: string) =>
  z
    .string()
    .check(
      z.regex(/^(\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2})?$/),
      z.describe(`${what ? `${what}: ` : ''}"YYYY-MM-DD HH:mm:ss" in UTC, empty when there is none`),
    );

export const quotationSchema = z.object({
  Id: int(),
  ForexId: int(),
  Open: n('Day open (bid) at 00:00 UTC'),
  High: n('Day high (bid)'),
  Low: n('Day low (bid)'),
  Close: n('Last bid'),
  Bid: z.number(),
  Ask: z.number(),
  Change: n('(bid - day open) / day open x 100, 2 decimals'),
  Volume: int('Ticks since the day opened'),
  Amount: n('Not traded volume: kept for the existing clients, always 0'),
  NowTime: int('Time of the last tick, Unix seconds'),
});
export type Quotation = z.infer<typeof quotationSchema>;

export const klinePointSchema = z.object({
  Time: int('Bar open time, Unix seconds, aligned to UTC'),
  Open: z.number(),
  High: z.number(),
  Low: z.number(),
  Close: z.number(),
  Volume: int('Number of ticks in the bar'),
});
export type KlinePoint = z.infer<typeof klinePointSchema>;

/** One order row of `my_deal` (docs/CONTRACT.md "Enumerations"). Prices are 0 where none applies. */
export const orderRowSchema = z.object({
  Id: int(),
  ForexId: int(),
  ForexTradeLists: z.object({
    Id: int(),
    Code: z.string(),
    ShowCode: z.string(),
    Logo: z.string(),
    PricePrecision: int(),
  }),
  OrderType: n('1 buy, 2 sell'),
  Status: n('0 pending, 1 holding, 3 closed, 4 cancelled'),
  Kind: z.string().check(z.describe('market, buy_limit, buy_stop, sell_limit or sell_stop')),
  Quantity: n('Lots'),
  Multiple: n('Leverage'),
  ForexContNum: n('Units per lot'),
  OriginPrice: n('Open price (pending: the target price)'),
  Price: n('Holding: the price it would close at now; closed: the close price'),
  UpdatePrice: n('The latest closing-side price (the close price once closed)'),
  FactProfits: n('Holding: floating P/L; closed: realized P/L (fee not included), USD'),
  CautionMoney: n('Margin, USD'),
  OriginCautionMoney: n('Margin at the open, USD'),
  TradeFee: n('Fee charged at the fill, USD'),
  TargetLossPrice: n('Stop loss, 0 none'),
  TargetProfitPrice: n('Take profit, 0 none'),
  TrailingStop: n(
    'Trailing stop distance in pips, 0 none; while it trails, TargetLossPrice is the current (moving) stop',
  ),
  ClosedType: n('0 open; 1 user, 2 stop-out, 3 take profit, 4 stop loss, 5 back office, 6 trailing stop'),
  CancelReason: z.string().check(z.describe('user, insufficient_free_margin, demo_reset, or empty')),
  CreateTime: n('Unix seconds'),
  CreateTimeHandler: utcTimeText('Placed at'),
  OpenTime: n('Unix seconds of the fill, 0 while pending'),
  OpenTimeHandler: utcTimeText('Filled at'),
  CloseTime: n('Unix seconds of the close or cancel, 0 while open'),
  CloseTimeHandler: utcTimeText('Closed or cancelled at'),
  AskedPrice: n(
    'The price asked for at the fill: what the trader saw for a market order, the target for a pending one; 0 before a fill or when not recorded',
  ),
  Spread: n(
    'Ask − bid of the quote the order filled at, in price units; 0 before a fill or when not recorded',
  ),
  SpreadCost: n('That spread × lots × units per lot, USD at the fill rate'),
  Slippage: n(
    'Filled − asked for a buy, asked − filled for a sell, in price units: positive is against the trader; 0 when not recorded',
  ),
  SplitFromId: n('A closed part of a position: the position it was split from; 0 none'),
});
export type OrderRow = z.infer<typeof orderRowSchema>;

/** Account figures (packages/engine/SPEC.md "Account figures"), in USD. */
export const accountFiguresSchema = z.object({
  balance: n('Settled money, USD'),
  lock_balance: n('Used margin, USD'),
  equity: n('balance + floating P/L (net value)'),
  free_margin: n('equity - used margin'),
  margin_level: z
    .nullable(z.number())
    .check(z.describe('equity / used margin x 100 (risk rate), null with nothing open')),
  floating_profit: n('Sum of floating P/L, USD'),
  withdraw_hold: n('Held by pending withdrawals, USD'),
  margin_call_level: n('Percent'),
  stop_out_level: n('Percent'),
  is_demo: n('1 demo account'),
});
export type AccountFigures = z.infer<typeof accountFiguresSchema>;

/** Every kind of notification, in the order the settings screen lists them. */
export const NOTIFICATION_KINDS = [
  'order_filled',
  'stop_loss',
  'take_profit',
  'trailing_stop',
  'margin_call',
  'stop_out',
  'deposit_decided',
  'withdrawal_decided',
  'identity_decided',
  'price_alert',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** The channels besides the in-app centre, which always receives every notification. */
export const NOTIFICATION_CHANNELS = ['push', 'email'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

export const notificationSchema = z.object({
  id: int(),
  kind: z.enum(NOTIFICATION_KINDS),
  title: z.string().check(z.describe('In the language of the request (or of the socket)')),
  body: z.string(),
  link: z.string().check(z.describe('Where the app opens it, a path of the app such as /order')),
  created_at: int('Unix seconds'),
  read: z.boolean(),
});
export type NotificationItem = z.infer<typeof notificationSchema>;

/** Sent to every signed-in socket of the user when a notification is created (docs/socket.md). */
export const NOTIFICATION_MESSAGE = 'NOTIFICATION';
export const notificationPushSchema = z.object({
  type: z.literal(NOTIFICATION_MESSAGE),
  notification: notificationSchema,
  unread: int('The user’s unread count after it'),
});
export type NotificationPush = z.infer<typeof notificationPushSchema>;
