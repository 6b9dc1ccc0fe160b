/**
 * Constants shared by the server, the web app and the back office. The numeric values are part of
 * the public API (docs/CONTRACT.md "Enumerations"): never renumber them; constants.test.ts fails
 * when one changes.
 */
import { KLINE_PERIOD_SECONDS, type KlinePeriod } from '@omp/engine';
import type { ChartIndicators } from './preferences.ts';

/** The 15 UI languages, in the order the language page lists them. `hk` is the default. */
export const LANGUAGES = [
  'hk',
  'en',
  'jp',
  'kr',
  'th',
  'vn',
  'fr',
  'de',
  'ru',
  'spa',
  'pt',
  'ar',
  'it',
  'tr',
  'id',
] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'hk';

/** Languages written right to left. */
export const RTL_LANGUAGES: readonly Language[] = ['ar'];

/** BCP 47 tags for number and date formatting, per UI language. */
/** Each language in its own name: a reader looking for theirs may not read the current one. */
export const NATIVE_LANGUAGE_NAMES: Record<Language, string> = {
  hk: '繁體中文',
  en: 'English',
  jp: '日本語',
  kr: '한국어',
  th: 'ไทย',
  vn: 'Tiếng Việt',
  fr: 'Français',
  de: 'Deutsch',
  ru: 'Русский',
  spa: 'Español',
  pt: 'Português',
  ar: 'العربية',
  it: 'Italiano',
  tr: 'Türkçe',
  id: 'Bahasa Indonesia',
};

