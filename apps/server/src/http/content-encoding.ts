/**
 * Request bodies are read as they are sent: none is inflated (compression.ts), so no small body
 * can grow past the body limit once accepted. A body that says it is compressed
 * (`Content-Encoding: gzip`) would be read as its compressed bytes and refused for "broken
 * characters" it does not hold; it is refused for what it is instead, with 415 as HTTP says for a
 * content coding the server does not take (RFC 9110 section 15.5.16).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ResponseCode } from '@omp/protocol';
import { AppError } from './app-error.ts';

/** The codings a request names other than `identity` (which means none). */
const codingsOf = (header: string) =>
  header
    .split(',')
    .map((coding) => coding.trim().toLowerCase())
    .filter((coding) => coding !== '' && coding !== 'identity');

/** A request that carries a body: a length above 0, or a body sent in chunks. */
const hasBody = (request: FastifyRequest) =>
  request.headers['transfer-encoding'] !== undefined ||
  (request.headers['content-length'] !== undefined && request.headers['content-length'] !== '0');

export function refuseEncodedBodies(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    const header = request.headers['content-encoding'];
    if (header === undefined || !hasBody(request) || codingsOf(header).length === 0) return;
    throw new AppError(ResponseCode.badRequest, 'unsupported_content_encoding', {}, 415);
  });
}
