/**
 * The periods the Statement screen offers, as the server takes them: [from, to) of local calendar
 * days in the phone's time zone. "Custom" picks the first and the last day shown, so its `to` is the
 * day after the last one.
 */
export type RangePreset = 'this_month' | 'last_month' | 'last_3_months' | 'custom';
export const RANGE_PRESETS: readonly RangePreset[] = ['this_month', 'last_month', 'last_3_months', 'custom'];

export interface DayRange {
  from: string;
  to: string;
}

const pad = (n: number) => String(n).padStart(2, '0');
/** A local date as YYYY-MM-DD. */
export const dayText = (date: Date) =>
  `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

export function presetRange(preset: Exclude<RangePreset, 'custom'>, today: Date): DayRange {
  const year = today.getFullYear();
  const month = today.getMonth();
  const first = (monthsBack: number) => dayText(new Date(year, month - monthsBack, 1));
  if (preset === 'this_month') return { from: first(0), to: first(-1) };
  if (preset === 'last_month') return { from: first(1), to: first(0) };
  return { from: first(2), to: first(-1) };
}

/** The range of a first and a last day chosen (in either order), the last one included. */
export function customRange(a: Date, b: Date): DayRange {
  const [first, last] = a <= b ? [a, b] : [b, a];
  return {
    from: dayText(first),
    to: dayText(new Date(last.getFullYear(), last.getMonth(), last.getDate() + 1)),
  };
}

/** The last day a range shows: the day before `to`. */
export function lastDayOf(range: DayRange): string {
  const [y, m, d] = range.to.split('-').map(Number) as [number, number, number];
  return dayText(new Date(y, m - 1, d - 1));
}

/** The phone's IANA time zone; UTC when the browser does not say. */
export function phoneTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}
