/**
 * The server writes times as UTC text ("2026-11-25 09:30:00"); staff read them in their own time
 * zone, with the zone's offset shown where a time could be misread.
 */
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);

export function localTime(utcText: string | null | undefined): string {
  if (!utcText) return '';
  const parsed = dayjs.utc(utcText.replace(' ', 'T'));
  return parsed.isValid() ? parsed.local().format('YYYY-MM-DD HH:mm:ss') : utcText;
}

export function localTimeOfMs(ms: number): string {
  return dayjs(ms).format('YYYY-MM-DD HH:mm:ss');
}

/** "3 h 5 min" since a UTC time: how long an item has waited in a queue. */
export function ageOf(utcText: string, nowMs: number): { minutes: number } {
  const since = dayjs.utc(utcText.replace(' ', 'T')).valueOf();
  return { minutes: Math.max(0, Math.floor((nowMs - since) / 60_000)) };
}

/** The browser's time zone name, shown once in the header so every time on screen has a zone. */
export const timeZoneName = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** Midnight in the member's own time zone: where their "today" starts. */
export function startOfLocalDay(): number {
  const now = new Date();
  return new Date(now.getFullYear(), now.getMonth(), now.getDate()).getTime();
}
