/**
 * The instruments the user starred: the quote list's Favourites category. A signed-in user's stars
 * live on the server (GET/POST/DELETE /v1/api/forex/favourites), so every device shows the same;
 * a visitor's live in this browser and move to the account at the first sign-in.
 */
import { useCallback } from 'react';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import { queryClient } from '../../lib/query-client.ts';
import { persistStorage, storageKey } from '../../lib/storage.ts';
import { isSignedIn, useSession } from '../session/session-store.ts';

const PATH = '/v1/api/forex/favourites';

/** Stars an unstarred id (at the end, the order starred) or unstars a starred one. */
export function toggleFavourite(ids: readonly number[], id: number): number[] {
  return ids.includes(id) ? ids.filter((known) => known !== id) : [...ids, id];
}

/** What localStorage held, cleaned: positive whole ids, each once; anything else is dropped. */
export function sanitizeFavourites(raw: unknown): number[] {
  const list = (typeof raw === 'object' && raw !== null ? (raw as { ids?: unknown }).ids : undefined) ?? [];
  if (!Array.isArray(list)) return [];
  return [...new Set(list.filter((id): id is number => Number.isSafeInteger(id) && (id as number) > 0))];
}

interface LocalFavouritesState {
  ids: number[];
  toggle(id: number): void;
  clear(): void;
}

/** A visitor's stars, kept in this browser. */
export const useLocalFavourites = create<LocalFavouritesState>()(
  persist(
    (set) => ({
      ids: [],
      toggle: (id) => set((state) => ({ ids: toggleFavourite(state.ids, id) })),
      clear: () => set({ ids: [] }),
    }),
    {
      name: storageKey('favourites'),
      storage: persistStorage,
      version: 1,
      partialize: (state) => ({ ids: state.ids }),
      merge: (persisted, current) => ({ ...current, ids: sanitizeFavourites(persisted) }),
    },
  ),
);

const favouriteKeys = { list: (userKey: string) => ['favourites', userKey] as const };

/**
 * The server's list; stars a visitor made before signing in are added to it first (then
 * forgotten here), so nothing starred is lost by signing in.
 */
async function fetchServerFavourites(signal: AbortSignal): Promise<number[]> {
  let ids = await api.get<number[]>(PATH, { signal });
  const local = useLocalFavourites.getState().ids;
  for (const id of local) {
    if (ids.includes(id)) continue;
    // An instrument the broker has since removed is refused; the others still move.
    ids = await api.post<number[]>(PATH, { forex_id: id }, { showErrorMessage: false }).catch(() => ids);
  }
  if (local.length > 0) useLocalFavourites.getState().clear();
  return ids;
}

export interface Favourites {
  ids: readonly number[];
  /** A signed-in user's list is still on its way. */
  isPending: boolean;
  toggle(id: number): void;
}

export function useFavourites(): Favourites {
  const signedIn = useSession(isSignedIn);
  const userKey = useSession((s) => String(s.user?.id ?? s.token.slice(-12)));
  const local = useLocalFavourites((s) => s.ids);
  const toggleLocal = useLocalFavourites((s) => s.toggle);
  const key = favouriteKeys.list(userKey);

  const server = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => fetchServerFavourites(signal),
    enabled: signedIn,
    staleTime: 60_000,
  });

  const change = useMutation({
    mutationFn: ({ id, starred }: { id: number; starred: boolean }) =>
      starred
        ? api.post<number[]>(PATH, { forex_id: id })
        : api.request<number[]>(PATH, { method: 'DELETE', params: { forex_id: id } }),
    // The star answers the tap at once; the server's answer (or a refetch after a refusal) settles it.
    onMutate: ({ id }) => {
      queryClient.setQueryData<number[]>(key, (ids) => toggleFavourite(ids ?? [], id));
    },
    onSuccess: (ids) => queryClient.setQueryData(key, ids),
    onError: () => void queryClient.invalidateQueries({ queryKey: key }),
  });

  const mutate = change.mutate;
  // Stable across star changes, so the memoised rows do not all repaint when one star changes.
  const toggle = useCallback(
    (id: number) => {
      if (!signedIn) return toggleLocal(id);
      const ids = queryClient.getQueryData<number[]>(favouriteKeys.list(userKey)) ?? [];
      mutate({ id, starred: !ids.includes(id) });
    },
    [signedIn, toggleLocal, mutate, userKey],
  );

  return signedIn
    ? { ids: server.data ?? [], isPending: server.isPending, toggle }
    : { ids: local, isPending: false, toggle };
}
