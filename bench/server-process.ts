/**
 * What the benches that run the real server as child processes share: a free port on loopback,
 * following a server's JSON log (its warnings counted, its errors and anything that is not a log
 * line echoed, so a bench's own figures stay readable), starting the server as `npm start` does,
 * and a PostgreSQL database of the run's own.
 */
import { randomBytes } from 'node:crypto';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { httpClient, type HttpClient, type HttpClientOptions } from './http-load.ts';

export async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** Echoes `name`'s errors (and anything that is not a log line) and counts its warnings. */
export function followServerLog(name: string, stream: Readable, onWarning: () => void): void {
  createInterface({ input: stream }).on('line', (line) => {
    let level: number | undefined;
    try {
      level = (JSON.parse(line) as { level?: number }).level;
    } catch {
      level = undefined;
    }
    if (level !== undefined && level < 50) onWarning();
    else if (!line.startsWith('npm warn')) console.error(`${name}: ${line}`);
  });
}

/** The first start seeds the catalogue and backfills chart history, which takes a while. */
const BOOT_TIMEOUT_MS = 120_000;
const SERVER_ENTRY = fileURLToPath(new URL('../apps/server/src/server.ts', import.meta.url));
/** Answers outside the envelope: 200 once the database answers and the book is loaded. */
export const PLAIN_PATH = '/readyz';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface BenchServer {
  client: HttpClient;
  /** Where it listens on 127.0.0.1: the socket benches and a load generator's worker threads connect there. */
  port: number;
  pid: number | undefined;
  /** Warnings the server logged, counted but not echoed (the first start logs generated secrets). */
  warnings(): number;
  stop(): Promise<void>;
}

/**
 * The real server in a child process, with the simulated feed, on a fresh data folder (its
 * embedded SQLite) or on `databaseUrl`; ready once PLAIN_PATH answers 200 and the feed has ticked
 * a few times, so quotes and forming bars are fresh. `checkout`: the server of another checkout
 * of the repository (with its own node_modules), to measure a baseline beside this one.
 */
export async function startBenchServer(
  databaseUrl: string | undefined,
  connections: number,
  clientOptions: HttpClientOptions = {},
  checkout?: string,
): Promise<BenchServer> {
  const entry = checkout ? path.resolve(checkout, 'apps/server/src/server.ts') : SERVER_ENTRY;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'omp-bench-'));
  const port = await freePort();
  const { DATABASE_URL: _inherited, ...env } = process.env;
  // SERVER_CPU_PROF=<folder> writes the server's V8 CPU profile there when it stops (SIGTERM).
  const profile = process.env.SERVER_CPU_PROF
    ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(process.env.SERVER_CPU_PROF)}`]
    : [];
  // SERVER_NODE_FLAGS="--max-semi-space-size=32 …": V8 or Node flags for the server alone.
  const flags = (process.env.SERVER_NODE_FLAGS ?? '').split(' ').filter((flag) => flag !== '');
  const child = spawn(process.execPath, [...flags, ...profile, entry], {
    env: {
      // Every client of a bench connects from this one machine, many signed in as one user: the
      // per-address and per-user socket caps of a deployment would refuse most of them.
      SOCKETS_PER_ADDRESS: '1000000',
      SOCKETS_PER_USER: '1000000',
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      FEED: 'simulated',
      LOG_LEVEL: 'warn',
      // As a deployment on PostgreSQL is told to (docs/deploy.md): authenticator secrets sealed.
      SECRETS_KEY: randomBytes(32).toString('hex'),
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let warnings = 0;
  for (const stream of [child.stdout, child.stderr]) followServerLog('server', stream, () => warnings++);
  const exited = once(child, 'exit');
  const client = httpClient(port, connections, clientOptions);
  const stop = async () => {
    client.close();
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + BOOT_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`the server exited with code ${child.exitCode} while starting`);
    }
    const health = await client.call('GET', PLAIN_PATH).catch(() => undefined);
    if (health?.status === 200) {
      await sleep(1000); // a few of the feed's rounds, so every quote is fresh
      return { client, port, pid: child.pid, warnings: () => warnings, stop };
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the server did not become ready within ${BOOT_TIMEOUT_MS / 1000} s`);
    }
    await sleep(200);
  }
}

/** Where the benches look for PostgreSQL (a database of the run's own is created there). */
export const POSTGRES_URL =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/test';

let databasesCreated = 0;

/** A database of its own for the run, so the tests' database is never touched; undefined without one. */
export async function withPostgresDatabase<T>(run: (url: string) => Promise<T>): Promise<T | undefined> {
  const admin = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 3000 });
  try {
    await admin.connect();
  } catch (error) {
    console.log(`PostgreSQL does not answer at ${POSTGRES_URL} (${(error as Error).message}): skipped\n`);
    return undefined;
  }
  const name = `omp_bench_${process.pid}_${Date.now().toString(36)}_${++databasesCreated}`;
  try {
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(POSTGRES_URL);
    url.pathname = `/${name}`;
    return await run(url.toString());
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
    await admin.end();
  }
}
