/**
 * The real runtime started inside a bench's own process, on a fresh data folder, with no feed (the
 * bench moves prices itself), silent, on a free loopback port; `stop` stops it and removes the folder.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../apps/server/src/config.ts';
import { startRuntime, type Runtime } from '../apps/server/src/runtime.ts';

export interface InProcessRuntime {
  runtime: Runtime;
  stop(): Promise<void>;
}

export async function startInProcessRuntime(env: Record<string, string> = {}): Promise<InProcessRuntime> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'omp-bench-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    FEED: 'none',
    LOG_LEVEL: 'silent',
    PORT: '0',
    HOST: '127.0.0.1',
    // As a deployment on PostgreSQL is told to (docs/deploy.md): authenticator secrets sealed.
    SECRETS_KEY: randomBytes(32).toString('hex'),
    // Every client of a bench connects from this one machine, many signed in as one user: the
    // per-address and per-user socket caps of a deployment would refuse most of them.
    SOCKETS_PER_ADDRESS: '1000000',
    SOCKETS_PER_USER: '1000000',
    ...env,
  });
  const runtime = await startRuntime(config);
  return {
    runtime,
    stop: async () => {
      await runtime.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
