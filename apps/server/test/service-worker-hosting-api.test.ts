/**
 * The phone app's service worker as the server hands it out: at the root (its scope is the whole
 * app), never cached by the browser without asking (a deploy must reach installed apps), and
 * compressed like the rest of the build.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRuntime, type TestRuntime } from './helpers/test-runtime.ts';

describe('service worker hosting', () => {
  let rt: TestRuntime;
  let webDist: string;

  beforeAll(async () => {
    webDist = mkdtempSync(path.join(os.tmpdir(), 'omp-web-'));
    mkdirSync(path.join(webDist, 'assets'));
    writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>app</title>');
    const worker = `self.addEventListener('push', () => {});\n`.repeat(100);
    writeFileSync(path.join(webDist, 'sw.js'), worker);
    // As the build leaves it: compressed copies beside it, served to browsers that take them.
    writeFileSync(path.join(webDist, 'sw.js.br'), brotliCompressSync(worker));
    writeFileSync(path.join(webDist, 'assets', 'index-abc123.js'), 'console.log(1)');
    rt = await startTestRuntime({ env: { WEB_DIST: webDist } });
  });
  afterAll(async () => {
    await rt.dispose();
    rmSync(webDist, { recursive: true, force: true });
  });

  it.each(['identity', 'br'])(
    'serves /sw.js (%s) as a script revalidated on every check, with the whole app as its scope',
    async (encoding) => {
      const worker = await rt.app.inject({
        method: 'GET',
        url: '/sw.js',
        headers: { 'accept-encoding': encoding },
      });
      expect(worker.headers['content-encoding']).toBe(encoding === 'br' ? 'br' : undefined);
      expect(worker.statusCode).toBe(200);
      expect(worker.headers['content-type']).toMatch(/^(text|application)\/javascript/);
      expect(worker.headers['cache-control']).toBe('no-cache, max-age=0');
      expect(worker.headers['service-worker-allowed']).toBe('/');
      // The page's own policy is not put on a script.
      expect(worker.headers['content-security-policy']).toBeUndefined();
      // Other files keep theirs: hashed assets for good, the page revalidated.
      const asset = await rt.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(asset.headers['service-worker-allowed']).toBeUndefined();
      const page = await rt.app.inject({ method: 'GET', url: '/' });
      expect(page.headers['cache-control']).toBe('no-cache');
    },
  );
});
