import { describe, expect, it } from 'vitest';
import {
  maxTrailingPips,
  sanitizePipsText,
  trailingPointsOfText,
  trailingText,
  trailingTooFar,
} from './trailing-rules.ts';

describe('trailing stop in pips', () => {
  it('[P7] reads pips as points: ten points a pip at precision 5 and 3, one elsewhere', () => {
    expect(trailingPointsOfText('12.5', 5)).toBe(125);
    expect(trailingPointsOfText('12.5', 3)).toBe(125);
    expect(trailingPointsOfText('40', 2)).toBe(40);
    expect(trailingPointsOfText('', 5)).toBe(0);
    expect(trailingPointsOfText('0.0', 5)).toBe(0);
  });

  it('keeps typed pips no finer than a point, so a distance is never off the grid', () => {
    expect(sanitizePipsText('12.55', 5, 'en')).toBe('12.5');
    expect(sanitizePipsText('12,5', 5, 'en')).toBe('12.5');
    expect(sanitizePipsText('12.5', 2, 'en')).toBe('12');
    expect(sanitizePipsText('-3', 5, 'en')).toBe('3');
  });

  it('[TS2] names the widest distance once the typed one is wider than a quarter of the price', () => {
    expect(maxTrailingPips(1.1, 5)).toBe(2750);
    expect(trailingTooFar('2750', 5, 1.1)).toBeUndefined();
    expect(trailingTooFar('2750.1', 5, 1.1)).toBe(2750);
    expect(trailingTooFar('', 5, 1.1)).toBeUndefined();
  });

  it('shows a stored distance, none as empty', () => {
    expect(trailingText(12.5)).toBe('12.5');
    expect(trailingText(0)).toBe('');
  });
});
