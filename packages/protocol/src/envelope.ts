import { z } from 'zod';
import { ResponseCode } from './constants.ts';

/** Every HTTP response body of the API (docs/CONTRACT.md "Envelope"). */
export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
}

export function isSuccess(envelope: Pick<Envelope, 'code'>): boolean {
  return envelope.code === ResponseCode.ok;
}

/**
 * The envelope around a response's data, for documentation (OpenAPI) and response tests. The data
 * may be a schema of zod's mini build too (wire-rows.ts).
 */
export function envelopeOf<T extends z.core.$ZodType>(data: T) {
  return z.object({
    code: z.number().int().describe('1 success, 999 session invalid, anything else a refusal'),
    msg: z.string().describe("Human message in the request's language"),
    data: data,
  });
}
