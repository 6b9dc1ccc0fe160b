/**
 * Number and date formatting at the UI edge. Prices always use Latin digits and exactly the
 * instrument's PricePrecision decimals, so a column of prices lines up in tabular numerals and a
 * tick never changes the width of the text (Arabic, for instance, would otherwise switch to
 * Arabic-Indic digits). Separators still follow the language (1.234,56 in German).
 */
import { LANGUAGE_LOCALES, type Language } from '@omp/protocol';

const numberFormats = new Map<string, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();

function numberFormat(lang: Language, key: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const cacheKey = `${lang}|${key}`;
  let format = numberFormats.get(cacheKey);
  if (!format) {
    format = new Intl.NumberFormat(LANGUAGE_LOCALES[lang], { numberingSystem: 'latn', ...options });
    numberFormats.set(cacheKey, format);
  }
  return format;
}

/** Clamps a precision from the wire into what Intl accepts. */
function safeDigits(precision: number): number {
  return Number.isFinite(precision) ? Math.min(Math.max(Math.trunc(precision), 0), 12) : 2;
}

/** A price with exactly `precision` decimals, or an en dash when there is no price. */
export function formatPrice(value: number | null | undefined, precision: number, lang: Language): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '–';
  const digits = safeDigits(precision);
  return numberFormat(lang, `p${digits}`, {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(value);
}

/**
 * A change in percent (the wire sends 1.23 for +1.23 %), always signed except for zero so the
 * direction reads without colour (colour-blind users, grey-scale screenshots).
 */
export function formatChange(percent: number | null | undefined, lang: Language): string {
  if (percent === null || percent === undefined || !Number.isFinite(percent)) return '–';
  return numberFormat(lang, 'chg', {
    style: 'percent',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    signDisplay: 'exceptZero',
  }).format(percent / 100);
}

/**
 * US dollars with 2 decimals and a `$` in front in every language (docs/CONTRACT.md "Timings and
 * sizes"), e.g. `$1,234.57`, `-$0.06`; `signed` adds `+` to gains, for profit and loss.
 */
export function formatUsd(
  value: number | null | undefined,
  lang: Language,
  options: { signed?: boolean } = {},
): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '–';
  const body = numberFormat(lang, 'usd', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
    Math.abs(value),
  );
  // Rounding decides the sign: -0.004 shows as $0.00, not -$0.00.
  const rounded = Math.round(Math.abs(value) * 100);
  const sign = rounded === 0 ? '' : value < 0 ? '-' : options.signed ? '+' : '';
  return `${sign}$${body}`;
}

/** Lots with at least 2 decimals and no trailing noise: 0.1 → 0.10, 0.015 → 0.015. */
export function formatLots(value: number | null | undefined, lang: Language): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '–';
  return numberFormat(lang, 'lots', { minimumFractionDigits: 2, maximumFractionDigits: 8 }).format(value);
}

/** A percentage given as 0–100+ (the margin level), 2 decimals: 1234.5 → 1,234.50%. */
export function formatPercent(value: number | null | undefined, lang: Language): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '–';
  return numberFormat(lang, 'pct', {
    style: 'percent',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(value / 100);
}

/**
 * A figure put inside a translated sentence, wrapped in Unicode isolates (LRI … PDI), so in a
 * right-to-left sentence "-$0.05" and "50.00%" keep their order instead of reading "$0.05-".
 */
export function isolateLtr(text: string): string {
  return `\u2066${text}\u2069`;
}

/** A plain count (bars, ticks) or a whole amount's digits with the language's grouping. */
export function formatInteger(value: number | bigint, lang: Language): string {
  return numberFormat(lang, 'int', { maximumFractionDigits: 0 }).format(value);
}

/** The language's decimal separator as its figures are written (Latin digits): "." or ",". */
export function decimalSeparator(lang: Language): string {
  const parts = numberFormat(lang, 'sep', {}).formatToParts(1.5);
  return parts.find((part) => part.type === 'decimal')?.value ?? '.';
}

/** A distance in pips: no more than `decimals` decimals, none shown when whole (12, 12.5). */
export function formatPips(value: number, decimals: number, lang: Language): string {
  const digits = safeDigits(decimals);
  return numberFormat(lang, `pips${digits}`, { maximumFractionDigits: digits }).format(value);
}

export type Direction = 'up' | 'down' | 'flat';

/** Which way a value moved; drives colours and flashes. */
export function directionOf(current: number, previous: number): Direction {
  if (current > previous) return 'up';
  if (current < previous) return 'down';
  return 'flat';
}

export function directionOfChange(percent: number | null | undefined): Direction {
  if (percent === null || percent === undefined || !Number.isFinite(percent) || percent === 0) return 'flat';
  return percent > 0 ? 'up' : 'down';
}

function dateFormat(
  lang: Language,
  timeZone: string | undefined,
  options: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  const cacheKey = `${lang}|${timeZone ?? 'local'}|${JSON.stringify(options)}`;
  let format = dateFormats.get(cacheKey);
  if (!format) {
    format = new Intl.DateTimeFormat(LANGUAGE_LOCALES[lang], {
      numberingSystem: 'latn',
      ...(timeZone ? { timeZone } : {}),
      ...options,
    });
    dateFormats.set(cacheKey, format);
  }
  return format;
}

/** Date and time of a Unix time in seconds, in the device's time zone unless one is given. */
export function formatDateTime(unixSeconds: number, lang: Language, timeZone?: string): string {
  return dateFormat(lang, timeZone, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(unixSeconds * 1000));
}

/** The time of day of a quote (HH:mm:ss, 24 h), as trading terminals show beside each symbol. */
export function formatClock(unixSeconds: number, lang: Language): string {
  if (!Number.isFinite(unixSeconds) || unixSeconds <= 0) return '–';
  return dateFormat(lang, undefined, {
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(unixSeconds * 1000));
}

/**
 * Short labels for the chart's axis and crosshair, in `timeZone` ('UTC', or undefined for the
 * device's zone). Each label is formatted for its own moment, so it is right on both sides of a
 * daylight-saving change.
 */
export function formatChartTime(
  unixSeconds: number,
  lang: Language,
  kind: 'time' | 'day' | 'month' | 'year' | 'full',
  timeZone: string | undefined,
): string {
  const options: Record<typeof kind, Intl.DateTimeFormatOptions> = {
    time: { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' },
    day: { month: 'short', day: 'numeric' },
    month: { month: 'short' },
    year: { year: 'numeric' },
    full: {
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    },
  };
  return dateFormat(lang, timeZone, options[kind]).format(new Date(unixSeconds * 1000));
}

/** The device's UTC offset at a moment, in seconds east of Greenwich (UTC+8 → 28800). */
export function localOffsetSeconds(unixSeconds: number): number {
  return -new Date(unixSeconds * 1000).getTimezoneOffset() * 60;
}

/** "UTC+08:00", "UTC-03:30", "UTC" for a zone offset in seconds. */
export function formatUtcOffset(offsetSeconds: number): string {
  if (offsetSeconds === 0) return 'UTC';
  const sign = offsetSeconds > 0 ? '+' : '-';
  const minutes = Math.abs(Math.round(offsetSeconds / 60));
  const hh = String(Math.floor(minutes / 60)).padStart(2, '0');
  const mm = String(minutes % 60).padStart(2, '0');
  return `UTC${sign}${hh}:${mm}`;
}
