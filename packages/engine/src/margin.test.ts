import { describe, expect, it } from 'vitest';
import {
  feeMicros,
  marginMicros,
  notionalMicros,
  ONE,
  pointValueMicros,
  profitMicros,
  profitMicrosAtPoints,
} from './margin.ts';
import { parseLots, parseRate, priceFraction } from './money.ts';
import { seededPrng } from './testing/seeded-prng.ts';

const lots = (text: string) => parseLots(text)!;
const eurusd = { contractSize: 100_000n };

describe('margin, fee and profit in micro-dollars', () => {
  it('[M1] notional of 1 lot EUR/USD at 1.08500 is 108,500 USD', () => {
    expect(notionalMicros({ lots: lots('1'), ...eurusd }, priceFraction(108500, 5), ONE)).toBe(
      108_500_000_000n,
    );
  });

  it.each([
    ['0.01', 100, 108500, 10_850_000n],
    ['1', 100, 108500, 1_085_000_000n],
    ['0.37', 400, 108513, 100_374_525n],
  ])('[M2] leveraged margin of %s lots at 1:%i, price %i (5 decimals)', (l, leverage, points, expected) => {
    expect(marginMicros({ lots: lots(l), ...eurusd }, 2, leverage, priceFraction(points, 5), ONE)).toBe(
      expected,
    );
  });

  it('[M2] fixed margin is lots × units per lot, whatever the price and leverage', () => {
    const silver = { lots: lots('0.5'), contractSize: 5000n };
    expect(marginMicros(silver, 1, 100, priceFraction(31250, 3), ONE)).toBe(2_500_000_000n);
    expect(marginMicros(silver, 1, 1, priceFraction(1, 3), ONE)).toBe(2_500_000_000n);
  });

  it('[M1][M2] converts a JPY-quoted position with 1 / USDJPY', () => {
    // 1 lot USD/JPY at 155.000 is 15,500,000 JPY = 100,000 USD at 155.000.
    const usdjpy = { lots: lots('1'), contractSize: 100_000n };
    const jpyToUsd = { numerator: 1000n, denominator: 155_000n };
    expect(notionalMicros(usdjpy, priceFraction(155000, 3), jpyToUsd)).toBe(100_000_000_000n);
    expect(marginMicros(usdjpy, 2, 100, priceFraction(155000, 3), jpyToUsd)).toBe(1_000_000_000n);
    // A 1.000 yen move on 1 lot is 100,000 JPY ≈ 645.16 USD at 155.
    expect(profitMicros('buy', usdjpy, priceFraction(155000, 3), priceFraction(156000, 3), jpyToUsd)).toBe(
      645_161_290n,
    );
  });

  it('[M3] fees: per lot for type 1, a share of margin otherwise', () => {
    expect(feeMicros(1, lots('0.5'), 0n, parseRate('7')!)).toBe(3_500_000n);
    expect(feeMicros(2, lots('1'), 1_085_000_000n, parseRate('0.0005')!)).toBe(542_500n);
  });

  it('[M4] profit: buy gains when the bid rises, sell when the ask falls', () => {
    const p = { lots: lots('2'), ...eurusd };
    expect(profitMicros('buy', p, priceFraction(108500, 5), priceFraction(108600, 5), ONE)).toBe(
      200_000_000n,
    );
    expect(profitMicros('sell', p, priceFraction(108500, 5), priceFraction(108600, 5), ONE)).toBe(
      -200_000_000n,
    );
  });

  it('[M2][M4] hold for random positions: margin × leverage ≈ notional, buy and sell mirror', () => {
    const rng = seededPrng(7);
    for (let i = 0; i < 3000; i++) {
      const p = {
        lots: BigInt(rng.int(1, 10_000)) * 1_000_000n,
        contractSize: BigInt(rng.pick([1, 100, 1000, 5000, 100_000])),
      };
      const precision = rng.int(0, 5);
      const open = priceFraction(rng.int(1, 5_000_000), precision);
      const close = priceFraction(rng.int(1, 5_000_000), precision);
      const leverage = rng.pick([1, 2, 5, 10, 20, 50, 100, 200, 400]);
      const notional = notionalMicros(p, open, ONE);
      const margin = marginMicros(p, 2, leverage, open, ONE);
      expect(margin * BigInt(leverage) - notional <= BigInt(leverage)).toBe(true);
      expect(notional - margin * BigInt(leverage) <= BigInt(leverage)).toBe(true);
      expect(profitMicros('buy', p, open, close, ONE)).toBe(-profitMicros('sell', p, open, close, ONE));
    }
  });

  it('[M2] refuses a leverage that is not a positive integer', () => {
    expect(() => marginMicros({ lots: lots('1'), ...eurusd }, 2, 0, priceFraction(1, 0), ONE)).toThrow(
      RangeError,
    );
  });

  it('[M4] values a point in whole micros where it is one, and the P/L is then the move times it', () => {
    // 0.01 lot of EUR/USD (100,000 a lot, 5 decimals): a point is 1,000 × 0.00001 = 0.01 USD.
    expect(pointValueMicros({ lots: lots('0.01'), ...eurusd }, 5)).toBe(10_000n);
    // 0.01 lot of a contract of 1 at 5 decimals: a point is 0.0000001 USD, a tenth of a micro.
    expect(pointValueMicros({ lots: lots('0.01'), contractSize: 1n }, 5)).toBeUndefined();
    const rng = seededPrng(44);
    for (let i = 0; i < 2_000; i++) {
      const p = {
        lots: lots(`${rng.int(1, 100_000) / 100}`),
        contractSize: BigInt(rng.pick([1, 10, 100, 5000, 100_000])),
      };
      const precision = rng.int(0, 6);
      const value = pointValueMicros(p, precision);
      if (value === undefined) continue;
      const open = priceFraction(rng.int(1, 5_000_000), precision);
      const close = priceFraction(rng.int(1, 5_000_000), precision);
      expect(profitMicros('buy', p, open, close, ONE)).toBe(value * BigInt(close.points - open.points));
    }
  });

  it('[M4] the P/L of prices in points is the bigint formula to the micro, near 2^53 and past it', () => {
    const rng = seededPrng(2053);
    const sizes = [
      () => BigInt(rng.int(1, 100_000)) * 1_000_000n, // 0.01 lot steps
      () => BigInt(rng.int(1, 99_999_999)), // any 10^-8 step, mostly a fraction of a micro per point
      () => BigInt(Number.MAX_SAFE_INTEGER) + BigInt(rng.int(-5, 5)), // lots at the safe edge
    ];
    const rates = [ONE, { numerator: 7n, denominator: 7n }, { numerator: 1000n, denominator: 155_000n }];
    for (let i = 0; i < 20_000; i++) {
      const lotsOf = rng.pick(sizes)();
      const contractSize = rng.pick([1, 10, 100, 5000, 100_000, 1_000_000_000]);
      const precision = rng.int(0, 8);
      // Prices up to 2^45 points, so a move times a point's worth passes 2^53 in some draws.
      const open = rng.int(1, 2 ** rng.int(3, 45));
      const close = rng.int(1, 2 ** rng.int(3, 45));
      const side = rng.pick(['buy', 'sell'] as const);
      const rate = rng.pick(rates);
      const expected = profitMicros(
        side,
        { lots: lotsOf, contractSize: BigInt(contractSize) },
        priceFraction(open, precision),
        priceFraction(close, precision),
        rate,
      );
      const got = profitMicrosAtPoints(side, lotsOf, contractSize, open, close, precision, rate);
      if (got !== expected)
        throw new Error(
          `seed 2053 draw ${i}: ${side} ${lotsOf} × ${contractSize} ${open}→${close} @${precision}: ${got} ≠ ${expected}`,
        );
    }
  });
});
