/**
 * Trading sessions as staff read and type them (a weekday and a UTC time at each end) and as the
 * server stores them (minutes of the week from Sunday 00:00, the end past 10080 when a session
 * wraps into the next week). An end at or before the start wraps; an end equal to it is a whole
 * week, which is how "always open" is typed.
 */
export const MINUTES_PER_WEEK = 7 * 24 * 60;

export interface SessionMinutes {
  from: number;
  to: number;
}

export interface SessionFields {
  fromDay: number;
  fromTime: string;
  toDay: number;
  toTime: string;
}

const pad = (n: number) => String(n).padStart(2, '0');
const timeOf = (minuteOfDay: number) => `${pad(Math.floor(minuteOfDay / 60))}:${pad(minuteOfDay % 60)}`;

export function toFields({ from, to }: SessionMinutes): SessionFields {
  const end = to % MINUTES_PER_WEEK;
  return {
    fromDay: Math.floor(from / 1440),
    fromTime: timeOf(from % 1440),
    toDay: Math.floor(end / 1440),
    toTime: timeOf(end % 1440),
  };
}

/** "HH:MM" (00:00–23:59) as minutes of the day, or undefined when it is not a time. */
export function minutesOfTime(text: string): number | undefined {
  const match = /^([01]?\d|2[0-3]):([0-5]\d)$/.exec(text.trim());
  return match ? Number(match[1]) * 60 + Number(match[2]) : undefined;
}

export function toMinutes(fields: SessionFields): SessionMinutes | undefined {
  const fromTime = minutesOfTime(fields.fromTime);
  const toTime = minutesOfTime(fields.toTime);
  if (fromTime === undefined || toTime === undefined) return undefined;
  const from = fields.fromDay * 1440 + fromTime;
  const end = fields.toDay * 1440 + toTime;
  return { from, to: end > from ? end : end + MINUTES_PER_WEEK };
}
