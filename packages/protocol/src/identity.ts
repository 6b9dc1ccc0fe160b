/**
 * Identity verification on the wire (docs/CONTRACT.md "Identity"): the user's submission with one
 * front and one reverse photo, its review state, and the staff review of submissions.
 */
import { z } from 'zod';
import { optionalWholeNumber, pageFields, text, timeRangeFields, utcTimeText } from './fields.ts';
import { ID_CARD_TYPES } from './constants.ts';

/** One uploaded image: the url image_upload returned, or its bare name. Exactly one per field. */
const oneImage = text(200).min(1);

export const realNameBodySchema = z
  .object({
    name: text(100).min(1).describe('Full name as on the document'),
    card_id: text(64).min(1).describe('Document number'),
    card_type: z.enum(ID_CARD_TYPES).default('id_card'),
    front_pic: oneImage.describe('Front of the document (a passport: its photo page)'),
    reverse_pic: oneImage
      .optional()
      .describe('Back of the document; optional for a passport, which has none'),
  })
  .refine((body) => body.card_type === 'passport' || body.reverse_pic !== undefined, {
    error: () => 'reverse_pic is required',
    path: ['reverse_pic'],
  });
export type RealNameBody = z.infer<typeof realNameBodySchema>;

export const identityCenterSchema = z.object({
  review_status: z.number().int().describe('0 form (none yet, or rejected), 1 waiting, 2 certified'),
  remark: z.string().describe('Why the last submission was rejected; empty otherwise'),
  name: z.string(),
  card_type: z.string(),
  card_id: z.string().describe('Masked document number'),
});

export const identityListQuerySchema = z.object({
  status: optionalWholeNumber('status', 1, 3).describe('1 waiting, 2 certified, 3 rejected'),
  user_id: optionalWholeNumber('user_id', 1),
  ...timeRangeFields,
  ...pageFields,
});

export const identityRejectBodySchema = z.object({
  remark: text(500).min(1).describe('Why: shown to the user, in their words'),
});

export const identitySubmissionSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  uid: z.number().int(),
  account: z.string().describe("The user's e-mail address or mobile number"),
  name: z.string(),
  card_type: z.string(),
  card_id: z.string(),
  front_pic: z.string().describe('Open with the staff token (authorization header or ?token=)'),
  reverse_pic: z.string().describe('Empty for a passport sent without one'),
  status: z.number().int().describe('1 waiting, 2 certified, 3 rejected'),
  remark: z.string(),
  reviewed_by: z.number().int().nullable(),
  reviewed_at: utcTimeText('Decided at'),
  created_at: utcTimeText('Sent at'),
});
export type IdentitySubmission = z.infer<typeof identitySubmissionSchema>;
export type IdentityCenter = z.infer<typeof identityCenterSchema>;
