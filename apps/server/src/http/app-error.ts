import { ResponseCode } from '@omp/protocol';
import type { MessageParams } from '../i18n/translate.ts';

/**
 * A refusal the client should see as `{code, msg}`. `messageKey` is translated into the request's
 * language by the error handler, so services never deal with languages.
 */
export class AppError extends Error {
  readonly code: number;
  readonly messageKey: string;
  readonly params: MessageParams;
  readonly httpStatus: number;

  constructor(code: number, messageKey: string, params: MessageParams = {}, httpStatus = 200) {
    super(messageKey);
    this.code = code;
    this.messageKey = messageKey;
    this.params = params;
    this.httpStatus = httpStatus;
  }
}

export const notFound = (messageKey: string, params: MessageParams = {}) =>
  new AppError(ResponseCode.notFound, messageKey, params);
export const invalid = (messageKey: string, params: MessageParams = {}) =>
  new AppError(ResponseCode.invalid, messageKey, params);
export const refused = (messageKey: string, params: MessageParams = {}) =>
  new AppError(ResponseCode.refused, messageKey, params);
/** A body that cannot be read as its content type says (cut short, malformed); HTTP 400. */
export const malformedBody = () => new AppError(ResponseCode.badRequest, 'malformed_body', {}, 400);
