/**
 * The back office's own reads, beyond the records the public API already shapes. Amounts are
 * exact decimal text in USD and lots are decimal text, so no figure passes through a float.
 */
import { z } from 'zod';
import { LANGUAGES } from './constants.ts';
import {
  changeOf,
  LATEST_FILTER_MS,
  instrumentKey,
  optionalInstrumentKey,
  optionalWholeNumber,
  pageFields,
  text,
  utcTimeText,
  wholeNumber,
  wholeNumberOr,
} from './fields.ts';
import { imageUrlOf } from './content.ts';

const decimal = z.string().regex(/^-?\d+(\.\d+)?$/);

const queueSchema = z.object({
  waiting: z.number().int(),
  oldest_at: utcTimeText('The oldest waiting record; empty when nothing waits'),
});

export const dashboardQuerySchema = z.object({
  since_ms: optionalWholeNumber('since_ms', 0, LATEST_FILTER_MS).describe(
    "The start of the staff member's day (their midnight), ms; default: midnight UTC",
  ),
});

const accountAtRiskSchema = z.object({
  user_id: z.number().int(),
  margin_level_pct: decimal.describe('Margin level: equity / used margin x 100'),
  equity_usd: decimal,
  used_margin_usd: decimal,
});

export const dashboardSchema = z.object({
  at: utcTimeText('Computed at'),
  queues: z.object({ identity: queueSchema, deposits: queueSchema, withdrawals: queueSchema }),
  since: z.object({
    at: utcTimeText('Counted since'),
    deposits: z.object({ count: z.number().int(), usd: decimal }).describe('Credited since then'),
    withdrawals: z.object({ count: z.number().int(), usd: decimal }).describe('Paid since then'),
    new_users: z.number().int().describe('Registered (not demo) users'),
    realized_pl_usd: decimal.describe(
      "Real accounts' realized P/L (closes and stop-outs); the broker's is its negative",
    ),
    fees_usd: decimal.describe('Trading fees real accounts paid'),
    stop_outs: z.object({ count: z.number().int(), usd: decimal }),
    negative_balance_corrections: z.object({ count: z.number().int(), usd: decimal }),
  }),
  book: z.object({
    open_positions: z.number().int(),
    active_traders: z.number().int().describe('Real accounts holding at least one position'),
    pending_orders: z.number().int(),
    floating_pl_usd: decimal.describe(
      "The traders' floating P/L on real accounts; the broker's is its negative",
    ),
    exposures: z.array(
      z.object({
        instrument_id: z.number().int(),
        code: z.string(),
        long_lots: decimal,
        short_lots: decimal,
        net_lots: decimal,
        net_usd: decimal.describe('Net notional at the closing prices now'),
        floating_pl_usd: decimal,
        positions: z.number().int(),
      }),
    ),
    largest_positions: z.array(
      z.object({
        user_id: z.number().int(),
        order_id: z.number().int(),
        code: z.string(),
        side: z.enum(['buy', 'sell']),
        lots: decimal,
        notional_usd: decimal,
        floating_pl_usd: decimal,
      }),
    ),
    at_margin_call: z.array(accountAtRiskSchema).describe('At or below the margin-call level, lowest first'),
    lowest_margin_levels: z
      .array(accountAtRiskSchema)
      .describe('The 20 lowest margin levels, whatever the level, lowest first'),
  }),
});
export type WireDashboard = z.infer<typeof dashboardSchema>;

// Users ------------------------------------------------------------------------------------------

export const userSearchQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .max(100)
    .optional()
    .describe(
      'An id or uid, part of an e-mail address, of a mobile number or of the name given for the identity check',
    ),
  is_demo: optionalWholeNumber('is_demo', 0, 1).describe('1 demo accounts only, 0 real only'),
  state: z
    .enum(['disabled', 'trading_frozen', 'withdrawals_frozen'])
    .optional()
    .describe('Only users under this hold'),
  created_from_ms: optionalWholeNumber('created_from_ms', 0, LATEST_FILTER_MS).describe(
    'Registered from, ms',
  ),
  created_to_ms: optionalWholeNumber('created_to_ms', 0, LATEST_FILTER_MS).describe('Registered before, ms'),
  sort: z.enum(['id', 'created_at', 'balance']).default('id'),
  order: z.enum(['asc', 'desc']).default('desc'),
  ...pageFields,
});

