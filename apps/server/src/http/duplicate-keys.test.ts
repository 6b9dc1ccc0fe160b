import { describe, expect, it } from 'vitest';
import { duplicateKeyIn } from './duplicate-keys.ts';

describe('duplicateKeyIn', () => {
  it.each([
    ['{"name":"a","name":"b"}', 'name'],
    ['{"name":"a","n\\u0061me":"b"}', 'name'],
    ['{ "a" : 1 , "a" : 2 }', 'a'],
    ['{"texts":{"en":{"title":"x","title":"y"}}}', 'texts.en.title'],
    ['{"items":[{"id":1},{"id":2,"id":3}]}', 'items.1.id'],
    ['{"a\\"b":1,"a\\"b":2}', 'a"b'],
    ['{"k\\u0000":1,"k\\u0000":2}', 'k\ufffd'],
    [`${'['.repeat(5000)}{"a":1,"a":2}${']'.repeat(5000)}`, `${'0.'.repeat(4999)}0.a`],
  ])('finds the key named twice in %s', (text, field) => {
    expect(duplicateKeyIn(text)).toBe(field);
  });

  it.each([
    '{"a":1,"b":{"a":2},"c":[{"a":3},{"a":4}]}',
    '{"a":"\\"a\\":","b":"{\\"a\\":1,\\"a\\":2}"}',
    '["a","a"]',
    '{"a\\\\":1,"a":2}',
    '"text"',
    '{}',
  ])('lets %s through: no object names a key twice', (text) => {
    expect(duplicateKeyIn(text)).toBeUndefined();
  });
});
