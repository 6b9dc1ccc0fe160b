import { beforeEach, describe, expect, it } from 'vitest';
import { mergeQuote, useQuotes, type LiveQuotation } from './quotes-store.ts';
import { listedInstrument, quotation } from './quote-fixtures.test-support.ts';

const instrument = listedInstrument;

describe('quotes store', () => {
  beforeEach(() => useQuotes.setState({ byCode: {} }));

  it('keeps the newest quotation per code', () => {
    const { applyBatch } = useQuotes.getState();
    applyBatch(new Map([['EURUSD', { ...quotation(1.1, 100), MarketStatus: 1 }]]));
    applyBatch(new Map([['EURUSD', { ...quotation(1.0, 90), MarketStatus: 1 }]]));
    expect(useQuotes.getState().byCode.EURUSD?.Bid).toBe(1.1);
    applyBatch(new Map([['EURUSD', { ...quotation(1.2, 110), MarketStatus: 2 }]]));
    expect(useQuotes.getState().byCode.EURUSD?.Bid).toBe(1.2);
  });

  it('does not notify for an empty batch', () => {
    const before = useQuotes.getState().byCode;
    useQuotes.getState().applyBatch(new Map());
    expect(useQuotes.getState().byCode).toBe(before);
  });
});

describe('mergeQuote', () => {
  it('prefers a newer push over the list, with its market status', () => {
    const live: LiveQuotation = { ...quotation(1.2, 200), MarketStatus: 2 };
    expect(mergeQuote(instrument(quotation(1.1, 100)), live)).toEqual({ quote: live, marketStatus: 2 });
  });

  it('keeps a refetched list that is newer than the last push', () => {
    const list = quotation(1.3, 300);
    const live: LiveQuotation = { ...quotation(1.2, 200), MarketStatus: 1 };
    expect(mergeQuote(instrument(list, 2), live)).toEqual({ quote: list, marketStatus: 2 });
  });

  it('uses the list without a push', () => {
    const list = quotation(1.1, 100);
    expect(mergeQuote(instrument(list), undefined).quote).toBe(list);
  });
});
