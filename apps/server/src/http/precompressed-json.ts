/**
 * Compressed answers whose long head is cached: a kline page is 80 KB of closed bars that stay
 * the same until a bar closes, then a forming bar of a hundred bytes that changes on every tick.
 * Compressing all of it per request (what http/compression.ts does for other answers) costs
 * milliseconds of the event loop; here the head is compressed once, flushed to a byte boundary,
 * and each answer appends the tail in an uncompressed block of the same stream:
 *
 * - gzip (RFC 1951/1952): the head deflated with a sync flush, a final stored block holding the
 *   tail, then the CRC-32 and length of the whole body (CRC-32 continues from the head's);
 * - brotli (RFC 7932): the head compressed with a flush, a meta-block marked uncompressed holding
 *   the tail, then the empty last meta-block.
 *
 * Both are single, standard streams any decoder reads; the body decoded is byte for byte the
 * uncompressed answer. The encoding is chosen as the compression plugin chooses it, at the same
 * threshold, with the same Vary header, so clients see the answers they saw before.
 */
import { constants, brotliCompressSync, crc32, deflateRawSync } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { COMPRESS_ABOVE_BYTES, COMPRESSED_ENCODINGS } from './compression.ts';

type Encoding = (typeof COMPRESSED_ENCODINGS)[number];

/** A head compressed once, with what the gzip trailer needs of it. */
export interface CompressedHead {
  encoding: Encoding;
  bytes: Buffer;
  crc: number;
  length: number;
}

/** The encoding @fastify/compress would use for this request, or undefined for none. */
export function negotiatedEncoding(request: FastifyRequest): Encoding | undefined {
  if (request.headers['x-no-compression'] !== undefined) return undefined;
  const header = request.headers['accept-encoding'];
  if (header === undefined) return undefined;
  // The plugin reads `*` and `x-gzip` as gzip before negotiating.
  const accepted = negotiate(header.toLowerCase().replace(/\*|x-gzip/gu, 'gzip'), [...COMPRESSED_ENCODINGS]);
  return COMPRESSED_ENCODINGS.find((encoding) => encoding === accepted);
}

export function compressHead(head: string, encoding: Encoding): CompressedHead {
  const raw = Buffer.from(head, 'utf8');
  const bytes =
    encoding === 'gzip'
      ? deflateRawSync(raw, { finishFlush: constants.Z_SYNC_FLUSH })
      : brotliCompressSync(raw, {
          finishFlush: constants.BROTLI_OPERATION_FLUSH,
          params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
        });
  return { encoding, bytes, crc: crc32(raw), length: raw.length };
}

/** The whole compressed body: the cached head, then `tail` (at most 65,535 bytes) stored as it is. */
export function withTail(head: CompressedHead, tail: string): Buffer {
  const raw = Buffer.from(tail, 'utf8');
  if (raw.length > 0xffff) throw new Error('a stored tail holds at most 65,535 bytes');
  if (head.encoding === 'gzip') {
    // Header: magic, deflate, no flags, no time, no extra flags, unknown OS.
    const header = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
    // A final stored block: BFINAL=1, BTYPE=00 (the stream is byte-aligned after the sync flush).
    const block = Buffer.alloc(5);
    block[0] = 0x01;
    block.writeUInt16LE(raw.length, 1);
    block.writeUInt16LE(~raw.length & 0xffff, 3);
    const trailer = Buffer.alloc(8);
    trailer.writeUInt32LE(crc32(raw, head.crc), 0);
    trailer.writeUInt32LE((head.length + raw.length) % 2 ** 32, 4);
    return Buffer.concat([header, head.bytes, block, raw, trailer]);
  }
  if (raw.length === 0) return Buffer.concat([head.bytes, Buffer.from([0x03])]);
  // Meta-block header, bits from the lowest: ISLAST=0, MNIBBLES=0 (4 nibbles), MLEN-1 (16 bits),
  // ISUNCOMPRESSED=1, padding to the byte; then the bytes; then ISLAST=1, ISLASTEMPTY=1.
  const bits = ((raw.length - 1) << 3) | (1 << 19);
  const meta = Buffer.from([bits & 0xff, (bits >> 8) & 0xff, (bits >> 16) & 0xff]);
  return Buffer.concat([head.bytes, meta, raw, Buffer.from([0x03])]);
}

/**
 * Sends `head + tail` as JSON: compressed from the cached head when the request accepts it and
 * the answer is long enough to be compressed at all, as it is otherwise.
 */
export function sendJsonWithCachedHead(
  request: FastifyRequest,
  reply: FastifyReply,
  head: string,
  tail: string,
  compressedHead: (encoding: Encoding) => CompressedHead,
): FastifyReply {
  reply.type('application/json; charset=utf-8');
  const encoding = negotiatedEncoding(request);
  if (!encoding || Buffer.byteLength(head) + Buffer.byteLength(tail) < COMPRESS_ABOVE_BYTES)
    return reply.send(head + tail);
  const vary = reply.getHeader('Vary');
  const values = vary === undefined ? [] : Array.isArray(vary) ? vary : [String(vary)];
  if (!values.some((value) => value.includes('accept-encoding')))
    reply.header('Vary', [...values, 'accept-encoding'].join(', '));
  reply.header('Content-Encoding', encoding);
  return reply.send(withTail(compressedHead(encoding), tail));
}
