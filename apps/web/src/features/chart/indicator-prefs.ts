/**
 * Which indicators each user shows, and with which settings. A signed-in user's live on the server
 * (`chart_indicators` of /v1/api/user/preferences), so another phone or browser shows the same
 * chart after signing in; a real user's own demo account shares them (the server keeps them under
 * the real user).
 *
 * This device keeps a copy in localStorage under the user's id: the chart paints from it at once,
 * before the server answers, and it is all a signed-out visitor has ('guest'). A change is kept
 * here at once and sent to the server after a short pause, so stepping a period from 14 to 30 is
 * one save, not sixteen. A change the server has not taken yet (offline, a failed call) stays
 * marked unsent and wins over the server's copy at the next load, so nothing set offline is lost.
 */
import { useCallback, useEffect, useMemo } from 'react';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { useQuery } from '@tanstack/react-query';
import type { Preference } from '@omp/protocol';
import { api } from '../../lib/api.ts';
import { persistStorage, storageKey } from '../../lib/storage.ts';
import { isSignedIn, useSession, type SessionState } from '../session/session-store.ts';
import { DEFAULT_INDICATORS, normalizeIndicators, type IndicatorSettings } from './indicators.ts';

const PATH = '/v1/api/user/preferences';
const NAME = 'chart_indicators';
/** How long a change waits for the next one before it is sent. */
export const SAVE_DELAY_MS = 800;

interface IndicatorPrefsState {
  byUser: Record<string, IndicatorSettings>;
  /** Users whose settings here changed since the server last took them. */
  unsent: Record<string, true>;
  /** Keeps the settings on this device; `unsent` marks a change the server has still to take. */
  store(userKey: string, settings: IndicatorSettings, unsent: boolean): void;
  markSent(userKey: string): void;
}

export const useIndicatorPrefs = create<IndicatorPrefsState>()(
  persist(
    (set) => ({
      byUser: {},
      unsent: {},
      store: (userKey, settings, unsent) =>
        set((state) => {
          const rest = Object.fromEntries(Object.entries(state.unsent).filter(([key]) => key !== userKey));
          return {
            byUser: { ...state.byUser, [userKey]: normalizeIndicators(settings) },
            unsent: unsent ? { ...rest, [userKey]: true as const } : rest,
          };
        }),
      markSent: (userKey) =>
        set((state) => ({
          unsent: Object.fromEntries(Object.entries(state.unsent).filter(([key]) => key !== userKey)),
        })),
    }),
    {
      name: storageKey('chart-indicators'),
      storage: persistStorage,
      version: 1,
      partialize: (state) => ({ byUser: state.byUser, unsent: state.unsent }),
      // Version 1 stored byUser alone; a missing `unsent` means everything was as the server has it.
      merge: (persisted, current) => ({
        ...current,
        byUser: (persisted as Partial<IndicatorPrefsState> | undefined)?.byUser ?? {},
        unsent: (persisted as Partial<IndicatorPrefsState> | undefined)?.unsent ?? {},
      }),
    },
  ),
);

/** The key the user's settings are kept under: the real user's in their own demo account too. */
export function userKeyOf(state: Pick<SessionState, 'user' | 'realSession'>): string {
  const id = state.realSession?.user?.id ?? state.user?.id;
  return id !== undefined ? `user:${id}` : 'guest';
}

/** Sends this device's settings of the user to the server; a failure leaves them marked unsent. */
async function sendSettings(userKey: string): Promise<void> {
  const settings = useIndicatorPrefs.getState().byUser[userKey];
  if (!settings) return;
  await api.post<Preference>(PATH, { name: NAME, value: settings }, { showErrorMessage: false });
  // A change made while the call was on its way is sent by its own timer: only then is all sent.
  if (useIndicatorPrefs.getState().byUser[userKey] === settings && !pendingSaves.has(userKey))
    useIndicatorPrefs.getState().markSent(userKey);
}

const pendingSaves = new Map<string, ReturnType<typeof setTimeout>>();

export function scheduleSave(userKey: string): void {
  clearTimeout(pendingSaves.get(userKey));
  pendingSaves.set(
    userKey,
    setTimeout(() => {
      pendingSaves.delete(userKey);
      sendSettings(userKey).catch(() => undefined);
    }, SAVE_DELAY_MS),
  );
}

/**
 * Brings this device and the server together: the server's copy replaces this one, unless this
 * one holds a change the server has not taken (or the server has none yet), which is sent instead.
 */
export async function syncSettings(userKey: string, signal: AbortSignal): Promise<IndicatorSettings | null> {
  const server = await api.get<Preference>(PATH, { params: { name: NAME }, signal, showErrorMessage: false });
  const prefs = useIndicatorPrefs.getState();
  const local = prefs.byUser[userKey];
  const waiting = prefs.unsent[userKey] === true || pendingSaves.has(userKey);
  if (local && (waiting || server.value === null)) {
    if (!pendingSaves.has(userKey)) await sendSettings(userKey);
    return local;
  }
  // The same settings again are not stored again: the chart would redraw its indicators for nothing.
  if (server.value !== null && JSON.stringify(normalizeIndicators(server.value)) !== JSON.stringify(local))
    prefs.store(userKey, server.value, false);
  return server.value;
}

/** The signed-in user's indicator settings and the function that changes them. */
export function useIndicators(): [IndicatorSettings, (settings: IndicatorSettings) => void] {
  const key = useSession(userKeyOf);
  const signedIn = useSession(isSignedIn);
  const stored = useIndicatorPrefs((s) => s.byUser[key]);
  const store = useIndicatorPrefs((s) => s.store);

  useQuery({
    queryKey: ['preferences', NAME, key],
    queryFn: ({ signal }) => syncSettings(key, signal),
    enabled: signedIn && key !== 'guest',
    // Each opening of the chart looks again: a change made on another device shows here.
    staleTime: 0,
  });

  // A signed-in user's change that is still waiting goes out when the page is hidden or left.
  useEffect(() => {
    const flush = () => {
      if (!pendingSaves.has(key)) return;
      clearTimeout(pendingSaves.get(key));
      pendingSaves.delete(key);
      sendSettings(key).catch(() => undefined);
    };
    const onHidden = () => document.visibilityState === 'hidden' && flush();
    document.addEventListener('visibilitychange', onHidden);
    return () => {
      document.removeEventListener('visibilitychange', onHidden);
      flush();
    };
  }, [key]);

  // Normalized once per stored value, so the chart's effects see a stable object between changes.
  const settings = useMemo(() => (stored ? normalizeIndicators(stored) : DEFAULT_INDICATORS), [stored]);
  const change = useCallback(
    (next: IndicatorSettings) => {
      const remote = signedIn && key !== 'guest';
      store(key, next, remote);
      if (remote) scheduleSave(key);
    },
    [store, key, signedIn],
  );
  return [settings, change];
}
