import { describe, expect, it } from 'vitest';
import {
  divRound,
  ExactSum,
  formatMicros,
  formatScaled,
  formatUsd2,
  parseLots,
  parseMicros,
  parseRate,
  parseScaled,
} from './money.ts';
import { seededPrng } from './testing/seeded-prng.ts';

describe('exact decimal text', () => {
  it.each([
    ['0.01', 8, 1_000_000n],
    ['1', 6, 1_000_000n],
    ['-12.5', 6, -12_500_000n],
    ['100000', 6, 100_000_000_000n],
    ['0.000001', 6, 1n],
    ['1.2300', 2, 123n],
  ])('[MO1] parses %s at scale %i', (text, scale, expected) => {
    expect(parseScaled(text, scale)).toBe(expected);
  });

  it.each(['', 'abc', '1e5', '1.', '.5', '0x10', '1,5', '0.0000001'])(
    '[MO1] refuses %j at scale 6',
    (text) => {
      expect(parseMicros(text)).toBeNull();
    },
  );

  it('[MO2] formats with exactly the scale', () => {
    expect(formatMicros(1n)).toBe('0.000001');
    expect(formatMicros(-1_500_000n)).toBe('-1.500000');
    expect(formatScaled(123n, 0)).toBe('123');
    expect(formatUsd2(1_234_565n)).toBe('1.23');
    expect(formatUsd2(1_235_000n)).toBe('1.24');
    expect(formatUsd2(-5_000n)).toBe('-0.01');
  });

  it('[MO2] round-trips random amounts through text', () => {
    const rng = seededPrng(20261122);
    for (let i = 0; i < 5000; i++) {
      const value = BigInt(rng.int(-1e9, 1e9)) * BigInt(rng.int(1, 1e6));
      expect(parseMicros(formatMicros(value))).toBe(value);
    }
  });

  it('[MO3] divides once, rounding half away from zero', () => {
    expect(divRound(5n, 2n)).toBe(3n);
    expect(divRound(-5n, 2n)).toBe(-3n);
    expect(divRound(4n, 3n)).toBe(1n);
    expect(divRound(-4n, 3n)).toBe(-1n);
    expect(() => divRound(1n, 0n)).toThrow(RangeError);
  });

  it('[MO1] parses lots and rates at their scales', () => {
    expect(parseLots('0.01')).toBe(1_000_000n);
    expect(parseRate('0.0005')).toBe(500_000_000n);
  });
});

describe('ExactSum', () => {
  it('adds safe integers as numbers and the rest as bigints, exactly, whatever the order', () => {
    const rng = seededPrng(2718);
    for (let round = 0; round < 200; round++) {
      const sum = new ExactSum();
      let expected = 0n;
      for (let i = rng.int(0, 30); i > 0; i--) {
        // Odd values near the edge of the safe integers, where a double would round.
        const near = BigInt(Number.MAX_SAFE_INTEGER) - BigInt(rng.int(0, 1_000_000) * 2);
        const value = rng.next() < 0.5 ? near : BigInt(rng.int(-1_000_000, 1_000_000));
        const signed = rng.next() < 0.3 ? -value : value;
        if (rng.next() < 0.1) {
          sum.addBig(signed * 1000n);
          expected += signed * 1000n;
        } else {
          sum.addSafe(Number(signed));
          expected += signed;
        }
      }
      expect(sum.total()).toBe(expected);
    }
  });
});
