/**
 * Trading on the wire: order placement, the order rows of `my_deal`, account figures, the ledger,
 * and the per-user socket pushes. Field names follow the existing clients (docs/CONTRACT.md
 * "Field names and values").
 *
 * Decimal inputs (lots, prices) are validated as decimal text and handed to the engine as text, so
 * no binary fraction is ever rounded on the way in. Money outputs are JSON numbers with at most 6
 * decimals (micro-dollars): the shortest JSON form of such a number is exactly that decimal.
 */
import { z } from 'zod';
import { instrumentKey, optionalWholeNumber, pageFields, utcTimeText, wholeNumber } from './fields.ts';
import { orderRowSchema } from './wire-rows.ts';

// The rows the socket carries too live with its messages, in zod's mini build (wire-rows.ts).
export { orderRowSchema, accountFiguresSchema, type OrderRow, type AccountFigures } from './wire-rows.ts';

/**
 * A decimal as text or a JSON number, told in the request's language (`field_plain_decimal`) when
 * it is not one. The check comes before the pattern, so its words are the refusal's; the pattern
 * documents it.
 */
const plainDecimal = (name: string, pattern: RegExp, rule: string) =>
  z.preprocess(
    (value) => (typeof value === 'number' && Number.isFinite(value) ? String(value) : value),
    z
      .string({ error: () => `${name} must be a number` })
      .trim()
      .refine((text) => pattern.test(text), {
        error: () => `${name} must be a ${rule}`,
        params: { messageKey: 'field_plain_decimal' },
      })
      .regex(pattern),
  );

/** A decimal as text or a JSON number, e.g. "0.01", 1.08523. Refuses exponents and separators. */
export const decimalText = (name: string) =>
  plainDecimal(name, /^\d{1,12}(\.\d{1,15})?$/, 'plain non-negative decimal');

/** 0 or absent means "none": stop loss and take profit are at least 0 (docs/CONTRACT.md "Form rules"). */
const optionalPrice = (name: string) => decimalText(name).optional();

/**
 * A trailing-stop distance in pips as decimal text, 0 to remove. A sign is let through here so a
 * negative distance gets the server's own words ("must be positive") instead of a format error.
 */
const trailingStopPips = plainDecimal('trailing_stop', /^-?\d{1,12}(\.\d{1,15})?$/, 'plain decimal')
  .optional()
  .describe(
    'Trailing stop distance in pips (engine SPEC P7: 10 points at precision 3 or 5, else 1): the stop loss follows the price at this distance and never moves back; 0 removes it',
  );

export const submitOrderBodySchema = z.object({
  type: wholeNumber('type', 1, 2, 'type must be 1 (buy) or 2 (sell)').describe('1 buy, 2 sell'),
  cont: decimalText('cont').describe('Lots, a multiple of the lot step (Pip)'),
  forex_id: instrumentKey('forex_id'),
  status: wholeNumber('status', 0, 1, 'status must be 1 (market) or 0 (pending)').describe(
    '1 market, 0 pending at target_price',
  ),
  target_price: optionalPrice('target_price').describe('Pending orders: the price to open at'),
  stop_loss_price: optionalPrice('stop_loss_price').describe('0 or absent: none'),
  target_profit_price: optionalPrice('target_profit_price').describe('0 or absent: none'),
  trailing_stop: trailingStopPips,
  multiple: optionalWholeNumber('multiple', 1).describe('Leverage; the first option when absent'),
  price: optionalPrice('price').describe(
    'Market orders: the price the trader saw when sending (the ask for a buy, the bid for a sell). Recorded as AskedPrice to show slippage; the order fills at the current quote whatever it says. Absent or 0: the fill price',
  ),
  client_order_id: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .optional()
    .describe('Retry key; the Idempotency-Key header works the same way'),
});
export type SubmitOrderBody = z.infer<typeof submitOrderBodySchema>;

export const orderIdBodySchema = z.object({ id: wholeNumber('id', 1) });

