/**
 * A user's preferences kept on the server, so they follow the user from device to device
 * (GET/POST /v1/api/user/preferences). Only the names listed here are kept, each with its own
 * schema: the server stores nothing it could not read back, and a client cannot park arbitrary
 * data under a user.
 *
 *   { name: 'chart_indicators', value: { sma: { on: true, period: 20 }, … } }
 */
import { z } from 'zod';
import { INDICATOR_SETTING_LIMITS } from './constants.ts';

// The limits and the defaults live in constants.ts: the chart needs them, without any schema.
export { INDICATOR_SETTING_LIMITS, DEFAULT_CHART_INDICATORS } from './constants.ts';

type SettingName = keyof typeof INDICATOR_SETTING_LIMITS;

/** One stepper's value: within its limits and on its step. */
const setting = (name: SettingName) => {
  const { min, max, step } = INDICATOR_SETTING_LIMITS[name];
  return z.number().min(min).max(max).multipleOf(step).describe(`${min} to ${max}, in steps of ${step}`);
};

const on = z.boolean().describe('Shown on the chart');

/** The chart's indicators: which are shown, and with which settings. */
export const chartIndicatorsSchema = z
  .object({
    sma: z.object({ on, period: setting('period') }).strict(),
    ema: z.object({ on, period: setting('period') }).strict(),
    bollinger: z.object({ on, period: setting('period'), deviation: setting('deviation') }).strict(),
    macd: z
      .object({ on, fast: setting('fast'), slow: setting('slow'), signal: setting('signal') })
      .strict()
      // A MACD whose fast average is not faster than its slow one is a flat line.
      .refine((macd) => macd.fast < macd.slow, {
        error: () => 'fast must be below slow',
        params: { messageKey: 'preference.macd_fast_not_below_slow' },
      }),
    rsi: z.object({ on, period: setting('period') }).strict(),
  })
  .strict()
  .describe('The chart indicators: SMA, EMA and Bollinger bands over the candles, MACD and RSI below');

export type ChartIndicators = z.infer<typeof chartIndicatorsSchema>;
export type IndicatorName = keyof ChartIndicators;

/** Every preference the server keeps, with the schema of its value. */
export const PREFERENCE_SCHEMAS = {
  chart_indicators: chartIndicatorsSchema,
} as const;

export type PreferenceName = keyof typeof PREFERENCE_SCHEMAS;
export const PREFERENCE_NAMES = Object.keys(PREFERENCE_SCHEMAS) as [PreferenceName, ...PreferenceName[]];

/**
 * The largest request body a preference may be saved with, in bytes. Each schema bounds its value
 * already; this refuses an oversized body before it is read, whatever it holds.
 */
export const PREFERENCE_BODY_LIMIT = 4096;

export const preferenceNameSchema = z.enum(PREFERENCE_NAMES).describe('Which preference');

export const preferenceQuerySchema = z.object({ name: preferenceNameSchema });

/** The body of a save: a known name and a value its schema accepts. */
export const preferenceSaveSchema = z.discriminatedUnion('name', [
  z.object({ name: z.literal('chart_indicators'), value: chartIndicatorsSchema }).strict(),
]);

export type PreferenceSave = z.infer<typeof preferenceSaveSchema>;

/** A preference as kept: null value and time while the user never saved it. */
export const preferenceSchema = z.discriminatedUnion('name', [
  z.object({
    name: z.literal('chart_indicators'),
    value: chartIndicatorsSchema.nullable(),
    updated_at: z.number().int().nullable().describe('Last saved, Unix seconds; null when never saved'),
  }),
]);

export type Preference = z.infer<typeof preferenceSchema>;
