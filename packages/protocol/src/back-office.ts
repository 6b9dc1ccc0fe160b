/**
 * The back office's own reads, beyond the records the public API already shapes. Amounts are
 * exact decimal text in USD and lots are decimal text, so no figure passes through a float.
 */
import { z } from 'zod';

const decimal = z.string().regex(/^-?\d+(\.\d+)?$/);

const queueSchema = z.object({
  waiting: z.number().int(),
  oldest_at: z.string().describe('UTC; empty when nothing waits'),
});

export const dashboardQuerySchema = z.object({
  since_ms: z.coerce
    .number()
    .int()
    .min(0)
    .optional()
    .describe("The start of the staff member's day (their midnight), ms; default: midnight UTC"),
});

export const dashboardSchema = z.object({
  at: z.string(),
  queues: z.object({ identity: queueSchema, deposits: queueSchema, withdrawals: queueSchema }),
  since: z.object({
    at: z.string(),
    deposits: z.object({ count: z.number().int(), usd: decimal }).describe('Credited since then'),
    withdrawals: z.object({ count: z.number().int(), usd: decimal }).describe('Paid since then'),
    new_users: z.number().int().describe('Registered (not demo) users'),
  }),
  book: z.object({
    open_positions: z.number().int(),
    pending_orders: z.number().int(),
    floating_pl_usd: decimal.describe("The traders' floating P/L on real accounts; the broker's is its negative"),
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
    at_margin_call: z.array(
      z.object({
        user_id: z.number().int(),
        margin_level: decimal.describe('Percent'),
        equity_usd: decimal,
        used_margin_usd: decimal,
      }),
    ),
  }),
});
export type WireDashboard = z.infer<typeof dashboardSchema>;
