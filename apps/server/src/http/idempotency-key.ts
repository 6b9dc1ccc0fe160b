/**
 * The `Idempotency-Key` of a money-changing call: the header, or a key the body carries
 * (`client_order_id` on submit). 1–64 characters; a retry with the same key gets the first answer.
 */
import type { FastifyRequest } from 'fastify';
import { IDEMPOTENCY_HEADER } from '@omp/protocol';
import { invalid } from './app-error.ts';

export function idempotencyKeyOf(request: FastifyRequest, bodyKey?: string): string | undefined {
  const header = request.headers[IDEMPOTENCY_HEADER];
  const key = (typeof header === 'string' ? header.trim() : '') || bodyKey;
  if (key !== undefined && (key.length === 0 || key.length > 64)) throw invalid('idempotency_key_invalid');
  return key;
}
