import { describe, it, expect } from 'vitest';
import { keepInBand, priceWalk, stepPrice } from './price-walk.ts';
import { SeededRandom } from './seeded-random.ts';

describe('priceWalk', () => {
  it('bands prices at ±50 % of the anchor, never below one point', () => {
    expect(priceWalk(108_500, 0.08)).toMatchObject({ minPoints: 54_250, maxPoints: 162_750 });
    expect(priceWalk(1, 0.5)).toMatchObject({ minPoints: 1, maxPoints: 1 });
    expect(() => priceWalk(0, 0.1)).toThrow(RangeError);
    expect(() => priceWalk(1.5, 0.1)).toThrow(RangeError);
    expect(() => priceWalk(100, Number.NaN)).toThrow(RangeError);
  });

  it('reflects an overshoot back into the band', () => {
    const walk = priceWalk(1000, 0.1);
    expect(keepInBand(walk, 1510)).toBe(1490);
    expect(keepInBand(walk, 490)).toBe(510);
    // So far out that a reflection would cross the other edge: it stops at the near one.
    expect(keepInBand(walk, 100_000)).toBe(1500);
    expect(keepInBand(walk, -100_000)).toBe(500);
    expect(keepInBand(walk, 1000)).toBe(1000);
  });
});

describe('stepPrice', () => {
  it('moves by whole points, at least one, within the band', () => {
    const walk = priceWalk(108_500, 0.08);
    const random = new SeededRandom(5);
    let bid = 108_500;
    for (let i = 0; i < 200_000; i++) {
      const next = stepPrice(walk, bid, 0.1, random.normal());
      if (!Number.isSafeInteger(next) || next === bid || next < walk.minPoints || next > walk.maxPoints) {
        expect.fail(`step ${i}: ${bid} → ${next}`);
      }
      bid = next;
    }
  });

  it('scales moves with the square root of time', () => {
    const walk = priceWalk(10_000_000, 0.2);
    const random = new SeededRandom(6);
    const spread = (dtSeconds: number) => {
      let squares = 0;
      for (let i = 0; i < 20_000; i++)
        squares += (stepPrice(walk, 10_000_000, dtSeconds, random.normal()) - 10_000_000) ** 2;
      return Math.sqrt(squares / 20_000);
    };
    const ratio = spread(400) / spread(100);
    expect(ratio).toBeGreaterThan(1.9);
    expect(ratio).toBeLessThan(2.1);
  });

  it('stays near the anchor over a simulated year of minutes, even at crypto volatility', () => {
    const walk = priceWalk(6_500_000, 0.6);
    const random = new SeededRandom(7);
    let bid = 6_500_000;
    const minutes = 365 * 1440;
    let deviationSum = 0;
    for (let minute = 0; minute < minutes; minute++) {
      bid = stepPrice(walk, bid, 60, random.normal());
      if (bid < walk.minPoints || bid > walk.maxPoints) expect.fail(`minute ${minute}: ${bid} left the band`);
      deviationSum += Math.abs(Math.log(bid / walk.anchorPoints));
    }
    // The pull keeps the typical distance near σ / √(2κ) ≈ 17 %, where a free walk would be at 60 %.
    expect(deviationSum / minutes).toBeLessThan(0.25);
  });

  it('is pulled back from the edge of the band toward the anchor', () => {
    const walk = priceWalk(1_000_000, 0.1);
    const random = new SeededRandom(8);
    let bid = 1_400_000;
    // A simulated quarter of hourly steps: the pull dominates the noise at 10 % volatility.
    for (let hour = 0; hour < 24 * 90; hour++) bid = stepPrice(walk, bid, 3600, random.normal());
    expect(bid).toBeLessThan(1_300_000);
  });
});
