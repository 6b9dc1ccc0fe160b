/**
 * Every request gets an id that its log lines carry and its answer echoes (`x-request-id`), so one
 * call can be followed from the phone through a load balancer to every node's log. A proxy or
 * client that already chose an id keeps it, when it is a plain token; anything else (too long,
 * spaces, line breaks or quotes that could forge a log line) is replaced by a fresh one.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { currentRequestId } from '../domain/request-origin.ts';

export const REQUEST_ID_HEADER = 'x-request-id';

const SANE_REQUEST_ID = /^[A-Za-z0-9._:@/+=-]{1,128}$/;

export function isSaneRequestId(value: unknown): value is string {
  return typeof value === 'string' && SANE_REQUEST_ID.test(value);
}

/** Fastify's `genReqId`: the incoming id when sane, otherwise a new UUID. */
export function requestIdOf(request: Pick<IncomingMessage, 'headers'>): string {
  const given = request.headers[REQUEST_ID_HEADER];
  return isSaneRequestId(given) ? given : randomUUID();
}

/**
 * The logger's mixin: a line written on a request's behalf through the app's own logger (a
 * service's, not `request.log`, which is already bound to the id) gets the request's id too.
 */
export function requestIdMixin(
  _line: object,
  _level: number,
  logger: { bindings(): Record<string, unknown> },
): object {
  const requestId = currentRequestId();
  if (requestId === '' || logger.bindings().requestId !== undefined) return {};
  return { requestId };
}
