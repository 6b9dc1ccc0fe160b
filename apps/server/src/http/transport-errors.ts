/**
 * Faults of the request itself, found before any route runs: an unreadable or too large body, a
 * content type no parser takes, an address that is malformed or too long, a connection that breaks
 * the HTTP protocol. Each keeps a meaningful HTTP status and is answered in the envelope with a
 * translated message; Fastify's own wording and error codes never reach the client (they name
 * internals and are English only).
 */
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { DEFAULT_LANGUAGE, normalizeLanguage, ResponseCode } from '@omp/protocol';
import { translate } from '../i18n/translate.ts';

export interface TransportRefusal {
  httpStatus: number;
  code: number;
  messageKey: string;
}

const refusal = (httpStatus: number, code: number, messageKey: string): TransportRefusal => ({
  httpStatus,
  code,
  messageKey,
});

const BY_CODE: Record<string, TransportRefusal> = {
  FST_ERR_CTP_BODY_TOO_LARGE: refusal(413, ResponseCode.payloadTooLarge, 'payload_too_large'),
  FST_ERR_CTP_INVALID_MEDIA_TYPE: refusal(415, ResponseCode.badRequest, 'unsupported_media_type'),
  // A multipart body sent where no multipart parser is (@fastify/multipart's own check).
  FST_INVALID_MULTIPART_CONTENT_TYPE: refusal(415, ResponseCode.badRequest, 'unsupported_media_type'),
  FST_ERR_BAD_URL: refusal(400, ResponseCode.badRequest, 'bad_url'),
  FST_ERR_MAX_PARAM_LENGTH: refusal(414, ResponseCode.badRequest, 'url_too_long'),
};

/** Codes of a body its parser could not read (Fastify's content-type parsers, @fastify/multipart). */
const isUnreadableBody = (code: string | undefined) =>
  code !== undefined &&
  (code.startsWith('FST_ERR_CTP_') ||
    ['FST_PROTO_VIOLATION', 'FST_INVALID_JSON_FIELD_ERROR', 'FST_MP_PREMATURE_CLOSE'].includes(code));

/**
 * The answer to a request fault raised by Fastify or one of its plugins; undefined for anything
 * else (a fault of ours, which stays a 500).
 */
export function transportRefusal(
  error: Pick<FastifyError, 'code' | 'statusCode'>,
): TransportRefusal | undefined {
  const known = error.code ? BY_CODE[error.code] : undefined;
  if (known) return known;
  const status = error.statusCode;
  if (status === undefined || status < 400 || status >= 500) return undefined;
  // Bad JSON, an empty JSON body, a Content-Length that does not match, a prototype key in JSON.
  if (isUnreadableBody(error.code)) return refusal(400, ResponseCode.badRequest, 'malformed_body');
  // Anything else a plugin refuses with a 4xx (a static file path it will not serve, …).
  return refusal(status === 406 ? 400 : status, ResponseCode.badRequest, 'malformed_request');
}

/** Sends a transport refusal in the envelope, in the language of the `lang` header. */
export function sendTransportRefusal(
  request: FastifyRequest,
  reply: FastifyReply,
  { httpStatus, code, messageKey }: TransportRefusal,
) {
  const lang = normalizeLanguage(request.headers.lang);
  return reply
    .status(httpStatus)
    .type('application/json; charset=utf-8')
    .send({ code, msg: translate(lang, messageKey), data: null });
}

/**
 * Fastify's `frameworkErrors`: faults found while routing, before hooks and the error handler (a
 * malformed percent escape, a path parameter over the length limit).
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const known = transportRefusal(error) ?? refusal(400, ResponseCode.badRequest, 'malformed_request');
  return sendTransportRefusal(request, reply, known);
}

/**
 * Fastify's `clientErrorHandler`: the connection broke HTTP before a request existed (headers or
 * address over Node's size limit, a request line that is not HTTP, a request that never finished).
 * No header has been read, so the message is in the default language.
 */
export function answerClientError(error: Error & { code?: string }, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, messageKey] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? // Node's limit counts the request line and the headers together: either may be the long one.
        [431, 'headers_too_large']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'request_timeout']
        : [400, 'malformed_request'];
  const body = JSON.stringify({
    code: ResponseCode.badRequest,
    msg: translate(DEFAULT_LANGUAGE, messageKey),
    data: null,
  });
  const reason = { 400: 'Bad Request', 408: 'Request Timeout', 431: 'Request Header Fields Too Large' }[
    status
  ];
  if (socket.writable)
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
  socket.destroy(error);
}
