import { describe, expect, it } from 'vitest';
import { levelScale } from './margin-level-scale.ts';

const box = { width: 300, height: 160, left: 40, right: 10, top: 10, bottom: 30 };
const levels = { marginCall: 100, stopOut: 50 };

describe('the margin-level chart scale', () => {
  it('spans the plot from the first to the last recorded time, falling levels drawn lower', () => {
    const scale = levelScale(
      [
        { time: 1000, level: 180 },
        { time: 1300, level: 120 },
        { time: 1600, level: 40 },
      ],
      levels,
      box,
    );
    const xs = scale.points.split(' ').map((p) => Number(p.split(',')[0]));
    const ys = scale.points.split(' ').map((p) => Number(p.split(',')[1]));
    expect(xs).toEqual([40, 165, 290]);
    expect(ys[0]!).toBeLessThan(ys[1]!);
    expect(ys[1]!).toBeLessThan(ys[2]!);
    expect(scale.last).toEqual({ x: 290, y: ys[2] });
    expect(scale.timeTicks.map((tick) => tick.time)).toEqual([1000, 1600]);
  });

  it('keeps both levels inside the plot whatever the recorded levels, with ticks on round levels', () => {
    const scale = levelScale([{ time: 5, level: 900 }], levels, box);
    for (const level of [levels.marginCall, levels.stopOut, 900]) {
      expect(scale.y(level)).toBeGreaterThanOrEqual(box.top);
      expect(scale.y(level)).toBeLessThanOrEqual(box.height - box.bottom);
    }
    expect(scale.levelTicks.every((tick) => tick.level % 100 === 0)).toBe(true);
    // One moment alone sits at the right edge, where the event is.
    expect(scale.last?.x).toBe(290);
  });

  it('draws nothing for moments without margin in use', () => {
    const scale = levelScale([{ time: 5, level: null }], levels, box);
    expect(scale.points).toBe('');
    expect(scale.last).toBeUndefined();
    expect(scale.timeTicks).toEqual([]);
  });
});
