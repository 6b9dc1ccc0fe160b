import { describe, expect, it } from 'vitest';
import { lowerCase, sqliteLower } from './case-folding.ts';

describe('lowerCase', () => {
  it('lowers letter by letter as PostgreSQL does: one character for İ, σ for a final Σ', () => {
    expect(lowerCase('İSTANBUL ÄRGER ΟΔΟΣ ǅ ẞ Ω K')).toBe('istanbul ärger οδοσ ǆ ß ω k');
    expect(lowerCase('👩‍💻 A')).toBe('👩‍💻 a');
  });

  it('lowers ASCII text alike by its quick way and letter by letter', () => {
    const ascii = Array.from({ length: 128 }, (_, code) => String.fromCharCode(code)).join('');
    const letterByLetter = [...ascii].map((character) => character.toLowerCase()).join('');
    expect(lowerCase(ascii)).toBe(letterByLetter);
    expect(lowerCase(`${ascii}İ`)).toBe(`${letterByLetter}i`);
  });

  it('answers NULL for NULL and reads numbers as text, as SQLite’s own lower() does', () => {
    expect(sqliteLower(null)).toBeNull();
    expect(sqliteLower(12n)).toBe('12');
  });
});
