/**
 * The navigation guard of product-spec section 2: a login-required route visited without a
 * session goes to /login with `from` holding the intended path and query, so the login screen can
 * send the user on afterwards.
 */
import { normalizePath, routeInfo } from './routes.ts';

export type GuardDecision = { kind: 'allow' } | { kind: 'redirect'; to: string };

export function requiresLogin(pathname: string): boolean {
  return routeInfo(pathname)?.requiresLogin ?? false;
}

export function loginPathFor(pathname: string, search = ''): string {
  return `/login?from=${encodeURIComponent(normalizePath(pathname) + search)}`;
}

export function decideRoute(
  location: { pathname: string; search?: string },
  signedIn: boolean,
): GuardDecision {
  if (signedIn || !requiresLogin(location.pathname)) return { kind: 'allow' };
  return { kind: 'redirect', to: loginPathFor(location.pathname, location.search ?? '') };
}

/**
 * Where to go after logging in: only a path inside this app, never another origin, because
 * `from` comes from the address bar and could be crafted (`from=//evil.example`).
 */
export function safeReturnPath(from: string | null | undefined): string {
  if (!from || !from.startsWith('/') || from.startsWith('//') || from.startsWith('/\\')) return '/';
  return from;
}
