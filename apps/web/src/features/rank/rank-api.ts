/** The leaderboard (GET /api/follow/list) and the user's choice to appear on it. */
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import type { LeaderboardRow } from '@omp/protocol';
import { api } from '../../lib/api.ts';
import { nextPageOf } from '../trading/trading-api.ts';

export interface LeaderboardPage {
  list: LeaderboardRow[];
  total: number;
  page: number;
  updated_at: string;
}

export type Board = 'real' | 'demo';

export function useLeaderboard(board: Board) {
  return useInfiniteQuery({
    queryKey: ['leaderboard', board],
    queryFn: ({ pageParam, signal }) =>
      api.get<LeaderboardPage>('/api/follow/list', {
        params: { is_demo: board === 'demo' ? 1 : 0, page: pageParam, page_size: 20 },
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) =>
      nextPageOf(
        last,
        pages.reduce((sum, page) => sum + page.list.length, 0),
      ),
    // The server recomputes the board on a schedule; a minute-old copy is as good as new.
    staleTime: 60_000,
  });
}

/** Shows or hides the user on the board at once; the user info carries the new choice. */
export function useOptIn() {
  const client = useQueryClient();
  return async (enabled: boolean) => {
    await api.post('/api/follow/opt_in', { enabled: enabled ? 1 : 0 }, { loading: true, successToast: true });
    await Promise.all([
      client.invalidateQueries({ queryKey: ['user_info'] }),
      client.invalidateQueries({ queryKey: ['leaderboard'] }),
    ]);
  };
}
