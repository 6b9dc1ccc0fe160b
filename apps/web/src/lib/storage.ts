/**
 * localStorage access that never throws. Private-mode Safari and some embedded browsers throw on
 * access or on quota, and a settings write must never take the trading screen down with it.
 */
import { createJSONStorage, type StateStorage } from 'zustand/middleware';

/** Every key this app writes starts with this, so a shared origin can tell our entries apart. */
export const STORAGE_PREFIX = 'omp.';

const safeStorage = {
  getItem(name: string): string | null {
    try {
      return globalThis.localStorage?.getItem(name) ?? null;
    } catch {
      return null;
    }
  },
  setItem(name: string, value: string): void {
    try {
      globalThis.localStorage?.setItem(name, value);
    } catch {
      // Quota or privacy mode: the value lives for this session only, which is acceptable.
    }
  },
  removeItem(name: string): void {
    try {
      globalThis.localStorage?.removeItem(name);
    } catch {
      // See setItem.
    }
  },
} satisfies StateStorage;

/** The storage to hand to zustand's `persist` middleware. */
export const persistStorage = createJSONStorage(() => safeStorage);

export function storageKey(name: string): string {
  return `${STORAGE_PREFIX}${name}`;
}

/** A plain text value under the app's prefix, or null; never throws. */
export function readText(name: string): string | null {
  return safeStorage.getItem(storageKey(name));
}

export function writeText(name: string, value: string | null): void {
  if (value === null) safeStorage.removeItem(storageKey(name));
  else safeStorage.setItem(storageKey(name), value);
}
