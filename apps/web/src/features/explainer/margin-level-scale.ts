/**
 * The geometry of the margin-level chart of the stop-out explainer: where each recorded level, the
 * margin-call and stop-out lines and the axis ticks go in the SVG box. The vertical range always
 * holds both levels and every point, so the lines the account crossed are on screen. Pure, tested.
 */
export interface LevelPoint {
  /** Unix seconds. */
  time: number;
  /** Percent; null while no margin was in use (nothing to draw). */
  level: number | null;
}

export interface ChartBox {
  width: number;
  height: number;
  /** Room for the axis labels: left (levels) and bottom (times). */
  left: number;
  bottom: number;
  top: number;
  right: number;
}

export interface LevelScale {
  /** The polyline's points, "x,y x,y …", oldest first. */
  points: string;
  /** The last point: the moment of the event. */
  last: { x: number; y: number } | undefined;
  y(level: number): number;
  /** Level ticks of the vertical axis, lowest first. */
  levelTicks: Array<{ level: number; y: number }>;
  /** Time ticks of the horizontal axis: the first and the last recorded time. */
  timeTicks: Array<{ time: number; x: number }>;
}

const round = (n: number) => Math.round(n * 10) / 10;

export function levelScale(
  series: readonly LevelPoint[],
  levels: { marginCall: number; stopOut: number },
  box: ChartBox,
): LevelScale {
  const drawn = series.filter((p): p is { time: number; level: number } => p.level !== null);
  const values = [...drawn.map((p) => p.level), levels.marginCall, levels.stopOut, 0];
  const low = Math.min(...values);
  // Some headroom above the highest value, rounded to a step of 50 % so the ticks read well.
  const high = Math.ceil((Math.max(...values) * 1.1) / 50) * 50 || 50;
  const plotTop = box.top;
  const plotBottom = box.height - box.bottom;
  const plotLeft = box.left;
  const plotRight = box.width - box.right;
  const y = (level: number) => round(plotBottom - ((level - low) / (high - low)) * (plotBottom - plotTop));

  const first = drawn[0]?.time ?? 0;
  const lastTime = drawn.at(-1)?.time ?? first;
  const span = lastTime - first;
  // One point alone (or all at one second) sits at the right edge: the moment of the event.
  const x = (time: number) =>
    round(span === 0 ? plotRight : plotLeft + ((time - first) / span) * (plotRight - plotLeft));

  const points = drawn.map((p) => `${x(p.time)},${y(p.level)}`).join(' ');
  const lastPoint = drawn.at(-1);
  const step = high <= 200 ? 50 : high <= 500 ? 100 : Math.ceil(high / 4 / 100) * 100;
  const levelTicks: LevelScale['levelTicks'] = [];
  for (let level = Math.ceil(low / step) * step; level <= high; level += step)
    levelTicks.push({ level, y: y(level) });
  const timeTicks =
    drawn.length === 0
      ? []
      : span === 0
        ? [{ time: lastTime, x: x(lastTime) }]
        : [
            { time: first, x: x(first) },
            { time: lastTime, x: x(lastTime) },
          ];
  return {
    points,
    last: lastPoint && { x: x(lastPoint.time), y: y(lastPoint.level) },
    y,
    levelTicks,
    timeTicks,
  };
}
