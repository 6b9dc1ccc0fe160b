import { useRef, type ReactNode } from 'react';
import { Navigate, useLocation, useOutlet } from 'react-router';
import { isKeptAlive, normalizePath } from './routes.ts';
import { requiresLogin } from './route-guard.ts';
import { PageActivityContext } from './page-activity.ts';

interface KeepAliveOutletProps {
  signedIn: boolean;
  /** Set by the guard: render this redirect instead of the current screen. */
  redirectTo: string | null;
}

/**
 * The route outlet, except that the footer pages (/, /trade, /order, /user, /news, /rank) stay
 * mounted once visited and are only hidden when left. Their React state, the chart and the
 * selected category survive a trip to another screen, the way tabs in a native app do.
 *
 * The outlet element of a kept page is cached by path. While the page is current, its cache entry
 * is refreshed with the new outlet element each render; React sees the same component type at the
 * same key and keeps its state.
 */
export function KeepAliveOutlet({ signedIn, redirectTo }: KeepAliveOutletProps) {
  const outlet = useOutlet();
  const location = useLocation();
  const current = normalizePath(location.pathname);
  const cache = useRef(new Map<string, ReactNode>());
  const keep = isKeptAlive(current) && redirectTo === null;

  // Writing the ref during render is deliberate: the entry is a pure function of this render's
  // outlet, so a discarded concurrent render at worst writes the same element again.
  if (keep) cache.current.set(current, outlet);
  if (!signedIn) {
    // A signed-out user must not find the previous user's screens hidden in the page.
    for (const path of cache.current.keys()) if (requiresLogin(path)) cache.current.delete(path);
  }

  return (
    <>
      {[...cache.current].map(([path, element]) => (
        <div
          key={path}
          className="page-slot"
          hidden={path !== current || redirectTo !== null}
          data-page={path}
        >
          <PageActivityContext value={path === current && redirectTo === null}>{element}</PageActivityContext>
        </div>
      ))}
      {redirectTo !== null ? (
        <Navigate to={redirectTo} replace />
      ) : (
        !keep && (
          <div key={`live:${current}`} className="page-slot" data-page={current}>
            {outlet}
          </div>
        )
      )}
    </>
  );
}
