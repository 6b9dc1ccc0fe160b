import { describe, expect, it } from 'vitest';
import { parseLots } from '@omp/engine';
import { isValidPart, lotsOfQuantity, partProfitMicros, partRangeOf, stepPart } from './part-rules.ts';

const lots = (text: string) => parseLots(text)!;
const rules = { step: lots('0.01'), min: lots('0.01'), max: lots('50'), decimals: 2 };

describe('closing part of a position', () => {
  it('[PC2] offers whole steps from the minimum to what leaves the minimum open', () => {
    expect(partRangeOf(lots('1'), rules)).toEqual({ min: lots('0.01'), max: lots('0.99') });
    expect(partRangeOf(lots('0.02'), rules)).toEqual({ min: lots('0.01'), max: lots('0.01') });
    expect(partRangeOf(lots('0.01'), rules)).toBeUndefined();
    const coarse = { step: lots('0.1'), min: lots('0.2'), max: lots('50'), decimals: 1 };
    expect(partRangeOf(lots('0.5'), coarse)).toEqual({ min: lots('0.2'), max: lots('0.3') });
    expect(partRangeOf(lots('0.3'), coarse)).toBeUndefined();
  });

  it('[PC2] steps stay inside the range and on the grid', () => {
    const range = partRangeOf(lots('0.05'), rules)!;
    expect(stepPart(lots('0.04'), 1, rules, range)).toBe(lots('0.04'));
    expect(stepPart(lots('0.01'), -1, rules, range)).toBe(lots('0.01'));
    expect(stepPart(lots('0.025'), 1, rules, range)).toBe(lots('0.03'));
    expect(isValidPart(lots('0.05'), rules, range)).toBe(false);
    expect(isValidPart(lots('0.015'), rules, range)).toBe(false);
    expect(isValidPart(lots('0.04'), rules, range)).toBe(true);
  });

  it('previews the part’s P/L in proportion, exactly', () => {
    expect(partProfitMicros(-412, lots('0.3'), lots('1'))).toBe(-123_600_000n);
    expect(partProfitMicros(0.1, lots('0.01'), lots('0.03'))).toBe(33_333n);
    expect(lotsOfQuantity(0.7)).toBe(lots('0.7'));
  });
});
