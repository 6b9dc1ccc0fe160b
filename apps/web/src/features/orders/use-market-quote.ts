import type { Quotation } from '@omp/protocol';
import { useTradeList } from '../quotes/market-queries.ts';
import { mergeQuote, useQuotes } from '../quotes/quotes-store.ts';

/**
 * The live quote of an instrument by code: pending orders have no price of their own on the wire
 * (their Price is the target), so the market they wait for comes from the quote pushes.
 */
export function useMarketQuote(code: string): Pick<Quotation, 'Bid' | 'Ask'> | undefined {
  const live = useQuotes((s) => s.byCode[code]);
  const listed = useTradeList().data?.find((instrument) => instrument.Code === code);
  if (listed) return mergeQuote(listed, live).quote;
  return live;
}
