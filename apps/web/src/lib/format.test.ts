import { describe, expect, it } from 'vitest';
import {
  directionOf,
  directionOfChange,
  formatChange,
  formatChartTime,
  formatClock,
  formatDateTime,
  formatLots,
  formatPercent,
  formatPrice,
  formatUsd,
  isolateLtr,
  formatUtcOffset,
} from './format.ts';

describe('formatPrice', () => {
  it('shows exactly PricePrecision decimals', () => {
    expect(formatPrice(1.1, 5, 'en')).toBe('1.10000');
    expect(formatPrice(155.5, 3, 'en')).toBe('155.500');
    expect(formatPrice(91531.666, 2, 'en')).toBe('91,531.67');
    expect(formatPrice(42, 0, 'en')).toBe('42');
  });

  it('follows the language for separators', () => {
    expect(formatPrice(1234.5, 2, 'de')).toBe('1.234,50');
    expect(formatPrice(1234.5, 2, 'fr')).toMatch(/^1\s234,50$/u);
  });

  it('always uses Latin digits, also in Arabic and Thai', () => {
    for (const lang of ['ar', 'th', 'hk', 'jp'] as const) {
      expect(formatPrice(1.23456, 5, lang)).toMatch(/^[0-9.,\s\u00a0\u202f\u066b\u066c]+$/u);
      expect(formatPrice(1.23456, 5, lang)).toContain('23456');
    }
  });

  it('shows a dash without a price and clamps odd precisions', () => {
    expect(formatPrice(undefined, 5, 'en')).toBe('–');
    expect(formatPrice(Number.NaN, 5, 'en')).toBe('–');
    expect(formatPrice(1, -3, 'en')).toBe('1');
    expect(formatPrice(1, 40, 'en')).toBe('1.000000000000');
  });
});

describe('formatChange', () => {
  it('signs rises and falls but not zero', () => {
    expect(formatChange(1.234, 'en')).toBe('+1.23%');
    expect(formatChange(-0.5, 'en')).toBe('-0.50%');
    expect(formatChange(0, 'en')).toBe('0.00%');
  });

  it('places the percent sign the language way', () => {
    expect(formatChange(1.5, 'de')).toMatch(/^\+1,50\s%$/u);
    expect(formatChange(1.5, 'tr')).toBe('+%1,50');
  });

  it('shows a dash without a value', () => {
    expect(formatChange(null, 'en')).toBe('–');
  });
});

describe('directions', () => {
  it('compares prices', () => {
    expect(directionOf(2, 1)).toBe('up');
    expect(directionOf(1, 2)).toBe('down');
    expect(directionOf(1, 1)).toBe('flat');
  });
  it('reads a change', () => {
    expect(directionOfChange(0.01)).toBe('up');
    expect(directionOfChange(-0.01)).toBe('down');
    expect(directionOfChange(0)).toBe('flat');
    expect(directionOfChange(undefined)).toBe('flat');
  });
});

describe('times', () => {
  const t = Date.UTC(2026, 10, 23, 6, 5, 9) / 1000;

  it('formats a date and time in a given zone with Latin digits', () => {
    expect(formatDateTime(t, 'en', 'UTC')).toBe('Nov 23, 2026, 06:05');
    expect(formatDateTime(t, 'en', 'Asia/Hong_Kong')).toBe('Nov 23, 2026, 14:05');
    expect(formatDateTime(t, 'ar', 'UTC')).toMatch(/2026/);
  });

  it('formats chart labels in the chosen zone, each with the offset of its own moment', () => {
    expect(formatChartTime(t, 'en', 'time', 'UTC')).toBe('06:05');
    expect(formatChartTime(t, 'en', 'day', 'UTC')).toBe('Nov 23');
    expect(formatChartTime(t, 'en', 'year', 'UTC')).toBe('2026');
    expect(formatChartTime(t, 'en', 'time', 'Asia/Hong_Kong')).toBe('14:05');
    // London: 12:00 UTC reads 13:00 in summer and 12:00 after the clocks go back on 25 October.
    const summer = Date.UTC(2026, 9, 24, 12) / 1000;
    const winter = Date.UTC(2026, 9, 26, 12) / 1000;
    expect(formatChartTime(summer, 'en', 'time', 'Europe/London')).toBe('13:00');
    expect(formatChartTime(winter, 'en', 'time', 'Europe/London')).toBe('12:00');
  });

  it('formats a quote clock', () => {
    expect(formatClock(t, 'en')).toMatch(/^\d{2}:\d{2}:\d{2}$/);
    expect(formatClock(0, 'en')).toBe('–');
  });

  it('names UTC offsets', () => {
    expect(formatUtcOffset(0)).toBe('UTC');
    expect(formatUtcOffset(8 * 3600)).toBe('UTC+08:00');
    expect(formatUtcOffset(-(3 * 3600 + 1800))).toBe('UTC-03:30');
    expect(formatUtcOffset(5 * 3600 + 45 * 60)).toBe('UTC+05:45');
  });
});

describe('money, lots and percentages', () => {
  it('shows dollars with 2 decimals and the sign in front of the $', () => {
    expect(formatUsd(1234.567, 'en')).toBe('$1,234.57');
    expect(formatUsd(-0.058248, 'en')).toBe('-$0.06');
    expect(formatUsd(12.3, 'en', { signed: true })).toBe('+$12.30');
    expect(formatUsd(-12.3, 'en', { signed: true })).toBe('-$12.30');
    expect(formatUsd(-0.004, 'en', { signed: true })).toBe('$0.00');
    expect(formatUsd(1234.5, 'de')).toBe('$1.234,50');
    expect(formatUsd(1234.5, 'ar')).toMatch(/^\$1.234.50$/);
    expect(formatUsd(null, 'en')).toBe('–');
  });

  it('shows lots with at least 2 decimals', () => {
    expect(formatLots(0.1, 'en')).toBe('0.10');
    expect(formatLots(0.015, 'en')).toBe('0.015');
    expect(formatLots(2, 'de')).toBe('2,00');
  });

  it('shows a margin level in percent', () => {
    expect(formatPercent(1234.5, 'en')).toBe('1,234.50%');
    expect(formatPercent(null, 'en')).toBe('–');
  });
});

describe('figures inside sentences', () => {
  it('wraps a figure in left-to-right isolates', () => {
    expect(isolateLtr('-$0.05')).toBe('\u2066-$0.05\u2069');
  });
});