export const setStopsBodySchema = z.object({
  id: wholeNumber('id', 1),
  target_profit_price: optionalPrice('target_profit_price'),
  stop_loss_price: optionalPrice('stop_loss_price'),
  trailing_stop: trailingStopPips,
});
export type SetStopsBody = z.infer<typeof setStopsBodySchema>;

/** `update_pending`: a pending order's new target price; its stops stay and must fit it. */
export const movePendingBodySchema = z.object({
  id: wholeNumber('id', 1),
  target_price: decimalText('target_price').describe('The new price to open at'),
});
export type MovePendingBody = z.infer<typeof movePendingBodySchema>;

export const myDealQuerySchema = z.object({
  status: wholeNumber('status', 0).refine((value) => value === 0 || value === 1 || value === 3, {
    error: () => 'status must be 0, 1 or 3',
  }),
  ...pageFields,
});

export const pageQuerySchema = z.object({
  ...pageFields,
});

const n = (description: string) => z.number().describe(description);

export const myDealResultSchema = z.object({
  data: z.array(orderRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  all_fact_profits: n('Sum of FactProfits over all rows of the status (floating or realized)'),
  balance: n('Account balance, USD'),
});
export type MyDealResult = z.infer<typeof myDealResultSchema>;

export const ledgerRowSchema = z.object({
  Id: z.number().int(),
  Kind: z.string().describe('deposit, withdrawal_hold, trade_fee, realized_pnl, stop_out, ...'),
  Value: n('Signed amount, USD'),
  BalanceAfter: n('Balance after this row, USD'),
  MemoTran: z.string().describe("What happened, in the request's language"),
  RefId: z.number().int().describe('Order, deposit or withdrawal id; 0 for none'),
  CreatedAt: z.number().int().describe('Unix seconds'),
  CreatedAtTran: utcTimeText('Booked at'),
});
export type LedgerRow = z.infer<typeof ledgerRowSchema>;

export const ledgerPageSchema = z.object({
  list: z.array(ledgerRowSchema),
  total: z.number().int(),
  page: z.number().int(),
});

/** `risk_preview`: the order the ticket is about to send, as a market order filled now. */
export const riskPreviewQuerySchema = z.object({
  forex_id: instrumentKey('forex_id'),
  type: wholeNumber('type', 1, 2, 'type must be 1 (buy) or 2 (sell)').describe('1 buy, 2 sell'),
  cont: decimalText('cont').describe('Lots'),
  multiple: wholeNumber('multiple', 1).describe('Leverage, one the instrument offers'),
  stop_loss_price: optionalPrice('stop_loss_price').describe('0 or absent: none'),
});
export type RiskPreviewQuery = z.infer<typeof riskPreviewQuerySchema>;

const crossingPrice = (level: string) =>
  z
    .number()
    .nullable()
    .describe(
      `The price of this instrument at which the account reaches the ${level} level with the order filled, every other price held, at the instrument's precision; null when no price reaches it`,
    );
const percent = (description: string) => z.number().nullable().describe(description);

/** What the ticket shows before sending (packages/engine/SPEC.md "Risk projection", RP1–RP7). */
export const riskPreviewSchema = z.object({
  stop_out_price: crossingPrice('stop-out'),
  stop_out_move: percent('(stop-out price − the same side now) / the same side now, percent'),
  margin_call_price: crossingPrice('margin-call'),
  margin_call_move: percent('(margin-call price − the same side now) / the same side now, percent'),
  stop_loss_loss: percent(
    'What the account is down once the stop loss fires (fee included), USD; null without a stop loss',
  ),
  stop_loss_loss_share: percent(
    'That loss over the equity before the order, percent; null without a stop loss',
  ),
  margin: n('Margin the order would hold, USD'),
  fee: n('Fee the fill would pay, USD'),
  margin_level: percent('Equity / used margin x 100 with the order filled'),
});
export type RiskPreview = z.infer<typeof riskPreviewSchema>;
