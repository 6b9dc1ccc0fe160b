/**
 * Which indicators each user shows, and with which settings, kept on this device in localStorage
 * under the user's id: two people sharing a phone each find their own chart, and a signed-out
 * visitor has one of their own ('guest'). Not kept on the server: a chart layout is a preference
 * of the screen in hand, and a new phone starting from the defaults costs nothing.
 */
import { useCallback, useMemo } from 'react';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { persistStorage, storageKey } from '../../lib/storage.ts';
import { useSession } from '../session/session-store.ts';
import { DEFAULT_INDICATORS, normalizeIndicators, type IndicatorSettings } from './indicators.ts';

interface IndicatorPrefsState {
  byUser: Record<string, IndicatorSettings>;
  save(userKey: string, settings: IndicatorSettings): void;
}

export const useIndicatorPrefs = create<IndicatorPrefsState>()(
  persist(
    (set) => ({
      byUser: {},
      save: (userKey, settings) =>
        set((state) => ({ byUser: { ...state.byUser, [userKey]: normalizeIndicators(settings) } })),
    }),
    {
      name: storageKey('chart-indicators'),
      storage: persistStorage,
      version: 1,
      partialize: (state) => ({ byUser: state.byUser }),
    },
  ),
);

/** The key the signed-in user's settings are kept under. */
export function userKeyOf(user: { id: number } | null): string {
  return user ? `user:${user.id}` : 'guest';
}

/** The signed-in user's indicator settings and the function that changes them. */
export function useIndicators(): [IndicatorSettings, (settings: IndicatorSettings) => void] {
  const key = useSession((s) => userKeyOf(s.user));
  const stored = useIndicatorPrefs((s) => s.byUser[key]);
  const save = useIndicatorPrefs((s) => s.save);
  // Normalized once per stored value, so the chart's effects see a stable object between changes.
  const settings = useMemo(() => (stored ? normalizeIndicators(stored) : DEFAULT_INDICATORS), [stored]);
  const change = useCallback((next: IndicatorSettings) => save(key, next), [save, key]);
  return [settings, change];
}
