import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { nameText, optionalWholeNumber, requestPartFault, wholeNumber, wholeNumberOr } from './fields.ts';

describe('wholeNumber', () => {
  const form = z.object({
    id: wholeNumber('id', 1, 100),
    sort: optionalWholeNumber('sort', -10, 10),
    page: wholeNumberOr('page', 1, 1),
  });
  const issueOf = (body: object) => form.safeParse(body).error?.issues[0];

  it('reads a JSON integer or text of digits, a minus only where the field allows it', () => {
    expect(form.parse({ id: 47, sort: '-3', page: '2' })).toEqual({ id: 47, sort: -3, page: 2 });
    expect(form.parse({ id: '47' })).toEqual({ id: 47, page: 1 });
    expect(issueOf({ id: '-1' })).toMatchObject({ code: 'too_small', path: ['id'] });
    expect(issueOf({ id: 101 })).toMatchObject({ code: 'too_big', path: ['id'] });
  });

  it.each([
    null,
    true,
    false,
    [],
    [47],
    {},
    4.5,
    Infinity,
    '0x2f',
    '0b101111',
    '4.7e1',
    '+47',
    ' 47 ',
    '47.0',
    '٤٧',
  ])('refuses %j as field_whole_number, never as the number Number() makes of it', (value) => {
    expect(issueOf({ id: value })).toMatchObject({
      code: 'custom',
      path: ['id'],
      params: { messageKey: 'field_whole_number' },
    });
    expect(issueOf({ id: 1, sort: value })).toMatchObject({
      path: ['sort'],
      params: { messageKey: 'field_whole_number' },
    });
  });

  it('reads an empty text as absent: optional undefined, the default, or missing when required', () => {
    expect(form.parse({ id: 3, sort: '', page: '' })).toEqual({ id: 3, page: 1 });
    expect(issueOf({ id: '' })).toMatchObject({ code: 'invalid_type', path: ['id'] });
  });

  it('keeps its JSON schema an integer with its bounds, so the OpenAPI document says so', () => {
    expect(z.toJSONSchema(form, { io: 'input' })).toMatchObject({
      properties: {
        id: { type: 'integer', minimum: 1, maximum: 100 },
        sort: { type: 'integer', minimum: -10, maximum: 10 },
        page: { type: 'integer', minimum: 1 },
      },
      required: ['id'],
    });
  });
});

describe('requestPartFault', () => {
  it('finds a lone surrogate in a value or a key, and lets whole pairs and U+FFFD through', () => {
    expect(requestPartFault({ a: ['ok', 'x\ud800'] })).toEqual({ fault: 'broken_character', field: 'a.1' });
    expect(requestPartFault({ a: { '\udc00k': 1 } })).toEqual({
      fault: 'broken_character',
      field: 'a.\ufffdk',
    });
    expect(requestPartFault({ a: '🔑\ufffd', b: '\ud83d\udd11' })).toBeUndefined();
    expect(requestPartFault('\u0000\ud800')).toEqual({ fault: 'control_character', field: '' });
  });

  it('finds DEL and the C1 controls, and lets the Latin-1 letters after them through', () => {
    for (const control of ['\u007f', '\u0080', '\u0085', '\u009b', '\u009f'])
      expect(requestPartFault({ name: `a${control}b` })).toEqual({
        fault: 'control_character',
        field: 'name',
      });
    expect(requestPartFault({ name: '\u00a0Ñandú ÿ' })).toBeUndefined();
  });
});

describe('nameText', () => {
  it('refuses direction controls, direction marks and zero-width spaces, and keeps the joiners', () => {
    const name = nameText(40);
    for (const mark of [
      '\u202e',
      '\u202a',
      '\u2066',
      '\u2069',
      '\u200e',
      '\u200f',
      '\u061c',
      '\u200b',
      '\u2060',
      '\ufeff',
    ])
      expect(name.safeParse(`a${mark}b`).success).toBe(false);
    expect(name.parse(' می\u200cخواهم 👩\u200d💻 ')).toBe('می\u200cخواهم 👩\u200d💻');
  });
});
