/**
 * Wraps every answer in the public envelope `{code, msg, data}` (docs/CONTRACT.md "Envelope") and
 * resolves the request's language from the `lang` header.
 *
 * Business refusals and validation failures answer HTTP 200 with a code ≠ 1: the existing clients
 * show `msg` only for answers that arrive as HTTP successes, and treat any other status as a
 * network failure that toasts a bare status code. Transport-level faults (unknown route,
 * unreadable body, body too large, server fault) keep their HTTP status, still with the envelope.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { normalizeLanguage, ResponseCode, type Envelope, type Language } from '@omp/protocol';
import { translate, type MessageParams } from '../i18n/translate.ts';
import { DomainError } from '../domain/errors.ts';
import { httpStatusOf } from './app-error.ts';
import { validationMessage, type ValidationIssue } from './validation-message.ts';
import { transportRefusal } from './transport-errors.ts';
import { isUnstorableValue } from '../db/errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    lang: Language;
  }
}

/** Success; `messageKey` names the toast an action shows (e.g. 'register_ok'), default 'ok'. */
export function ok<T>(
  request: FastifyRequest,
  data: T,
  messageKey = 'ok',
  params: MessageParams = {},
): Envelope<T> {
  return { code: ResponseCode.ok, msg: translate(request.lang, messageKey, params), data };
}

const JSON_TYPE = 'application/json; charset=utf-8';

function send(reply: FastifyReply, httpStatus: number, code: number, msg: string) {
  return reply.status(httpStatus).type(JSON_TYPE).send({ code, msg, data: null });
}

async function envelopePlugin(app: FastifyInstance) {
  app.decorateRequest('lang', 'hk');
  app.addHook('onRequest', async (request) => {
    request.lang = normalizeLanguage(
      request.headers.lang ?? (request.query as { lang?: string } | undefined)?.lang,
    );
  });

  app.setNotFoundHandler((request, reply) =>
    send(
      reply,
      404,
      ResponseCode.notFound,
      translate(request.lang, 'route_not_found', {
        method: request.method,
        url: request.url.split('?')[0] ?? '',
      }),
    ),
  );

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const lang = request.lang ?? normalizeLanguage(request.headers.lang);
    if (error instanceof DomainError) {
      return send(reply, httpStatusOf(error), error.code, translate(lang, error.messageKey, error.params));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation as unknown as ValidationIssue[];
      // A misspelt field explains the missing one it was meant to be: name it first.
      const issue = issues.find((candidate) => candidate.keyword === 'unrecognized_keys') ?? issues[0]!;
      const source =
        error.validationContext === 'body'
          ? request.body
          : error.validationContext === 'params'
            ? request.params
            : request.query;
      const bodySchema =
        error.validationContext === 'body'
          ? (request.routeOptions.schema as { body?: unknown } | undefined)?.body
          : undefined;
      return send(reply, 200, ResponseCode.invalid, validationMessage(lang, issue, source, bodySchema));
    }
    if (error.statusCode === 429) {
      return send(reply, 429, ResponseCode.rateLimited, translate(lang, 'rate_limited'));
    }
    if (isUnstorableValue(error)) {
      // The refused statement wrote nothing, and a transaction around it rolled back.
      request.log.warn({ err: error }, 'a value the database cannot store');
      return send(reply, 200, ResponseCode.invalid, translate(lang, 'value_not_storable'));
    }
    const transport = transportRefusal(error);
    if (transport)
      return send(reply, transport.httpStatus, transport.code, translate(lang, transport.messageKey));
    request.log.error({ err: error }, 'unhandled error');
    return send(reply, 500, ResponseCode.internal, translate(lang, 'internal_error'));
  });
}

export default fp(envelopePlugin, { name: 'envelope' });
