/**
 * Where a user is signed in, and the change of the e-mail address or mobile number that signs
 * them in (docs/CONTRACT.md "Sessions and devices", "Changing the e-mail or mobile").
 */
import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from './constants.ts';
import { optionalWholeNumber, text, unixSeconds, wholeNumber } from './fields.ts';
import { identifierTypeSchema } from './account.ts';

export const signedInSessionSchema = z.object({
  id: z.number().int().describe('The session’s number, for signing it out'),
  current: z.boolean().describe('The session this request was made with'),
  demo: z
    .boolean()
    .describe('A session of the user’s own demo account, which ends with the real account’s sessions'),
  device: z.string().describe('E.g. "iPhone (iOS 17.5)"; empty when the browser did not say'),
  browser: z.string().describe('E.g. "Safari 17.5"; empty when the browser did not say'),
  area: z
    .string()
    .describe('The time zone the app reported at sign-in, e.g. "Europe/London"; empty when none'),
  ip: z.string().describe('The address the session was opened from'),
  created_at: unixSeconds('When it was opened, Unix seconds'),
  last_used_at: unixSeconds('When it was last used, Unix seconds (to the minute)'),
});
export type SignedInSession = z.infer<typeof signedInSessionSchema>;

export const sessionIdBodySchema = z.object({ id: wholeNumber('id', 1) });

export const contactCodeBodySchema = z.object({
  type: identifierTypeSchema.describe('email or mobile: which of the two changes'),
  to: text(254).min(1).describe('The new e-mail address or mobile number'),
  area_id: optionalWholeNumber('area_id', 1).describe('Area code id of a mobile number'),
});

export const changeContactBodySchema = contactCodeBodySchema.extend({
  code: text(6).min(1).describe('The code sent to the new address'),
  password: z.string().min(1).max(PASSWORD_MAX_LENGTH).describe('The password now'),
});
