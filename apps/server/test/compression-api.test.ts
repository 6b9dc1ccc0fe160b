/**
 * Compressed answers (http/compression.ts): the front ends' files as the build compressed them,
 * chosen by Accept-Encoding, with the same cache and policy headers as the plain file; the API's
 * JSON above 1 KB compressed as it goes out, smaller answers plain; and what must not change with
 * it: the envelope, idempotent replays, uploaded images and the socket.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPRESS_ABOVE_BYTES } from '../src/http/compression.ts';
import { pngImage } from './helpers/image-fixtures.ts';
import { RecordingClient } from './helpers/recording-client.ts';
import { databaseEngines, startTestRuntime, type TestRuntime } from './helpers/test-runtime.ts';
import { tradingClient } from './helpers/trading-helpers.ts';
import { upload } from './helpers/upload-helpers.ts';
import { liftLeverageCaps } from './helpers/leverage-helpers.ts';

/** What a phone's browser sends, and what a client that asks for gzip only or nothing sends. */
const ENCODINGS = [
  ['br', 'gzip, deflate, br, zstd'],
  ['gzip', 'gzip, deflate'],
  ['identity', 'identity'],
] as const;

/** The body as the client reads it after undoing the Content-Encoding the answer names. */
function decoded(res: LightMyRequestResponse): string {
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(res.rawPayload).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(res.rawPayload).toString('utf8');
  expect(encoding).toBeUndefined();
  return res.rawPayload.toString('utf8');
}

/** A built file and the two copies the build writes beside it. */
function writeBuilt(file: string, text: string) {
  writeFileSync(file, text);
  writeFileSync(`${file}.br`, brotliCompressSync(text));
  writeFileSync(`${file}.gz`, gzipSync(text));
}

