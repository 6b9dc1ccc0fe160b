import { describe, expect, it } from 'vitest';
import { DomainError } from '../domain/errors.ts';
import { localDateTime, previousMonth, statementRange, timeZoneOrUndefined } from './statement-range.ts';

const refusalOf = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return error instanceof DomainError ? error.messageKey : 'not a refusal';
  }
  return 'accepted';
};

describe('statement ranges', () => {
  it('starts and ends at local midnight, across a daylight-saving change', () => {
    // Europe/London: GMT until 29 March 2026, then BST (UTC+1).
    const range = statementRange('2026-03-01', '2026-04-01', 'Europe/London');
    expect(range.fromMs).toBe(Date.UTC(2026, 2, 1, 0));
    expect(range.toMs).toBe(Date.UTC(2026, 2, 31, 23));
    expect(statementRange('2026-11-01', '2026-12-01', 'Asia/Hong_Kong').fromMs).toBe(
      Date.UTC(2026, 9, 31, 16),
    );
    expect(localDateTime(Date.UTC(2026, 9, 31, 16), 'Asia/Hong_Kong')).toBe('2026-11-01 00:00');
  });

  it('knows real zones only', () => {
    expect(timeZoneOrUndefined(undefined)).toBe('UTC');
    expect(timeZoneOrUndefined('America/New_York')).toBe('America/New_York');
    expect(timeZoneOrUndefined('Mars/Olympus')).toBeUndefined();
    expect(timeZoneOrUndefined('../../etc')).toBeUndefined();
  });

  it('refuses days no calendar has, reversed and over-long ranges', () => {
    expect(refusalOf(() => statementRange('2026-02-29', '2026-03-02', 'UTC'))).toBe('statement.bad_date');
    expect(refusalOf(() => statementRange('2024-02-29', '2024-03-02', 'UTC'))).toBe('accepted');
    expect(refusalOf(() => statementRange('2026-03-02', '2026-03-02', 'UTC'))).toBe(
      'statement.range_reversed',
    );
    expect(refusalOf(() => statementRange('2025-01-01', '2026-01-02', 'UTC'))).toBe('accepted');
    expect(refusalOf(() => statementRange('2025-01-01', '2026-01-03', 'UTC'))).toBe(
      'statement.range_too_long',
    );
  });

  it('names the month before, in the zone', () => {
    // 1 January 2027 02:00 in Tokyo is still 31 December in UTC.
    const at = Date.UTC(2026, 11, 31, 17);
    expect(previousMonth(at, 'Asia/Tokyo')).toMatchObject({
      month: '2026-12',
      from: '2026-12-01',
      to: '2027-01-01',
    });
    expect(previousMonth(at, 'UTC')).toMatchObject({ month: '2026-11' });
  });
});
