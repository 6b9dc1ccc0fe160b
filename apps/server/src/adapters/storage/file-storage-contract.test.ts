/**
 * The file storage contract (file-storage-contract.test-support.ts) against each adapter that runs
 * without a database server: in memory, a local folder, an S3 bucket on a real S3-compatible HTTP
 * server started here (s3rver), and the database adapter on SQLite. The database adapter on
 * PostgreSQL runs in the API project (test/file-storage-postgres.test.ts).
 */
import { once } from 'node:events';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import type { Kysely } from 'kysely';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppConfig, S3StorageConfig } from '../../config.ts';
import { openDatabase, type DatabaseHandle } from '../../db/database.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import { chooseFileStorage } from './choose-file-storage.ts';
import { DatabaseFileStorage, StoredFileTooLargeError } from './database-file-storage.ts';
import { describeFileStorageContract } from './file-storage-contract.test-support.ts';
import { LocalFolderStorage } from './local-folder-storage.ts';
import { MemoryFileStorage } from './memory-file-storage.ts';
import { S3FileStorage } from './s3-file-storage.ts';

const folders: string[] = [];
const closers: Array<() => Promise<unknown> | unknown> = [];
afterAll(async () => {
  for (const close of closers.reverse()) await close();
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

function temporaryFolder(prefix: string): string {
  const folder = mkdtempSync(path.join(os.tmpdir(), prefix));
  folders.push(folder);
  return folder;
}

function localFolder(): { storage: LocalFolderStorage; root: string } {
  // A folder that does not exist yet: the adapter creates it on the first write.
  const root = path.join(temporaryFolder('omp-storage-'), 'uploads');
  return { storage: new LocalFolderStorage(root), root };
}

describeFileStorageContract('memory', () => new MemoryFileStorage());
describeFileStorageContract('local folder', () => localFolder().storage);

describe('local folder storage', () => {
  it('leaves no temporary file behind', async () => {
    const { storage, root } = localFolder();
    await storage.put('one.png', Uint8Array.from([1, 2]));
    await storage.put('two.png', Uint8Array.from([3]));
    await expect(storage.put('two.png', Uint8Array.from([4]))).rejects.toThrow();
    expect(readdirSync(root).sort()).toEqual(['one.png', 'two.png']);
  });
});

// S3: a real S3 HTTP server in this process, spoken to by the AWS SDK exactly as in production.
let s3: { endpoint: string; admin: S3Client } | undefined;
let buckets = 0;
beforeAll(async () => {
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    directory: temporaryFolder('omp-s3-'),
    silent: true,
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const admin = new S3Client({
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: S3RVER_CREDENTIALS,
  });
  s3 = { endpoint, admin };
  closers.push(() => server.close());
  closers.push(() => admin.destroy());
});

/** s3rver's fixed key pair; it checks signatures with it like a real store. */
const S3RVER_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

function s3Config(bucket: string): S3StorageConfig {
  return {
    bucket,
    endpoint: s3!.endpoint,
    region: 'us-east-1',
    credentials: S3RVER_CREDENTIALS,
    forcePathStyle: true,
  };
}

/** An adapter on a bucket of its own, so each test starts from an empty store. */
async function freshS3Storage(): Promise<S3FileStorage> {
  const bucket = `contract-${++buckets}`;
  await s3!.admin.send(new CreateBucketCommand({ Bucket: bucket }));
  const storage = new S3FileStorage(s3Config(bucket));
  closers.push(() => storage.close());
  return storage;
}

describeFileStorageContract('S3 bucket', freshS3Storage);

describe('S3 storage', () => {
  it('fails loudly when its bucket does not exist, rather than reporting every file absent', async () => {
    const storage = new S3FileStorage(s3Config('no-such-bucket'));
    closers.push(() => storage.close());
    await expect(storage.get('a1b2.png')).rejects.toThrow(/bucket/i);
  });

  it('is what the configuration chooses when it names a bucket (its SDK loaded only then)', async () => {
    await s3!.admin.send(new CreateBucketCommand({ Bucket: 'chosen' }));
    const choose = (uploadStorage: AppConfig['uploadStorage']) =>
      chooseFileStorage({ uploadStorage, dataDir: temporaryFolder('omp-') } as AppConfig, sqlite!.db);
    expect(await choose({ kind: 'local' })).toBeInstanceOf(LocalFolderStorage);
    expect(await choose({ kind: 'database' })).toBeInstanceOf(DatabaseFileStorage);
    const chosen = await choose({ kind: 's3', s3: s3Config('chosen') });
    const reader = new S3FileStorage(s3Config('chosen'));
    closers.push(
      () => (chosen as S3FileStorage).close(),
      () => reader.close(),
    );
    expect(chosen).toBeInstanceOf(S3FileStorage);
    await chosen.put('c0ffee.png', new Uint8Array([1, 2, 3]));
    expect([...((await reader.get('c0ffee.png')) ?? [])]).toEqual([1, 2, 3]);
  });

  it('gives up on a store that accepts the connection and never answers', async () => {
    const held = new Set<net.Socket>();
    const silent = net.createServer((socket) => held.add(socket)).listen(0, '127.0.0.1');
    await once(silent, 'listening');
    closers.push(() => {
      for (const socket of held) socket.destroy();
      return new Promise((done) => silent.close(done));
    });
    const { port } = silent.address() as net.AddressInfo;
    const storage = new S3FileStorage(
      { ...s3Config('omp-uploads'), endpoint: `http://127.0.0.1:${port}` },
      { requestTimeoutMs: 200 },
    );
    closers.push(() => storage.close());
    await expect(storage.get('a1b2.png')).rejects.toThrow(/timeout|timed out/i);
  });
});

// The database adapter on SQLite: one migrated database, emptied before each test of the suite.
let sqlite: DatabaseHandle | undefined;
beforeAll(async () => {
  sqlite = openDatabase({ sqlitePath: path.join(temporaryFolder('omp-stored-files-'), 'app.db') });
  closers.push(() => sqlite!.close());
  await migrateToLatest(sqlite.db as unknown as Kysely<unknown>, sqlite.kind);
});

describeFileStorageContract('database on SQLite', async () => {
  await sqlite!.db.deleteFrom('stored_files').execute();
  return new DatabaseFileStorage(sqlite!.db);
});

describe('database storage', () => {
  it('refuses a file over its size limit and keeps nothing of it', async () => {
    const storage = new DatabaseFileStorage(sqlite!.db, { maxBytes: 4 });
    await expect(storage.put('big.png', Uint8Array.from([1, 2, 3, 4, 5]))).rejects.toBeInstanceOf(
      StoredFileTooLargeError,
    );
    expect(await storage.exists('big.png')).toBe(false);
    await storage.put('fits.png', Uint8Array.from([1, 2, 3, 4]));
    expect(await storage.exists('fits.png')).toBe(true);
  });
});
