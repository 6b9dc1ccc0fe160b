/**
 * The stop-out explainer on the wire: what a stop-out (or a margin call) did and why, for the page
 * that explains it (packages/engine/SPEC.md S1, S2, S4). Money is USD as JSON numbers of at most 6
 * decimals, levels are percent, prices are at the instrument's precision.
 */
import { z } from 'zod';
import { optionalWholeNumber, unixSeconds } from './fields.ts';

export const STOP_OUT_REPORT_KINDS = ['stop_out', 'margin_call'] as const;
export type StopOutReportKind = (typeof STOP_OUT_REPORT_KINDS)[number];

/** One of the two: the report's id, or a position the stop-out closed. */
export const stopOutReportQuerySchema = z.object({
  id: optionalWholeNumber('id', 1).describe('The report id (STOP_OUT and MARGIN_CALL pushes carry it)'),
  order_id: optionalWholeNumber('order_id', 1).describe('A position the stop-out closed'),
});
export type StopOutReportQuery = z.infer<typeof stopOutReportQuerySchema>;

const usd = (description: string) => z.number().describe(`${description}, USD`);
const level = (description: string) =>
  z.number().nullable().describe(`${description}, percent; null without margin in use`);

export const stopOutSnapshotSchema = z.object({
  time: unixSeconds('When the figures were recorded, Unix seconds'),
  margin_level: level('Equity / used margin × 100'),
  equity: usd('Balance + floating P/L'),
  balance: usd('Settled balance'),
  used_margin: usd('Margin held by the open positions'),
});
export type StopOutSnapshot = z.infer<typeof stopOutSnapshotSchema>;

export const stopOutClosedSchema = z.object({
  id: z.number().int().describe('The order id'),
  code: z.string().describe('The instrument as shown (ShowCode)'),
  side: z.number().int().describe('1 buy, 2 sell'),
  lots: z.number(),
  price_precision: z.number().int(),
  open_price: z.number(),
  close_price: z.number(),
  profit: usd('Realized P/L of the close (fee not included)'),
  order_of_close: z.number().int().describe('1 for the first position closed: the largest loss (rule S1)'),
});
export type StopOutClosed = z.infer<typeof stopOutClosedSchema>;

export const stopOutReportSchema = z.object({
  id: z.number().int(),
  kind: z.enum(STOP_OUT_REPORT_KINDS),
  at: unixSeconds('When it happened, Unix seconds'),
  level_before: level('The margin level that triggered it, before the first close'),
  level_after: level('The margin level after the last close and the protection'),
  stop_out_level: z.number().describe('The stop-out level in force then, percent'),
  margin_call_level: z.number().describe('The margin-call level in force then, percent'),
  balance_before: usd('Balance before the first close'),
  equity_before: usd('Equity before the first close'),
  balance_after: usd('Balance after the closes and the protection'),
  equity_after: usd('Equity after the closes and the protection'),
  snapshots: z
    .array(stopOutSnapshotSchema)
    .describe('The account over the hours before it, oldest first, ending with the moment itself'),
  closed: z.array(stopOutClosedSchema).describe('The positions closed, in the order they were closed'),
  negative_balance_protection: usd(
    'What negative balance protection restored (the balance below 0 set back to 0); 0 for none',
  ),
});
export type StopOutReport = z.infer<typeof stopOutReportSchema>;
