/**
 * The `Idempotency-Key` of a money-changing call: the header, or a key the body carries
 * (`client_order_id` on submit). 1–64 characters. The key comes with the request's fingerprint
 * (method, operation, validated body without the body's key field), so the same key can only ever
 * replay the same request (services/idempotency.ts).
 */
import type { FastifyRequest } from 'fastify';
import { IDEMPOTENCY_HEADER, IDEMPOTENCY_KEY_MAX_LENGTH } from '@omp/protocol';
import { requestFingerprint, type IdempotentRequest } from '../services/idempotency.ts';
import { invalid } from '../domain/errors.ts';

/**
 * Printable ASCII (space to tilde). Node reads a header's bytes as Latin-1, so a UTF-8 key arrives
 * as other characters than were sent (and twice as long), and a proxy may pass a tab or a byte
 * above 127 on differently: a retry whose key arrives otherwise would miss its first answer.
 */
const HEADER_KEY = /^[\x20-\x7e]+$/;

/** How often the request carried the header: Node joins repeats into one "a, b" value. */
function headerCount(request: FastifyRequest): number {
  const raw = request.raw.rawHeaders;
  let count = 0;
  for (let at = 0; at < raw.length; at += 2) if (raw[at]!.toLowerCase() === IDEMPOTENCY_HEADER) count++;
  return count;
}

export function idempotencyKeyOf(request: FastifyRequest, bodyKey?: string): string | undefined {
  const header = request.headers[IDEMPOTENCY_HEADER];
  // A header that came is the client asking for protection: a blank one is refused, never read as
  // "no key", which would let a second send place the order again.
  const headerKey = header === undefined ? undefined : typeof header === 'string' ? header.trim() : '';
  // Sent twice, the joined value is a key nobody sent, and a proxy that keeps one of the two would
  // make the retry another key, so the change would be made twice.
  if (
    headerKey !== undefined &&
    (headerCount(request) > 1 || (headerKey.length > 0 && !HEADER_KEY.test(headerKey)))
  )
    throw invalid('idempotency_key_unreadable');
  for (const key of [headerKey, bodyKey])
    if (key !== undefined && (key.length === 0 || key.length > IDEMPOTENCY_KEY_MAX_LENGTH))
      throw invalid('idempotency_key_invalid');
  // Either key alone may come with a retry; two different ones would each guard a different
  // order, so a retry sending only the other key would place it again.
  if (headerKey !== undefined && bodyKey !== undefined && headerKey !== bodyKey)
    throw invalid('idempotency_key_conflict');
  return headerKey ?? bodyKey;
}

/**
 * The idempotent request of a call by `userId`, or undefined when it carries no key.
 * `bodyKeyField` names the body's field that may carry the key instead of the header
 * (`client_order_id`): it is the key, not part of the request, so the fingerprint leaves it out
 * and a retry sending the key in the header alone is the same request as one sending it in both.
 */
export function idempotentRequestOf(
  request: FastifyRequest,
  userId: number,
  operation: string,
  bodyKeyField?: string,
): IdempotentRequest | undefined {
  const body = request.body as Record<string, unknown> | undefined;
  const bodyKey = bodyKeyField === undefined ? undefined : (body?.[bodyKeyField] as string | undefined);
  const key = idempotencyKeyOf(request, bodyKey);
  if (key === undefined) return undefined;
  let fingerprinted: unknown = request.body;
  if (bodyKeyField !== undefined && body && bodyKeyField in body) {
    const { [bodyKeyField]: _key, ...rest } = body;
    fingerprinted = rest;
  }
  return {
    userId,
    key,
    operation,
    fingerprint: requestFingerprint(request.method, operation, fingerprinted),
  };
}
