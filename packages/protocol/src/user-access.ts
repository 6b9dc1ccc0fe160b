/**
 * The back office's hold on a trader's access: disabling an account (it cannot log in, and every
 * session ends at once) and ending every session of an account. Both are audited with the reason
 * staff give; the reason stays in the audit log and is not shown to the user.
 */
import { z } from 'zod';
import { text } from './fields.ts';

/** JSON booleans, or the text a form sends: true/false, 1/0. */
const flag = z.preprocess((value) => {
  if (value === 'true' || value === '1' || value === 1) return true;
  if (value === 'false' || value === '0' || value === 0) return false;
  return value;
}, z.boolean());

const reason = text(500).min(1).describe('Why, for the audit log (not shown to the user)');

export const userDisableBodySchema = z.object({
  disabled: flag.describe('true disables the account and ends its sessions; false enables it again'),
  reason,
});

export const userLogoutBodySchema = z.object({ reason });

/** Freezes or lifts either hold; the one left out stays as it is. */
export const userFreezeBodySchema = z
  .object({
    trading: flag.optional().describe('true: no new orders (closing, cancelling and stops go on)'),
    withdrawals: flag.optional().describe('true: no withdrawal can be requested'),
    reason,
  })
  .strict()
  .refine((body) => body.trading !== undefined || body.withdrawals !== undefined, {
    error: () => 'nothing to change',
    params: { messageKey: 'nothing_to_change' },
  });

/**
 * A password staff reset: the old one stops working and every session ends; the user gets a code
 * by e-mail (or SMS) to choose a new one through "Forgot password".
 */
export const userPasswordResetBodySchema = z.object({ reason }).strict();

export const userAccessSchema = z.object({
  id: z.number().int(),
  uid: z.number().int(),
  disabled: z.number().int().describe('1: cannot log in'),
  trading_frozen: z.number().int().describe('1: no new orders'),
  withdrawals_frozen: z.number().int().describe('1: no withdrawals'),
  live_sessions: z
    .number()
    .int()
    .describe("Sessions neither revoked nor expired, the user's own demo account's included"),
  two_factor: z.number().int().optional().describe('1: two-step sign-in (an authenticator) is on'),
});
export type UserAccess = z.infer<typeof userAccessSchema>;
