/**
 * Queries of the market calls. Keys include the language where the server's answer depends on it
 * (category names), so switching language refetches exactly those.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Category, Instrument, KlinePoint, Language } from '@omp/protocol';
import { api } from '../../lib/api.ts';
import { queryClient } from '../../lib/query-client.ts';
import { useSettings } from '../settings/settings-store.ts';

export const marketKeys = {
  categories: (lang: Language) => ['categories', lang] as const,
  tradeListAll: ['trade_list'] as const,
  tradeList: (search: string) => ['trade_list', search] as const,
  miniKline: (forexId: number) => ['mini_kline', forexId] as const,
};

const categoriesQuery = (lang: Language, showErrorMessage = true) =>
  queryOptions({
    queryKey: marketKeys.categories(lang),
    queryFn: ({ signal }) => api.get<Category[]>('/v1/api/forex/getCategories', { signal, showErrorMessage }),
    staleTime: 5 * 60_000,
  });

const tradeListQuery = (search: string, showErrorMessage = true) =>
  queryOptions({
    queryKey: marketKeys.tradeList(search),
    queryFn: ({ signal }) =>
      api.get<Instrument[]>('/v1/api/forex/trade_list', {
        params: search ? { searchCurrency: search } : {},
        signal,
        showErrorMessage,
      }),
  });

export function useCategories() {
  const lang = useSettings((s) => s.lang);
  return useQuery({
    ...categoriesQuery(lang),
    select: (list) => [...list].sort((a, b) => a.Sort - b.Sort),
  });
}

/** Every instrument (with an empty search) or those matching `search` by code or ShowCode. */
export function useTradeList(search = '') {
  return useQuery({ ...tradeListQuery(search), placeholderData: (previous) => previous });
}

/**
 * Sends the quote list's two calls at start-up, before the language tables have arrived (main.tsx),
 * so on a slow network their answers travel meanwhile and the first screen renders with prices
 * instead of asking only then. Quietly: a screen mounted after a failure asks again itself, and
 * one mounted while the call is under way shows its outcome as its own.
 */
export function prefetchQuoteList(lang: Language): void {
  void queryClient.prefetchQuery(categoriesQuery(lang, false));
  void queryClient.prefetchQuery(tradeListQuery('', false));
}

/** The last day of 15-minute bars for a row's mini chart; fetched only once the row is visible. */
export function useMiniKline(forexId: number, enabled: boolean) {
  return useQuery({
    queryKey: marketKeys.miniKline(forexId),
    queryFn: ({ signal }) =>
      api.get<KlinePoint[]>('/v1/api/forex/abbreviated_cache_kline', {
        params: { forex_id: forexId, period: '15M' },
        signal,
        showErrorMessage: false,
      }),
    enabled,
    staleTime: 5 * 60_000,
  });
}
