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

  it('takes a domain in its Unicode and its xn-- spelling, and any full stop, for the one domain mail reaches', () => {
    const spellings = [
      'kim@b\u00fccher.example',
      'kim@xn--bcher-kva.example',
      'Kim@XN--BCHER-KVA.EXAMPLE',
      'kim@b\u00fccher\u3002example', // an ideographic full stop, as a Chinese or Japanese keyboard types it
      'kim@b\u00fccher\uff61example', // its half-width form
    ];
    expect(new Set(spellings.map(normalizeEmail))).toEqual(new Set(['kim@b\u00fccher.example']));
    expect(normalizeEmail('a@mail\u3002example.com')).toBe('a@mail.example.com');
    expect(normalizeEmail('a@xn--r8jz45g.xn--zckzah')).toBe('a@\u4f8b\u3048.\u30c6\u30b9\u30c8');
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
      'soft\u00ad@example.com',
      'a@exa\u00admple.com',
      'a@example\u3002com\u3002',
    ])
      expect(() => normalizeEmail(address), address).toThrow();
  });

  it('keeps plain addresses as they are, lower-cased', () => {
    expect(normalizeEmail('First.Last+tag@Mail.Example.co.uk')).toBe('first.last+tag@mail.example.co.uk');
  });
});
