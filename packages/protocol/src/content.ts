/**
 * Content, community and service on the wire: news articles, the announcement and complaint
 * e-mail, the leaderboard of traders who opted in, and the broker companies of the alternate main
 * mode; plus the back-office bodies that edit them. Texts are stored per language and answered in
 * the language of the `lang` header, falling back to English.
 */
import { z } from 'zod';
import {
  blankSkippingFields,
  changeOf,
  INTEGER_COLUMN_MAX,
  optionalWholeNumber,
  nameText,
  pageFields,
  text,
  utcTimeText,
  wholeNumber,
  wholeNumberOr,
} from './fields.ts';
import { userSchema } from './account.ts';
import { LANGUAGES } from './constants.ts';

/** A 1-or-0 flag, named in its refusal. */
const flag = (name: string) => wholeNumber(name, 0, 1);

/**
 * A picture address an article or a company may use: a path on our own server ("/media/...") or
 * an https URL. Protocol-relative ("//host") and every other scheme are refused.
 */
export const imageUrlOf = (max: number) =>
  text(max).refine(
    (url) => url === '' || (url.startsWith('/') && !url.startsWith('//')) || /^https:\/\/[^\s]+$/i.test(url),
    { error: () => 'must be a path on this server or an https URL' },
  );
export const imageUrlSchema = imageUrlOf(300);

/** An http(s) link (customer service, a company's website); empty for none. */
export const linkUrlSchema = text(500).refine((url) => url === '' || /^https?:\/\/[^\s]+$/i.test(url), {
  error: () => 'must be an http or https URL',
});

// News ------------------------------------------------------------------------------------------

export const newsListQuerySchema = z.object({
  category_id: wholeNumberOr('category_id', 1, 1, INTEGER_COLUMN_MAX).describe(
    'News category; the screens send 1',
  ),
  ...pageFields,
});

export const newsItemSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  desc: z.string().describe('Short summary, plain text'),
  logo: z.string().describe('Picture: a path on this server (/media/news/...) or an https URL'),
  created_at: utcTimeText('Publication time'),
});
export type NewsItem = z.infer<typeof newsItemSchema>;

export const newsListSchema = z.object({
  list: z.array(newsItemSchema).describe('Newest first'),
  total: z.number().int(),
  page: z.number().int(),
});

export const newsInfoQuerySchema = z.object({ id: wholeNumber('id', 1) });

export const newsArticleSchema = newsItemSchema.extend({
  content: z
    .string()
    .describe(
      'Sanitised HTML: p, h2-h4, strong, em, ul, ol, li, blockquote, br, a (http/https, opens in a new tab) and ' +
        'img (this server or https). Never scripts, styles, frames or event handlers.',
    ),
});
export type NewsArticle = z.infer<typeof newsArticleSchema>;

/** One language of an article. `content` is HTML and is sanitised by the server. */
export const newsTextSchema = z.object({
  title: text(200).min(1),
  desc: text(1000).default(''),
  content: z.string().max(100_000).default(''),
});

const languageKey = z.enum(LANGUAGES);

export const newsCreateBodySchema = z.object({
  category_id: wholeNumberOr('category_id', 1, 1, INTEGER_COLUMN_MAX),
  logo: imageUrlSchema.default(''),
  created_at_ms: optionalWholeNumber('created_at_ms', 0).describe(
    'Publication time, Unix ms; now when absent',
  ),
  texts: z
    .partialRecord(languageKey, newsTextSchema)
    .refine((texts) => texts.en !== undefined, { error: () => 'texts.en is required' })
    .describe('Per language: {en: {title, desc, content}, fr: {...}}; English is required'),
});

export const newsUpdateBodySchema = changeOf(
  z.object({
    category_id: optionalWholeNumber('category_id', 1, INTEGER_COLUMN_MAX),
    logo: imageUrlSchema.optional(),
    created_at_ms: optionalWholeNumber('created_at_ms', 0),
    texts: z
      .partialRecord(languageKey, newsTextSchema.nullable())
      .optional()
      .describe(
        'Languages given replace their text; null removes a language (English is refused: the others fall back to it)',
      ),
  }),
);

export const newsAdminSchema = z.object({
  id: z.number().int(),
  category_id: z.number().int(),
  logo: z.string(),
  created_at: utcTimeText(),
  created_at_ms: z.number().int(),
  texts: z.record(z.string(), z.object({ title: z.string(), desc: z.string(), content: z.string() })),
});

