/**
 * Refusals of the domain: a rule said no, a record is missing, an input is invalid. Services throw
 * them without knowing about HTTP; the envelope plugin turns each into `{code, msg}` in the
 * request's language, and picks the HTTP status in one place (http/envelope-plugin.ts).
 *
 * Example: `throw refused('money.already_decided')` answers HTTP 200 with
 * `{code: 0, msg: 'This record has already been decided', data: null}`.
 */
import { ResponseCode } from '@omp/protocol';
import type { MessageParams } from '../i18n/translate.ts';

export class DomainError extends Error {
  /** The envelope code (ResponseCode): 0 refused, 404, 422, 429, … */
  readonly code: number;
  /** Translated into the request's language by the envelope plugin. */
  readonly messageKey: string;
  readonly params: MessageParams;

  constructor(code: number, messageKey: string, params: MessageParams = {}) {
    super(messageKey);
    this.code = code;
    this.messageKey = messageKey;
    this.params = params;
  }
}

export const notFound = (messageKey: string, params: MessageParams = {}) =>
  new DomainError(ResponseCode.notFound, messageKey, params);
export const invalid = (messageKey: string, params: MessageParams = {}) =>
  new DomainError(ResponseCode.invalid, messageKey, params);
export const refused = (messageKey: string, params: MessageParams = {}) =>
  new DomainError(ResponseCode.refused, messageKey, params);
export const rateLimited = (messageKey: string, params: MessageParams = {}) =>
  new DomainError(ResponseCode.rateLimited, messageKey, params);
