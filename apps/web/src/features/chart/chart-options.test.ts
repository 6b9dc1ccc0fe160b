import { describe, expect, it } from 'vitest';
import { TickMarkType } from 'lightweight-charts';
import { tickLabel } from './chart-options.ts';

const at = (iso: string) => Date.parse(iso) / 1000;

describe('tick labels', () => {
  it('labels the UTC day boundary as a date when the labels are in UTC', () => {
    expect(tickLabel(at('2026-11-23T00:00:00Z'), TickMarkType.DayOfMonth, 'en', 'UTC')).toBe('Nov 23');
    expect(tickLabel(at('2026-11-01T00:00:00Z'), TickMarkType.Month, 'en', 'UTC')).toBe('Nov');
    expect(tickLabel(at('2026-11-23T06:05:00Z'), TickMarkType.Time, 'en', 'UTC')).toBe('06:05');
  });

  it('writes the local time where a UTC boundary is not a local midnight', () => {
    // UTC midnight is 08:00 in Hong Kong: a date there would suggest the day starts at 08:00.
    expect(tickLabel(at('2026-11-23T00:00:00Z'), TickMarkType.DayOfMonth, 'en', 'Asia/Hong_Kong')).toBe(
      '08:00',
    );
    // Where the zone is UTC+0 in winter, the boundary is a local midnight and keeps its date.
    expect(tickLabel(at('2026-11-23T00:00:00Z'), TickMarkType.DayOfMonth, 'en', 'Europe/London')).toBe(
      'Nov 23',
    );
    // In summer, London's UTC midnight is 01:00.
    expect(tickLabel(at('2026-07-01T00:00:00Z'), TickMarkType.Month, 'en', 'Europe/London')).toBe('01:00');
  });
});
