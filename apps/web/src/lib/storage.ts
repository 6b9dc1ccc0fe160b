/**
 * localStorage access that never throws. Private-mode Safari and some embedded browsers throw on
 * access or on quota, and a settings write must never take the trading screen down with it.
 */
import { createJSONStorage, type StateStorage } from 'zustand/middleware';

/** Every key this app writes starts with this, so a shared origin can tell our entries apart. */
export const STORAGE_PREFIX = 'omp.';

const safeStorage: StateStorage = {
  getItem(name) {
    try {
      return globalThis.localStorage?.getItem(name) ?? null;
    } catch {
      return null;
    }
  },
  setItem(name, value) {
    try {
      globalThis.localStorage?.setItem(name, value);
    } catch {
      // Quota or privacy mode: the value lives for this session only, which is acceptable.
    }
  },
  removeItem(name) {
    try {
      globalThis.localStorage?.removeItem(name);
    } catch {
      // See setItem.
    }
  },
};

/** The storage to hand to zustand's `persist` middleware. */
export const persistStorage = createJSONStorage(() => safeStorage);

export function storageKey(name: string): string {
  return `${STORAGE_PREFIX}${name}`;
}
