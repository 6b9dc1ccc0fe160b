/**
 * "An upload made through one node is read through another": with the database or an S3 bucket
 * keeping the bytes, a photo uploaded through one runtime opens through another runtime on the same
 * PostgreSQL schema whose own data folder is empty, so no node-local disk could have served it. Two
 * runtimes cannot hold one schema at once (the owner lock), so the first stops before the second
 * starts, as a node replaced behind the load balancer would. Needs TEST_DATABASE_URL.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import type { IdentitySubmission } from '@omp/protocol';
import pg from 'pg';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAnotherNode } from './helpers/cluster-target.ts';
import { jpegImage, pngImage } from './helpers/image-fixtures.ts';
import { callApi, staffToken } from './helpers/staff-helpers.ts';
import { startTestRuntime, type TestRuntime } from './helpers/test-runtime.ts';
import { tradingClient } from './helpers/trading-helpers.ts';
import { upload } from './helpers/upload-helpers.ts';

const databaseUrl = process.env.TEST_DATABASE_URL;
if (!databaseUrl) {
  console.warn(
    '\n!!! Uploads across nodes SKIPPED: TEST_DATABASE_URL is not set (npm run test:pg sets it) !!!\n',
  );
}

/** s3rver's fixed key pair. */
const S3RVER_KEYS = { S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER' };
let s3: { server: S3rver; folder: string; endpoint: string } | undefined;

beforeAll(async () => {
  if (!databaseUrl) return;
  const folder = mkdtempSync(path.join(os.tmpdir(), 'omp-s3-nodes-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', directory: folder, silent: true });
  const { port } = await server.run();
  s3 = { server, folder, endpoint: `http://127.0.0.1:${port}` };
  const admin = new S3Client({
    endpoint: s3.endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  await admin.send(new CreateBucketCommand({ Bucket: 'omp-uploads' }));
  admin.destroy();
});
afterAll(async () => {
  await s3?.server.close();
  if (s3) rmSync(s3.folder, { recursive: true, force: true });
});

const storages: Array<[string, () => Record<string, string>]> = [
  ['the database', () => ({ UPLOAD_STORAGE: 'database' })],
  [
    'an S3 bucket',
    () => ({
      UPLOAD_STORAGE: 's3',
      S3_BUCKET: 'omp-uploads',
      S3_ENDPOINT: s3!.endpoint,
      S3_FORCE_PATH_STYLE: 'true',
      ...S3RVER_KEYS,
    }),
  ],
];

describe.skipIf(!databaseUrl).each(storages)('uploads kept in %s on PostgreSQL', (_kind, env) => {
  let first: TestRuntime;
  let second: TestRuntime | undefined;
  const secondDataDir = mkdtempSync(path.join(os.tmpdir(), 'omp-second-node-'));

  beforeAll(async () => {
    first = await startTestRuntime({ engine: 'postgres', env: env() });
  });
  afterAll(async () => {
    await second?.stop();
    rmSync(secondDataDir, { recursive: true, force: true });
    rmSync(first.config.dataDir, { recursive: true, force: true });
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query(`DROP SCHEMA IF EXISTS ${first.schema} CASCADE`);
    await client.end();
  });

  /** Another node on the same schema, with a data folder of its own that starts empty. */
  async function startSecondNode(): Promise<TestRuntime> {
    const config = { ...first.config, dataDir: secondDataDir };
    const runtime = await startAnotherNode(first, config);
    return {
      ...runtime,
      clock: first.clock,
      config,
      schema: first.schema,
      restart: () => Promise.reject(new Error('not used')),
      dispose: () => runtime.stop(),
    };
  }

  const fetchFile = (rt: TestRuntime, url: string, headers: Record<string, string> = {}) =>
    rt.app.inject({ method: 'GET', url, headers: { lang: 'en', ...headers } });

  it('serves a photo uploaded through one node from another whose disk never held it', async () => {
    const owner = await tradingClient(first).realUser('0');
    const front = (await upload(first, owner.token, { bytes: jpegImage() })).body.data!.url;
    const reverse = (await upload(first, owner.token, { bytes: pngImage(4, 4) })).body.data!.url;
    const submitted = await callApi(first, 'POST', '/api/user_real/real_name', owner.token, {
      name: 'Ana Lopez',
      card_id: 'x7654321',
      front_pic: front,
      reverse_pic: reverse,
    });
    expect(submitted.code).toBe(1);
    const servedByFirst = await fetchFile(first, front, { authorization: owner.token });
    expect(servedByFirst.statusCode).toBe(200);
    const compliance = await staffToken(first, ['compliance']);
    // The bytes went to the shared store, not to this node's folder.
    expect(existsSync(path.join(first.config.dataDir, 'uploads'))).toBe(false);
    await first.stop();

    second = await startSecondNode();
    const servedBySecond = await fetchFile(second, front, { authorization: owner.token });
    expect(servedBySecond.statusCode).toBe(200);
    expect(Buffer.compare(servedBySecond.rawPayload, servedByFirst.rawPayload)).toBe(0);
    expect(servedBySecond.headers).toMatchObject({
      'content-type': 'image/jpeg',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
      'content-disposition': 'inline',
      'cache-control': 'private',
    });

    // The back office on the second node opens it by a signed link, and only for the minutes it lasts.
    const listed = await callApi<{ list: IdentitySubmission[] }>(
      second,
      'GET',
      `/admin/api/identity?user_id=${owner.id}`,
      compliance,
    );
    const link = listed.data.list[0]!.front_pic;
    expect(link).toMatch(/^\/v1\/files\/[0-9a-f]{32}\.jpg\?exp=\d+&sig=[\w-]{43}$/);
    const opened = await fetchFile(second, link);
    expect(opened.statusCode).toBe(200);
    expect(Buffer.compare(opened.rawPayload, servedByFirst.rawPayload)).toBe(0);
    const reverseOpened = await fetchFile(second, listed.data.list[0]!.reverse_pic);
    expect([reverseOpened.statusCode, reverseOpened.headers['content-type']]).toEqual([200, 'image/png']);

    // Everyone else still gets the same 404 as on one node.
    const stranger = await tradingClient(second).realUser('0');
    expect((await fetchFile(second, front, { authorization: stranger.token })).statusCode).toBe(404);
    expect((await fetchFile(second, front)).statusCode).toBe(404);
    expect(existsSync(path.join(secondDataDir, 'uploads'))).toBe(false);
  });
});
