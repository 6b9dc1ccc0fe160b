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

function round(n: number): number {
  return Math.round(n * 10) / 10;
}
