import { describe, expect, it } from 'vitest';
import type { Bar } from '@omp/engine';
import { UnwrittenBars } from './unwritten-bars.ts';

const bar = (time: number, close: number): Bar => ({ time, open: 10, high: 20, low: 5, close, volume: 1 });
const closes = (bars: ReturnType<UnwrittenBars['take']>) =>
  Object.fromEntries([...(bars.get('1M') ?? new Map<number, Bar>())].map(([time, b]) => [time, b.close]));

describe('unwritten bars', () => {
  it('gives each bar once, in its latest state, and is empty after', () => {
    const bars = new UnwrittenBars();
    bars.mark('1M', bar(60, 11));
    bars.mark('1M', bar(60, 12));
    bars.mark('1M', bar(120, 13));
    expect(closes(bars.take())).toEqual({ 60: 12, 120: 13 });
    expect(bars.take().size).toBe(0);
  });

  it('keeps the last flushes set aside and gives them with the next take, later changes winning', () => {
    const bars = new UnwrittenBars();
    for (let minute = 1; minute <= 4; minute++) {
      bars.mark('1M', bar(minute * 60, minute));
      bars.setAside(2);
    }
    bars.setAside(2); // a flush with no change ages nothing
    bars.mark('1M', bar(240, 99));
    expect(closes(bars.take())).toEqual({ 180: 3, 240: 99 });
  });

  it('takes back bars that could not be written, under those changed since', () => {
    const bars = new UnwrittenBars();
    bars.mark('1M', bar(60, 1));
    bars.mark('1M', bar(120, 2));
    const taken = bars.take();
    bars.mark('1M', bar(120, 3));
    bars.restore(taken);
    expect(closes(bars.take())).toEqual({ 60: 1, 120: 3 });
  });

  it('rescales what is set aside as well as what changed', () => {
    const bars = new UnwrittenBars();
    bars.mark('1M', bar(60, 7));
    bars.setAside(3);
    bars.mark('1M', bar(120, 8));
    bars.rescale((b) => ({ ...b, close: b.close * 10 }));
    expect(closes(bars.take())).toEqual({ 60: 70, 120: 80 });
  });

  it('counts bars a flush has taken as unwritten until the flush settles', () => {
    const bars = new UnwrittenBars();
    bars.mark('1M', bar(60, 1));
    const first = bars.take();
    // A page read now may find the database without them: they are not written yet.
    expect(bars.hasBarBefore('1M', 120)).toBe(true);
    bars.written(first);
    expect(bars.hasBarBefore('1M', 120)).toBe(false);
    bars.mark('1M', bar(120, 2));
    const second = bars.take();
    expect(bars.hasBarBefore('1M', 180)).toBe(true);
    bars.restore(second);
    expect(closes(bars.take())).toEqual({ 120: 2 });
  });
});
