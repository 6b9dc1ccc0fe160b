/**
 * Exact amounts (decimal text, as the wire and the engine write them: "1234.5") shown and typed in
 * the user's language: German reads and writes 1.234,5, French 1 234,5, English 1,234.5. Nothing
 * here passes through a binary float, so every micro-dollar typed is the one sent.
 */
import type { Language } from '@omp/protocol';
import { decimalSeparator, formatInteger } from './format.ts';

/**
 * An exact decimal text in the language's separators, every digit kept ("0.015" stays three
 * decimals); `grouping: false` leaves the thousands ungrouped, as a figure put into a field.
 * A text that is not a decimal comes back as it is.
 */
export function formatDecimalText(
  text: string,
  lang: Language,
  options: { grouping?: boolean } = {},
): string {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) return text;
  const [, sign, whole, fraction] = match;
  const wholeText = options.grouping === false ? whole! : formatInteger(BigInt(whole!), lang);
  return `${sign}${wholeText}${fraction ? `${decimalSeparator(lang)}${fraction}` : ''}`;
}

/** Arabic-Indic and Persian digits, and the Arabic separators, as some keyboards type them. */
const EASTERN_DIGITS = /[\u0660-\u0669\u06f0-\u06f9]/g;
const easternDigit = (digit: string) => String((digit.charCodeAt(0) - 0x0660) % (0x06f0 - 0x0660));

/**
 * An amount as the user typed it, in the wire's form ("1234.5"), or the text without its spaces
 * when it is not one (the amount check then says what is wrong). The language's decimal separator
 * is the decimal; its group separator, in groups of three, is dropped. Where the decimal is a
 * comma, a lone point is taken as a decimal too (many phone keypads offer only the point); where
 * it is a point, a comma is only ever a group separator, so an English "1,000" is a thousand,
 * never one.
 */
export function typedDecimal(text: string, lang: Language): string {
  const compact = text
    .replace(EASTERN_DIGITS, easternDigit)
    .replace(/\u066b/g, '.')
    .replace(/[\s\u066c]/g, '');
  if (decimalSeparator(lang) === ',') {
    // "1.234.567,5", "1.234,5": points group; "12,5": the comma is the decimal.
    if (/^\d{1,3}(\.\d{3})+(,\d*)?$/.test(compact) && (compact.includes(',') || /\..*\./.test(compact)))
      return compact.replace(/\./g, '').replace(',', '.');
    if (/^\d+,\d*$/.test(compact)) return compact.replace(',', '.');
    return compact;
  }
  // "1,234,567.5": commas group, only in threes.
  if (/^\d{1,3}(,\d{3})+(\.\d*)?$/.test(compact)) return compact.replace(/,/g, '');
  return compact;
}

/**
 * A field that keeps only digits and one point (prices, lots, pips): the text as `typedDecimal`
 * reads it, and a comma left over taken as the point, as a habit of the hand ("1,5" → "1.5").
 * A pasted "2,345.50" is 2345.50 in English, never 2.34.
 */
export const digitsAndPoint = (text: string, lang: Language): string =>
  typedDecimal(text, lang)
    .replace(/,/g, '.')
    .replace(/[^\d.]/g, '');

/**
 * A field that keeps a plain non-negative decimal of at most `decimals` decimals (none: a whole
 * number), read as `digitsAndPoint` reads it: "1,085239" at 5 decimals keeps "1.08523".
 */
export function decimalWithin(text: string, decimals: number, lang: Language): string {
  const unified = digitsAndPoint(text, lang);
  const point = unified.indexOf('.');
  if (point === -1) return unified;
  const whole = unified.slice(0, point);
  if (decimals <= 0) return whole;
  return `${whole}.${unified
    .slice(point + 1)
    .replace(/\./g, '')
    .slice(0, decimals)}`;
}
