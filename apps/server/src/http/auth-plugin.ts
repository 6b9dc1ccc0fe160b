/**
 * Resolves the session of a request from its `authorization` header (the raw token, or
 * `Bearer <token>`), and guards routes: `requireUser` answers 999 without a live session,
 * `requireRealUser` also refuses demo users with the spec's message.
 *
 * Demo users are refused on every money, wallet, identity and password path by prefix, before
 * routing, so the rule holds for each call under those paths, including ones added later.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ResponseCode } from '@omp/protocol';
import type { UserRecord } from '../repositories/user-repository.ts';
import type { AuthService } from '../services/auth-service.ts';
import { DomainError, refused } from '../domain/errors.ts';
import type { UserLocales } from '../services/user-locales.ts';
import { rememberLocale } from './request-locale.ts';

declare module 'fastify' {
  interface FastifyInstance {
    auth: AuthService;
    /** Each user's language and time zone, kept current by their signed-in requests. */
    userLocales: UserLocales | undefined;
  }
  interface FastifyRequest {
    /** Resolved once per request by `sessionUser()`. */
    sessionLookup: Promise<UserRecord | undefined> | undefined;
  }
}

/** Paths a demo user may never use (docs/CONTRACT.md "Demo accounts"). */
export const DEMO_BLOCKED_PREFIXES = [
  '/api/quickCharge/',
  '/api/account/draw',
  '/api/wallet/',
  '/api/user_real/',
  '/api/common/image_upload',
  '/api/user/amend_password',
] as const;

/**
 * The session token of an `authorization` value (or of a socket's login): the raw token, or
 * `Bearer <token>`. Only the scheme is compared case-insensitively; the token is taken as sent.
 */
export function tokenOfCredential(value: string | undefined): string | undefined {
  const credential = value?.trim();
  if (!credential) return undefined;
  const bearer = credential.length >= 7 && credential.slice(0, 7).toLowerCase() === 'bearer ';
  return bearer ? credential.slice(7).trim() || undefined : credential;
}

export function tokenOf(request: FastifyRequest): string | undefined {
  return tokenOfCredential(request.headers.authorization);
}

export function sessionUser(request: FastifyRequest): Promise<UserRecord | undefined> {
  request.sessionLookup ??= lookUpSession(request);
  return request.sessionLookup;
}

/**
 * A session the cache trusts, of a user whose locale this node already knows, costs no wait; the
 * rest asks the database (session-cache.ts) and stores the locale (request-locale.ts) first.
 */
function lookUpSession(request: FastifyRequest): Promise<UserRecord | undefined> {
  const { auth, userLocales } = request.server;
  const token = tokenOf(request);
  const cached = auth.cachedUserOfToken(token);
  if (cached) {
    const storing = userLocales && rememberLocale(userLocales, request, cached);
    return storing ? storing.then(() => cached) : Promise.resolve(cached);
  }
  return auth.userOfToken(token).then(async (user) => {
    if (user && userLocales) await rememberLocale(userLocales, request, user);
    return user;
  });
}

export async function requireUser(request: FastifyRequest): Promise<UserRecord> {
  const user = await sessionUser(request);
  if (!user) throw new DomainError(ResponseCode.sessionInvalid, 'session_invalid');
  return user;
}

export async function requireRealUser(request: FastifyRequest): Promise<UserRecord> {
  const user = await requireUser(request);
  if (user.isDemo) throw refused('demo_restricted');
  return user;
}

/**
 * The path a guard judges: the pattern of the route the router matched, which it matched on the
 * decoded path (`/%61pi/wallet/x` is `/api/wallet/x` to it, so the raw URL would let a spelling
 * with escapes past the guard), or, where no route matched, the decoded path itself.
 */
export function guardedPathOf(request: FastifyRequest): string {
  const matched = request.routeOptions.url;
  if (matched) return matched;
  const raw = request.url.split('?')[0] ?? '';
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw; // a malformed escape: no route has it, and the router answers 400 or 404
  }
}

async function authPlugin(app: FastifyInstance, options: { auth: AuthService; locales?: UserLocales }) {
  app.decorate('auth', options.auth);
  app.decorate('userLocales', options.locales);
  app.decorateRequest('sessionLookup', undefined);
  // Before body parsing, so unknown paths under a guarded prefix are refused alike.
  app.addHook('onRequest', async (request) => {
    const path = guardedPathOf(request);
    if (DEMO_BLOCKED_PREFIXES.some((prefix) => path.startsWith(prefix))) await requireRealUser(request);
  });
}

export default fp(authPlugin, { name: 'auth', dependencies: ['envelope'] });
