/**
 * Accounts on the wire: login, registration, demo login, verification codes, password changes.
 * Bodies of the existing clients are form-encoded with snake_case fields; every field arrives as
 * text, so a number is read from its digits (fields.ts wholeNumber), with a clear message otherwise.
 */
import { z } from 'zod';
import { optionalWholeNumber, text, wholeNumber } from './fields.ts';
import { PASSWORD_MAX_LENGTH } from './constants.ts';

/** How a person identifies: by e-mail or by mobile number. Legacy clients send 1/2. */
export const identifierTypeSchema = z.preprocess(
  (value) => (value === '1' || value === 1 ? 'email' : value === '2' || value === 2 ? 'mobile' : value),
  z.enum(['email', 'mobile']),
);
export type IdentifierType = 'email' | 'mobile';

const optionalId = optionalWholeNumber('area_id', 1);

export const loginBodySchema = z.object({
  account: text(254).min(1),
  password: z.string().min(1).max(PASSWORD_MAX_LENGTH),
  type: identifierTypeSchema.optional().describe('email or mobile; guessed from the account when absent'),
  area_id: optionalId.describe('Area code id for a mobile number without its country code'),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

export const registerBodySchema = z.object({
  type: identifierTypeSchema,
  account: text(254).min(1).describe('The e-mail address, or the mobile number for type mobile'),
  mobile: text(20).optional().describe('The mobile number (legacy clients send it here too)'),
  area_id: optionalId,
  password: z.string().max(PASSWORD_MAX_LENGTH),
  re_password: z.string().max(PASSWORD_MAX_LENGTH),
  invite_code: text(16).optional(),
  sms_code: text(6).min(1).describe('The 6-digit code sent to the e-mail address or mobile number'),
  key: text(64)
    .optional()
    .describe('Accepted for the existing clients; the captcha is checked when a code is sent'),
});
export type RegisterBody = z.infer<typeof registerBodySchema>;

export const sendCodeBodySchema = z.object({
  to: text(254).optional().describe('Address to send to; a logged-in user resetting a password may omit it'),
  area_id: optionalId,
  type: wholeNumber('type', 1, 2).describe('1 register, 2 reset'),
  key: text(64).optional().describe('Captcha id from GET /api/captcha (required unless logged in)'),
  captcha: text(8).optional().describe('The characters of the captcha image'),
});
export type SendCodeBody = z.infer<typeof sendCodeBodySchema>;

export const forgetPasswordBodySchema = z.object({
  type: identifierTypeSchema,
  account: text(254).min(1),
  area_id: optionalId,
  new_password: z.string().max(PASSWORD_MAX_LENGTH),
  secondary_password: z.string().max(PASSWORD_MAX_LENGTH),
  auth_code: text(6).min(1),
});
export type ForgetPasswordBody = z.infer<typeof forgetPasswordBodySchema>;

export const amendPasswordBodySchema = z.object({
  old_password: z
    .string()
    .max(PASSWORD_MAX_LENGTH)
    .optional()
    .describe('The password now: checked when given (the app always sends it)'),
  new_password: z.string().max(PASSWORD_MAX_LENGTH),
  re_password: z.string().max(PASSWORD_MAX_LENGTH).optional(),
  auth_code: text(6).min(1),
  type: identifierTypeSchema.optional().describe("Where the code was sent: the user's e-mail or mobile"),
});
export type AmendPasswordBody = z.infer<typeof amendPasswordBodySchema>;

export const demoLoginQuerySchema = z.object({
  demo_id: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{16,64}$/)
    .optional()
    .describe('The id the browser keeps; omitted, a new demo account and id are created'),
});

export const userSchema = z.object({
  id: z.number().int(),
  uid: z.number().int().describe('Public user number'),
  email: z.string().nullable(),
  mobile: z.string().nullable().describe('E.164, e.g. +85291234567'),
  is_demo: z.number().int().describe('1 demo, 0 real'),
  invite_code: z.string(),
  created_at: z.number().int().describe('Unix seconds'),
  show_on_leaderboard: z
    .number()
    .int()
    .optional()
    .describe('1: the user chose to appear on the leaderboard; answered by /api/user/info'),
  two_factor: z
    .number()
    .int()
    .optional()
    .describe(
      '1: two-step sign-in is on, so withdrawals ask for an authenticator code; answered by /api/user/info',
    ),
});
export type User = z.infer<typeof userSchema>;

export const loginResultSchema = z.object({
  token: z.string(),
  user: userSchema,
  demo_id: z.string().optional().describe('Demo login only: the id to keep'),
});
export type LoginResult = z.infer<typeof loginResultSchema>;

export const captchaSchema = z.object({
  id: z.string(),
  b64s: z.string().describe('data: URL of the image'),
});

export const areaCodeSchema = z.object({
  id: z.number().int(),
  code: z.string().describe('ISO 3166-1 alpha-2'),
  global_code: z.string().describe('Calling code, e.g. +852'),
  name: z.string().describe('English name; screens localise it from the ISO code'),
});
