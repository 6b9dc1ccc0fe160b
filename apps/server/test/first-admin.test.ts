/**
 * The first back-office account as an operator meets it: the real server process started on an
 * empty data folder without ADMIN_INITIAL_PASSWORD prints `back-office login: admin / <password>`
 * once, that password logs in, and a restart on the same data prints nothing of the kind. The same
 * log is checked for session tokens sent in a file url's query string: they are redacted.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const SERVER = path.resolve(import.meta.dirname, '../src/server.ts');

interface RunningServer {
  output: () => string;
  baseUrl: string;
  stop: () => Promise<void>;
}

/** Starts the server and resolves once it listens; the log is collected from both streams. */
function startServer(dataDir: string): Promise<RunningServer> {
  const child = spawn(process.execPath, [SERVER], {
    env: {
      PATH: process.env.PATH ?? '',
      DATA_DIR: dataDir,
      FEED: 'none',
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      log += chunk.toString();
      const listening = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(log);
      if (listening)
        resolve({
          output: () => log,
          baseUrl: listening[1]!,
          stop: async () => {
            child.kill('SIGTERM');
            await exited;
          },
        });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void exited.then(() => reject(new Error(`the server exited before listening:\n${log}`)));
  });
}

describe('the first back-office admin', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'omp-first-admin-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('gets a random password printed once, which logs in', { timeout: 120_000 }, async () => {
    const first = await startServer(dataDir);
    let password: string;
    try {
      const lines = first.output().match(/back-office login: admin \/ (\S+?)"/g) ?? [];
      expect(lines).toHaveLength(1);
      password = /back-office login: admin \/ (\S+?)"/.exec(lines[0]!)![1]!;
      expect(password.length).toBeGreaterThanOrEqual(16);
      const login = await fetch(`${first.baseUrl}/admin/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', lang: 'en' },
        body: JSON.stringify({ username: 'admin', password }),
      });
      expect(await login.json()).toMatchObject({
        code: 1,
        data: { staff: { username: 'admin', roles: ['admin'] } },
      });

      // A token in a file url's query string must not reach the request log.
      const file = await fetch(
        `${first.baseUrl}/v1/files/0123456789abcdef0123456789abcdef.png?token=Secret-token-42`,
      );
      expect(file.status).toBe(404);
    } finally {
      await first.stop();
    }
    expect(first.output()).toContain('/v1/files/0123456789abcdef0123456789abcdef.png?token=[redacted]');
    expect(first.output()).not.toContain('Secret-token-42');

    const second = await startServer(dataDir);
    await second.stop();
    expect(second.output()).not.toContain('back-office login');
  });
});
