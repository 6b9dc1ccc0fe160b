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
import type { OutgoingHttpHeaders } from 'node:http';
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

export function compressHead(head: string | Buffer, encoding: Encoding): CompressedHead {
  const raw = typeof head === 'string' ? Buffer.from(head, 'utf8') : head;
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
export function withTail(head: CompressedHead, tail: string | Buffer): Buffer {
  return Buffer.concat(withTailParts(head, tail));
}

/** withTail's body in the parts it is made of, the cached head not copied. */
export function withTailParts(head: CompressedHead, tail: string | Buffer): Buffer[] {
  const raw = typeof tail === 'string' ? Buffer.from(tail, 'utf8') : tail;
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
    return [header, head.bytes, block, raw, trailer];
  }
  if (raw.length === 0) return [head.bytes, Buffer.from([0x03])];
  // Meta-block header, bits from the lowest: ISLAST=0, MNIBBLES=0 (4 nibbles), MLEN-1 (16 bits),
  // ISUNCOMPRESSED=1, padding to the byte; then the bytes; then ISLAST=1, ISLASTEMPTY=1.
  const bits = ((raw.length - 1) << 3) | (1 << 19);
  const meta = Buffer.from([bits & 0xff, (bits >> 8) & 0xff, (bits >> 16) & 0xff]);
  return [head.bytes, meta, raw, Buffer.from([0x03])];
}

/** Answers whose body goes out in parts (see writePartsOnSend), by reply, until they are written. */
const bodyParts = new WeakMap<FastifyReply, readonly Buffer[]>();

/**
 * A route's `onSend` for answers sent with sendJsonWithCachedHead: the answer's parts (the cached
 * 80 KB of bars, or their compressed head, and the forming bar's tail) are written as they are,
 * corked into one write, rather than joined into a new buffer per answer, whose copy and garbage
 * cost the event loop more than the rest of the answer. It must come after every hook that sets
 * headers: as a route's own hook it follows the application's, and the compression plugin's,
 * which follows it, has nothing to do for these answers (compressed already, or not to be).
 * Other answers pass through untouched.
 */
export function writePartsOnSend(
  _request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
  done: (error: Error | null, payload?: unknown) => void,
): void {
  const parts = bodyParts.get(reply);
  if (!parts) return done(null, payload);
  bodyParts.delete(reply);
  let length = 0;
  for (const part of parts) length += part.length;
  reply.header('content-length', String(length));
  // Written here, so fastify writes nothing more; it still runs the onResponse hooks on finish.
  reply.hijack();
  const res = reply.raw;
  // Fastify's own header values (numbers among them) are what node:http takes.
  res.writeHead(reply.statusCode, reply.getHeaders() as OutgoingHttpHeaders);
  // One write of the headers and every part: end() uncorks fully.
  res.cork();
  for (let i = 0; i < parts.length - 1; i++) res.write(parts[i]);
  res.end(parts.at(-1));
}

/**
 * Sends the UTF-8 JSON `head` (in parts, as cached) then `tail`: compressed from the cached head
 * when the request accepts it and the answer is long enough to be compressed at all, as it is
 * otherwise. Bytes all the way: a string of 80 KB would be measured and encoded on every answer.
 * The route needs writePartsOnSend among its onSend hooks.
 */
export function sendJsonWithCachedHead(
  request: FastifyRequest,
  reply: FastifyReply,
  head: readonly Buffer[],
  tail: Buffer,
  compressedHead: (encoding: Encoding) => CompressedHead,
): FastifyReply {
  reply.type('application/json; charset=utf-8');
  const encoding = negotiatedEncoding(request);
  let length = tail.length;
  for (const part of head) length += part.length;
  if (encoding && length >= COMPRESS_ABOVE_BYTES) {
    const vary = reply.getHeader('Vary');
    const values = vary === undefined ? [] : Array.isArray(vary) ? vary : [String(vary)];
    if (!values.some((value) => value.includes('accept-encoding')))
      reply.header('Vary', [...values, 'accept-encoding'].join(', '));
    reply.header('Content-Encoding', encoding);
    bodyParts.set(reply, withTailParts(compressedHead(encoding), tail));
  } else bodyParts.set(reply, [...head, tail]);
  // The tail stands for the body until writePartsOnSend writes the whole of it.
  return reply.send(tail);
}
