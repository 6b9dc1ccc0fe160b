import { describe, expect, it } from 'vitest';
import { dayWindow, sparklinePoints } from './sparkline.ts';

describe('sparklinePoints', () => {
  it('scales values into the box with the highest value at the top', () => {
    expect(sparklinePoints([1, 2, 3], 10, 10, 0)).toBe('0,10 5,5 10,0');
  });

  it('keeps a padding off the edges', () => {
    expect(sparklinePoints([0, 1], 10, 10, 2)).toBe('0,8 10,2');
  });

  it('draws a flat series through the middle', () => {
    expect(sparklinePoints([5, 5, 5], 10, 20)).toBe('0,10 5,10 10,10');
  });

  it('draws nothing for fewer than two values', () => {
    expect(sparklinePoints([1], 10, 10)).toBe('');
    expect(sparklinePoints([], 10, 10)).toBe('');
  });
});

describe('dayWindow', () => {
  const day = Date.UTC(2025, 0, 8) / 1000;
  const bar = (Time: number, Open: number, Close: number) => ({ Time, Open, Close });

  it.each([
    [
      'starts at the day open (the first bar of the UTC day opens it) and keeps that day only',
      [bar(day - 900, 1.0, 1.1), bar(day, 1.2, 1.3), bar(day + 900, 1.3, 1.25)],
      [1.2, 1.3, 1.25],
    ],
    ['a day of one bar gives its open and close', [bar(day - 900, 1, 2), bar(day + 3600, 3, 4)], [3, 4]],
    ['no bars, no line', [], []],
    [
      'a market closed since an earlier day keeps that day, as its change percent does',
      [bar(day - 86400, 5, 6), bar(day - 900, 6, 7)],
      [5, 6, 7],
    ],
  ])('%s', (_name, bars, values) => {
    expect(dayWindow(bars)).toEqual(values);
  });
});
