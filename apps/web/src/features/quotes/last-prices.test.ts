import { describe, expect, it } from 'vitest';
import type { Quotation } from '@omp/protocol';
import { formatSavedAt, isLastPrices, withNewestQuotes } from './last-prices.ts';
import { listedInstrument, quotation } from './quote-fixtures.test-support.ts';

const instrument = (code: string, q: Quotation) => listedInstrument(q, 1, code);

describe('last prices kept for offline', () => {
  it('keeps each instrument with the newer of its listed and pushed quote', () => {
    const list = [instrument('EURUSD', quotation(1.1, 100)), instrument('XAUUSD', quotation(2400, 100))];
    const kept = withNewestQuotes(list, {
      EURUSD: { ...quotation(1.2, 110), MarketStatus: 2 },
      XAUUSD: { ...quotation(2300, 90), MarketStatus: 1 },
    });
    expect(kept.map((row) => [row.Code, row.ForexQuotations.Bid, row.MarketStatus])).toEqual([
      ['EURUSD', 1.2, 2],
      ['XAUUSD', 2400, 1],
    ]);
    // The list the screen holds is not changed.
    expect(list[0]!.ForexQuotations.Bid).toBe(1.1);
  });

  it('shows only a stored snapshot of the shape it writes', () => {
    const snapshot = {
      savedAt: 1,
      lang: 'en',
      instruments: [instrument('EURUSD', quotation(1.1, 100))],
      categories: [],
      favouriteIds: [3],
    };
    expect(isLastPrices(snapshot)).toBe(true);
    expect(isLastPrices(null)).toBe(false);
    expect(isLastPrices({ ...snapshot, savedAt: '1' })).toBe(false);
    expect(isLastPrices({ ...snapshot, instruments: [{ Code: 'EURUSD' }] })).toBe(false);
    expect(isLastPrices({ ...snapshot, favouriteIds: undefined })).toBe(false);
  });

  it('says the time as HH:MM on a 24-hour clock in Latin digits, Arabic included', () => {
    const at = new Date(2026, 10, 27, 9, 5).getTime();
    expect(formatSavedAt(at, 'en')).toBe('09:05');
    expect(formatSavedAt(at, 'ar')).toBe('09:05');
  });
});
