/**
 * What a request that opens a session says of its device: the browser's User-Agent, the random
 * device id and the time zone the app sends (DEVICE_ID_HEADER, TIME_ZONE_HEADER), and the language
 * the app speaks. A device id or time zone that does not look right is left out rather than
 * refused: signing in must keep working for clients that send neither.
 */
import type { FastifyRequest } from 'fastify';
import { DEVICE_ID_HEADER, DEVICE_ID_PATTERN, TIME_ZONE_HEADER } from '@omp/protocol';
import type { SessionDevice } from '../services/session-devices.ts';

const header = (request: FastifyRequest, name: string) => {
  const value = request.headers[name];
  return typeof value === 'string' ? value.trim() : undefined;
};

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

export function sessionDeviceOf(request: FastifyRequest): SessionDevice {
  const deviceId = header(request, DEVICE_ID_HEADER);
  return {
    userAgent: header(request, 'user-agent'),
    deviceId: deviceId && DEVICE_ID_PATTERN.test(deviceId) ? deviceId : undefined,
    timeZone: knownTimeZone(header(request, TIME_ZONE_HEADER)),
    lang: request.lang,
  };
}
