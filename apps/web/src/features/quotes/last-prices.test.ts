import { describe, expect, it } from 'vitest';
import type { Instrument, Quotation } from '@omp/protocol';
import { formatSavedAt, isLastPrices, withNewestQuotes } from './last-prices.ts';

const quotation = (Bid: number, NowTime: number): Quotation => ({
  Id: 1,
  ForexId: 1,
  Open: 1,
  High: 2,
  Low: 0.5,
  Close: Bid,
  Bid,
  Ask: Bid + 0.0001,
  Change: 0,
  Volume: 1,
  Amount: 0,
  NowTime,
});

const instrument = (Code: string, q: Quotation): Instrument =>
  ({ Id: 1, Code, MarketStatus: 1, ForexQuotations: q }) as unknown as Instrument;

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
