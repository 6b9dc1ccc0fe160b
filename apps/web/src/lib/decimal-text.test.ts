import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@omp/protocol';
import { digitsAndPoint, formatDecimalText, typedDecimal } from './decimal-text.ts';
import { formatUsd } from './format.ts';

describe('formatDecimalText', () => {
  it("shows every digit in the language's separators", () => {
    expect(formatDecimalText('1234.5', 'en')).toBe('1,234.5');
    expect(formatDecimalText('1234.5', 'de')).toBe('1.234,5');
    expect(formatDecimalText('1234.015', 'fr')).toMatch(/^1\s234,015$/u);
    expect(formatDecimalText('-999999999.999999', 'it')).toBe('-999.999.999,999999');
    expect(formatDecimalText('0.000001', 'ru')).toBe('0,000001');
    expect(formatDecimalText('12', 'tr')).toBe('12');
    // Latin digits in Arabic, as every other figure.
    expect(formatDecimalText('1234.5', 'ar')).toBe('1,234.5');
  });

  it('groups as the balance beside it does, and leaves a field its figure ungrouped', () => {
    for (const lang of LANGUAGES) {
      expect(formatDecimalText('1234.56', lang)).toBe(formatUsd(1234.56, lang).replace('$', ''));
      expect(formatDecimalText('1234.56', lang, { grouping: false })).toMatch(/^1234[.,]56$/);
    }
  });

  it('leaves what is not a decimal as it is', () => {
    expect(formatDecimalText('—', 'de')).toBe('—');
    expect(formatDecimalText('1e5', 'de')).toBe('1e5');
  });
});

describe('typedDecimal', () => {
  it.each([
    ['en', '1,000', '1000'],
    ['en', '1,234,567.25', '1234567.25'],
    ['en', '12.5', '12.5'],
    ['en', ' 12.5 ', '12.5'],
    // A comma that is not a group of three is not taken as one: the check says the format is wrong.
    ['en', '12,5', '12,5'],
    ['de', '12,5', '12.5'],
    ['de', '1.234,56', '1234.56'],
    ['de', '1.234.567', '1234567'],
    ['de', '12.5', '12.5'],
    ['de', '1.234', '1.234'],
    ['fr', '1 234,56', '1234.56'],
    ['fr', '1\u202f234,56', '1234.56'],
    ['spa', '0,000001', '0.000001'],
    ['ar', '١٢٣٫٥', '123.5'],
    ['ar', '۱۲۳', '123'],
    ['hk', '1,000.5', '1000.5'],
  ] as const)('%s "%s" is %s', (lang, typed, wire) => {
    expect(typedDecimal(typed, lang)).toBe(wire);
  });

  it('reads back what it shows, in every language', () => {
    for (const lang of LANGUAGES)
      for (const amount of ['0.5', '1234.56', '999999999.999999', '1000000'])
        for (const grouping of [true, false])
          expect(typedDecimal(formatDecimalText(amount, lang, { grouping }), lang)).toBe(amount);
  });
});

describe('digitsAndPoint', () => {
  it.each([
    // Typed one key at a time, a comma is the point in every language.
    ['en', '1,', '1.'],
    ['en', '0,5', '0.5'],
    ['de', '0,5', '0.5'],
    // Pasted with grouping: the language decides which mark groups.
    ['en', '2,345.50', '2345.50'],
    ['de', '2.345,50', '2345.50'],
    ['fr', '90 000,5', '90000.5'],
    ['de', '1,08523', '1.08523'],
    ['en', '-12a', '12'],
  ] as const)('%s "%s" keeps %s', (lang, typed, kept) => {
    expect(digitsAndPoint(typed, lang)).toBe(kept);
  });
});
