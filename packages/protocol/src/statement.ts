/**
 * Account statements on the wire (docs/CONTRACT.md "Statements"): a date range of an account in a
 * time zone, as the phone previews it and as CSV and PDF downloads. Money leaves as JSON numbers of
 * at most 6 decimals written from the exact integer, as everywhere on the wire, so the JSON text is
 * the exact amount and every figure adds up; the downloads write the same amounts as decimal text.
 */
import { z } from 'zod';

/** The longest range one statement covers. */
export const STATEMENT_MAX_DAYS = 366;

/** The ledger kinds of each group of a statement; a kind not listed here goes to `other`. */
export const STATEMENT_GROUPS = {
  trades: ['trade_fee', 'realized_pnl', 'stop_out'],
  deposits: ['deposit'],
  withdrawals: ['withdrawal_hold', 'withdrawal_release', 'withdrawal_fee'],
  adjustments: ['adjustment', 'bonus'],
  other: ['negative_balance_protection', 'demo_reset'],
} as const;
export type StatementGroup = keyof typeof STATEMENT_GROUPS;
export const STATEMENT_GROUP_NAMES = Object.keys(STATEMENT_GROUPS) as StatementGroup[];

const day = (name: string) =>
  z
    .string({ error: () => `${name} must be a date (YYYY-MM-DD)` })
    .trim()
    .refine((text) => /^\d{4}-\d{2}-\d{2}$/.test(text), {
      error: () => `${name} must be a date (YYYY-MM-DD)`,
      params: { messageKey: 'statement.date_format' },
    });

export const statementQuerySchema = z.object({
  from: day('from').describe('First day of the range, YYYY-MM-DD, in `tz` (included from 00:00)'),
  to: day('to').describe('Day after the range, YYYY-MM-DD, in `tz` (excluded from 00:00)'),
  tz: z
    .string({ error: () => 'tz must be a time zone name' })
    .trim()
    .max(64, { error: () => 'tz must be a time zone name' })
    .optional()
    .describe('IANA time zone, e.g. Asia/Hong_Kong; UTC when absent'),
  account: z
    .enum(['real', 'demo'], { error: () => 'account must be real or demo' })
    .optional()
    .describe('real (the default when the user has one) or the user’s demo account'),
  detail: z
    .enum(['0', '1'], { error: () => 'detail must be 0 or 1' })
    .optional()
    .describe('1: also every ledger row and every closed trade (the downloads always have them)'),
});
export type StatementQuery = z.infer<typeof statementQuerySchema>;

const moneyText = (description: string) => z.number().describe(`${description}; USD, at most 6 decimals`);

export const statementTotalsSchema = z.object({
  opening: moneyText('Balance after the last ledger row before the range'),
  closing: moneyText('Balance after the last ledger row of the range'),
  trading_pnl: moneyText('Realised P/L and stop-outs'),
  fees: moneyText('Trading fees charged (negative)'),
  deposits: moneyText('Deposits credited'),
  withdrawals: moneyText('Withdrawals held, returned and their fees'),
  adjustments: moneyText('Staff adjustments and bonuses'),
  other: moneyText('Negative balance protection, demo resets'),
  net_change: moneyText('closing − opening: the sum of every row'),
});

export const statementTradeSchema = z.object({
  order_id: z.number().int(),
  instrument: z.string(),
  side: z.enum(['buy', 'sell']),
  lots: z.number(),
  open_price: z.number(),
  close_price: z.number(),
  opened_at: z.number().int().describe('Unix ms'),
  closed_at: z.number().int().describe('Unix ms'),
  fee: moneyText('Fee charged for this trade (when it opened)'),
  spread_cost: moneyText('Spread paid at the fill; 0 when not known'),
  profit: moneyText('Realised P/L'),
});

export const statementRowSchema = z.object({
  id: z.number().int(),
  group: z.enum(STATEMENT_GROUP_NAMES as [StatementGroup, ...StatementGroup[]]),
  kind: z.string(),
  amount: moneyText('Change of the balance'),
  balance_after: moneyText('Balance after the row'),
  ref_id: z.number().int().describe('Order, deposit or withdrawal id; 0 for none'),
  memo: z.string().describe('What the row is, in the request’s language'),
  at: z.number().int().describe('Unix ms'),
});

export const statementSchema = z.object({
  account: z.enum(['real', 'demo']),
  uid: z.number().int().describe('The account holder’s public user number'),
  from: z.string(),
  to: z.string(),
  tz: z.string(),
  from_ms: z.number().int(),
  to_ms: z.number().int(),
  currency: z.literal('USD'),
  totals: statementTotalsSchema,
  groups: z.array(
    z.object({
      group: z.enum(STATEMENT_GROUP_NAMES as [StatementGroup, ...StatementGroup[]]),
      count: z.number().int(),
      total: moneyText('Sum of the group’s rows'),
    }),
  ),
  trade_count: z.number().int().describe('Trades closed in the range'),
  trades: z.array(statementTradeSchema).optional(),
  rows: z.array(statementRowSchema).optional(),
});
export type WireStatement = z.infer<typeof statementSchema>;

export const statementMailSchema = z.object({
  monthly: z.boolean().describe('The previous month’s statement is e-mailed early each month'),
  email: z.string().nullable().describe('Where it goes; null when the user has no e-mail address'),
});
export type StatementMail = z.infer<typeof statementMailSchema>;

export const statementMailBodySchema = z.object({
  monthly: z.preprocess(
    (value) =>
      value === '1' || value === 'true' ? true : value === '0' || value === 'false' ? false : value,
    z.boolean({ error: () => 'monthly must be true or false' }),
  ),
  tz: statementQuerySchema.shape.tz,
});
