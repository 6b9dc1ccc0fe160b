/**
 * Closing part of a position and closing many at once (packages/engine/SPEC.md "Partial and bulk
 * closes"). Lots are decimal text like `submit`'s `cont`, read exactly.
 */
import { z } from 'zod';
import { optionalInstrumentKey, wholeNumber } from './fields.ts';
import { decimalText, orderRowSchema } from './trading.ts';

export const closePartBodySchema = z.object({
  id: wholeNumber('id', 1),
  cont: decimalText('cont').describe('Lots to close: whole lot steps, less than the position'),
});
export type ClosePartBody = z.infer<typeof closePartBodySchema>;

export const CLOSE_SCOPES = ['all', 'instrument', 'winners', 'losers'] as const;
export type CloseScope = (typeof CLOSE_SCOPES)[number];

export const closeAllBodySchema = z.object({
  scope: z
    .enum(CLOSE_SCOPES, { error: () => `scope must be one of ${CLOSE_SCOPES.join(', ')}` })
    .describe('all; instrument (with forex_id); winners (floating P/L > 0); losers (< 0)'),
  forex_id: optionalInstrumentKey('forex_id').describe('The instrument, when scope is instrument'),
});
export type CloseAllBody = z.infer<typeof closeAllBodySchema>;

export const closePartResultSchema = z.object({
  // The order row is of zod's mini build (wire-rows.ts): described as a check, not a method.
  position: orderRowSchema.check(z.describe('The position with the lots that stay open')),
  closed: orderRowSchema.check(z.describe('The closed part: a new order row, SplitFromId = the position')),
});
export type ClosePartResult = z.infer<typeof closePartResultSchema>;

/** Why a position a bulk close took stayed open. */
export const CLOSE_SKIP_REASONS = ['market_closed', 'stale_quote'] as const;
export type CloseSkipReason = (typeof CLOSE_SKIP_REASONS)[number];

export const closeAllResultSchema = z.object({
  closed: z.array(orderRowSchema).describe('The positions closed, each with its close price (Price)'),
  skipped: z
    .array(z.object({ id: z.number().int(), reason: z.enum(CLOSE_SKIP_REASONS) }))
    .describe('Positions taken that could not close now, and why'),
  total_profit: z.number().describe('Sum of the realized P/L of the closed positions, USD'),
});
export type CloseAllResult = z.infer<typeof closeAllResultSchema>;
