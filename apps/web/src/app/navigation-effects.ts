/**
 * What every navigation does (docs/CONTRACT.md "Navigation"): the socket is (re)initialised,
 * entering / or /trade refreshes the instrument list, a screen entered from the tab bar or a link
 * starts at the top while back and forward return to where the user was, and the title names the
 * screen.
 */
import { useEffect, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigationType } from 'react-router';
import { getSocket } from '../lib/socket.ts';
import { queryClient } from '../lib/query-client.ts';
import { marketKeys } from '../features/quotes/market-queries.ts';
import { normalizePath, routeInfo } from './routes.ts';

export function useNavigationEffects(): void {
  const location = useLocation();
  const path = normalizePath(location.pathname);
  const first = useRef(true);

  useEffect(() => {
    getSocket().connect();
    // The first screen fetches the list anyway; refetching it again at once would be waste.
    if (!first.current && (path === '/' || path === '/trade')) {
      void queryClient.invalidateQueries({ queryKey: marketKeys.tradeListAll });
    }
    first.current = false;
  }, [path, location.key]);

  useScrollMemory(location.key);
  usePageTitle(path);
}

/**
 * The browser's title (the tab, the app switcher, history) names the screen in the user's
 * language, e.g. "News · Markets"; the home screen is the app's own name.
 */
function usePageTitle(path: string): void {
  const { t } = useTranslation();
  useEffect(() => {
    const app = t('app.title');
    const screen = routeInfo(path);
    const name = screen ? t(screen.titleKey) : '';
    document.title = name && name !== app ? `${name} · ${app}` : app;
  }, [path, t]);
}

/**
 * Scroll positions by history entry. A push or replace (a tab, a link, a redirect) starts the new
 * screen at the top, even a kept-alive one; back and forward (a pop) return to where that entry
 * was left. Keyed by entry, not by path: the same screen reached twice has two places.
 */
function useScrollMemory(entryKey: string): void {
  const navigationType = useNavigationType();
  const positions = useRef(new Map<string, number>());
  const currentKey = useRef(entryKey);

  useEffect(() => {
    const remember = () => positions.current.set(currentKey.current, window.scrollY);
    window.addEventListener('scroll', remember, { passive: true });
    return () => window.removeEventListener('scroll', remember);
  }, []);

  // Layout effect: the new screen is in the DOM but not painted, so it never shows mid-page.
  useLayoutEffect(() => {
    currentKey.current = entryKey;
    const saved = navigationType === 'POP' ? positions.current.get(entryKey) : undefined;
    window.scrollTo(0, saved ?? 0);
  }, [entryKey, navigationType]);
}
