/**
 * The navigation guard (docs/CONTRACT.md "Navigation"), as pure functions:
 * - a login-required route visited without a session goes to /login with `from` holding the
 *   intended path and query, so the login screen can send the user on afterwards;
 * - a demo user never reaches the money, identity and password screens (docs/CONTRACT.md "Demo
 *   accounts"): the guard sends them to the user center, where the restriction is explained. Buttons
 *   that lead there ask `isDemoRestricted` first and explain without navigating at all.
 */
import { normalizePath, routeInfo } from './routes.ts';

/** Where a demo user lands when a restricted screen was asked for. */
export const DEMO_FALLBACK_PATH = '/user';

export type GuardDecision =
  { kind: 'allow' } | { kind: 'redirect'; to: string } | { kind: 'demo-restricted'; to: string };

export function requiresLogin(pathname: string): boolean {
  return routeInfo(pathname)?.requiresLogin ?? false;
}

/** True for the screens a demo account may not open (deposit, withdraw, wallet, identity, password). */
export function isRealOnly(pathname: string): boolean {
  return routeInfo(pathname.split('?')[0] ?? '')?.realOnly ?? false;
}

/** Whether this user must be stopped before `pathname` (a path, optionally with its query). */
export function isDemoRestricted(pathname: string, isDemo: boolean): boolean {
  return isDemo && isRealOnly(pathname);
}

export function loginPathFor(pathname: string, search = ''): string {
  return `/login?from=${encodeURIComponent(normalizePath(pathname) + search)}`;
}

export function decideRoute(
  location: { pathname: string; search?: string },
  signedIn: boolean,
  isDemo = false,
): GuardDecision {
  if (!signedIn) {
    if (!requiresLogin(location.pathname)) return { kind: 'allow' };
    return { kind: 'redirect', to: loginPathFor(location.pathname, location.search ?? '') };
  }
  if (isDemoRestricted(location.pathname, isDemo)) return { kind: 'demo-restricted', to: DEMO_FALLBACK_PATH };
  return { kind: 'allow' };
}

/**
 * Where to go after logging in: only a path inside this app, never another origin, because
 * `from` comes from the address bar and could be crafted (`from=//evil.example`).
 */
export function safeReturnPath(from: string | null | undefined): string {
  if (!from || !from.startsWith('/') || from.startsWith('//') || from.startsWith('/\\')) return '/';
  return from;
}