export const userSummarySchema = z.object({
  id: z.number().int(),
  uid: z.number().int(),
  email: z.string(),
  mobile: z.string(),
  is_demo: z.number().int(),
  disabled: z.number().int().describe('1: cannot log in'),
  trading_frozen: z.number().int().describe('1: no new orders'),
  withdrawals_frozen: z.number().int().describe('1: no withdrawals'),
  identity_status: z.number().int().describe('0 none, 1 waiting, 2 certified, 3 rejected'),
  balance_usd: decimal,
  created_at: utcTimeText(),
});
export type WireUserSummary = z.infer<typeof userSummarySchema>;

export const userDetailSchema = userSummarySchema.extend({
  live_sessions: z
    .number()
    .int()
    .describe("Sessions neither revoked nor expired, the user's own demo account's included"),
  two_factor: z.number().int().describe('1: two-step sign-in (an authenticator) is on'),
  invite_code: z.string(),
  invited_by: z.number().int().nullable(),
  demo_of: z.number().int().nullable().describe("A real user's own demo account: that user's id"),
  demo_account: z.number().int().nullable().describe("A real user: their own demo account's id, once opened"),
  figures: z.object({
    balance_usd: decimal,
    equity_usd: decimal,
    used_margin_usd: decimal,
    free_margin_usd: decimal,
    floating_pl_usd: decimal,
    margin_level_pct: z
      .string()
      .describe('Margin level: equity / used margin x 100; empty while nothing is open'),
  }),
});
export type WireUserDetail = z.infer<typeof userDetailSchema>;

export const userSessionSchema = z.object({
  id: z.number().int(),
  created_at: utcTimeText('Signed in at'),
  ip: z.string(),
  state: z.enum(['live', 'ended', 'expired']),
  ended_at: utcTimeText('When it was ended or expires'),
});
export type WireUserSession = z.infer<typeof userSessionSchema>;

export const inviteeSchema = z.object({
  id: z.number().int(),
  uid: z.number().int(),
  email: z.string(),
  mobile: z.string(),
  is_demo: z.number().int(),
  created_at: utcTimeText(),
});
export type WireInvitee = z.infer<typeof inviteeSchema>;

export const userOrdersQuerySchema = z.object({
  status: wholeNumberOr('status', 1, 0)
    .refine((status) => [0, 1, 3].includes(status), { error: () => 'status must be 0, 1 or 3' })
    .describe('1 holding, 0 pending, 3 closed and cancelled'),
  ...pageFields,
});

export const userOrderParamsSchema = z.object({
  id: wholeNumber('id', 1),
  order_id: wholeNumber('order_id', 1),
});

const staffReason = z.string().trim().min(1).max(500).describe('Why: kept in the audit log');

export const staffOrderActionBodySchema = z.object({ reason: staffReason });

export const balanceAdjustBodySchema = z.object({
  amount: z
    .string()
    .trim()
    .regex(/^-?\d{1,9}(\.\d{1,6})?$/, 'a USD amount such as 250 or -12.5')
    .refine((amount) => !/^-?0+(\.0+)?$/.test(amount), { error: () => 'the amount cannot be 0' })
    .describe('USD; negative takes money away (never more than the free margin)'),
  kind: z
    .enum(['adjustment', 'bonus'])
    .default('adjustment')
    .describe("The ledger row's kind: a correction (adjustment) or a promotional credit (bonus)"),
  reason: staffReason,
});

// Messages ---------------------------------------------------------------------------------------

export const messagesQuerySchema = z.object({
  address: z.string().trim().max(254).optional().describe('One e-mail address or mobile number (E.164)'),
  channel: z.enum(['email', 'sms']).optional(),
  ...pageFields,
});

export const messageSchema = z.object({
  id: z.number().int(),
  channel: z.enum(['email', 'sms']),
  address: z.string(),
  subject: z.string(),
  body: z.string().describe('The text sent, verification codes masked'),
  delivery: z.string().describe('smtp, http (SMS provider) or outbox (kept here: no provider configured)'),
  created_at: utcTimeText(),
});
export type WireMessage = z.infer<typeof messageSchema>;

