import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, it, expect } from 'vitest';
import { ALWAYS_OPEN, FOREX_WEEK, instrumentTermsProblem } from '@omp/engine';
import { LANGUAGES } from '@omp/protocol';
import { SEED_CATEGORIES, SEED_INSTRUMENTS } from './instruments.ts';

const LOGO_DIR = fileURLToPath(new URL('../../assets/logos/', import.meta.url));

/** A decimal string as an integer count of 10^-scale units, or null when it has more decimals. */
function toUnits(value: string, scale: number): bigint | null {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(value);
  if (!match) return null;
  const [, whole = '', fraction = ''] = match;
  if (fraction.length > scale) return null;
  return BigInt(whole + fraction.padEnd(scale, '0'));
}

const specs = SEED_INSTRUMENTS.map((i) => i.spec);

describe('seed categories', () => {
  it('have unique ids and codes', () => {
    expect(new Set(SEED_CATEGORIES.map((c) => c.id)).size).toBe(SEED_CATEGORIES.length);
    expect(new Set(SEED_CATEGORIES.map((c) => c.code)).size).toBe(SEED_CATEGORIES.length);
  });

  it('are named in every language', () => {
    for (const category of SEED_CATEGORIES) {
      for (const lang of LANGUAGES) {
        expect(category.names[lang]?.trim(), `${category.code} in ${lang}`).toBeTruthy();
      }
      expect(Object.keys(category.names).sort()).toEqual([...LANGUAGES].sort());
    }
  });
});

describe('seed instruments', () => {
  it('are at least 40', () => {
    expect(SEED_INSTRUMENTS.length).toBeGreaterThanOrEqual(40);
  });

  it('have ids 1..N in order, unique codes and increasing sort', () => {
    expect(specs.map((s) => s.id)).toEqual(specs.map((_, i) => i + 1));
    expect(new Set(specs.map((s) => s.code)).size).toBe(specs.length);
    for (let i = 1; i < specs.length; i++) expect(specs[i]!.sort).toBeGreaterThan(specs[i - 1]!.sort);
  });

  it('represent every category and only known ones', () => {
    const categoryIds = new Set(SEED_CATEGORIES.map((c) => c.id));
    for (const spec of specs) expect(categoryIds.has(spec.categoryId), spec.code).toBe(true);
    for (const category of SEED_CATEGORIES) {
      expect(
        specs.some((s) => s.categoryId === category.id),
        category.code,
      ).toBe(true);
    }
  });

  it('have a logo file on disk', () => {
    for (const spec of specs) {
      expect(spec.logo, spec.code).toMatch(/^[a-z0-9]+\.svg$/);
      expect(existsSync(LOGO_DIR + spec.logo), `${spec.logo} in ${LOGO_DIR}`).toBe(true);
    }
  });

  it('start at a positive price with at most pricePrecision decimals', () => {
    for (const { spec, profile } of SEED_INSTRUMENTS) {
      const units = toUnits(profile.startPrice, spec.pricePrecision);
      expect(units, `${spec.code} ${profile.startPrice}`).not.toBeNull();
      expect(units! > 0n, spec.code).toBe(true);
    }
  });

  it('have lot limits on the lot step', () => {
    for (const spec of specs) {
      const step = toUnits(spec.lotStep, 2);
      const min = toUnits(spec.minLots, 2);
      const max = toUnits(spec.maxLots, 2);
      expect(step !== null && step > 0n, spec.code).toBe(true);
      expect(min !== null && min > 0n && min % step! === 0n, spec.code).toBe(true);
      expect(max !== null && max >= min! && max % step! === 0n, spec.code).toBe(true);
    }
  });

  it('have sane trading parameters', () => {
    for (const { spec, profile } of SEED_INSTRUMENTS) {
      expect(Number.isInteger(spec.pricePrecision) && spec.pricePrecision >= 0, spec.code).toBe(true);
      expect(spec.contractSize, spec.code).toBeGreaterThan(0);
      expect([1, 2], spec.code).toContain(spec.marginMode);
      expect(spec.feeRate, spec.code).toMatch(/^\d+(\.\d+)?$/);
      expect(Number.isInteger(spec.spreadPoints) && spec.spreadPoints > 0, spec.code).toBe(true);
      for (const leverage of spec.leverageOptions)
        expect(Number.isInteger(leverage) && leverage > 0, spec.code).toBe(true);
      expect(spec.schedule.length, spec.code).toBeGreaterThan(0);
      expect(profile.annualVolatility, spec.code).toBeGreaterThan(0);
      expect(profile.ticksPerSecond, spec.code).toBeGreaterThan(0);
    }
  });

  it('trade crypto around the clock and everything else on the forex week (the engine defaults)', () => {
    const crypto = SEED_CATEGORIES.find((c) => c.code === 'crypto')!.id;
    for (const spec of specs) {
      expect([...spec.schedule], spec.code).toEqual([
        ...(spec.categoryId === crypto ? ALWAYS_OPEN : FOREX_WEEK),
      ]);
    }
  });

  it('exercise both margin modes', () => {
    expect(specs.some((s) => s.marginMode === 1)).toBe(true);
    expect(specs.some((s) => s.marginMode === 2)).toBe(true);
  });

  it('give every instrument terms the back office would accept, a leverage included', () => {
    for (const spec of specs) expect(instrumentTermsProblem(spec), spec.code).toBeUndefined();
  });

  it('can convert every quote currency into USD through a seeded pair', () => {
    const codes = new Set(specs.map((s) => s.code));
    for (const spec of specs) {
      const ccy = spec.quoteCurrency;
      if (ccy === 'USD') continue;
      expect(codes.has(`${ccy}USD`) || codes.has(`USD${ccy}`), `${spec.code} quoted in ${ccy}`).toBe(true);
    }
  });
});
