import { ResponseCode } from './constants.ts';

/** Every HTTP response body of the API (product-spec section 8). */
export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
}

export function isSuccess(envelope: Pick<Envelope, 'code'>): boolean {
  return envelope.code === ResponseCode.ok;
}
