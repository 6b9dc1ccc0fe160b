import { describe, it, expect } from 'vitest';
import type { WeeklySchedule } from './instrument.ts';
import {
  ALWAYS_OPEN,
  FOREX_WEEK,
  MS_PER_MINUTE,
  isMarketOpen,
  minuteOfWeek,
  nextOpenTime,
  openSpans,
  weekStartMs,
} from './schedule.ts';
import { seededPrng } from './testing/seeded-prng.ts';

// 2025-01-05 is a Sunday.
const utc = (day: number, hour = 0, minute = 0, second = 0, ms = 0) =>
  Date.UTC(2025, 0, day, hour, minute, second, ms);
const SUNDAY = 5;
const MONDAY = 6;
const WEDNESDAY = 8;
const FRIDAY = 10;
const SATURDAY = 11;
const NEXT_SUNDAY = 12;

/** Saturday 20:00 → Sunday 04:00: a session that wraps past the end of the week. */
const WRAPPING: WeeklySchedule = [{ from: 6 * 1440 + 20 * 60, to: 7 * 1440 + 4 * 60 }];

/** Monday to Friday 01:00 → 21:00, one session a day, like an index with a nightly break. */
const WITH_BREAKS: WeeklySchedule = [1, 2, 3, 4, 5].map((day) => ({
  from: day * 1440 + 60,
  to: day * 1440 + 21 * 60,
}));

describe('minuteOfWeek', () => {
  it('[H1] counts UTC minutes from Sunday 00:00', () => {
    expect(minuteOfWeek(utc(SUNDAY))).toBe(0);
    expect(minuteOfWeek(utc(SUNDAY, 0, 0, 59, 999))).toBe(0);
    expect(minuteOfWeek(utc(MONDAY, 1, 1))).toBe(1440 + 61);
    expect(minuteOfWeek(utc(SATURDAY, 23, 59))).toBe(10079);
    expect(minuteOfWeek(utc(NEXT_SUNDAY))).toBe(0);
    expect(minuteOfWeek(0)).toBe(4 * 1440); // the epoch was a Thursday
    expect(minuteOfWeek(-MS_PER_MINUTE)).toBe(4 * 1440 - 1);
  });

  it('[H1] finds the start of the week', () => {
    expect(weekStartMs(utc(WEDNESDAY, 13, 14, 15))).toBe(utc(SUNDAY));
    expect(weekStartMs(utc(SUNDAY))).toBe(utc(SUNDAY));
    expect(weekStartMs(utc(SUNDAY) - 1)).toBe(utc(SUNDAY) - 7 * 86_400_000);
  });
});

describe('isMarketOpen', () => {
  const forex: Array<[label: string, timeMs: number, open: boolean]> = [
    ['Friday 21:59', utc(FRIDAY, 21, 59), true],
    ['Friday 21:59:59.999', utc(FRIDAY, 21, 59, 59, 999), true],
    ['Friday 22:00', utc(FRIDAY, 22, 0), false],
    ['Friday 23:30', utc(FRIDAY, 23, 30), false],
    ['Saturday 00:00', utc(SATURDAY), false],
    ['Saturday 12:00', utc(SATURDAY, 12), false],
    ['Sunday 00:00', utc(NEXT_SUNDAY), false],
    ['Sunday 21:59', utc(NEXT_SUNDAY, 21, 59), false],
    ['Sunday 21:59:59.999', utc(NEXT_SUNDAY, 21, 59, 59, 999), false],
    ['Sunday 22:00', utc(NEXT_SUNDAY, 22, 0), true],
    ['Monday 00:00', utc(MONDAY), true],
    ['Wednesday 12:00', utc(WEDNESDAY, 12), true],
  ];

  it.each(forex)('[H2][H4] FOREX_WEEK at %s → %s', (_label, timeMs, open) => {
    expect(isMarketOpen(FOREX_WEEK, timeMs)).toBe(open);
  });

  it.each(forex)('[H4] ALWAYS_OPEN at %s → true', (_label, timeMs) => {
    expect(isMarketOpen(ALWAYS_OPEN, timeMs)).toBe(true);
  });

  const wrapping: Array<[label: string, timeMs: number, open: boolean]> = [
    ['Saturday 19:59', utc(SATURDAY, 19, 59), false],
    ['Saturday 20:00', utc(SATURDAY, 20), true],
    ['Saturday 23:59', utc(SATURDAY, 23, 59), true],
    ['Sunday 00:00', utc(NEXT_SUNDAY), true],
    ['Sunday 03:59', utc(NEXT_SUNDAY, 3, 59), true],
    ['Sunday 04:00', utc(NEXT_SUNDAY, 4), false],
    ['Wednesday 12:00', utc(WEDNESDAY, 12), false],
  ];

  it.each(wrapping)('[H1] a session wrapping past 10080 at %s → %s', (_label, timeMs, open) => {
    expect(isMarketOpen(WRAPPING, timeMs)).toBe(open);
  });

  it('[H2] an empty schedule is never open', () => {
    expect(isMarketOpen([], utc(WEDNESDAY, 12))).toBe(false);
  });
});

