/**
 * Which device this is, as the server's devices screen and its new-device notice know it: a random
 * id kept in this browser's storage (made on first use), and the time zone the browser runs in.
 * The id names nothing about the person or the phone; clearing the site's data makes a new one, and
 * the next sign-in is then told of as a new device, which is the honest answer.
 */
import { DEVICE_ID_HEADER, DEVICE_ID_PATTERN, TIME_ZONE_HEADER } from '@omp/protocol';
import { readText, writeText } from '../../lib/storage.ts';

const DEVICE_ID_KEY = 'device-id';

function newDeviceId(): string {
  const bytes = new Uint8Array(18);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** This browser's device id; a new one when none is stored or the stored one looks wrong. */
export function deviceId(): string {
  const stored = readText(DEVICE_ID_KEY);
  if (stored && DEVICE_ID_PATTERN.test(stored)) return stored;
  const made = newDeviceId();
  writeText(DEVICE_ID_KEY, made);
  return made;
}

function timeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

export function deviceHeaders(): Record<string, string> {
  const zone = timeZone();
  return { [DEVICE_ID_HEADER]: deviceId(), ...(zone ? { [TIME_ZONE_HEADER]: zone } : {}) };
}
