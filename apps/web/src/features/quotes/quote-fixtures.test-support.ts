/** Quotes and list rows for the quote list's tests: only the fields those tests read are real. */
import type { Instrument, Quotation } from '@omp/protocol';

export const quotation = (Bid: number, NowTime: number): Quotation => ({
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

export const listedInstrument = (q: Quotation, MarketStatus = 1, Code = 'EURUSD'): Instrument =>
  ({ Id: 1, Code, MarketStatus, ForexQuotations: q }) as unknown as Instrument;
