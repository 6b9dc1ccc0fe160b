import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { compressHead, withTail } from './precompressed-json.ts';

const DECODE = { br: brotliDecompressSync, gzip: gunzipSync } as const;
/** A head like a kline page's: an envelope with a translated message, then many bars. */
const head =
  '{"code":1,"msg":"成功 — نجاح","data":[' +
  Array.from({ length: 1000 }, (_, i) => `{"Time":${1_700_000_000 + i * 60},"Open":1.0${i % 97}},`).join('');

describe('a compressed head with an uncompressed tail', () => {
  it.each(['br', 'gzip'] as const)('decodes with %s to exactly the head and the tail', (encoding) => {
    const compressed = compressHead(head, encoding);
    for (const tail of [']}', '{"Time":1,"Open":1.5,"Note":"é"}]}', 'x'.repeat(65_535)]) {
      const body = withTail(compressed, tail);
      expect(DECODE[encoding](body).toString('utf8')).toBe(head + tail);
    }
    // The head is compressed: far smaller than the text it holds.
    expect(compressed.bytes.length).toBeLessThan(Buffer.byteLength(head) / 4);
  });

  it('refuses a tail too long for one stored block rather than send a broken stream', () => {
    expect(() => withTail(compressHead(head, 'gzip'), 'x'.repeat(65_536))).toThrow(/65,535/);
  });
});
