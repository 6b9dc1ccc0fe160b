import { describe, expect, it } from 'vitest';
import { lostDigits } from './json-body.ts';

describe('lostDigits', () => {
  it.each([
    ['10.0000000000000001', 10],
    ['1e1', 10],
    ['1E-2', 0.01],
    ['0.01000000000000000020816681711721685', 0.01],
    ['9007199254740993', 9007199254740992],
    ['1e21', 1e21],
  ])('hands %s on as its text', (source, value) => {
    expect(JSON.parse(source)).toBe(value);
    expect(lostDigits(value, source)).toBe(source);
  });

  it.each([
    ['0.01', 0.01],
    ['0.010', 0.01],
    ['1.0', 1],
    ['100', 100],
    ['-1.50', -1.5],
    ['0', 0],
    ['-0', -0],
    ['0.000', 0],
    ['1.08523', 1.08523],
  ])('keeps %s a number: its double reads as it was sent', (source, value) => {
    expect(lostDigits(value, source)).toBeUndefined();
  });

  it('keeps a number when the parser gives no source text (Node before 22)', () => {
    expect(lostDigits(10, undefined)).toBeUndefined();
  });
});
