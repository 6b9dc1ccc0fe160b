/**
 * A second server process on the same data would fire every trigger twice; it must refuse to
 * start instead, and the first one must go on untouched.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lockFileOwner, OwnerLockError } from '../src/db/owner-lock.ts';
import { startRuntime } from '../src/runtime.ts';
import { databaseEngines, startTestRuntime, type TestRuntime } from './helpers/test-runtime.ts';

describe.each(databaseEngines())('one trading book per database on %s', (engine) => {
  let rt: TestRuntime;

  beforeAll(async () => {
    rt = await startTestRuntime({ engine });
  });
  afterAll(() => rt.dispose());

  it('refuses a second runtime on the same data, and the first keeps serving', async () => {
    await expect(
      startRuntime(rt.config, { now: rt.clock.now, ...(rt.schema ? { databaseSchema: rt.schema } : {}) }),
    ).rejects.toThrow(/already runs the trading book/);
    const health = await rt.app.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(200);
  });

  it('hands the book over on a restart', async () => {
    rt = await rt.restart();
    expect((await rt.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });
});

describe('the SQLite lock file', () => {
  let dir: string;
  let lockPath: string;

  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'omp-lock-'));
    lockPath = path.join(dir, 'app.db.owner');
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('holds the pid while owned and is gone after release', async () => {
    const lock = lockFileOwner(lockPath);
    expect(readFileSync(lockPath, 'utf8')).toBe(String(process.pid));
    expect(() => lockFileOwner(lockPath)).toThrow(OwnerLockError);
    await lock.release();
    expect(existsSync(lockPath)).toBe(false);
  });

  it('takes over a file left by a process that has died', async () => {
    const gone = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
    writeFileSync(lockPath, gone.stdout.toString());
    const lock = lockFileOwner(lockPath);
    expect(readFileSync(lockPath, 'utf8')).toBe(String(process.pid));
    await lock.release();
  });

  it('refuses while another live process holds it', () => {
    const other = process.ppid;
    writeFileSync(lockPath, String(other));
    expect(() => lockFileOwner(lockPath)).toThrow(`another server process (pid ${other})`);
    rmSync(lockPath);
  });
});
