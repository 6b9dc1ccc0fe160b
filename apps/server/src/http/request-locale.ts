/**
 * What a signed-in request says of the user's locale: the language it names (`lang` header or
 * query) and the time zone the app sends (TIME_ZONE_HEADER). A request that names no language, or
 * one the product does not speak, says nothing: `request.lang` then holds the default, which must
 * not overwrite the language the user chose.
 */
import type { FastifyRequest } from 'fastify';
import { isLanguage, normalizeLanguage, TIME_ZONE_HEADER, type Language } from '@omp/protocol';
import type { UserRecord } from '../repositories/user-repository.ts';
import type { UserLocales } from '../services/user-locales.ts';
import { knownTimeZone } from '../inputs/time-zone.ts';

function namedLanguage(request: FastifyRequest): Language | undefined {
  const named = request.headers.lang ?? (request.query as { lang?: unknown } | undefined)?.lang;
  if (typeof named !== 'string') return undefined;
  // normalizeLanguage answers the default for a name it does not know; only a real name counts.
  const lower = named.trim().toLowerCase();
  return lower === 'tw' || isLanguage(lower) ? normalizeLanguage(lower) : undefined;
}

/**
 * Stores the locale of the user a request is signed in as, when it changed. An own demo session
 * speaks for its owner too: the owner's notices and statements are what the language is for.
 * Undefined (nothing to wait for) when the request says nothing new, as nearly every request does.
 */
export function rememberLocale(
  locales: UserLocales,
  request: FastifyRequest,
  user: UserRecord,
): Promise<void> | undefined {
  const lang = namedLanguage(request);
  if (!lang) return undefined;
  const zoneHeader = request.headers[TIME_ZONE_HEADER];
  const timeZone = knownTimeZone(typeof zoneHeader === 'string' ? zoneHeader.trim() : undefined);
  const { demoOf } = user;
  if (locales.knows(user.id, lang, timeZone) && (demoOf === null || locales.knows(demoOf, lang, timeZone)))
    return undefined;
  return (async () => {
    await locales.spoke(user.id, lang, timeZone);
    if (demoOf !== null) await locales.spoke(demoOf, lang, timeZone);
  })();
}
