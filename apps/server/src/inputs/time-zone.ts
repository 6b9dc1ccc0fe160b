/**
 * Time zone names from outside (a request's header, a statement's query, a stored preference):
 * only an IANA zone this runtime knows, in its canonical spelling, ever passes on.
 */

/**
 * Zone names already resolved, valid or not: the app names its zone on every request, and asking
 * Intl costs tens of microseconds, more than the rest of an order's request handling. Bounded,
 * since a client may send any name that looks like one; past the bound the memory starts again.
 */
const resolvedZones = new Map<string, string | undefined>();
const RESOLVED_ZONES_MAX = 2000;

/** An IANA zone this runtime knows ("Europe/London", "UTC"), never free text. */
export function knownTimeZone(value: string | undefined): string | undefined {
  if (!value || value.length > 64 || !/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(value)) return undefined;
  if (resolvedZones.has(value)) return resolvedZones.get(value);
  let zone: string | undefined;
  try {
    zone = new Intl.DateTimeFormat('en', { timeZone: value }).resolvedOptions().timeZone;
  } catch {
    zone = undefined;
  }
  if (resolvedZones.size >= RESOLVED_ZONES_MAX) resolvedZones.clear();
  resolvedZones.set(value, zone);
  return zone;
}
