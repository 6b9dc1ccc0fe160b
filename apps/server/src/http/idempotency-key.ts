/**
 * The `Idempotency-Key` of a money-changing call: the header, or a key the body carries
 * (`client_order_id` on submit). 1–64 characters. The key comes with the request's fingerprint
 * (method, operation, validated body), so the same key can only ever replay the same request
 * (services/idempotency.ts).
 */
import type { FastifyRequest } from 'fastify';
import { IDEMPOTENCY_HEADER, IDEMPOTENCY_KEY_MAX_LENGTH } from '@omp/protocol';
import { requestFingerprint, type IdempotentRequest } from '../services/idempotency.ts';
import { invalid } from '../domain/errors.ts';

export function idempotencyKeyOf(request: FastifyRequest, bodyKey?: string): string | undefined {
  const header = request.headers[IDEMPOTENCY_HEADER];
  // A header that came is the client asking for protection: a blank one is refused, never read as
  // "no key", which would let a second send place the order again.
  const headerKey = header === undefined ? undefined : typeof header === 'string' ? header.trim() : '';
  for (const key of [headerKey, bodyKey])
    if (key !== undefined && (key.length === 0 || key.length > IDEMPOTENCY_KEY_MAX_LENGTH))
      throw invalid('idempotency_key_invalid');
  // Either key alone may come with a retry; two different ones would each guard a different
  // order, so a retry sending only the other key would place it again.
  if (headerKey !== undefined && bodyKey !== undefined && headerKey !== bodyKey)
    throw invalid('idempotency_key_conflict');
  return headerKey ?? bodyKey;
}

/** The idempotent request of a call by `userId`, or undefined when it carries no key. */
export function idempotentRequestOf(
  request: FastifyRequest,
  userId: number,
  operation: string,
  bodyKey?: string,
): IdempotentRequest | undefined {
  const key = idempotencyKeyOf(request, bodyKey);
  if (key === undefined) return undefined;
  return { userId, key, operation, fingerprint: requestFingerprint(request.method, operation, request.body) };
}
