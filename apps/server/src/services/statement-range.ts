/**
 * The range of a statement: calendar days in the user's time zone, turned into the exact instants
 * [from, to) that select ledger rows. Midnight is found through the zone's own offset at that
 * moment, so a range across a daylight-saving change still starts and ends at local midnight.
 */
import { STATEMENT_MAX_DAYS } from '@omp/protocol';
import { invalid } from '../domain/errors.ts';
import { knownTimeZone } from '../inputs/time-zone.ts';

export interface StatementRange {
  from: string;
  to: string;
  tz: string;
  fromMs: number;
  toMs: number;
}

const DAY_MS = 86_400_000;

/** A real IANA zone name (or UTC), checked by the runtime's own zone data; undefined otherwise. */
export function timeZoneOrUndefined(name: string | undefined): string | undefined {
  return knownTimeZone(name?.trim() || 'UTC');
}

export function checkedTimeZone(name: string | undefined): string {
  const zone = timeZoneOrUndefined(name);
  if (!zone) throw invalid('statement.bad_time_zone');
  return zone;
}

/** YYYY-MM-DD as [year, month 1–12, day], or undefined for a day no calendar has (2026-02-30). */
function calendarDay(text: string): [number, number, number] | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 2000 || year > 2100) return undefined;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined;
  return [year, month, day];
}

/** The zone's offset from UTC at an instant, in ms (positive east of Greenwich). */
export function zoneOffsetMs(atMs: number, tz: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: tz,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(atMs));
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const asUtc = Date.UTC(
    part('year'),
    part('month') - 1,
    part('day'),
    part('hour'),
    part('minute'),
    part('second'),
  );
  return asUtc - Math.floor(atMs / 1000) * 1000;
}

/** The instant a local day starts in a zone. */
export function localMidnightMs(year: number, month: number, day: number, tz: string): number {
  const wall = Date.UTC(year, month - 1, day);
  let at = wall - zoneOffsetMs(wall, tz);
  // The offset at the guess may differ from the offset at the answer across a change: once more.
  at = wall - zoneOffsetMs(at, tz);
  return at;
}

/** The local calendar day of an instant, YYYY-MM-DD. */
export function localDay(atMs: number, tz: string): string {
  return new Date(atMs + zoneOffsetMs(atMs, tz)).toISOString().slice(0, 10);
}

/** Checks a requested range and gives its instants; refusals say which rule it broke. */
export function statementRange(from: string, to: string, tzName: string | undefined): StatementRange {
  const tz = checkedTimeZone(tzName);
  const start = calendarDay(from);
  if (!start) throw invalid('statement.bad_date', { field: 'from' });
  const end = calendarDay(to);
  if (!end) throw invalid('statement.bad_date', { field: 'to' });
  const days = (Date.UTC(end[0], end[1] - 1, end[2]) - Date.UTC(start[0], start[1] - 1, start[2])) / DAY_MS;
  if (days <= 0) throw invalid('statement.range_reversed');
  if (days > STATEMENT_MAX_DAYS) throw invalid('statement.range_too_long', { days: STATEMENT_MAX_DAYS });
  return { from, to, tz, fromMs: localMidnightMs(...start, tz), toMs: localMidnightMs(...end, tz) };
}

/** The calendar month before the one an instant falls in, in a zone: its range and its name. */
export function previousMonth(atMs: number, tz: string): StatementRange & { month: string } {
  const [year, month] = localDay(atMs, tz).split('-').map(Number) as [number, number];
  const first = month === 1 ? [year - 1, 12] : [year, month - 1];
  const pad = (n: number) => String(n).padStart(2, '0');
  const from = `${first[0]}-${pad(first[1]!)}-01`;
  const to = `${year}-${pad(month)}-01`;
  return { ...statementRange(from, to, tz), month: from.slice(0, 7) };
}

/** "YYYY-MM-DD HH:mm" of an instant in a zone, as the documents print times. */
export function localDateTime(atMs: number, tz: string): string {
  return new Date(atMs + zoneOffsetMs(atMs, tz)).toISOString().slice(0, 16).replace('T', ' ');
}
