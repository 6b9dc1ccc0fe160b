/**
 * A trader's second factor on the wire (docs/CONTRACT.md "Two-step sign-in"): the login's code
 * step, enrolment of an authenticator app, turning it off, and the code a withdrawal then needs.
 * The proof fields (a six-digit code or a recovery code, exactly one) are the back office's too.
 */
import { z } from 'zod';
import { text } from './fields.ts';

/** A six-digit authenticator (TOTP) code. */
export const totpCodeField = z
  .string()
  .trim()
  .regex(/^\d{6}$/, 'six digits');

/** An object with the proof of a second factor: `code` or `recovery_code`, exactly one. */
export function withOneProof<Shape extends z.ZodRawShape>(shape: Shape, messageKey: string) {
  return z
    .object({
      ...shape,
      code: totpCodeField.optional().describe('The code the authenticator app shows now'),
      recovery_code: z
        .string()
        .min(1)
        .max(32)
        .optional()
        .describe('One of the recovery codes shown at enrolment (spent by this use)'),
    })
    .refine(
      (body) => {
        const proof = body as { code?: string; recovery_code?: string };
        return (proof.code === undefined) !== (proof.recovery_code === undefined);
      },
      {
        error: () => 'send either code or recovery_code',
        params: { messageKey },
      },
    );
}

/**
 * What `/api/user/loginForU` answers (code 0, so clients that know no second step show `msg`)
 * when the password was right and the account has a second factor on.
 */
export const loginChallengeSchema = z.object({
  second_factor: z.literal('totp').describe('The step still to come: a code from the authenticator app'),
  challenge: z.string().describe('Send it to /api/user/login/second_factor with the code'),
  expires_in: z.number().int().describe('Seconds the challenge stays good'),
});
export type LoginChallenge = z.infer<typeof loginChallengeSchema>;

export const loginSecondStepBodySchema = withOneProof(
  { challenge: text(64).min(1).describe('The challenge loginForU answered') },
  'two_factor.code_or_recovery_code',
);
export type LoginSecondStepBody = z.infer<typeof loginSecondStepBodySchema>;

export const twoFactorStatusSchema = z.object({
  enabled: z.number().int().describe('1: logins and withdrawals need an authenticator code'),
  enrolled_at: z.number().int().nullable().describe('Unix seconds; null when off'),
  recovery_codes_left: z.number().int().describe('Unspent recovery codes'),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

export const twoFactorEnrolmentSchema = z.object({
  secret: z.string().describe('Base32 secret, for typing into the app by hand'),
  otpauth_url: z.string().describe('otpauth:// link the QR code carries'),
});
export type TwoFactorEnrolment = z.infer<typeof twoFactorEnrolmentSchema>;

export const twoFactorConfirmBodySchema = z.object({
  password: z.string().min(1).max(128).describe('The current password: a session alone does not turn it on'),
  code: totpCodeField,
});
export type TwoFactorConfirmBody = z.infer<typeof twoFactorConfirmBodySchema>;

export const twoFactorRecoveryCodesSchema = z.object({
  recovery_codes: z.array(z.string()).describe('Shown this once: each signs in once without the app'),
});

export const twoFactorDisableBodySchema = withOneProof(
  { password: z.string().min(1).max(128).describe('The current password') },
  'two_factor.code_or_recovery_code',
);
export type TwoFactorDisableBody = z.infer<typeof twoFactorDisableBodySchema>;

export const userTwoFactorResetBodySchema = z.object({
  reason: text(500).min(1).describe('Why, for the audit log (not shown to the user)'),
});
