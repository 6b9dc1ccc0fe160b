import { describe, expect, it } from 'vitest';
import { SEED_INSTRUMENTS } from '../seed/instruments.ts';
import { allowedLeverage, capClassOf, DEFAULT_LEVERAGE_CAPS } from './leverage-caps.ts';

const seed = (code: string) => SEED_INSTRUMENTS.find((i) => i.spec.code === code)!.spec;

describe('leverage caps', () => {
  it('classes a pair of two major currencies as major, any other pair as other', () => {
    expect(['EURUSD', 'USDJPY', 'EURGBP', 'GBPCHF', 'CADJPY'].map((c) => capClassOf(seed(c)))).toEqual(
      Array(5).fill('fx_major'),
    );
    expect(['AUDUSD', 'NZDJPY', 'USDTRY', 'USDHKD'].map((c) => capClassOf(seed(c)))).toEqual(
      Array(4).fill('fx_other'),
    );
  });

  it('keeps gold apart from the other metals, and classes the rest by category', () => {
    expect(capClassOf(seed('XAUUSD'))).toBe('gold');
    expect(capClassOf(seed('XAGUSD'))).toBe('metals');
    expect(capClassOf(seed('USOIL'))).toBe('energies');
    expect(capClassOf(seed('GER40'))).toBe('indices');
    expect(capClassOf(seed('BTCUSD'))).toBe('crypto');
    expect(capClassOf({ categoryId: 99, baseCurrency: 'ABC', quoteCurrency: 'USD' })).toBeUndefined();
  });

  it('offers the options under the cap in their order, the cap alone when none is, none when none', () => {
    expect(allowedLeverage([100, 50, 200, 400, 20], 30)).toEqual([20]);
    expect(allowedLeverage([50, 20, 10], 20)).toEqual([20, 10]);
    expect(allowedLeverage([100, 50], 30)).toEqual([30]);
    expect(allowedLeverage([], 30)).toEqual([]);
    expect(allowedLeverage([100, 50], undefined)).toEqual([100, 50]);
  });

  it('caps every seeded instrument to a leverage it can trade at', () => {
    for (const { spec } of SEED_INSTRUMENTS) {
      const capClass = capClassOf(spec)!;
      const options = allowedLeverage(spec.leverageOptions, DEFAULT_LEVERAGE_CAPS[capClass]);
      expect(options.length, spec.code).toBeGreaterThan(0);
      expect(Math.max(...options), spec.code).toBeLessThanOrEqual(DEFAULT_LEVERAGE_CAPS[capClass]);
    }
  });
});
