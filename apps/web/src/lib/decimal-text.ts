/**
 * Exact amounts (decimal text, as the wire and the engine write them: "1234.5") shown and typed in
 * the user's language: German reads and writes 1.234,5, French 1 234,5, English 1,234.5. Nothing
 * here passes through a binary float, so every micro-dollar typed is the one sent.
 */
import { LANGUAGE_LOCALES, type Language } from '@omp/protocol';

interface Separators {
  decimal: string;
  group: string;
  /** The whole part with the language's grouping, Latin digits (as the other figures). */
  whole: Intl.NumberFormat;
}

const separatorsByLanguage = new Map<Language, Separators>();

function separatorsOf(lang: Language): Separators {
  let found = separatorsByLanguage.get(lang);
  if (!found) {
    const whole = new Intl.NumberFormat(LANGUAGE_LOCALES[lang], {
      numberingSystem: 'latn',
      maximumFractionDigits: 0,
    });
    const parts = new Intl.NumberFormat(LANGUAGE_LOCALES[lang], { numberingSystem: 'latn' }).formatToParts(
      12345.5,
    );
    found = {
      decimal: parts.find((part) => part.type === 'decimal')?.value ?? '.',
      group: parts.find((part) => part.type === 'group')?.value ?? ',',
      whole,
    };
    separatorsByLanguage.set(lang, found);
  }
  return found;
}

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
  const separators = separatorsOf(lang);
  const wholeText = options.grouping === false ? whole! : separators.whole.format(BigInt(whole!));
  return `${sign}${wholeText}${fraction ? `${separators.decimal}${fraction}` : ''}`;
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
  if (separatorsOf(lang).decimal === ',') {
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
