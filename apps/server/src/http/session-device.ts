/**
 * What a request that opens a session says of its device: the browser's User-Agent, the random
 * device id and the time zone the app sends (DEVICE_ID_HEADER, TIME_ZONE_HEADER), and the language
 * the app speaks. A device id or time zone that does not look right is left out rather than
 * refused: signing in must keep working for clients that send neither.
 */
import type { FastifyRequest } from 'fastify';
import { DEVICE_ID_HEADER, DEVICE_ID_PATTERN, TIME_ZONE_HEADER } from '@omp/protocol';
import { knownTimeZone } from '../inputs/time-zone.ts';
import type { SessionDevice } from '../services/session-devices.ts';

const header = (request: FastifyRequest, name: string) => {
  const value = request.headers[name];
  return typeof value === 'string' ? value.trim() : undefined;
};

export function sessionDeviceOf(request: FastifyRequest): SessionDevice {
  const deviceId = header(request, DEVICE_ID_HEADER);
  return {
    userAgent: header(request, 'user-agent'),
    deviceId: deviceId && DEVICE_ID_PATTERN.test(deviceId) ? deviceId : undefined,
    timeZone: knownTimeZone(header(request, TIME_ZONE_HEADER)),
    lang: request.lang,
  };
}
