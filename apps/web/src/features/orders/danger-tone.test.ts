import { describe, expect, it } from 'vitest';
import { dangerTone } from './danger-tone.ts';

describe('danger tone', () => {
  it.each([
    [null, undefined],
    [-25, undefined],
    [10.01, undefined],
    [-10, 'warn'],
    [3.01, 'warn'],
    [-3, 'danger'],
    [0.5, 'danger'],
    [0, 'danger'],
  ] as const)('a move of %s %% is %s', (move, tone) => {
    expect(dangerTone(move)).toBe(tone);
  });
});