// Announcement and complaint e-mail ------------------------------------------------------------

export const complaintEmailSchema = z.object({
  email: z.string().describe('Where complaints go'),
  text: z.string().describe("What the complaint page says, in the request's language"),
});

/** Texts staff write per language; an empty string removes a language (English then shows). */
export const LOCALIZED_TEXT_KEYS = ['announcement', 'complaint_text'] as const;
export type LocalizedTextKey = (typeof LOCALIZED_TEXT_KEYS)[number];

export const localizedTextsBodySchema = z.object({
  key: z.enum(LOCALIZED_TEXT_KEYS),
  texts: z
    .partialRecord(languageKey, text(5000))
    .describe(
      'Per language; an empty string removes that language. English cannot be removed (refused: every other language falls back to it).',
    ),
});

export const settingsBodySchema = changeOf(
  z
    .object({
      ...blankSkippingFields({
        main_mode: z.enum(['trade', 'company']),
        service_link_type: z.enum(['frame', 'link']),
        verify_reg_type: z.enum(['email', 'mobile', 'both']),
        is_show_mobile: flag('is_show_mobile').transform(String),
        withdraw_requires_identity: flag('withdraw_requires_identity')
          .transform(String)
          .describe('1: only users with a certified identity may withdraw (read at each withdrawal)'),
        payout_cooling_hours: wholeNumber('payout_cooling_hours', 0, 720)
          .transform(String)
          .describe('Hours a newly bound payout method waits before a withdrawal may go to it; 0: none'),
        trade_fee_type: wholeNumber('trade_fee_type', 1, 2)
          .transform(String)
          .describe('1: fee = lots × rate; 2: fee = margin × rate. Applies to orders from now on'),
        demo_balance: z
          .string()
          .regex(/^\d{1,9}(\.\d{1,2})?$/, 'a USD amount')
          .refine((value) => Number(value) >= 1, { error: () => 'at least 1 USD' })
          .describe('USD a new or reset demo account starts with'),
        stale_quote_s: wholeNumber('stale_quote_s', 1, 3600)
          .transform(String)
          .describe('Market orders and closes are refused on a quote older than this, seconds'),
        margin_call_level: wholeNumber('margin_call_level', 1, 10_000).transform(String).describe('Percent'),
        stop_out_level: wholeNumber('stop_out_level', 1, 10_000)
          .transform(String)
          .describe('Percent; must stay below margin_call_level'),
      }),
      // An empty text is a value of these (no address, no link), so a JSON body may clear them.
      complaint_email: z.union([z.literal(''), z.email()]).optional(),
      complaint_email_host: linkUrlSchema
        .describe(
          'Empty: the complaint page asks this server; otherwise the host whose complaint_email call it asks',
        )
        .optional(),
      whatsapp_link: linkUrlSchema.optional(),
      telegram_link: linkUrlSchema.optional(),
      service_link: linkUrlSchema.optional(),
    })
    .describe(
      'Only the keys given change, at once and on every node: trading settings apply to the next ' +
        'order and the next tick, and new margin-call or stop-out levels to every open account at ' +
        'once, at the current prices. A number, a flag or a choice sent empty is left as it is (an ' +
        'empty text is a field not given); the e-mail and the links take an empty text as "none". ' +
        'An unknown key is refused, never ignored.',
    ),
);

const levelPercent = (name: string) => wholeNumber(name, 1, 10_000);

/** The levels whose effect staff ask to see before saving them. */
export const levelImpactQuerySchema = z.object({
  margin_call_level: levelPercent('margin_call_level').describe('Percent'),
  stop_out_level: levelPercent('stop_out_level').describe('Percent; must stay below margin_call_level'),
});

/** What new margin levels would do if saved now, counted over the accounts holding positions. */
export const levelImpactSchema = z.object({
  holding_accounts: z.number().int().describe('Accounts holding positions now, demo and real'),
  accounts_at_margin_call: z
    .number()
    .int()
    .describe(
      'Of them, at or below the margin-call level at the current prices: warned at once if not already',
    ),
  accounts_at_stop_out: z
    .number()
    .int()
    .describe(
      'At or below the stop-out level at the current prices: positions close at once where their market is open',
    ),
  real_accounts_at_margin_call: z
    .number()
    .int()
    .describe('accounts_at_margin_call counting real-money accounts only'),
  real_accounts_at_stop_out: z
    .number()
    .int()
    .describe('accounts_at_stop_out counting real-money accounts only'),
});
export type LevelImpact = z.infer<typeof levelImpactSchema>;

