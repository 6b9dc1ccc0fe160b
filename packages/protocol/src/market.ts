/**
 * Market data on the wire: categories, instruments with their quote, kline bars, and the query
 * schemas of the market calls. Field names follow the existing clients (PascalCase, see
 * docs/CONTRACT.md "Field names and values"). Prices are JSON numbers already rounded to the
 * instrument's PricePrecision; clients format them with exactly PricePrecision decimals.
 */
import { z } from 'zod';
import { PERIOD_SECONDS, type Period } from './constants.ts';
import { quotationSchema } from './wire-rows.ts';
import { instrumentKey, optionalInstrumentKey, optionalWholeNumber, wholeNumberOr } from './fields.ts';

// The rows the socket carries too live with its messages, in zod's mini build (wire-rows.ts).
export { quotationSchema, klinePointSchema, type Quotation, type KlinePoint } from './wire-rows.ts';

const periodValues = Object.keys(PERIOD_SECONDS) as [Period, ...Period[]];
const periodMinutes = periodValues.map((period) => PERIOD_SECONDS[period] / 60);
/**
 * A bar period: its code (`1M` … `1MN`), or its length in minutes as spec section 9 lists them
 * (`1`, `5`, `15`, `30`, `60`, `1440`), which older clients send; `240`, `10080` and `43200` (the
 * nominal 30-day month) name the periods added since.
 */
export const periodSchema = z.preprocess(
  (value) => {
    if (typeof value !== 'string' || !/^\d{1,5}$/.test(value)) return value;
    const found = periodValues.find((period) => PERIOD_SECONDS[period] === Number(value) * 60);
    return found ?? value;
  },
  z.enum(periodValues, {
    error: () => `period must be one of ${periodValues.join(', ')} (or minutes: ${periodMinutes.join(', ')})`,
  }),
);

/** An id of the query or the path: query-string integers arrive as text, digits only. */
export const idParam = (name: string) => instrumentKey(name);

export const categorySchema = z.object({
  Id: z.number().int(),
  Code: z.string().describe('Stable key of the category, e.g. forex, metals, crypto'),
  NameShowTrans: z.string().describe("Name in the request's language"),
  Sort: z.number().int(),
});
export type Category = z.infer<typeof categorySchema>;

export const tradingSessionSchema = z.object({
  From: z.number().int().describe('Minute of the week the session opens, UTC, 0 = Sunday 00:00'),
  To: z.number().int().describe('Minute of the week the session closes (exclusive)'),
});

export const instrumentSchema = z.object({
  Id: z.number().int(),
  Code: z.string(),
  ShowCode: z.string(),
  Name: z
    .string()
    .describe(
      "The instrument's name in the request's language: staff's (their English one when not set in " +
        "that language), else the catalogue's for the seeded instruments ('Gold', '黃金'), else empty",
    ),
  TradingHalted: z
    .boolean()
    .describe('The broker halted new orders: MarketStatus is then 2, and open positions can still close'),
  Logo: z.string().describe('URL of the logo image'),
  CategoryId: z.number().int(),
  MarketStatus: z.number().int().describe('1 open, 2 closed'),
  PricePrecision: z.number().int(),
  Pip: z.number().describe('Lot step'),
  ForexMinCont: z.number().describe('Minimum lots'),
  ForexMaxCont: z.number().describe('Maximum lots'),
  ForexContNum: z.number().describe('Units per lot'),
  MarginMode: z.number().int().describe('1 fixed margin, 2 leveraged'),
  ForexFeeRate: z.number(),
  HasForexMultiple: z.array(z.object({ Value: z.number().int() })).describe('Leverage options'),
  Spread: z.number().int().describe('Spread in points (1 point = 10^-PricePrecision)'),
  BaseCurrency: z.string(),
  QuoteCurrency: z.string(),
  TradingSessions: z.array(tradingSessionSchema),
  NextOpenTime: z.number().int().nullable().describe('When a closed market opens next, Unix seconds'),
  ForexQuotations: quotationSchema,
});
export type Instrument = z.infer<typeof instrumentSchema>;

export const tradeListQuerySchema = z.object({
  searchCurrency: z.string().trim().max(40, { error: 'searchCurrency is too long' }).optional(),
  category_id: optionalInstrumentKey('category_id'),
});

/** Starring or unstarring one instrument: POST body, DELETE query. */
export const favouriteTargetSchema = z.object({ forex_id: idParam('forex_id') });

export const favouriteIdsSchema = z
  .array(z.number().int())
  .describe("Ids of the user's starred instruments (Instrument.Id), in the order they were starred");

export const klineQuerySchema = z.object({
  forex_id: idParam('forex_id'),
  period: periodSchema,
  limit: wholeNumberOr('limit', 300, 1, 1000),
  before: optionalWholeNumber('before', 1).describe(
    'Only bars that open before this Unix time (for loading older history)',
  ),
});

export const abbreviatedKlineQuerySchema = z.object({
  forex_id: idParam('forex_id'),
  period: periodSchema.default('1M'),
});

/** The body of the tick-ingest endpoint a price bridge posts to. */
export const tickIngestBodySchema = z.object({
  ticks: z
    .array(
      z.object({
        code: z.string().min(1),
        bid: z.union([z.number(), z.string()]),
        ask: z.union([z.number(), z.string()]).optional(),
        time: z.number().int().positive().optional().describe('Unix milliseconds; default now'),
      }),
    )
    .min(1, { error: 'ticks must not be empty' })
    .max(5000, { error: 'at most 5000 ticks per request' }),
});
export type TickIngestBody = z.infer<typeof tickIngestBodySchema>;
