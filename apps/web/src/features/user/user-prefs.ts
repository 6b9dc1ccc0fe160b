/** Choices of the user center remembered on this device: whether the balance is hidden. */
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { persistStorage, storageKey } from '../../lib/storage.ts';

interface UserPrefsState {
  hideBalance: boolean;
  toggleBalance(): void;
}

export const useUserPrefs = create<UserPrefsState>()(
  persist(
    (set) => ({
      hideBalance: false,
      toggleBalance: () => set((s) => ({ hideBalance: !s.hideBalance })),
    }),
    {
      name: storageKey('user-prefs'),
      storage: persistStorage,
      version: 1,
      partialize: (state) => ({ hideBalance: state.hideBalance }),
      merge: (persisted, current) => ({
        ...current,
        hideBalance: (persisted as { hideBalance?: unknown } | undefined)?.hideBalance === true,
      }),
    },
  ),
);
