/**
 * Sends a kline page (services/kline-pages.ts) in the success envelope without encoding it again:
 * the same bytes JSON.stringify(ok(request, bars)) gives, with the type fastify gives objects, and
 * compressed from a cached head when the request accepts it (http/precompressed-json.ts).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ResponseCode } from '@omp/protocol';
import { translate } from '../i18n/translate.ts';
import type { LatestPageJson } from '../services/kline-pages.ts';
import { compressHead, sendJsonWithCachedHead } from './precompressed-json.ts';

export function sendKlinePage(
  request: FastifyRequest,
  reply: FastifyReply,
  page: LatestPageJson,
): FastifyReply {
  const msg = JSON.stringify(translate(request.lang, 'ok'));
  const head = `{"code":${ResponseCode.ok},"msg":${msg},"data":[${page.closedJson}`;
  const tail = `${page.formingJson}]}`;
  const { remember } = page;
  // Computed without the cache: sent as any other answer, compressed (or not) by the plugin.
  if (!remember) return reply.type('application/json; charset=utf-8').send(head + tail);
  return sendJsonWithCachedHead(request, reply, head, tail, (encoding) =>
    // The message is the only part of the head that depends on the request: its language.
    remember(`${request.lang}:${encoding}`, () => compressHead(head, encoding)),
  );
}