describe.each(databaseEngines())('compressed answers on %s', (engine) => {
  let rt: TestRuntime;
  let webDist: string;
  let adminDist: string;
  const page = `<!doctype html><title>app</title>${'<p>markets</p>'.repeat(200)}`;
  const script = `console.log(${JSON.stringify('quotes '.repeat(400))});`;
  const adminPage = `<!doctype html><title>back office</title>${'<p>desk</p>'.repeat(200)}`;

  beforeAll(async () => {
    webDist = mkdtempSync(path.join(os.tmpdir(), 'omp-web-'));
    mkdirSync(path.join(webDist, 'assets'));
    writeBuilt(path.join(webDist, 'index.html'), page);
    writeBuilt(path.join(webDist, 'assets', 'index-abc123.js'), script);
    adminDist = mkdtempSync(path.join(os.tmpdir(), 'omp-admin-'));
    writeBuilt(path.join(adminDist, 'index.html'), adminPage);
    rt = await startTestRuntime({ engine, env: { WEB_DIST: webDist, ADMIN_DIST: adminDist } });
    await liftLeverageCaps(rt);
  });
  afterAll(async () => {
    await rt?.dispose();
    rmSync(webDist, { recursive: true, force: true });
    rmSync(adminDist, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding: string, headers: Record<string, string> = {}) =>
    rt.app.inject({
      method: 'GET',
      url,
      headers: { 'accept-encoding': acceptEncoding, lang: 'en', ...headers },
    });

  it.each(ENCODINGS)(
    'sends the built %s copy of the page and its scripts, with their usual headers',
    async (encoding, accept) => {
      for (const [url, text, cache] of [
        ['/', page, 'no-cache'],
        ['/index.html', page, 'no-cache'],
        ['/assets/index-abc123.js', script, 'public, max-age=31536000, immutable'],
        ['/admin/', adminPage, 'no-cache'],
      ] as const) {
        const res = await get(url, accept);
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['content-encoding'], url).toBe(encoding === 'identity' ? undefined : encoding);
        // Caches keep one copy per encoding, even of the plain one.
        expect(String(res.headers.vary).toLowerCase(), url).toContain('accept-encoding');
        expect(res.headers['cache-control'], url).toBe(cache);
        expect(String(res.headers['content-type']), url).toMatch(
          url.endsWith('.js') ? /javascript/ : /^text\/html/,
        );
        if (encoding !== 'identity') expect(res.rawPayload.length, url).toBeLessThan(text.length / 4);
        expect(decoded(res), url).toBe(text);
      }
      // The pages keep their content policies whatever copy is sent.
      expect(String((await get('/', accept)).headers['content-security-policy'])).toContain(
        "script-src 'self'",
      );
      expect(String((await get('/admin/', accept)).headers['content-security-policy'])).toContain(
        "frame-src 'none'",
      );
    },
  );

  it.each(ENCODINGS)(
    'compresses a JSON answer over 1 KB with %s, the envelope unchanged',
    async (encoding, accept) => {
      const plain = await get('/v1/api/forex/trade_list', 'identity');
      expect(plain.rawPayload.length).toBeGreaterThan(COMPRESS_ABOVE_BYTES);
      const res = await get('/v1/api/forex/trade_list', accept);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding === 'identity' ? undefined : encoding);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      if (encoding !== 'identity') {
        expect(String(res.headers.vary).toLowerCase()).toContain('accept-encoding');
        expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
      }
      const body = JSON.parse(decoded(res)) as { code: number; msg: string; data: unknown[] };
      expect(body).toMatchObject({ code: 1, msg: expect.any(String) });
      expect(body).toEqual(JSON.parse(plain.body));
    },
  );

  it('sends a small answer plain, since compressing it would save nothing', async () => {
    for (const url of ['/api/user/info', '/nothing-here']) {
      const res = await get(url, 'gzip, deflate, br');
      expect(res.rawPayload.length, url).toBeLessThan(COMPRESS_ABOVE_BYTES);
      expect(res.headers['content-encoding'], url).toBeUndefined();
      expect(JSON.parse(res.body), url).toMatchObject({ code: expect.any(Number), msg: expect.any(String) });
    }
  });

  it('replays an idempotent order with the same answer, compressed or not', async () => {
    const client = tradingClient(rt);
    client.tick('EURUSD', '1.10000', '1.10010');
    const { token, id } = await client.realUser('10000');
    const order = { forex_id: client.spec('EURUSD').id, type: 1, status: 1, cont: 0.01, multiple: 100 };
    const place = (accept: string) =>
      rt.app.inject({
        method: 'POST',
        url: '/v1/api/forex/submit',
        headers: { authorization: token, lang: 'en', 'idempotency-key': 'zip-1', 'accept-encoding': accept },
        payload: order,
      });
    const first = JSON.parse(decoded(await place('gzip, deflate, br')));
    expect(first).toMatchObject({ code: 1, data: { Quantity: 0.01 } });
    expect(JSON.parse(decoded(await place('br')))).toEqual(first);
    expect(JSON.parse(decoded(await place('identity')))).toEqual(first);
    expect((await client.myDeal(token, 1)).data.data).toHaveLength(1);
    await client.expectLedgerBalanced(id);
  });

  it('stores an upload and hands the image back byte for byte, never re-encoded', async () => {
    const { token } = await tradingClient(rt).realUser('0');
    const bytes = pngImage(64, 64, [10, 200, 30]);
    const { body } = await upload(rt, token, { bytes });
    expect(body).toMatchObject({ code: 1, data: { url: expect.any(String) } });
    const res = await get(body.data!.url, 'gzip, deflate, br', { authorization: token });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.rawPayload.subarray(0, 8)).toEqual(
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    );
  });

  it('still opens the socket for a browser that offers compressed encodings', async () => {
    await rt.app.listen({ port: 0, host: '127.0.0.1' });
    const address = rt.app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    const client = new RecordingClient(`ws://127.0.0.1:${address.port}/v1/ws?lang=en`, {
      headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
    });
    await client.open();
    client.send('ping');
    expect(await client.waitFor((m) => m === 'pong')).toBe('pong');
    client.close();
  });
});
