import { describe, expect, it } from 'vitest';
import { normalizeEmail } from './identifiers.ts';

describe('normalizeEmail', () => {
  it('folds every spelling of one address into one', () => {
    const spellings = [
      'J\u00e4ger@Example.com', // ä as one character
      'ja\u0308ger@example.com', // a and a combining diaeresis
      '  JA\u0308GER@EXAMPLE.COM ',
      'j\u00e4ger\uff20\uff45xample.com', // a full-width @ and e, as an East Asian keyboard types them
    ];
    expect(new Set(spellings.map(normalizeEmail))).toEqual(new Set(['j\u00e4ger@example.com']));
  });

  it('refuses hidden characters and empty labels', () => {
    for (const address of [
      'zero\u200bwidth@example.com',
      'joiner\u200d@example.com',
      'mark\u200e@example.com',
      'a@example.com.',
      'a@.example.com',
      'a@example..com',
      '.a@example.com',
      'a.@example.com',
      'a..b@example.com',
      'a@example.c',
      'no-at.example.com',
      'two@@example.com',
    ])
      expect(() => normalizeEmail(address), address).toThrow();
  });

  it('keeps plain addresses as they are, lower-cased', () => {
    expect(normalizeEmail('First.Last+tag@Mail.Example.co.uk')).toBe('first.last+tag@mail.example.co.uk');
  });
});
