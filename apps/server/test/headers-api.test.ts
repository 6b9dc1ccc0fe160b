/**
 * Protective headers that depend on configuration or on the page: Strict-Transport-Security when
 * the server is told it is behind HTTPS, and the API documentation page's own content policy.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseEngines, startTestRuntime, type TestRuntime } from './helpers/test-runtime.ts';

describe.each(databaseEngines())('headers behind HTTPS on %s', (engine) => {
  let rt: TestRuntime;
  beforeAll(async () => {
    rt = await startTestRuntime({ engine, env: { BEHIND_HTTPS: 'true' } });
  });
  afterAll(async () => rt?.dispose());

  it('tells browsers to use HTTPS only, on answers and refusals alike', async () => {
    for (const url of ['/v1/api/forex/getCategories', '/api/user/info', '/nothing-here', '/docs']) {
      const res = await rt.app.inject({ method: 'GET', url });
      expect(res.headers['strict-transport-security'], url).toBe('max-age=31536000; includeSubDomains');
      expect(res.headers['cross-origin-opener-policy'], url).toBe('same-origin');
    }
  });

  it('gives the documentation page a policy: own scripts only, no framing, no third-party validator', async () => {
    const res = await rt.app.inject({ method: 'GET', url: '/docs' });
    const policy = String(res.headers['content-security-policy']);
    const directives = new Map(
      policy.split(';').map((d) => {
        const [name, ...values] = d.trim().split(/\s+/);
        return [name, values.join(' ')] as const;
      }),
    );
    expect(directives.get('default-src')).toBe("'self'");
    expect(directives.get('script-src')).toBe("'self'");
    expect(directives.get('frame-ancestors')).toBe("'none'");
    expect(directives.get('object-src')).toBe("'none'");
    expect(policy).not.toContain('validator.swagger.io');
    expect(policy).not.toContain('https:');
  });
});