export const LANGUAGE_LOCALES: Record<Language, string> = {
  hk: 'zh-HK',
  en: 'en-US',
  jp: 'ja-JP',
  kr: 'ko-KR',
  th: 'th-TH',
  vn: 'vi-VN',
  fr: 'fr-FR',
  de: 'de-DE',
  ru: 'ru-RU',
  spa: 'es-ES',
  pt: 'pt-PT',
  ar: 'ar',
  it: 'it-IT',
  tr: 'tr-TR',
  id: 'id-ID',
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * Maps whatever a client sends in the `lang` header to a supported language. The legacy `tw`
 * code maps to `hk` (docs/CONTRACT.md "Languages"); anything unknown falls back to the default.
 */
export function normalizeLanguage(value: unknown): Language {
  if (typeof value !== 'string') return DEFAULT_LANGUAGE;
  const lower = value.trim().toLowerCase();
  if (lower === 'tw') return 'hk';
  return isLanguage(lower) ? lower : DEFAULT_LANGUAGE;
}

/**
 * Kline periods and their length in seconds (docs/CONTRACT.md "Kline periods"). The engine builds
 * the bars, so its table is the one home of the periods; the wire names them as it does.
 */
export const PERIOD_SECONDS = KLINE_PERIOD_SECONDS;
export type Period = KlinePeriod;
export const PERIODS = Object.keys(PERIOD_SECONDS) as Period[];

export function isPeriod(value: unknown): value is Period {
  return typeof value === 'string' && Object.hasOwn(PERIOD_SECONDS, value);
}

/**
 * Envelope codes. 1 and 999 are fixed by the public contract; the others name the class of a
 * failure so clients can react without parsing `msg`.
 */
export const ResponseCode = {
  /** Success. */
  ok: 1,
  /** A business rule refused the request; `msg` says which. */
  refused: 0,
  /** The request could not be parsed (malformed JSON, wrong content type). */
  badRequest: 400,
  /** A staff member whose roles do not allow the action. */
  forbidden: 403,
  /** The route or the addressed record does not exist (or is not the caller's). */
  notFound: 404,
  /** Too large a body. */
  payloadTooLarge: 413,
  /** A field failed validation; `msg` names the field and the rule. */
  invalid: 422,
  /** Too many requests; retry later. */
  rateLimited: 429,
  /** Something failed on the server; nothing was changed. */
  internal: 500,
  /** The session token is missing, expired or revoked. */
  sessionInvalid: 999,
} as const;
export type ResponseCode = (typeof ResponseCode)[keyof typeof ResponseCode];

export const MarketStatus = { open: 1, closed: 2 } as const;
export type MarketStatus = (typeof MarketStatus)[keyof typeof MarketStatus];

export const OrderType = { buy: 1, sell: 2 } as const;
export type OrderType = (typeof OrderType)[keyof typeof OrderType];

export const OrderStatus = { pending: 0, holding: 1, closing: 2, closed: 3, cancelled: 4 } as const;
export type OrderStatus = (typeof OrderStatus)[keyof typeof OrderStatus];

export const ClosedType = {
  user: 1,
  stopOut: 2,
  takeProfit: 3,
  stopLoss: 4,
  backOffice: 5,
  /** An extension of the wire notes' enum: a stop loss that trailed the price (engine SPEC TS6). */
  trailingStop: 6,
} as const;
export type ClosedType = (typeof ClosedType)[keyof typeof ClosedType];

/** Margin modes of an instrument: 1 fixed (lots x units per lot), 2 leveraged (notional / multiple). */
export const MarginMode = { fixed: 1, leveraged: 2 } as const;
export type MarginMode = (typeof MarginMode)[keyof typeof MarginMode];

/**
 * Verification code purposes: `type` 1 register, 2 reset (docs/CONTRACT.md "Verification codes");
 * 3 proves a new e-mail address or mobile number before it replaces the user's own.
 */
export const CodePurpose = { register: 1, reset: 2, contactChange: 3 } as const;
export type CodePurpose = (typeof CodePurpose)[keyof typeof CodePurpose];

/** Password length limits (docs/decisions/0003-accounts.md). */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 64;

/** Kinds of ledger rows (packages/engine/SPEC.md "Ledger"); the UI translates `ledger.<kind>`. */
export const LEDGER_KINDS = [
  'deposit',
  'withdrawal_hold',
  'withdrawal_release',
  'withdrawal_fee',
  'trade_fee',
  'realized_pnl',
  'stop_out',
  'negative_balance_protection',
  'demo_reset',
  'adjustment',
  'bonus',
] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/** Idempotency: a retried money-changing request with the same key gets the first answer. */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** The longest key a client may send (1–64 characters). */
export const IDEMPOTENCY_KEY_MAX_LENGTH = 64;

/** Deposit statuses (docs/CONTRACT.md "Money in and out"). */
export const DepositStatus = { unchecked: 0, completed: 1, rejected: 2, invalid: 3 } as const;
/** Withdrawal statuses. */
export const WithdrawalStatus = { review: 0, paid: 1, rejected: 2 } as const;
/** Payout method types: 1 crypto address, 2 bank account. */
export const DrawType = { coin: 1, bank: 2 } as const;

/** The kinds of ID document a person may send. */
export const ID_CARD_TYPES = ['id_card', 'passport', 'driving_licence'] as const;
export type IdCardType = (typeof ID_CARD_TYPES)[number];

/** What `user_real/center` reports: 0 form, 1 waiting, else certified (docs/CONTRACT.md "Identity"). */
export const ReviewStatus = { form: 0, waiting: 1, certified: 2 } as const;
export type ReviewStatus = (typeof ReviewStatus)[keyof typeof ReviewStatus];

/** Stored states of a submission: waiting for staff, certified, or rejected with a remark. */
export const IdentityStatus = { waiting: 1, certified: 2, rejected: 3 } as const;
export type IdentityStatus = (typeof IdentityStatus)[keyof typeof IdentityStatus];

/**
 * Headers the app sends when a session opens (login, registration, demo sign-in, own demo, password
 * change): a random id the browser keeps for itself, and the IANA time zone it runs in. Both are
 * optional and a value that does not look right is ignored rather than refused, so an older client
 * still signs in. (Here, not with the sessions' schemas in devices.ts: the app's first screen
 * needs them without any schema.)
 */
export const DEVICE_ID_HEADER = 'device-id';
export const TIME_ZONE_HEADER = 'time-zone';
export const DEVICE_ID_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;

/** The range each indicator setting may take (the chart's steppers; a deviation steps by 0.5). */
export const INDICATOR_SETTING_LIMITS = {
  period: { min: 2, max: 200, step: 1 },
  deviation: { min: 0.5, max: 5, step: 0.5 },
  fast: { min: 2, max: 100, step: 1 },
  slow: { min: 3, max: 200, step: 1 },
  signal: { min: 2, max: 100, step: 1 },
} as const satisfies Record<string, { min: number; max: number; step: number }>;

/** The usual textbook settings; every indicator starts off. */
export const DEFAULT_CHART_INDICATORS: ChartIndicators = {
  sma: { on: false, period: 20 },
  ema: { on: false, period: 50 },
  bollinger: { on: false, period: 20, deviation: 2 },
  macd: { on: false, fast: 12, slow: 26, signal: 9 },
  rsi: { on: false, period: 14 },
};
