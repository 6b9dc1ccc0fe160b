import { describe, expect, it } from 'vitest';
import { sparklinePoints } from './sparkline.ts';

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
