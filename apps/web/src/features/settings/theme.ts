/**
 * Puts the chosen theme on the document: our CSS custom properties, antd-mobile's dark mode
 * switch (`data-prefers-color-scheme`), and the browser chrome colour (`theme-color`).
 */
import { useSyncExternalStore } from 'react';
import { PALETTES, marketColors, onMarketColors, type Palette, type ResolvedTheme } from './palette.ts';
import { useSettings, type ThemePreference, type UpColor } from './settings-store.ts';

const DARK_QUERY = '(prefers-color-scheme: dark)';

function systemPrefersDark(): boolean {
  return typeof matchMedia === 'function' && matchMedia(DARK_QUERY).matches;
}

function subscribeSystemTheme(onChange: () => void): () => void {
  if (typeof matchMedia !== 'function') return () => {};
  const query = matchMedia(DARK_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

export function resolveTheme(preference: ThemePreference, systemDark: boolean): ResolvedTheme {
  if (preference === 'system') return systemDark ? 'dark' : 'light';
  return preference;
}

/** The theme in effect, following the system setting live when the preference is 'system'. */
export function useResolvedTheme(): ResolvedTheme {
  const preference = useSettings((s) => s.theme);
  const systemDark = useSyncExternalStore(subscribeSystemTheme, systemPrefersDark, () => false);
  return resolveTheme(preference, systemDark);
}

/** Up/down colours in effect, for canvas drawing. */
export function useMarketColors(): { up: string; down: string } {
  const theme = useResolvedTheme();
  const upColor = useSettings((s) => s.upColor);
  return marketColors(theme, upColor);
}

const cssName = (key: string) => `--${key.replace(/[A-Z0-9]/g, (c) => `-${c.toLowerCase()}`)}`;

export function applyTheme(theme: ResolvedTheme, upColor: UpColor, doc: Document = document): void {
  const root = doc.documentElement;
  const palette: Palette = PALETTES[theme];
  for (const [key, value] of Object.entries(palette)) root.style.setProperty(cssName(key), value);
  const { up, down } = marketColors(theme, upColor);
  root.style.setProperty('--up', up);
  root.style.setProperty('--down', down);
  const { onUp, onDown } = onMarketColors(theme, upColor);
  root.style.setProperty('--on-up', onUp);
  root.style.setProperty('--on-down', onDown);
  root.dataset.theme = theme;
  root.dataset.upColor = upColor;
  root.style.colorScheme = theme;
  // antd-mobile switches its own variables on this attribute.
  if (theme === 'dark') root.setAttribute('data-prefers-color-scheme', 'dark');
  else root.removeAttribute('data-prefers-color-scheme');
  for (const meta of doc.querySelectorAll<HTMLMetaElement>('meta[name="theme-color"]')) {
    meta.removeAttribute('media');
    meta.content = palette.surface;
  }
}

/** Applies the stored preference before the first render, so a dark-theme user sees no white flash. */
export function applyStoredTheme(): void {
  const { theme, upColor } = useSettings.getState();
  applyTheme(resolveTheme(theme, systemPrefersDark()), upColor);
}
