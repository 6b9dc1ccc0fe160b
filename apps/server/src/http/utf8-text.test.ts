import { describe, expect, it } from 'vitest';
import { requestPartFault } from '@omp/protocol';
import { decodeFormComponent, decodeUtf8, isWellFormedUtf8, parseQueryString } from './utf8-text.ts';

const bytes = (...values: number[]) => Uint8Array.from(values);

describe('UTF-8 read from request bytes', () => {
  it.each([
    ['ASCII', bytes(0x41, 0x7a), 'Az'],
    ['a two-byte letter', bytes(0xc3, 0xa9), 'é'],
    ['a three-byte sign', bytes(0xe2, 0x82, 0xac), '€'],
    ['a CJK character', bytes(0xe6, 0xbc, 0xa2), '漢'],
    ['the last character before the surrogates', bytes(0xed, 0x9f, 0xbf), '\ud7ff'],
    ['a four-byte emoji', bytes(0xf0, 0x9f, 0x98, 0x80), '😀'],
    ['the highest code point', bytes(0xf4, 0x8f, 0xbf, 0xbf), '\u{10ffff}'],
    ['U+FFFD sent as its own bytes', bytes(0xef, 0xbf, 0xbd), '\ufffd'],
    ['a byte order mark, kept', bytes(0xef, 0xbb, 0xbf, 0x61), '\ufeffa'],
    ['nothing', bytes(), ''],
  ])('keeps %s', (_case, input, text) => {
    expect(isWellFormedUtf8(input)).toBe(true);
    expect(decodeUtf8(input)).toBe(text);
    expect(requestPartFault(decodeUtf8(input))).toBeUndefined();
  });

  it.each([
    ['a byte never used', bytes(0xff), '\udcff'],
    ['a lone continuation byte', bytes(0x61, 0x80, 0x62), 'a\udc80b'],
    ['a lead byte cut short by ASCII', bytes(0xc3, 0x28), '\udcc3('],
    ['an overlong slash', bytes(0xc0, 0xaf), '\udcc0\udcaf'],
    ['an overlong three-byte form', bytes(0xe0, 0x80, 0xaf), '\udce0\udc80\udcaf'],
    ['an overlong four-byte form', bytes(0xf0, 0x8f, 0xbf, 0xbf), '\udcf0\udc8f\udcbf\udcbf'],
    ['an encoded high surrogate', bytes(0xed, 0xa0, 0x80), '\udced\udca0\udc80'],
    ['an encoded low surrogate', bytes(0xed, 0xbf, 0xbf), '\udced\udcbf\udcbf'],
    ['a code point past U+10FFFF', bytes(0xf4, 0x90, 0x80, 0x80), '\udcf4\udc90\udc80\udc80'],
    ['a five-byte lead', bytes(0xf8, 0x88, 0x80, 0x80, 0x80), '\udcf8\udc88\udc80\udc80\udc80'],
    ['an emoji cut short at the end', bytes(0x6b, 0xf0, 0x9f, 0x98), 'k\udcf0\udc9f\udc98'],
    ['a bad byte between good text', bytes(0xc3, 0xa9, 0xfe, 0xf0, 0x9f, 0x98, 0x80), 'é\udcfe😀'],
  ])('marks each byte of %s, which the text rule refuses', (_case, input, text) => {
    expect(isWellFormedUtf8(input)).toBe(false);
    expect(decodeUtf8(input)).toBe(text);
    expect(requestPartFault({ name: decodeUtf8(input) })).toEqual({
      fault: 'broken_character',
      field: 'name',
    });
  });

  it('decodes form escapes to bytes before reading them as UTF-8', () => {
    const component = (text: string) => decodeFormComponent(Buffer.from(text, 'latin1'));
    expect(component('Ana+L%C3%B3pez')).toBe('Ana López');
    expect(component('%F0%9F%98%80%e2%82%ac')).toBe('😀€');
    expect(component('%EF%BF%BD')).toBe('\ufffd');
    expect(component('k%FF')).toBe('k\udcff');
    expect(component('%C3%28')).toBe('\udcc3(');
    expect(component('%ED%A0%80')).toBe('\udced\udca0\udc80');
    // A raw byte and its escape are the same byte.
    expect(component('k\u00ff')).toBe(component('k%FF'));
    // A percent sign not followed by two hex digits is kept as written.
    expect(component('100%')).toBe('100%');
    expect(component('%ZZ%4')).toBe('%ZZ%4');
  });

  it('reads a query as a form, keeping empty values and repeated names', () => {
    expect(parseQueryString('page=&name=%E6%BC%A2&tag=a&tag=b&flag&&=x')).toEqual({
      page: '',
      name: '漢',
      tag: ['a', 'b'],
      flag: '',
      '': 'x',
    });
    expect(parseQueryString('demo_id=%FF')).toEqual({ demo_id: '\udcff' });
    const odd = parseQueryString('__proto__=x');
    expect(Object.getPrototypeOf(odd)).toBe(Object.prototype);
    expect(Object.keys(odd)).toEqual(['__proto__']);
  });
});
