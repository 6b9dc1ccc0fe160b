/**
 * Points of an SVG polyline for a series of closes, scaled into a width x height box with a little
 * vertical padding so the stroke is never clipped. Pure, for tests.
 */
export function sparklinePoints(
  values: readonly number[],
  width: number,
  height: number,
  padding = 2,
): string {
  if (values.length < 2) return '';
  let min = Infinity;
  let max = -Infinity;
  for (const v of values) {
    if (v < min) min = v;
    if (v > max) max = v;
  }
  const span = max - min;
  const usable = height - padding * 2;
  const step = width / (values.length - 1);
  return values
    .map((v, i) => {
      // A flat line sits in the middle rather than on an edge.
      const y = span === 0 ? height / 2 : padding + usable - ((v - min) / span) * usable;
      return `${round(i * step)},${round(y)}`;
    })
    .join(' ');
}

/** Bar fields the day window reads. */
interface DayBar {
  Time: number;
  Open: number;
  Close: number;
}

/**
 * The prices the change percent beside the sparkline is measured over (trading-rules.md: from the
 * day open at 00:00 UTC): the open of the first bar of the newest bar's UTC day — the day's first
 * tick, the day open itself — then every close of that day. Bars oldest first.
 */
export function dayWindow(bars: readonly DayBar[]): number[] {
  const last = bars.at(-1);
  if (!last) return [];
  const dayStart = Math.floor(last.Time / 86400) * 86400;
  const today = bars.filter((bar) => bar.Time >= dayStart);
  return [today[0]!.Open, ...today.map((bar) => bar.Close)];
}

function round(n: number): number {
  return Math.round(n * 10) / 10;
}
