/**
 * How the server hands out the built web app: the page with a content policy that lets only our
 * own scripts run, hashed assets cached for good, the page itself always revalidated.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, callApi } from './helpers/staff-helpers.ts';
import { startTestRuntime, type TestRuntime } from './helpers/test-runtime.ts';

describe('web app hosting', () => {
  let rt: TestRuntime;
  let webDist: string;
  let adminDist: string;

  beforeAll(async () => {
    webDist = mkdtempSync(path.join(os.tmpdir(), 'omp-web-'));
    mkdirSync(path.join(webDist, 'assets'));
    writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>app</title>');
    writeFileSync(path.join(webDist, 'assets', 'index-abc123.js'), 'console.log(1)');
    adminDist = mkdtempSync(path.join(os.tmpdir(), 'omp-admin-'));
    mkdirSync(path.join(adminDist, 'assets'));
    writeFileSync(path.join(adminDist, 'index.html'), '<!doctype html><title>back office</title>');
    writeFileSync(path.join(adminDist, 'assets', 'index-def456.js'), 'console.log(2)');
    rt = await startTestRuntime({ env: { WEB_DIST: webDist, ADMIN_DIST: adminDist } });
  });
  afterAll(async () => {
    await rt.dispose();
    rmSync(webDist, { recursive: true, force: true });
    rmSync(adminDist, { recursive: true, force: true });
  });

  it('serves the back office at /admin/ under a stricter policy: nothing from other hosts, no frames', async () => {
    const redirect = await rt.app.inject({ method: 'GET', url: '/admin' });
    expect(redirect.statusCode).toBe(301);
    expect(redirect.headers.location).toBe('/admin/');
    const page = await rt.app.inject({ method: 'GET', url: '/admin/' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>back office</title>');
    const policy = String(page.headers['content-security-policy']);
    expect(policy).toContain("script-src 'self'");
    expect(policy).toContain("img-src 'self' data: blob:");
    expect(policy).toContain("connect-src 'self';");
    expect(policy).toContain("frame-src 'none'");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(page.headers['x-frame-options']).toBe('DENY');
    expect(page.headers['cache-control']).toBe('no-cache');
    const asset = await rt.app.inject({ method: 'GET', url: '/admin/assets/index-def456.js' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // The API beside it is untouched by the hosting.
    expect((await rt.app.inject({ method: 'GET', url: '/admin/api/me' })).json()).toMatchObject({
      code: 999,
    });
  });

  it('serves the page with a policy that runs only our own scripts and cannot be framed', async () => {
    for (const url of ['/', '/index.html']) {
      const res = await rt.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      const policy = String(res.headers['content-security-policy']);
      expect(policy).toContain("script-src 'self'");
      expect(policy).not.toMatch(/script-src[^;]*unsafe-(inline|eval)/);
      expect(policy).toContain("frame-ancestors 'none'");
      expect(policy).toContain("object-src 'none'");
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('lets the page call the complaint host staff configured, and no other', async () => {
    const policyOf = async () =>
      String((await rt.app.inject({ method: 'GET', url: '/' })).headers['content-security-policy']);
    expect(await policyOf()).toContain("connect-src 'self';");
    const admin = await adminToken(rt);
    const set = (host: string) =>
      callApi(rt, 'POST', '/admin/api/settings', admin, { complaint_email_host: host });
    expect((await set('https://complaints.broker.example/desk')).code).toBe(1);
    expect(await policyOf()).toContain("connect-src 'self' https://complaints.broker.example;");
    expect((await set('')).code).toBe(1);
    expect(await policyOf()).toContain("connect-src 'self';");
  });

  it('caches hashed assets for good', async () => {
    const res = await rt.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});