/** The settings that steer the trading book; the rest steer screens and sign-up. */
export const TRADING_SETTING_KEYS = [
  'trade_fee_type',
  'demo_balance',
  'stale_quote_s',
  'margin_call_level',
  'stop_out_level',
] as const;

// Leaderboard ----------------------------------------------------------------------------------

export const followListQuerySchema = z.object({
  is_demo: wholeNumberOr('is_demo', 0, 0, 1).describe(
    '0 the board of real accounts, 1 the board of demo accounts',
  ),
  ...pageFields,
  page_size: wholeNumberOr('page_size', 20, 1, 50),
});

export const leaderboardRowSchema = z.object({
  rank: z.number().int().describe('1 is the best three-week return'),
  user: z.string().describe('Masked name: ja***@gm***.com or +44 77****123'),
  multiple: z.number().int().describe('The leverage used most often over all closed trades'),
  code: z.string().describe('Display code of the instrument traded most often, e.g. EUR/USD'),
  three_week_rate: z
    .number()
    .describe('Return over the last 21 days, percent with 2 decimals: net P/L ÷ capital (docs 0007)'),
  three_week_win: z.number().describe('Winning ÷ closed trades of the last 21 days, percent, 2 decimals'),
  three_week_profit: z.number().describe('Net realized P/L of the last 21 days, USD (fees deducted)'),
  total_rate: z.number().describe('Net realized P/L of all time ÷ all money put in, percent, 2 decimals'),
  total_trade_num: z.number().int().describe('Closed trades of all time'),
  followers: z.number().int().describe('0: copy trading does not exist yet'),
});
export type LeaderboardRow = z.infer<typeof leaderboardRowSchema>;

export const leaderboardSchema = z.object({
  list: z.array(leaderboardRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  updated_at: utcTimeText('When the board was computed'),
});

/** `/api/user/info`: the user, and whether they chose to appear on the leaderboard. */
export const userInfoSchema = userSchema.extend({
  show_on_leaderboard: z.number().int().describe('1: shown on the leaderboard (POST /api/follow/opt_in)'),
});
export type UserInfo = z.infer<typeof userInfoSchema>;

export const followOptInBodySchema = z.object({
  enabled: flag('enabled').describe('1 show me on the leaderboard, 0 hide me (at once)'),
});

// Companies ------------------------------------------------------------------------------------

export const CompanyStatus = { active: 1, suspended: 2 } as const;

export const companyQuerySchema = z.object({
  name: text(100).optional().describe('Part of the name, any case'),
  ...pageFields,
});

export const companySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  logo: z.string(),
  url: z.string().describe('Website'),
  subject: z.string().describe('The main company (legal entity) behind the brand'),
  registered_address: z.string(),
  location: z.string().describe('Office address'),
  email: z.string().describe('Contact e-mail'),
  status: z.number().int().describe('1 active, 2 suspended'),
});
export type Company = z.infer<typeof companySchema>;

export const companyStatusQuerySchema = z.object({ id: wholeNumber('id', 1) });

export const companyStatusSchema = z.object({
  id: z.number().int(),
  status: z.number().int().describe('1 active, 2 suspended'),
  loss_url: z.string().describe('Suspended only: where to send the visitor; empty when active'),
});

/** Absent fields take their defaults on create (empty text, active) and stay as they are on update. */
export const companyBodySchema = z.object({
  name: nameText(100).min(1),
  logo: imageUrlSchema.optional(),
  url: linkUrlSchema.optional(),
  subject: nameText(200).optional(),
  registered_address: text(300).optional(),
  location: text(300).optional(),
  email: z.union([z.literal(''), z.email()]).optional(),
  status: optionalWholeNumber('status', 1, 2).describe('1 active, 2 suspended'),
  loss_url: linkUrlSchema.optional().describe('Where a suspended company sends visitors'),
  sort: optionalWholeNumber('sort', -INTEGER_COLUMN_MAX, INTEGER_COLUMN_MAX).describe('Lower first'),
});
export const companyUpdateBodySchema = changeOf(companyBodySchema.partial());
