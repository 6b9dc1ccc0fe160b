import { useMemo } from 'react';
import type { Ratio } from '@omp/engine';
import type { Instrument } from '@omp/protocol';
import { useTradeList } from '../quotes/market-queries.ts';
import { mergeQuote, useQuotes } from '../quotes/quotes-store.ts';
import { conversionLegOf, usdRateOf } from './ticket-preview.ts';

/**
 * USD per unit of the instrument's quote currency, live: 1 for USD-quoted instruments, otherwise
 * from the mid of the currency's USD pair (EURUSD for EUR, USDJPY for JPY), re-read as that pair
 * ticks. Undefined while no pair converts it, or while the instrument is not known yet (the stops
 * editor looks an order's instrument up in the list).
 */
export function useUsdRate(instrument: Pick<Instrument, 'QuoteCurrency'> | undefined): Ratio | undefined {
  const list = useTradeList().data;
  const currency = instrument?.QuoteCurrency;
  const leg = useMemo(
    () => (currency === undefined || currency === 'USD' ? undefined : conversionLegOf(currency, list ?? [])),
    [currency, list],
  );
  const live = useQuotes((s) => (leg ? s.byCode[leg.instrument.Code] : undefined));
  return useMemo(() => {
    if (currency === 'USD') return { numerator: 1n, denominator: 1n };
    if (currency === undefined || !leg) return undefined;
    const quote = mergeQuote(leg.instrument, live).quote;
    return usdRateOf(currency, [leg.instrument], () => quote);
  }, [currency, leg, live]);
}