describe('nextOpenTime', () => {
  const cases: Array<[label: string, schedule: WeeklySchedule, timeMs: number, next: number | null]> = [
    ['forex, open on Wednesday', FOREX_WEEK, utc(WEDNESDAY, 12), null],
    ['forex, Friday 22:00', FOREX_WEEK, utc(FRIDAY, 22), utc(NEXT_SUNDAY, 22)],
    ['forex, Saturday noon', FOREX_WEEK, utc(SATURDAY, 12, 0, 30), utc(NEXT_SUNDAY, 22)],
    ['forex, Sunday 21:59:30', FOREX_WEEK, utc(NEXT_SUNDAY, 21, 59, 30), utc(NEXT_SUNDAY, 22)],
    ['forex, Sunday 00:00', FOREX_WEEK, utc(SUNDAY), utc(SUNDAY, 22)],
    ['crypto', ALWAYS_OPEN, utc(SATURDAY, 12), null],
    ['no session', [], utc(SATURDAY, 12), null],
    ['wrapping, Sunday 04:00', WRAPPING, utc(NEXT_SUNDAY, 4), utc(NEXT_SUNDAY + 6, 20)],
    ['wrapping, Saturday 19:59:59', WRAPPING, utc(SATURDAY, 19, 59, 59), utc(SATURDAY, 20)],
    ['nightly break, Tuesday 21:30', WITH_BREAKS, utc(MONDAY + 1, 21, 30), utc(MONDAY + 2, 1)],
    ['nightly break, Friday 21:00', WITH_BREAKS, utc(FRIDAY, 21), utc(NEXT_SUNDAY + 1, 1)],
  ];

  it.each(cases)('[H3] %s', (_label, schedule, timeMs, next) => {
    expect(nextOpenTime(schedule, timeMs)).toBe(next);
  });
});

/** A random schedule of 0–3 sessions, some wrapping, some overlapping. */
function randomSchedule(random: ReturnType<typeof seededPrng>): WeeklySchedule {
  const sessions = [];
  for (let i = random.int(0, 3); i > 0; i--) {
    const from = random.int(0, 10079);
    sessions.push({ from, to: from + random.int(1, 4 * 1440) });
  }
  return sessions;
}

/** The rule written the slow, obvious way: is any week's copy of any session around this minute? */
function referenceOpen(schedule: WeeklySchedule, timeMs: number): boolean {
  const minute = Math.floor(timeMs / MS_PER_MINUTE);
  const weekStartMinute = weekStartMs(timeMs) / MS_PER_MINUTE;
  return schedule.some((session) =>
    [-1, 0].some((week) => {
      const start = weekStartMinute + week * 10080 + session.from;
      return start <= minute && minute < weekStartMinute + week * 10080 + session.to;
    }),
  );
}

describe('schedule properties', () => {
  it('[H1][H2] isMarketOpen agrees with the reference on random schedules and times', () => {
    const random = seededPrng(11);
    for (let run = 0; run < 3000; run++) {
      const schedule = randomSchedule(random);
      const timeMs = utc(1) + random.int(0, 60 * 86_400) * 1000 + random.int(0, 999);
      if (isMarketOpen(schedule, timeMs) !== referenceOpen(schedule, timeMs))
        expect.fail(`run ${run} at ${timeMs}`);
    }
  });

  it('[H3] nextOpenTime is the first open minute after a closed time', () => {
    const random = seededPrng(12);
    for (let run = 0; run < 300; run++) {
      const schedule = randomSchedule(random);
      const timeMs = utc(1) + random.int(0, 60 * 86_400) * 1000 + random.int(0, 999);
      const next = nextOpenTime(schedule, timeMs);
      if (isMarketOpen(schedule, timeMs) || schedule.length === 0) {
        expect(next).toBeNull();
        continue;
      }
      expect(next).not.toBeNull();
      const nextMs = next ?? 0;
      expect(nextMs % MS_PER_MINUTE).toBe(0);
      expect(isMarketOpen(schedule, nextMs)).toBe(true);
      for (
        let minute = Math.floor(timeMs / MS_PER_MINUTE) * MS_PER_MINUTE;
        minute < nextMs;
        minute += MS_PER_MINUTE
      ) {
        if (isMarketOpen(schedule, minute))
          expect.fail(`run ${run}: open at ${new Date(minute).toISOString()}`);
      }
    }
  });

  it('[H5] openSpans covers exactly the open minutes of a range', () => {
    const random = seededPrng(13);
    for (let run = 0; run < 40; run++) {
      const schedule = random.next() < 0.3 ? FOREX_WEEK : randomSchedule(random);
      const fromMs = utc(1) + random.int(0, 30 * 1440) * MS_PER_MINUTE;
      const toMs = fromMs + random.int(0, 15 * 1440) * MS_PER_MINUTE;
      const spans = openSpans(schedule, fromMs, toMs);
      for (let i = 1; i < spans.length; i++) {
        expect(spans[i]?.fromMs).toBeGreaterThan(spans[i - 1]?.toMs ?? Infinity);
      }
      let spanIndex = 0;
      for (let minute = fromMs; minute < toMs; minute += MS_PER_MINUTE) {
        while (spans[spanIndex] !== undefined && (spans[spanIndex]?.toMs ?? 0) <= minute) spanIndex++;
        const span = spans[spanIndex];
        const inSpan = span !== undefined && span.fromMs <= minute;
        if (inSpan !== isMarketOpen(schedule, minute)) {
          expect(inSpan, `run ${run} minute ${new Date(minute).toISOString()}`).toBe(
            isMarketOpen(schedule, minute),
          );
        }
      }
    }
  });

  it('[H5] a forex week has five days of open minutes, and always-open merges into one span', () => {
    const spans = openSpans(FOREX_WEEK, utc(SUNDAY), utc(NEXT_SUNDAY));
    expect(spans).toEqual([{ fromMs: utc(SUNDAY, 22), toMs: utc(FRIDAY, 22) }]);
    expect(openSpans(ALWAYS_OPEN, utc(1), utc(29))).toEqual([{ fromMs: utc(1), toMs: utc(29) }]);
    expect(openSpans(FOREX_WEEK, utc(SATURDAY), utc(SATURDAY, 12))).toEqual([]);
  });
});
