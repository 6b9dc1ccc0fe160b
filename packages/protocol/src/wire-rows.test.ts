/**
 * The rows in zod's mini build (wire-rows.ts) check, refuse and document exactly as the full
 * build's forms they replaced: the same parse results, the same issues (messages included) and
 * the same JSON Schema in the OpenAPI document.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { utcTimeText } from './fields.ts';
import {
  NOTIFICATION_KINDS,
  accountFiguresSchema,
  notificationSchema,
  orderRowSchema,
  quotationSchema,
} from './wire-rows.ts';

/** Parse outcome with its issues, and the JSON Schema in each form the document uses. */
function behaviour(schema: z.core.$ZodType, samples: unknown[]) {
  return {
    parsed: samples.map((sample) => {
      const result = z.safeParse(schema, sample);
      return result.success ? { data: result.data } : { issues: result.error.issues };
    }),
    output: z.toJSONSchema(schema),
    input: z.toJSONSchema(schema, { io: 'input' }),
    openapi: z.toJSONSchema(schema, { target: 'openapi-3.0' }),
  };
}

const numbers = [1, 1.5, -3, 2 ** 60, Number.NaN, '1', null, undefined, {}];

describe('rows in the mini build', () => {
  it('writes a whole number as z.number().int() does', () => {
    expect(behaviour(quotationSchema.shape.Id, numbers)).toEqual(behaviour(z.number().int(), numbers));
    expect(behaviour(quotationSchema.shape.NowTime, numbers)).toEqual(
      behaviour(z.number().int().describe('Time of the last tick, Unix seconds'), numbers),
    );
  });

  it('writes a described number and a nullable one as the full build does', () => {
    expect(behaviour(quotationSchema.shape.Close, numbers)).toEqual(
      behaviour(z.number().describe('Last bid'), numbers),
    );
    expect(behaviour(accountFiguresSchema.shape.margin_level, numbers)).toEqual(
      behaviour(
        z.number().nullable().describe('equity / used margin x 100 (risk rate), null with nothing open'),
        numbers,
      ),
    );
  });

  it('writes a UTC time text as fields.ts does', () => {
    const texts = ['2026-11-27 10:00:00', '', '2026-11-27T10:00:00', 1, null];
    expect(behaviour(orderRowSchema.shape.CreateTimeHandler, texts)).toEqual(
      behaviour(utcTimeText('Placed at'), texts),
    );
  });

  it('checks a whole row, its enum included, as the full build does', () => {
    const full = z.object({
      id: z.number().int(),
      kind: z.enum(NOTIFICATION_KINDS),
      title: z.string().describe('In the language of the request (or of the socket)'),
      body: z.string(),
      link: z.string().describe('Where the app opens it, a path of the app such as /order'),
      created_at: z.number().int().describe('Unix seconds'),
      read: z.boolean(),
    });
    const row = {
      id: 1,
      kind: 'stop_loss',
      title: 't',
      body: 'b',
      link: '/order',
      created_at: 5,
      read: false,
    };
    const samples = [row, { ...row, kind: 'nope' }, { ...row, id: 1.5 }, { ...row, extra: 1 }, {}, null];
    expect(behaviour(notificationSchema, samples)).toEqual(behaviour(full, samples));
  });
});
