/**
 * Compressed answers, for phones on slow networks. Two paths:
 *
 * - The built front ends' files are compressed once, at build time, at the highest settings
 *   (a `.br` and a `.gz` beside every text file over 1 KB: vite.config.ts of each app), and the
 *   static hosting sends the one the browser accepts (`preCompressed`, STATIC_PRECOMPRESSED).
 * - Everything made per request above COMPRESS_ABOVE_BYTES, the API's JSON first of all, is
 *   compressed as it goes out, at a quick setting. A smaller answer is sent as it is: the headers
 *   would cost more than the bytes saved.
 *
 * What is already compressed (an upload's image, a pre-compressed file) is left alone, and so is
 * the socket, which never passes through a reply.
 */
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Answers made per request are compressed from this size on (bytes of the uncompressed body). */
export const COMPRESS_ABOVE_BYTES = 1024;

/** brotli is preferred when accepted; zstd and deflate add nothing for the browsers we serve. */
export const COMPRESSED_ENCODINGS = ['br', 'gzip'] as const;

/** For every @fastify/static of the front ends: send `file.br` or `file.gz` when accepted. */
export const STATIC_PRECOMPRESSED = { preCompressed: true } as const;

/**
 * Registers per-request compression. It must come before any static hosting, whose replies it
 * would otherwise not see (the plugin's own rule).
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    threshold: COMPRESS_ABOVE_BYTES,
    encodings: [...COMPRESSED_ENCODINGS],
    // Request bodies are read as sent: none is inflated, so no small compressed body can grow past
    // the body limit after it has been accepted.
    globalDecompression: false,
  });
}