// Instruments ------------------------------------------------------------------------------------

const sessionSchema = z.object({
  from: z.number().int().describe('Minute of the week, UTC, 0 = Sunday 00:00'),
  to: z.number().int().describe('End, exclusive; past 10080 wraps into the next week'),
});

export const staffInstrumentSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  show_code: z.string(),
  names: z.partialRecord(z.enum(LANGUAGES), z.string()).describe('Name by language'),
  logo: z.string().describe('URL of the logo image'),
  category_id: z.number().int(),
  enabled: z.boolean().describe('false: new orders are refused; positions still close and stops fire'),
  price_precision: z.number().int(),
  spread_points: z.number().int().describe('ask = bid + spread, in points of the price precision'),
  contract_size: z.number().int(),
  margin_mode: z.number().int().describe('1 fixed margin per lot, 2 leveraged'),
  min_lots: z.string(),
  max_lots: z.string(),
  lot_step: z.string(),
  leverage_options: z.array(z.number().int()).describe('The first is the default'),
  fee_rate: z.string(),
  schedule: z.array(sessionSchema).describe('Trading sessions; empty: never open'),
  open_orders: z.number().int().describe('Pending and holding orders now'),
});
export type WireStaffInstrument = z.infer<typeof staffInstrumentSchema>;

const lotsField = (name: string) =>
  z
    .string({ error: () => `${name} must be a decimal as text` })
    .trim()
    .regex(/^\d{1,9}(\.\d{1,8})?$/, {
      error: () => `${name} must be a positive decimal of at most 8 places`,
    });

/**
 * A change of an instrument's terms: only the fields given change, an unknown field is refused by
 * name. Terms are checked together (engine SPEC.md I1–I6); the price precision and the contract
 * size cannot change while orders are open, as stored prices and sizes are in their units.
 */
/** The instrument a staff call changes, by the id of its `integer` key. */
export const instrumentIdParamsSchema = z.object({ id: instrumentKey('id') });

export const instrumentChangeBodySchema = changeOf(
  z.object({
    enabled: z.boolean({ error: () => 'enabled must be true or false' }).optional(),
    show_code: text(24).min(1).optional(),
    // The instruments' logo column holds 128 characters (a company's, 300).
    logo: imageUrlOf(128)
      .refine((url) => url !== '', { error: () => 'logo cannot be empty' })
      .optional()
      .describe('A path on this server (such as /logos/eurusd.svg) or an https address'),
    names: z
      .partialRecord(z.enum(LANGUAGES), text(80))
      .optional()
      .describe('Languages given replace their name; an empty name removes it'),
    category_id: optionalInstrumentKey('category_id'),
    spread_points: optionalWholeNumber('spread_points', 0, 100_000).describe(
      'Points of the price precision; applies from the next tick',
    ),
    price_precision: optionalWholeNumber('price_precision', 0, 10),
    contract_size: optionalWholeNumber('contract_size', 1, 100_000_000),
    margin_mode: z
      .union([z.literal(1), z.literal(2)], { error: () => 'margin_mode must be 1 or 2' })
      .optional(),
    min_lots: lotsField('min_lots').optional(),
    max_lots: lotsField('max_lots').optional(),
    lot_step: lotsField('lot_step').optional(),
    leverage_options: z
      .array(wholeNumber('leverage', 1, 1000))
      .min(1, { error: () => 'leverage_options needs at least one option' })
      .max(20)
      .optional(),
    fee_rate: z
      .string({ error: () => 'fee_rate must be a decimal as text' })
      .trim()
      .regex(/^\d(\.\d{1,12})?$/, { error: () => 'fee_rate must be a decimal such as 0.0001' })
      .optional(),
    schedule: z
      .array(z.object({ from: wholeNumber('from', 0), to: wholeNumber('to', 0) }).strict())
      .max(28)
      .optional(),
  }),
);
export type InstrumentChange = z.infer<typeof instrumentChangeBodySchema>;
