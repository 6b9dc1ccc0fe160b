/**
 * Market hours over a `WeeklySchedule` (SPEC.md H1–H5). All times are UTC; a schedule is a list
 * of sessions in minutes of the week, 0 = Sunday 00:00, end exclusive, and a session may run past
 * 10080 to wrap into the next week (e.g. Sunday 22:00 → Friday 22:00 is { from: 1320, to: 8520 }).
 *
 * Sessions start and end on whole minutes, so deciding by the minute a time falls in is exact:
 * Friday 21:59:59.999 is open and Friday 22:00:00.000 is closed under FOREX_WEEK.
 */
import { MINUTES_PER_WEEK, type TradingSession, type WeeklySchedule } from './instrument.ts';

export const MS_PER_MINUTE = 60_000;
export const MS_PER_DAY = 86_400_000;
export const MS_PER_WEEK = MINUTES_PER_WEEK * MS_PER_MINUTE;

/** 1970-01-01, the Unix epoch, was a Thursday: four days after the Sunday that starts its week. */
const EPOCH_MINUTE_OF_WEEK = 4 * 24 * 60;

const MINUTES_PER_DAY = 24 * 60;

/** Sunday 22:00 → Friday 22:00 UTC: the default for forex, metals, energies and indices [H4]. */
export const FOREX_WEEK: WeeklySchedule = Object.freeze([
  Object.freeze({ from: 0 * MINUTES_PER_DAY + 22 * 60, to: 5 * MINUTES_PER_DAY + 22 * 60 }),
]);

/** Every minute of every day: crypto [H4]. */
export const ALWAYS_OPEN: WeeklySchedule = Object.freeze([Object.freeze({ from: 0, to: MINUTES_PER_WEEK })]);

/** A half-open span of time [fromMs, toMs). */
export interface TimeSpan {
  fromMs: number;
  toMs: number;
}

function modulo(value: number, divisor: number): number {
  return ((value % divisor) + divisor) % divisor;
}

/** The UTC minute of the week `timeMs` falls in: 0 (Sunday 00:00) to 10079 (Saturday 23:59) [H1]. */
export function minuteOfWeek(timeMs: number): number {
  return modulo(Math.floor(timeMs / MS_PER_MINUTE) + EPOCH_MINUTE_OF_WEEK, MINUTES_PER_WEEK);
}

/** Start of the UTC week (Sunday 00:00) that contains `timeMs`. */
export function weekStartMs(timeMs: number): number {
  return timeMs - modulo(timeMs + EPOCH_MINUTE_OF_WEEK * MS_PER_MINUTE, MS_PER_WEEK);
}

/** Whether minute `minute` (0..10079) is inside the session, counting its wrap into the next week. */
function sessionContains(session: TradingSession, minute: number): boolean {
  // Checking the previous and the next week as well accepts sessions written as starting before
  // Sunday 00:00 (negative `from`) or ending after the next Sunday (`to` > 10080).
  for (let week = -1; week <= 1; week++) {
    const shifted = minute + week * MINUTES_PER_WEEK;
    if (session.from <= shifted && shifted < session.to) return true;
  }
  return false;
}

/** True inside any session of the schedule [H2]; an empty schedule is never open. */
export function isMarketOpen(schedule: WeeklySchedule, timeMs: number): boolean {
  const minute = minuteOfWeek(timeMs);
  for (const session of schedule) {
    if (sessionContains(session, minute)) return true;
  }
  return false;
}

/**
 * When a closed market opens next, in Unix ms (always a whole minute) [H3]. Null while the market
 * is open, and for a schedule without any session, so the caller never waits for something that
 * cannot come.
 */
export function nextOpenTime(schedule: WeeklySchedule, timeMs: number): number | null {
  if (isMarketOpen(schedule, timeMs)) return null;
  const weekStart = weekStartMs(timeMs);
  let next: number | null = null;
  for (const session of schedule) {
    if (session.to <= session.from) continue;
    // A session starts once a week, so one of these starts is the first after `timeMs`.
    for (let week = -1; week <= 2; week++) {
      const start = weekStart + (session.from + week * MINUTES_PER_WEEK) * MS_PER_MINUTE;
      if (start > timeMs && (next === null || start < next)) next = start;
    }
  }
  return next;
}

/**
 * The spans of [fromMs, toMs) during which the market is open, sorted, with touching or
 * overlapping sessions merged [H5]. Cheaper than asking `isMarketOpen` minute by minute when a
 * caller needs every open minute of a month (the history backfill does).
 */
export function openSpans(schedule: WeeklySchedule, fromMs: number, toMs: number): TimeSpan[] {
  if (!(toMs > fromMs)) return [];
  const pieces: TimeSpan[] = [];
  // Start a week early so a session that began last week and wraps into this one is seen.
  for (let weekStart = weekStartMs(fromMs) - MS_PER_WEEK; weekStart < toMs; weekStart += MS_PER_WEEK) {
    for (const session of schedule) {
      const start = Math.max(fromMs, weekStart + session.from * MS_PER_MINUTE);
      const end = Math.min(toMs, weekStart + session.to * MS_PER_MINUTE);
      if (start < end) pieces.push({ fromMs: start, toMs: end });
    }
  }
  pieces.sort((a, b) => a.fromMs - b.fromMs);
  const merged: TimeSpan[] = [];
  for (const piece of pieces) {
    const last = merged[merged.length - 1];
    if (last && piece.fromMs <= last.toMs) {
      last.toMs = Math.max(last.toMs, piece.toMs);
    } else {
      merged.push({ ...piece });
    }
  }
  return merged;
}
