import { describe, expect, it } from 'vitest';
import { customRange, lastDayOf, presetRange } from './statement-range.ts';

describe('statement ranges', () => {
  const today = new Date(2026, 0, 15);

  it('gives each preset as [first day, day after the last)', () => {
    expect(presetRange('this_month', today)).toEqual({ from: '2026-01-01', to: '2026-02-01' });
    expect(presetRange('last_month', today)).toEqual({ from: '2025-12-01', to: '2026-01-01' });
    expect(presetRange('last_3_months', today)).toEqual({ from: '2025-11-01', to: '2026-02-01' });
  });

  it('includes the last day of a custom range, whichever order the days were picked in', () => {
    const range = customRange(new Date(2026, 1, 28), new Date(2026, 1, 3));
    expect(range).toEqual({ from: '2026-02-03', to: '2026-03-01' });
    expect(lastDayOf(range)).toBe('2026-02-28');
  });
});
