import { describe, expect, it } from 'vitest';
import { parseFormBody } from './form-body.ts';

describe('form bodies', () => {
  it('reads an empty field as absent, as older form clients post every field', () => {
    expect(parseFormBody('type=1&cont=0.10&target_price=&stop_loss_price=&multiple=')).toEqual({
      type: '1',
      cont: '0.10',
    });
  });

  it('decodes values, keeps repeated keys as arrays, and a __proto__ key as a plain field', () => {
    expect(parseFormBody('name=Ana+L%C3%B3pez&tag=a&tag=&tag=b')).toEqual({
      name: 'Ana López',
      tag: ['a', 'b'],
    });
    const odd = parseFormBody('__proto__=x&constructor=y');
    expect(Object.getPrototypeOf(odd)).toBe(Object.prototype);
    expect(Object.keys(odd)).toEqual(['__proto__', 'constructor']);
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });

  it('reads the body from its bytes: an ill-formed byte, raw or escaped, is marked, never U+FFFD', () => {
    const raw = Buffer.concat([Buffer.from('name=k'), Buffer.from([0xff]), Buffer.from('&ok=%F0%9F%98%80')]);
    expect(parseFormBody(raw)).toEqual({ name: 'k\udcff', ok: '😀' });
    expect(parseFormBody(Buffer.from('name=k%FF&same=%EF%BF%BD'))).toEqual({
      name: 'k\udcff',
      same: '\ufffd',
    });
  });

  it('keeps every value of a name repeated through a whole body (appended, not copied per value)', () => {
    const repeats = 200_000;
    const fields = parseFormBody(Buffer.from('a=1&'.repeat(repeats) + 'b=2'));
    expect((fields.a as string[]).length).toBe(repeats);
    expect(fields.b).toBe('2');
  });
});
