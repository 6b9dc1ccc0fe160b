import { describe, expect, it } from 'vitest';
import { percentText, windowStartMs } from './risk-warning-service.ts';

describe('risk warning figure', () => {
  it('writes the share with one decimal, rounded half up, from integers', () => {
    expect(percentText(7, 11)).toBe('63.6');
    expect(percentText(742, 1000)).toBe('74.2');
    expect(percentText(1, 8)).toBe('12.5');
    expect(percentText(1, 16)).toBe('6.3'); // 6.25 rounds up
    expect(percentText(0, 10)).toBe('0.0');
    expect(percentText(10, 10)).toBe('100.0');
  });

  it('covers the twelve months before now, to the same instant a year earlier', () => {
    expect(new Date(windowStartMs(Date.UTC(2026, 10, 27, 5, 30))).toISOString()).toBe(
      '2025-11-27T05:30:00.000Z',
    );
    // A leap day goes back to the 1st of March of a year without one.
    expect(new Date(windowStartMs(Date.UTC(2028, 1, 29, 12))).toISOString()).toBe('2027-03-01T12:00:00.000Z');
  });
});
