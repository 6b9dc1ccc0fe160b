/**
 * Refusals of the HTTP layer itself, which carry their own HTTP status: a body that cannot be read,
 * an ingest call without its secret, a socket from a foreign origin. Domain refusals are
 * domain/errors.ts; both reach the client through the envelope plugin.
 */
import { ResponseCode } from '@omp/protocol';
import { DomainError } from '../domain/errors.ts';
import type { MessageParams } from '../i18n/translate.ts';

export class AppError extends DomainError {
  readonly httpStatus: number;

  constructor(code: number, messageKey: string, params: MessageParams = {}, httpStatus = 200) {
    super(code, messageKey, params);
    this.httpStatus = httpStatus;
  }
}

/** A body that cannot be read as its content type says (cut short, malformed); HTTP 400. */
export const malformedBody = () => new AppError(ResponseCode.badRequest, 'malformed_body', {}, 400);

/**
 * The HTTP status of a refusal. Refusals a person can act on are HTTP 200 with their code in the
 * envelope (docs/decisions/0001); a refusal of the HTTP layer says its own status; a body too
 * large is 413 wherever it is found.
 */
export function httpStatusOf(error: DomainError): number {
  if (error instanceof AppError) return error.httpStatus;
  // Decision 0001: too large and too many keep their HTTP status (a client backs off on 429),
  // with the envelope's reason; every other refusal is HTTP 200.
  if (error.code === ResponseCode.payloadTooLarge) return 413;
  if (error.code === ResponseCode.rateLimited) return 429;
  return 200;
}
