import { describe, it, expect } from 'vitest';
import { SeededRandom, deriveSeed } from './seeded-random.ts';

function draws(random: SeededRandom, count: number): number[] {
  return Array.from({ length: count }, () => random.next());
}

describe('SeededRandom', () => {
  it('replays the same sequence for the same seed, and another for another seed', () => {
    expect(draws(new SeededRandom(42), 50)).toEqual(draws(new SeededRandom(42), 50));
    expect(draws(new SeededRandom(42), 50)).not.toEqual(draws(new SeededRandom(43), 50));
    // Seeds beyond 32 bits still matter.
    expect(draws(new SeededRandom(2 ** 40), 5)).not.toEqual(draws(new SeededRandom(2 ** 41), 5));
  });

  it('draws uniformly in [0, 1)', () => {
    const random = new SeededRandom(1);
    const buckets = new Array<number>(10).fill(0);
    const count = 100_000;
    for (let i = 0; i < count; i++) {
      const u = random.next();
      if (!(u >= 0 && u < 1)) expect.fail(`draw ${u} out of range`);
      const bucket = Math.floor(u * 10);
      buckets[bucket] = (buckets[bucket] ?? 0) + 1;
    }
    for (const hits of buckets) expect(Math.abs(hits - count / 10)).toBeLessThan(count / 100);
  });

  it('draws standard normals', () => {
    const random = new SeededRandom(2);
    const count = 100_000;
    let sum = 0;
    let squares = 0;
    for (let i = 0; i < count; i++) {
      const z = random.normal();
      if (!Number.isFinite(z)) expect.fail(`normal ${z}`);
      sum += z;
      squares += z * z;
    }
    expect(Math.abs(sum / count)).toBeLessThan(0.02);
    expect(Math.abs(squares / count - 1)).toBeLessThan(0.03);
  });

  it.each([0.05, 0.4, 3, 12, 29.9, 30, 300])('draws Poisson counts with mean %d', (lambda) => {
    const random = new SeededRandom(3);
    const count = 50_000;
    let sum = 0;
    let squares = 0;
    for (let i = 0; i < count; i++) {
      const k = random.poisson(lambda);
      if (!Number.isInteger(k) || k < 0) expect.fail(`count ${k}`);
      sum += k;
      squares += k * k;
    }
    const mean = sum / count;
    const variance = squares / count - mean * mean;
    expect(Math.abs(mean - lambda)).toBeLessThan(0.05 * lambda + 0.01);
    expect(Math.abs(variance - lambda)).toBeLessThan(0.1 * lambda + 0.01);
  });

  it('draws no events for a mean of zero or less', () => {
    const random = new SeededRandom(4);
    expect(random.poisson(0)).toBe(0);
    expect(random.poisson(-1)).toBe(0);
    expect(random.poisson(Number.NaN)).toBe(0);
  });
});

describe('deriveSeed', () => {
  it('gives each label of a run its own stable seed', () => {
    expect(deriveSeed(7, 'live:EURUSD')).toBe(deriveSeed(7, 'live:EURUSD'));
    expect(deriveSeed(7, 'live:EURUSD')).not.toBe(deriveSeed(7, 'live:GBPUSD'));
    expect(deriveSeed(7, 'live:EURUSD')).not.toBe(deriveSeed(8, 'live:EURUSD'));
    expect(Number.isInteger(deriveSeed(7, ''))).toBe(true);
  });
});
