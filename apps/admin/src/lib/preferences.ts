/** The staff member's language and theme on this browser. */
import { useSyncExternalStore } from 'react';

export const ADMIN_LANGUAGES = ['en', 'zh-CN', 'zh-TW'] as const;
export type AdminLanguage = (typeof ADMIN_LANGUAGES)[number];
export type AdminTheme = 'light' | 'dark';

/**
 * The server's message language for each screen language: the public API's languages have one
 * Chinese table (traditional, `hk`), so refusals read in traditional script for both.
 */
export const SERVER_LANGUAGE: Record<AdminLanguage, string> = { en: 'en', 'zh-CN': 'hk', 'zh-TW': 'hk' };

interface Preferences {
  lang: AdminLanguage;
  theme: AdminTheme;
}

const KEY = 'omp-admin-preferences';

function initial(): Preferences {
  try {
    const stored = JSON.parse(localStorage.getItem(KEY) ?? '{}') as Partial<Preferences>;
    const lang = ADMIN_LANGUAGES.find((l) => l === stored.lang) ?? browserLanguage();
    const theme = stored.theme === 'dark' || stored.theme === 'light' ? stored.theme : systemTheme();
    return { lang, theme };
  } catch {
    return { lang: browserLanguage(), theme: systemTheme() };
  }
}

function browserLanguage(): AdminLanguage {
  const tag = navigator.language.toLowerCase();
  if (tag.startsWith('zh')) return /tw|hk|mo|hant/.test(tag) ? 'zh-TW' : 'zh-CN';
  return 'en';
}

const systemTheme = (): AdminTheme =>
  window.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';

let state = initial();
const listeners = new Set<() => void>();

export const preferences = {
  get: () => state,
  set(change: Partial<Preferences>) {
    state = { ...state, ...change };
    localStorage.setItem(KEY, JSON.stringify(state));
    for (const listener of listeners) listener();
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export const usePreferences = () => useSyncExternalStore(preferences.subscribe, preferences.get);
