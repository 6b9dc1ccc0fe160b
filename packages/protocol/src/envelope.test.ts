import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { envelopeOf, isSuccess } from './envelope.ts';

describe('envelope', () => {
  it('is a success only with code 1', () => {
    expect(isSuccess({ code: 1 })).toBe(true);
    for (const code of [0, 404, 422, 429, 500, 999]) expect(isSuccess({ code })).toBe(false);
  });

  const listOfIds = envelopeOf(z.array(z.object({ id: z.number().int() })));

  it('describes {code, msg, data} around the data schema', () => {
    const answer = { code: 1, msg: 'OK', data: [{ id: 1 }, { id: 2 }] };
    expect(listOfIds.parse(answer)).toEqual(answer);
  });

  it('refuses an answer without msg, with a fractional code, or with data of another shape', () => {
    expect(listOfIds.safeParse({ code: 1, data: [] }).success).toBe(false);
    expect(listOfIds.safeParse({ code: 1.5, msg: '', data: [] }).success).toBe(false);
    expect(listOfIds.safeParse({ code: 1, msg: 'OK', data: [{ id: '1' }] }).success).toBe(false);
    expect(listOfIds.safeParse({ code: 1, msg: 'OK', data: null }).success).toBe(false);
  });
});
