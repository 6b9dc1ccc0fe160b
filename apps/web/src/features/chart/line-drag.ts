/**
 * The geometry of dragging a price line with a finger: which line a touch grabs, and which price a
 * finger's height means, snapped to the instrument's precision. lightweight-charts has no drag of
 * its own for price lines, so the chart component turns pointer events into these calls.
 *
 * A finger covers about 10 mm, so a line is grabbed within HIT_SLOP_PX above or below it; where two
 * lines are that close, the nearer one wins.
 */
import type { ChartLine } from './chart-lines.ts';

/** How far from a line (CSS pixels, either side) a touch still grabs it. */
export const HIT_SLOP_PX = 24;

/**
 * The draggable line nearest to height `y` within the slop, or undefined. `toY` is the series'
 * `priceToCoordinate` (null when the price is off the visible scale).
 */
export function lineAt(
  lines: readonly ChartLine[],
  y: number,
  toY: (price: number) => number | null,
  slop = HIT_SLOP_PX,
): ChartLine | undefined {
  let best: ChartLine | undefined;
  let bestDistance = Infinity;
  for (const line of lines) {
    if (!line.draggable) continue;
    const lineY = toY(line.price);
    if (lineY === null) continue;
    const distance = Math.abs(lineY - y);
    if (distance <= slop && distance < bestDistance) {
      best = line;
      bestDistance = distance;
    }
  }
  return best;
}

/**
 * A price rounded to the instrument's precision, as the number and as the exact text the API
 * takes. Rounded in whole points, so 1.0850000000000002 is 1.08500 and never a sixth decimal.
 */
export function snapPrice(price: number, precision: number): { price: number; text: string } {
  const points = Math.round(price * 10 ** precision);
  const text = (points / 10 ** precision).toFixed(precision);
  return { price: Number(text), text };
}

/** The price a finger at height `y` points to, snapped; undefined off the scale or at or below 0. */
export function priceAtY(
  y: number,
  toPrice: (y: number) => number | null,
  precision: number,
): { price: number; text: string } | undefined {
  const raw = toPrice(y);
  if (raw === null || !Number.isFinite(raw)) return undefined;
  const snapped = snapPrice(raw, precision);
  return snapped.price > 0 ? snapped : undefined;
}
