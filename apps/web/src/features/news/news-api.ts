/** News (`/api/news/list`, `/api/news/info`), in the language of the `lang` header. */
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { NewsArticle, NewsItem, RecordPage } from '@omp/protocol';
import { api } from '../../lib/api.ts';
import { useSettings } from '../settings/settings-store.ts';
import { nextPageOf, PAGE_SIZE } from '../trading/trading-api.ts';

/** The screens show the one news category the existing clients ask for (`category_id` 1). */
const CATEGORY = 1;

export function useNewsList() {
  // Keyed by language: the texts are per language, so a switch must fetch them again.
  const lang = useSettings((s) => s.lang);
  return useInfiniteQuery({
    queryKey: ['news', 'list', lang],
    queryFn: ({ pageParam, signal }) =>
      api.get<RecordPage<NewsItem>>('/api/news/list', {
        params: { category_id: CATEGORY, page: pageParam, page_size: PAGE_SIZE },
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) =>
      nextPageOf(
        last,
        pages.reduce((sum, page) => sum + page.list.length, 0),
      ),
    staleTime: 60_000,
  });
}

export function useNewsArticle(id: number | undefined) {
  const lang = useSettings((s) => s.lang);
  return useQuery({
    queryKey: ['news', 'article', lang, id],
    queryFn: ({ signal }) =>
      api.get<NewsArticle>('/api/news/info', { params: { id }, signal, showErrorMessage: false }),
    enabled: id !== undefined,
    staleTime: 5 * 60_000,
  });
}
