import { describe, it, expect } from 'vitest';
import { formatPoints, parsePriceToPoints, pipPoints, pointsToNumber, rescalePoints } from './price.ts';
import { seededPrng } from './testing/seeded-prng.ts';

describe('parsePriceToPoints', () => {
  const cases: Array<[value: number | string, precision: number, points: number | null]> = [
    ['1.08523', 5, 108523],
    ['1.085235', 5, 108524],
    ['1.0852349999999999999', 5, 108523],
    ['1.085225', 5, 108523],
    [1.08523, 5, 108523],
    // 1.005 * 100 is 100.49999… in binary floating point; the decimal rounds half away from zero.
    [1.005, 2, 101],
    ['1.005', 2, 101],
    [0.1 + 0.2, 2, 30],
    ['65000.5', 1, 650005],
    ['65000.55', 1, 650006],
    ['150.123', 3, 150123],
    ['2.5', 0, 3],
    ['  2.5 ', 0, 3],
    ['+1.5', 1, 15],
    ['.5', 1, 5],
    ['5.', 1, 50],
    ['00001.50000', 2, 150],
    ['1e-3', 5, 100],
    ['1.5E2', 0, 150],
    [1e-7, 7, 1],
    ['0.000005', 5, 1],
    ['0.0000049', 5, null],
    ['9007199254740991', 0, 9007199254740991],
    ['9007199254740992', 0, null],
    [1e21, 0, null],
    ['0', 5, null],
    ['0.000', 5, null],
    [0, 5, null],
    ['-1', 5, null],
    ['-0', 5, null],
    [-1, 5, null],
    [Number.NaN, 5, null],
    [Number.POSITIVE_INFINITY, 5, null],
    ['Infinity', 5, null],
    ['NaN', 5, null],
    ['', 5, null],
    ['   ', 5, null],
    ['.', 5, null],
    ['e5', 5, null],
    ['1e', 5, null],
    ['1.2.3', 5, null],
    ['1,5', 5, null],
    ['1_000', 5, null],
    ['0x10', 5, null],
    ['abc', 5, null],
    ['1e99999', 5, null],
    ['1'.repeat(65), 0, null],
  ];

  it.each(cases)('[P2][P3] %j at precision %i → %j', (value, precision, points) => {
    expect(parsePriceToPoints(value, precision)).toBe(points);
  });

  it('[P3] refuses input that only a broken client sends', () => {
    expect(parsePriceToPoints(null as unknown as string, 5)).toBeNull();
    expect(parsePriceToPoints({} as unknown as string, 5)).toBeNull();
  });

  it.each([-1, 1.5, 16, Number.NaN])('[P1] throws on the configuration error precision=%s', (precision) => {
    expect(() => parsePriceToPoints('1', precision)).toThrow(RangeError);
    expect(() => pointsToNumber(1, precision)).toThrow(RangeError);
    expect(() => formatPoints(1, precision)).toThrow(RangeError);
  });

  it('[P2] agrees with exact integer arithmetic on thousands of random decimals', () => {
    const random = seededPrng(20250101);
    for (let run = 0; run < 5000; run++) {
      const precision = random.int(0, 8);
      const integerDigits = String(random.int(0, 999_999));
      const fractionLength = random.int(0, 12);
      let fractionDigits = '';
      for (let i = 0; i < fractionLength; i++) fractionDigits += String(random.int(0, 9));
      const text = fractionLength > 0 ? `${integerDigits}.${fractionDigits}` : integerDigits;

      // Reference: D / 10^f in points is D × 10^p / 10^f, rounded half up (the value is positive).
      const scaled = BigInt(integerDigits + fractionDigits) * 10n ** BigInt(precision);
      const divisor = 10n ** BigInt(fractionLength);
      const quotient = scaled / divisor;
      const expected = (scaled % divisor) * 2n >= divisor ? quotient + 1n : quotient;

      const points = parsePriceToPoints(text, precision);
      expect(points, `${text} @ ${precision}`).toBe(expected > 0n ? Number(expected) : null);
    }
  });
});

describe('formatPoints and pointsToNumber', () => {
  const formats: Array<[points: number, precision: number, text: string]> = [
    [108520, 5, '1.08520'],
    [108523, 5, '1.08523'],
    [5, 5, '0.00005'],
    [0, 2, '0.00'],
    [123, 0, '123'],
    [650005, 1, '65000.5'],
    [-5, 2, '-0.05'],
    [-12345, 2, '-123.45'],
  ];

  it.each(formats)('[P5] formatPoints(%i, %i) is %s', (points, precision, text) => {
    expect(formatPoints(points, precision)).toBe(text);
  });

  it('[P5] refuses fractional points, which would be a bug upstream', () => {
    expect(() => formatPoints(1.5, 2)).toThrow(RangeError);
  });

  it('[P4] pointsToNumber gives the double of the decimal', () => {
    expect(pointsToNumber(108523, 5)).toBe(1.08523);
    expect(pointsToNumber(650005, 1)).toBe(65000.5);
    expect(pointsToNumber(30, 2)).toBe(0.3);
    expect(pointsToNumber(123, 0)).toBe(123);
  });

  it('[P4][P5] round-trips through text and through JSON numbers for random points', () => {
    const random = seededPrng(7);
    for (let run = 0; run < 10_000; run++) {
      const precision = random.int(0, 8);
      const points = random.int(1, 10 ** random.int(1, 12));
      const text = formatPoints(points, precision);
      const json = pointsToNumber(points, precision);
      expect(text.split('.')[1]?.length ?? 0).toBe(precision);
      expect(json).toBe(Number(text));
      expect(parsePriceToPoints(text, precision)).toBe(points);
      expect(parsePriceToPoints(JSON.parse(JSON.stringify(json)) as number, precision)).toBe(points);
    }
  });
});

describe('rescalePoints [P6]', () => {
  it.each([
    [108523, 5, 6, 1085230],
    [108523, 5, 5, 108523],
    [1085235, 6, 5, 108524],
    [1085234, 6, 5, 108523],
    [-1085235, 6, 5, -108524],
    [0, 5, 2, 0],
    [155014, 3, 0, 155],
    [999_999_999_999_995, 15, 1, 10],
  ])('%i points from %i to %i decimals are %i', (points, from, to, expected) => {
    expect(rescalePoints(points, from, to)).toBe(expected);
  });

  it('goes up and back down to the same points, and refuses what does not fit', () => {
    for (const points of [1, 7, 108523, 155014, 9_007_199_254])
      expect(rescalePoints(rescalePoints(points, 5, 8), 8, 5)).toBe(points);
    expect(() => rescalePoints(9_007_199_254_740_99, 0, 15)).toThrow(RangeError);
  });
});

describe('pips', () => {
  it.each([
    [5, 10],
    [3, 10],
    [4, 1],
    [2, 1],
    [1, 1],
    [0, 1],
  ])('at precision %i a pip is %i points', (precision, points) => {
    expect(pipPoints(precision)).toBe(points);
  });
});
