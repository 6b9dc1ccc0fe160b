/**
 * Cross-origin calls of the public API: the origins the broker configures (ALLOWED_ORIGINS) may
 * call it from a browser with the headers the clients send; any other origin gets no permission,
 * and the back office's API is never opened to another origin.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseEngines, startTestRuntime, type TestRuntime } from './helpers/test-runtime.ts';

const APP = 'https://app.broker.example';

describe.each(databaseEngines())('cross-origin calls on %s', (engine) => {
  let rt: TestRuntime;
  beforeAll(async () => {
    rt = await startTestRuntime({ engine, env: { ALLOWED_ORIGINS: APP } });
  });
  afterAll(async () => rt?.dispose());

  const preflight = (url: string, origin: string) =>
    rt.app.inject({
      method: 'OPTIONS',
      url,
      headers: {
        origin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'lang,authorization,content-type',
      },
    });

  it('lets a configured origin call the public API with the clients’ headers', async () => {
    const answer = await preflight('/v1/api/forex/submit', APP);
    expect(answer.statusCode).toBe(204);
    expect(answer.headers['access-control-allow-origin']).toBe(APP);
    expect(String(answer.headers['access-control-allow-headers'])).toContain('authorization');
    expect(String(answer.headers['access-control-allow-headers'])).toContain('lang');
    const read = await rt.app.inject({
      method: 'GET',
      url: '/v1/api/forex/getCategories',
      headers: { origin: APP, lang: 'en' },
    });
    expect(read.headers['access-control-allow-origin']).toBe(APP);
    expect(read.json()).toMatchObject({ code: 1 });
  });

  it('gives no permission to any other origin, nor to the back office from anywhere', async () => {
    for (const [url, origin] of [
      ['/v1/api/forex/submit', 'https://evil.example'],
      ['/api/user/info', 'https://app.broker.example.evil.example'],
      ['/admin/api/login', APP],
    ] as const) {
      const answer = await preflight(url, origin);
      expect(answer.headers['access-control-allow-origin'], `${url} from ${origin}`).toBeUndefined();
    }
  });
});
