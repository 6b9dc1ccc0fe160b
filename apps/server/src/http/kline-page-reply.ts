/**
 * Sends a kline page (services/kline-pages.ts) in the success envelope without encoding it again:
 * the same bytes JSON.stringify(ok(request, bars)) gives, with the type fastify gives objects, and
 * compressed from a cached head when the request accepts it (http/precompressed-json.ts).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ResponseCode, type Language } from '@omp/protocol';
import { translate } from '../i18n/translate.ts';
import type { LatestPageJson } from '../services/kline-pages.ts';
import { compressHead, sendJsonWithCachedHead } from './precompressed-json.ts';

/** `{"code":1,"msg":…,"data":[` by language: the only part of an answer that depends on the request. */
const envelopeHeads = new Map<Language, Buffer>();

function envelopeHead(lang: Language): Buffer {
  let head = envelopeHeads.get(lang);
  if (!head) {
    const msg = JSON.stringify(translate(lang, 'ok'));
    head = Buffer.from(`{"code":${ResponseCode.ok},"msg":${msg},"data":[`, 'utf8');
    envelopeHeads.set(lang, head);
  }
  return head;
}

export function sendKlinePage(
  request: FastifyRequest,
  reply: FastifyReply,
  page: LatestPageJson,
): FastifyReply {
  const head = [envelopeHead(request.lang), page.closed];
  const tail = Buffer.from(`${page.formingJson}]}`, 'utf8');
  const { remember } = page;
  // Computed without the cache: sent as any other answer, compressed (or not) by the plugin.
  if (!remember) return reply.type('application/json; charset=utf-8').send(Buffer.concat([...head, tail]));
  return sendJsonWithCachedHead(request, reply, head, tail, (encoding) =>
    remember(`${request.lang}:${encoding}`, () => compressHead(Buffer.concat(head), encoding)),
  );
}
