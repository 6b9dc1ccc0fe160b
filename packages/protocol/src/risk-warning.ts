/**
 * The retail risk warning and the leverage caps (docs/decisions/0022-risk-warning-and-leverage-caps.md).
 *
 * The warning states the share of the broker's real accounts that lost money over the last twelve
 * months, computed from the book; the phone shows it on registration, before a real account's first
 * order and on the ticket. Leverage caps limit the leverage offered per class of instrument, as
 * retail regulators do (30 for major currency pairs down to 2 for crypto).
 *
 *   GET /api/risk/warning → { text: "74.2% of retail investor accounts lose money …", percent: "74.2",
 *                             window_months: 12, accounts: 412, acknowledged: false, … }
 */
import { z } from 'zod';
import { LANGUAGES } from './constants.ts';
import { text, unixSeconds, wholeNumber } from './fields.ts';

/** Where the staff text puts the figure. */
export const RISK_WARNING_PERCENT_PLACEHOLDER = '{percent}';

/** The longest warning text staff may set: a regulator's wording fits in a few sentences. */
export const RISK_WARNING_TEXT_MAX = 600;

/**
 * The classes of instrument a cap applies to, in the order the back office lists them. Major
 * currency pairs are those made of two of USD, EUR, JPY, GBP, CAD and CHF; gold is apart from the
 * other metals because regulators cap it as they cap major pairs' neighbours, not as commodities.
 */
export const LEVERAGE_CAP_CLASSES = [
  'fx_major',
  'fx_other',
  'gold',
  'metals',
  'energies',
  'indices',
  'crypto',
] as const;
export type LeverageCapClass = (typeof LEVERAGE_CAP_CLASSES)[number];

/** The highest leverage a cap may allow: the engine's own ceiling of any leverage option. */
export const LEVERAGE_CAP_MAX = 1000;

export const riskWarningSchema = z.object({
  text: z.string().describe("The warning in the request's language, the figure filled in"),
  percent: z
    .string()
    .nullable()
    .describe(
      'Share of real accounts that lost money, percent with one decimal ("74.2"); null: too few accounts',
    ),
  window_months: z.number().int().describe('The months the figure covers (12)'),
  accounts: z.number().int().describe('Real accounts with a trade closed in the window'),
  computed_at: unixSeconds(
    'When the figure was computed, Unix seconds; null before the first computation',
  ).nullable(),
  acknowledged: z
    .boolean()
    .nullable()
    .describe('Whether the signed-in real user acknowledged the warning; null without a real user'),
});
export type RiskWarning = z.infer<typeof riskWarningSchema>;

export const riskAcknowledgementSchema = z.object({
  acknowledged_at: unixSeconds('When the user acknowledged the warning, Unix seconds'),
});

const languageTexts = z.partialRecord(z.enum(LANGUAGES), z.string());

export const staffRiskWarningSchema = z.object({
  texts: languageTexts.describe('Text staff set per language; a language left out uses its default'),
  defaults: languageTexts.describe('The default text per language, with the {percent} placeholder'),
  fallbacks: languageTexts.describe('The text shown without a figure (too few accounts), per language'),
  figure: z.object({
    percent: z.string().nullable(),
    accounts: z.number().int(),
    losing_accounts: z.number().int(),
    min_accounts: z.number().int().describe('Below this many accounts no figure is shown'),
    window_months: z.number().int(),
    computed_at: unixSeconds('Unix seconds').nullable(),
  }),
});
export type StaffRiskWarning = z.infer<typeof staffRiskWarningSchema>;

export const riskWarningTextsBodySchema = z.object({
  texts: z
    .partialRecord(z.enum(LANGUAGES), text(RISK_WARNING_TEXT_MAX))
    .refine((texts) => Object.keys(texts).length > 0, { error: () => 'name at least one language' })
    .describe('Per language; an empty string goes back to the default text'),
});

export const leverageCapRowSchema = z.object({
  class: z.enum(LEVERAGE_CAP_CLASSES),
  cap: z.number().int().describe('The highest leverage allowed now'),
  default_cap: z.number().int(),
  instruments: z.array(z.string()).describe('Codes of the instruments of the class'),
});
export type LeverageCapRow = z.infer<typeof leverageCapRowSchema>;

export const leverageCapsBodySchema = z.object({
  caps: z
    .partialRecord(z.enum(LEVERAGE_CAP_CLASSES), wholeNumber('cap', 1, LEVERAGE_CAP_MAX))
    .refine((caps) => Object.keys(caps).length > 0, { error: () => 'name at least one class' }),
  reason: z.string().trim().min(1).max(500).describe('Why: kept in the audit log'),
});
export type LeverageCapsBody = z.infer<typeof leverageCapsBodySchema>;
