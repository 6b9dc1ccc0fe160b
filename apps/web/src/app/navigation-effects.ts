/**
 * What every navigation does (docs/CONTRACT.md "Navigation"): the socket is (re)initialised,
 * entering / or /trade refreshes the instrument list, the new screen starts at the top (except
 * that a kept-alive page comes back where the user left it), and the title names the screen.
 */
import { useEffect, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { getSocket } from '../lib/socket.ts';
import { queryClient } from '../lib/query-client.ts';
import { marketKeys } from '../features/quotes/market-queries.ts';
import { isKeptAlive, normalizePath, routeInfo } from './routes.ts';

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

  useScrollMemory(path);
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

function useScrollMemory(path: string): void {
  const positions = useRef(new Map<string, number>());
  const currentPath = useRef(path);

  useEffect(() => {
    const remember = () => positions.current.set(currentPath.current, window.scrollY);
    window.addEventListener('scroll', remember, { passive: true });
    return () => window.removeEventListener('scroll', remember);
  }, []);

  // Layout effect: the new screen is in the DOM but not painted, so it never shows mid-page.
  useLayoutEffect(() => {
    currentPath.current = path;
    const saved = isKeptAlive(path) ? positions.current.get(path) : undefined;
    window.scrollTo(0, saved ?? 0);
  }, [path]);
}
