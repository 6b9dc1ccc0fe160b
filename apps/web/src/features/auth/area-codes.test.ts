import { describe, expect, it } from 'vitest';
import { defaultArea, filterAreas, fold, localizeAreas, type AreaCode } from './area-codes.ts';

const AREAS: AreaCode[] = [
  { id: 1, code: 'HK', global_code: '+852', name: 'Hong Kong' },
  { id: 2, code: 'JP', global_code: '+81', name: 'Japan' },
  { id: 3, code: 'US', global_code: '+1', name: 'United States' },
  { id: 4, code: 'GB', global_code: '+44', name: 'United Kingdom' },
  { id: 5, code: 'TR', global_code: '+90', name: 'Türkiye' },
  { id: 6, code: 'SA', global_code: '+966', name: 'Saudi Arabia' },
];

describe('area codes', () => {
  it('names regions in the reader’s language and sorts by that name', () => {
    const jp = localizeAreas(AREAS, 'jp');
    expect(jp.find((a) => a.code === 'JP')?.label).toBe('日本');
    const de = localizeAreas(AREAS, 'de');
    expect(de.find((a) => a.code === 'GB')?.label).toBe('Vereinigtes Königreich');
    const en = localizeAreas(AREAS, 'en').map((a) => a.label);
    expect(en).toEqual([...en].sort((a, b) => a.localeCompare(b, 'en')));
  });

  it('finds a row by any name, the ISO code or the calling code', () => {
    const list = localizeAreas(AREAS, 'jp');
    expect(filterAreas(list, '日本').map((a) => a.code)).toEqual(['JP']);
    expect(filterAreas(list, 'japan').map((a) => a.code)).toEqual(['JP']);
    expect(filterAreas(list, '+852').map((a) => a.code)).toEqual(['HK']);
    expect(filterAreas(list, '85').map((a) => a.code)).toEqual(['HK']);
    expect(filterAreas(list, 'turkiye').map((a) => a.code)).toEqual(['TR']);
    expect(filterAreas(list, '  ')).toHaveLength(AREAS.length);
    expect(filterAreas(list, 'zzz')).toEqual([]);
  });

  it('folds case and accents', () => {
    expect(fold('Türkiye É')).toBe('turkiye e');
  });

  it('starts from the remembered area, then the browser region, then the language', () => {
    expect(defaultArea(AREAS, 'hk')?.code).toBe('HK');
    expect(defaultArea(AREAS, 'jp')?.code).toBe('JP');
    expect(defaultArea(AREAS, 'ar')?.code).toBe('SA');
    expect(defaultArea(AREAS, 'en', { browserLanguage: 'en-GB' })?.code).toBe('GB');
    // A browser in another language says nothing about where an English reader is.
    expect(defaultArea(AREAS, 'en', { browserLanguage: 'ja-JP' })?.code).toBe('US');
    expect(defaultArea(AREAS, 'en', { rememberedId: 2, browserLanguage: 'en-GB' })?.code).toBe('JP');
    expect(defaultArea(AREAS, 'en', { rememberedId: 99 })?.code).toBe('US');
    expect(defaultArea([], 'en')).toBeUndefined();
  });
});
