/**
 * The server as `npm start` runs it, stopped the way a supervisor stops it (SIGTERM): its sockets
 * are told why, it logs that it stopped, exits 0, and leaves the book free for the next process.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { RecordingClient } from './helpers/recording-client.ts';

const SERVER_ENTRY = fileURLToPath(new URL('../src/server.ts', import.meta.url));

async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

describe('SIGTERM', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'omp-stop-'));
  let server: ChildProcess | undefined;
  afterAll(() => {
    server?.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('closes sockets with the reason, logs that it stopped, exits 0 and frees the book', async () => {
    const port = await freePort();
    server = spawn(process.execPath, [SERVER_ENTRY], {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        FEED: 'none',
        LOG_LEVEL: 'info',
        DATABASE_URL: '',
        REDIS_URL: '',
        ADMIN_INITIAL_PASSWORD: 'Admin-test-2026',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const lines: Array<Record<string, unknown>> = [];
    let output = '';
    const exited = new Promise<number | null>((resolve) => server!.once('exit', (code) => resolve(code)));
    const listening = new Promise<void>((resolve, reject) => {
      server!.stdout!.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const complete = output.split('\n');
        output = complete.pop() ?? '';
        for (const line of complete) {
          if (!line.startsWith('{')) continue;
          const parsed = JSON.parse(line) as Record<string, unknown>;
          lines.push(parsed);
          if (String(parsed.msg).startsWith('serving on')) resolve();
        }
      });
      void exited.then((code) => reject(new Error(`the server exited early (${code})`)));
    });
    await listening;

    const ready = await fetch(`http://127.0.0.1:${port}/readyz`);
    expect(ready.status).toBe(200);
    const client = new RecordingClient(`ws://127.0.0.1:${port}/v1/ws?lang=en`);
    await client.open();

    server.kill('SIGTERM');
    expect(await client.closed).toEqual({ code: 1001, reason: 'server shutting down' });
    expect(await exited).toBe(0);
    const messages = lines.map((line) => line.msg);
    expect(messages).toContain('SIGTERM: stopping');
    expect(messages.at(-1)).toBe('stopped');
    // The book's owner lock is released: the next process may start on the same data.
    expect(existsSync(path.join(dataDir, 'app.db.owner'))).toBe(false);
  }, 120_000);
});
