import { describe, it, expect } from 'vitest';
import { AREA_CODES } from './area-codes.ts';

const byCode = new Map(AREA_CODES.map((a) => [a.code, a]));

describe('area codes', () => {
  it('cover every country and territory with a calling code', () => {
    expect(AREA_CODES.length).toBeGreaterThanOrEqual(230);
  });

  it('have unique ids and ISO codes', () => {
    expect(new Set(AREA_CODES.map((a) => a.id)).size).toBe(AREA_CODES.length);
    expect(new Set(AREA_CODES.map((a) => a.code)).size).toBe(AREA_CODES.length);
  });

  it('number ids 1..N in alphabetical order of the English name', () => {
    const collator = new Intl.Collator('en', { sensitivity: 'base' });
    AREA_CODES.forEach((a, i) => {
      expect(a.id, a.code).toBe(i + 1);
      if (i > 0) expect(collator.compare(AREA_CODES[i - 1]!.name, a.name), a.name).toBeLessThan(0);
    });
  });

  it('use well-formed ISO codes, calling codes and names', () => {
    const regions = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
    for (const a of AREA_CODES) {
      expect(a.code).toMatch(/^[A-Z]{2}$/);
      expect(a.global_code, a.code).toMatch(/^\+\d{1,4}$/);
      expect(a.name.trim(), a.code).toBe(a.name);
      expect(a.name, a.code).not.toBe('');
      expect(regions.of(a.code), a.code).toBeTruthy();
    }
  });

  it.each([
    ['US', '+1'],
    ['CN', '+86'],
    ['HK', '+852'],
    ['GB', '+44'],
    ['FR', '+33'],
    ['DE', '+49'],
    ['JP', '+81'],
    ['KR', '+82'],
    ['TH', '+66'],
    ['VN', '+84'],
    ['RU', '+7'],
    ['ES', '+34'],
    ['PT', '+351'],
    ['SA', '+966'],
    ['AE', '+971'],
    ['IT', '+39'],
    ['TR', '+90'],
    ['ID', '+62'],
    ['IN', '+91'],
    ['BR', '+55'],
    ['NG', '+234'],
    ['ZA', '+27'],
    ['AU', '+61'],
    ['TW', '+886'],
    ['MO', '+853'],
    ['CA', '+1'],
    ['JM', '+1'],
    ['PR', '+1'],
    ['KZ', '+7'],
    ['VA', '+39'],
    ['XK', '+383'],
    ['PS', '+970'],
    ['AX', '+358'],
    ['IM', '+44'],
  ])('maps %s to %s', (code, globalCode) => {
    expect(byCode.get(code)?.global_code).toBe(globalCode);
  });
});
