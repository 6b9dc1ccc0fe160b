import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@omp/protocol';
import { catalogueNames } from '../seed/instrument-names.ts';
import { SEED_INSTRUMENTS } from '../seed/instruments.ts';
import { matchesSearch, searchFold } from './instrument-search.ts';

describe('instrument search', () => {
  it('folds case, accents, spaces and punctuation but keeps every script', () => {
    expect(searchFold('EUR/USD')).toBe('eurusd');
    expect(searchFold('Pétrole brut WTI')).toBe('petrolebrutwti');
    expect(searchFold('Dầu thô')).toBe('dautho');
    expect(searchFold('S&P 500')).toBe('sp500');
    expect(searchFold('黃金')).toBe('黃金');
  });

  it('finds an instrument by code, display code or name, in part', () => {
    const gold = ['XAUUSD', 'XAU/USD', 'Gold', 'Gold'];
    expect(matchesSearch('xau', gold)).toBe(true);
    expect(matchesSearch('xau/u', gold)).toBe(true);
    expect(matchesSearch('GOLD', gold)).toBe(true);
    expect(matchesSearch('gol', gold)).toBe(true);
    expect(matchesSearch('silver', gold)).toBe(false);
    expect(matchesSearch('petrole', ['USOIL', 'WTI/USD', 'Pétrole brut WTI'])).toBe(true);
    expect(matchesSearch('PÉTROLE', ['USOIL', 'WTI/USD', 'Petrole brut WTI'])).toBe(true);
    expect(matchesSearch('黃金', ['XAUUSD', 'XAU/USD', '黃金', 'Gold'])).toBe(true);
    expect(matchesSearch('ビットコイン', ['BTCUSD', 'BTC/USD', 'ビットコイン'])).toBe(true);
  });

  it('treats an empty or punctuation-only search as no filter, and skips missing names', () => {
    expect(matchesSearch('', ['EURUSD'])).toBe(true);
    expect(matchesSearch(' / ', ['EURUSD'])).toBe(true);
    expect(matchesSearch('euro', ['EURUSD', undefined])).toBe(false);
  });
});

describe('catalogue names', () => {
  it('names every seeded instrument in every language', () => {
    for (const { spec } of SEED_INSTRUMENTS) {
      const names = catalogueNames(spec.code);
      for (const lang of LANGUAGES) expect(names?.[lang]?.trim(), `${spec.code} in ${lang}`).toBeTruthy();
    }
  });

  it('names currency pairs from their currencies and knows gold and bitcoin', () => {
    expect(catalogueNames('EURUSD')?.en).toBe('Euro / US Dollar');
    expect(catalogueNames('EURUSD')?.de).toMatch(/^Euro \/ US-Dollar$/);
    expect(catalogueNames('XAUUSD')).toMatchObject({ en: 'Gold', hk: '黃金', jp: '金' });
    expect(catalogueNames('BTCUSD')).toMatchObject({ en: 'Bitcoin', kr: '비트코인', ru: 'Биткоин' });
    // Six letters that are no currencies are no pair.
    expect(catalogueNames('ABCXYZ')).toBeUndefined();
  });
});
