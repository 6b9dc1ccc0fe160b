/**
 * Queries of the market calls. Keys include the language where the server's answer depends on it
 * (category names), so switching language refetches exactly those.
 */
import { useQuery } from '@tanstack/react-query';
import type { Category, Instrument, KlinePoint, Language } from '@omp/protocol';
import { api } from '../../lib/api.ts';
import { useSettings } from '../settings/settings-store.ts';

export const marketKeys = {
  categories: (lang: Language) => ['categories', lang] as const,
  tradeListAll: ['trade_list'] as const,
  tradeList: (search: string) => ['trade_list', search] as const,
  miniKline: (forexId: number) => ['mini_kline', forexId] as const,
};

export function useCategories() {
  const lang = useSettings((s) => s.lang);
  return useQuery({
    queryKey: marketKeys.categories(lang),
    queryFn: ({ signal }) => api.get<Category[]>('/v1/api/forex/getCategories', { signal }),
    staleTime: 5 * 60_000,
    select: (list) => [...list].sort((a, b) => a.Sort - b.Sort),
  });
}

/** Every instrument (with an empty search) or those matching `search` by code or ShowCode. */
export function useTradeList(search = '') {
  return useQuery({
    queryKey: marketKeys.tradeList(search),
    queryFn: ({ signal }) =>
      api.get<Instrument[]>('/v1/api/forex/trade_list', {
        params: search ? { searchCurrency: search } : {},
        signal,
      }),
    placeholderData: (previous) => previous,
  });
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
