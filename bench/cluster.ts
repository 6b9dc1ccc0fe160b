/**
 * Cluster: what adding nodes on one machine does to the order rate, to socket deliveries and to the
 * time a price takes from one node to a phone on another. For 1, 2 and 3 nodes of the real server
 * (child processes on one PostgreSQL and one Redis, docs/decisions/0010, 0013, 0014) it prints
 *
 * - market orders a second, spread round-robin over every node as a balancer would spread them
 *   (the book's owner decides them all; the other nodes forward theirs through Redis), with p50/p99
 *   latency, failures by message, each node's CPU share and the ratio to the 1-node figure;
 * - socket deliveries a second to CLIENTS subscribers of one instrument spread over every node,
 *   while ticks are ingested at a fixed rate through one node, next to the 1-node figure;
 * - from 2 nodes: tick-to-phone latency, from the ingest call on node A to a client's receipt, for
 *   clients on another node and, in the same run, on node A itself, with the conflation window
 *   (QUOTE_PUSH_INTERVAL_MS, set small here) taken off.
 *
 *   npm run bench:cluster   (SECONDS, CONNECTIONS, CLIENTS, BENCH_DATABASE_URL, BENCH_REDIS_URL)
 *
 * Each node count gets a fresh PostgreSQL schema and Redis key prefix, dropped and deleted after
 * it. Nodes run FEED=none, so no simulator competes for the cores: the bench alone moves prices,
 * through the ingest endpoint, and keeps the order instrument's quote fresh with one tick a second.
 * The targets are printed as information; the exit code says only whether the bench ran.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { Redis } from 'ioredis';
import pg from 'pg';
import {
  httpClient,
  inParallel,
  load,
  machineTicks,
  processCpuSeconds,
  type Answer,
  type HttpClient,
  type LoadResult,
} from './http-load.ts';
import { followServerLog, freePort } from './server-process.ts';

const env = process.env;
const SECONDS = knob('SECONDS', 10);
const CONNECTIONS = knob('CONNECTIONS', 64);
const CLIENTS = knob('CLIENTS', 600);
const DATABASE_URL =
  env.BENCH_DATABASE_URL ?? env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = env.BENCH_REDIS_URL ?? env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const NODE_COUNTS = [1, 2, 3];
/** Demo users placing the orders: enough that none runs out of margin at 0.01 lot. */
const USERS = 240;
const WARMUP_SECONDS = 2;
/** The socket conflation window of every node, small so the path itself shows. */
const PUSH_INTERVAL_MS = 50;
/** Ticks a second for the deliveries: one per conflation window. */
const TICKS_PER_SECOND = 20;
/** Latency probe: a few clients per node, ticks 50-100 ms apart so their phase to the window varies. */
const PROBE_CLIENTS_PER_NODE = 2;
const PROBE_GAP_MS = [50, 100] as const;
const PING_MS = 5000;
const TARGET_ORDER_SHARE = 0.8;
const TARGET_CROSS_NODE_P99_MS = 50;
const BOOT_TIMEOUT_MS = 120_000;
const OWNER_TIMEOUT_MS = 30_000;
/** Above the server's own 20 s drain, after which a node is killed. */
const STOP_TIMEOUT_MS = 25_000;
const CALL_TIMEOUT_MS = 30_000;
const SERVER_ENTRY = fileURLToPath(new URL('../apps/server/src/server.ts', import.meta.url));
const ORDER_PATH = '/v1/api/forex/submit';
const INGEST_PATH = '/v1/api/forex/ingest';
const SOCKET_CODE = 'BTCUSD';
/** Socket prices are base + tick number, in points, so a received price names its tick. */
const SOCKET_BASE_POINTS = 5_000_000;
const INGEST_SECRET = randomBytes(16).toString('hex');
const METRICS_TOKEN = randomBytes(16).toString('hex');
const ENGLISH = { lang: 'en' };

function knob(name: string, fallback: number): number {
  const value = Number(env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 1) fail(`${name}: a whole number above 0`);
  return value;
}

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

if (Number(process.versions.node.split('.')[0]) < 24)
  fail(`The server needs Node 24: run this with npm run bench:cluster (this is Node ${process.version}).`);
for (const [name, url] of [
  ['BENCH_DATABASE_URL', DATABASE_URL],
  ['BENCH_REDIS_URL', REDIS_URL],
] as const)
  if (!['127.0.0.1', 'localhost', '[::1]'].includes(new URL(url).hostname))
    fail(`${name}: the bench creates and drops schemas and keys, so only on this machine (127.0.0.1)`);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const wallNow = () => performance.timeOrigin + performance.now();

/** Rejects when `promise` has not settled within `ms`, so no step of the bench waits forever. */
async function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms / 1000} s`)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

// ─── Child processes: every node is killed when this process ends, however it ends ───

const children = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of children) child.kill('SIGKILL');
});
/** What to undo should the run be interrupted: stopping nodes, dropping a schema, deleting keys. */
const pendingCleanups = new Set<() => Promise<void>>();
let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const)
  process.on(signal, () => {
    if (interrupted) process.exit(130); // a second Ctrl-C: the exit handler kills the nodes
    interrupted = true;
    console.error(`\n${signal}: stopping the nodes and cleaning up (again to kill at once)`);
    void within(Promise.allSettled([...pendingCleanups].map((cleanup) => cleanup())), 30_000, 'cleanup')
      .catch(() => undefined)
      .finally(() => process.exit(130));
  });

/** Runs `cleanup` once, after `work` or on an interruption, whichever comes first. */
async function withCleanup<T>(cleanup: () => Promise<void>, work: () => Promise<T>): Promise<T> {
  let done: Promise<void> | undefined;
  const once = () => (done ??= cleanup());
  pendingCleanups.add(once);
  try {
    return await work();
  } finally {
    pendingCleanups.delete(once);
    await once();
  }
}

interface Node {
  index: number;
  port: number;
  pid: number | undefined;
  client: HttpClient;
  child: ChildProcess;
  warnings(): number;
  stop(): Promise<void>;
}

async function startNode(index: number, clusterEnv: NodeJS.ProcessEnv): Promise<Node> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'omp-bench-cluster-'));
  const port = await freePort();
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    env: { ...clusterEnv, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  const exited = once(child, 'exit').then(() => children.delete(child));
  let warnings = 0;
  for (const stream of [child.stdout, child.stderr])
    followServerLog(`node ${index + 1}`, stream, () => warnings++);
  const client = httpClient(port, CONNECTIONS);
  let stopped: Promise<void> | undefined;
  const stop = () =>
    (stopped ??= (async () => {
      client.close();
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await within(exited, STOP_TIMEOUT_MS, `node ${index + 1} stopping`).catch(() => {
          child.kill('SIGKILL');
          return exited;
        });
      }
      rmSync(dataDir, { recursive: true, force: true });
    })());
  return { index, port, pid: child.pid, client, child, warnings: () => warnings, stop };
}

/** GET of a text answer (the Prometheus figures), with a timeout. */
function getText(port: number, target: string, headers: http.OutgoingHttpHeaders = {}) {
  return new Promise<{ status: number; body: string }>((resolve) => {
    const request = http.get(
      { host: '127.0.0.1', port, path: target, headers, timeout: 2000 },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      },
    );
    request.on('timeout', () => request.destroy(new Error('timeout')));
    request.on('error', () => resolve({ status: 0, body: '' }));
  });
}

async function untilReady(node: Node): Promise<void> {
  const deadline = Date.now() + BOOT_TIMEOUT_MS;
  for (;;) {
    if (node.child.exitCode !== null)
      throw new Error(`node ${node.index + 1} exited with code ${node.child.exitCode} while starting`);
    if ((await getText(node.port, '/readyz')).status === 200) return;
    if (Date.now() > deadline)
      throw new Error(`node ${node.index + 1} was not ready within ${BOOT_TIMEOUT_MS / 1000} s`);
    await sleep(250);
  }
}

/** The index of the node whose `omp_book_owned{shard="book"}` is 1, once every node knows. */
async function bookOwner(nodes: Node[]): Promise<number> {
  const deadline = Date.now() + OWNER_TIMEOUT_MS;
  for (;;) {
    const owned = await Promise.all(
      nodes.map(async (node) => {
        const { status, body } = await getText(node.port, '/metrics', {
          authorization: `Bearer ${METRICS_TOKEN}`,
        });
        const line = status === 200 ? /^omp_book_owned\{shard="book"\} (\d+)/m.exec(body) : null;
        return line ? line[1] === '1' : undefined;
      }),
    );
    if (!owned.includes(undefined) && owned.filter(Boolean).length === 1) return owned.indexOf(true);
    if (Date.now() > deadline)
      throw new Error(`no single owner of the book within ${OWNER_TIMEOUT_MS / 1000} s`);
    await sleep(250);
  }
}

async function connectedPostgres(): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: DATABASE_URL, connectionTimeoutMillis: 3000 });
  await client.connect().catch((error: Error) => fail(`PostgreSQL at ${DATABASE_URL}: ${error.message}`));
  return client;
}

async function connectedRedis(): Promise<Redis> {
  const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1, connectTimeout: 3000 });
  await redis.connect().catch((error: Error) => fail(`Redis at ${REDIS_URL}: ${error.message}`));
  return redis;
}

/** Deletes the keys under `prefix`: at most 1,000 scans of 1,000 keys. */
async function deleteKeys(redis: Redis, prefix: string): Promise<void> {
  let cursor = '0';
  for (let scans = 0; scans < 1000; scans++) {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
    if (keys.length > 0) await redis.del(...keys);
    cursor = next;
    if (cursor === '0') return;
  }
}

// ─── One node count ───

interface InstrumentRow {
  Id: number;
  Code: string;
  MarketStatus: number;
  PricePrecision: number;
  HasForexMultiple: { Value: number }[];
  ForexQuotations: { Bid: number } | null;
}

interface WorkerResult {
  received: number;
  p50: number;
  p99: number;
  samples: Float64Array;
}

interface SocketPhase {
  clients: number;
  ticksSent: number;
  ingestFailures: Map<string, number>;
  seconds: number;
  machineBusy: number | undefined;
  /** One result per node, in node order. */
  perNode: WorkerResult[];
}

interface ClusterResult {
  nodes: number;
  owner: number;
  bootSeconds: number;
  orderCode: string;
  orders: LoadResult;
  firstOrderFailures: Map<string, number>;
  /** Each node's share of one core during the measured orders, in node order. */
  nodeCpu: (number | undefined)[];
  deliveries: SocketPhase;
  probe: SocketPhase | undefined;
  warnings: number;
}

const countFailure = (failures: Map<string, number>, failure: string): void => {
  failures.set(failure, (failures.get(failure) ?? 0) + 1);
};

/** One ingest call of one tick; throws unless it was accepted. */
async function ingest(client: HttpClient, code: string, bid: string): Promise<void> {
  const answer = await within(
    client.call(
      'POST',
      INGEST_PATH,
      { ...ENGLISH, 'x-ingest-secret': INGEST_SECRET, 'content-type': 'application/json' },
      JSON.stringify({ ticks: [{ code, bid }] }),
    ),
    CALL_TIMEOUT_MS,
    'ingest',
  );
  if (answer.status !== 200 || answer.code !== 1)
    throw new Error(`HTTP ${answer.status}, code ${answer.code}: ${answer.msg}`);
}

/** One tick a second at the same price keeps the order instrument's quote from going stale (30 s). */
function keepQuoteFresh(client: HttpClient, code: string, bid: string, failures: Map<string, number>) {
  let running = true;
  const deadline = Date.now() + 600_000;
  const loop = (async () => {
    for (let ticks = 0; running && ticks < 600 && Date.now() < deadline; ticks++) {
      await ingest(client, code, bid).catch((error: Error) =>
        countFailure(failures, `quote tick: ${error.message}`),
      );
      await sleep(1000);
    }
  })();
  return async () => {
    running = false;
    await loop;
  };
}

function startClients(
  url: string,
  clients: number,
  sendTimes: SharedArrayBuffer,
  scale: number,
): { ready: Promise<void>; record(): void; result(): Promise<WorkerResult>; stop(): Promise<number> } {
  const worker = new Worker(new URL('./socket-clients.worker.ts', import.meta.url), {
    workerData: {
      url,
      clients,
      subscribe: `DAY_MARKET.${SOCKET_CODE}`,
      sendTimes,
      base: SOCKET_BASE_POINTS,
      scale,
      pingMs: PING_MS,
    },
  });
  const failed = new Promise<never>((_, reject) => worker.once('error', reject));
  failed.catch(() => undefined);
  const message = <T>(type: string) =>
    Promise.race([
      new Promise<T>((resolve) => {
        const listener = (m: { type: string } & T) => {
          if (m.type !== type) return;
          worker.off('message', listener);
          resolve(m);
        };
        worker.on('message', listener);
      }),
      failed,
    ]);
  const ready = within(message<unknown>('ready'), 60_000, `${clients} socket clients of ${url} connecting`);
  return {
    ready: ready.then(() => undefined),
    record: () => worker.postMessage('record'),
    result: () => {
      const result = within(message<WorkerResult>('result'), 30_000, 'socket clients reporting');
      worker.postMessage('stop');
      return result;
    },
    stop: () => worker.terminate(),
  };
}

/**
 * Opens `clientsPerNode[i]` clients on node i, ingests `ticks` ticks through `via` at the gaps
 * `gapMs` gives, and collects what each node's clients received.
 */
async function socketPhase(
  nodes: Node[],
  via: HttpClient,
  scale: number,
  clientsPerNode: number[],
  ticks: number,
  gapMs: () => number,
): Promise<SocketPhase> {
  const shared = new SharedArrayBuffer(8 * (ticks + 1));
  const sendTimes = new Float64Array(shared);
  const workers = nodes.map((node, i) =>
    startClients(`ws://127.0.0.1:${node.port}/v1/ws?lang=en`, clientsPerNode[i]!, shared, scale),
  );
  try {
    await Promise.all(workers.map((worker) => worker.ready));
    await sleep(500); // subscriptions confirmed, snapshots received
    for (const worker of workers) worker.record();
    const ingestFailures = new Map<string, number>();
    const calls: Promise<void>[] = [];
    const machineBefore = machineTicks();
    const started = wallNow();
    let due = started;
    for (let seq = 1; seq <= ticks && !interrupted; seq++) {
      due += gapMs();
      const wait = due - wallNow();
      if (wait > 0) await sleep(wait);
      sendTimes[seq] = wallNow();
      const bid = ((SOCKET_BASE_POINTS + seq) / scale).toFixed(Math.round(Math.log10(scale)));
      calls.push(
        ingest(via, SOCKET_CODE, bid).catch((error: Error) => countFailure(ingestFailures, error.message)),
      );
    }
    const seconds = (wallNow() - started) / 1000;
    await Promise.all(calls);
    await sleep(1000); // the last window's pushes
    const machineAfter = machineTicks();
    const perNode = await Promise.all(workers.map((worker) => worker.result()));
    return {
      clients: clientsPerNode.reduce((sum, n) => sum + n, 0),
      ticksSent: ticks,
      ingestFailures,
      seconds,
      machineBusy:
        machineBefore && machineAfter
          ? (machineAfter.busy - machineBefore.busy) / (machineAfter.total - machineBefore.total)
          : undefined,
      perNode,
    };
  } finally {
    await Promise.all(workers.map((worker) => worker.stop()));
  }
}

async function runCluster(count: number, admin: pg.Client, redis: Redis): Promise<ClusterResult> {
  const tag = `${process.pid}_${count}`;
  const schema = `omp_bench_cluster_${tag}`;
  const prefix = `omp-bench-cluster:${tag}:`;
  const {
    DATABASE_URL: _database,
    REDIS_URL: _redis,
    ROLE: _role,
    TRUST_PROXY: _proxy,
    PORT: _port,
    HOST: _host,
    ...inherited
  } = env;
  const clusterEnv: NodeJS.ProcessEnv = {
    ...inherited,
    DATABASE_URL,
    DATABASE_SCHEMA: schema,
    REDIS_URL,
    REDIS_KEY_PREFIX: prefix,
    FEED: 'none',
    INGEST_SECRET,
    METRICS_TOKEN,
    QUOTE_PUSH_INTERVAL_MS: String(PUSH_INTERVAL_MS),
    ORDER_RATE_PER_SECOND: '1000000',
    ORDER_BURST: '1000000',
    // Every client of the bench connects from this one machine, many signed in as one user: the
    // per-address and per-user socket caps of a deployment would refuse most of them.
    SOCKETS_PER_ADDRESS: '1000000',
    SOCKETS_PER_USER: '1000000',
    ADMIN_INITIAL_PASSWORD: `bench${randomBytes(6).toString('hex')}7`,
    DRAIN_DELAY_MS: '0',
    LOG_LEVEL: 'warn',
  };
  const nodes: Node[] = [];
  const cleanup = async () => {
    await Promise.all(nodes.map((node) => node.stop()));
    await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).catch((error: Error) => {
      console.error(`could not drop the schema ${schema}: ${error.message}`);
    });
    await deleteKeys(redis, prefix).catch((error: Error) => {
      console.error(`could not delete the Redis keys ${prefix}*: ${error.message}`);
    });
  };
  return withCleanup(cleanup, async () => {
    const booting = performance.now();
    // The first node alone: on an empty schema it migrates and seeds, which two nodes must not race.
    nodes.push(await startNode(0, clusterEnv));
    await untilReady(nodes[0]!);
    for (let i = 1; i < count; i++) nodes.push(await startNode(i, clusterEnv));
    await Promise.all(nodes.slice(1).map(untilReady));
    const owner = await bookOwner(nodes);
    const bootSeconds = (performance.now() - booting) / 1000;
    console.log(
      `${count} node${count > 1 ? 's' : ''}: ready in ${bootSeconds.toFixed(0)} s, node ${owner + 1} owns the book`,
    );

    const nodeA = nodes[0]!;
    const ingestClient = httpClient(nodeA.port, 8);
    try {
      const instruments = (await nodeA.client.call('GET', '/v1/api/forex/trade_list', ENGLISH))
        .data as InstrumentRow[];
      const byCode = (code: string) => instruments.find((i) => i.Code === code);
      // EUR/USD rests at weekends; then the orders go to an instrument that trades around the clock.
      const eurusd = byCode('EURUSD');
      const traded = eurusd && eurusd.MarketStatus === 1 ? eurusd : byCode('ETHUSD');
      const socketInstrument = byCode(SOCKET_CODE);
      if (!traded?.ForexQuotations || !socketInstrument)
        throw new Error(`EURUSD or ETHUSD with a quote, and ${SOCKET_CODE}, must be in the catalogue`);
      const tickFailures = new Map<string, number>();
      const stopTicking = keepQuoteFresh(
        ingestClient,
        traded.Code,
        traded.ForexQuotations.Bid.toFixed(traded.PricePrecision),
        tickFailures,
      );

      // Orders.
      let orders: LoadResult;
      const firstOrderFailures = new Map<string, number>();
      let nodeCpu: (number | undefined)[];
      try {
        const orderBody =
          `type=1&cont=0.01&forex_id=${traded.Id}&status=1` +
          `&multiple=${traded.HasForexMultiple[0]!.Value}`;
        const demoIds = Array.from({ length: USERS }, (_, i) => `bench-${tag}-${String(i).padStart(4, '0')}`);
        // Each user signs in on one node, in turn; its orders then go wherever the round-robin sends them.
        const tokens = await inParallel(demoIds, 16, async (demoId, i) => {
          const login = await within(
            nodes[i % count]!.client.call(
              'GET',
              `/api/user/createAccountDemoForU?demo_id=${demoId}`,
              ENGLISH,
            ),
            CALL_TIMEOUT_MS,
            'demo login',
          );
          const token = (login.data as { token?: string } | null)?.token;
          if (login.code !== 1 || !token) throw new Error(`demo login refused: ${login.msg}`);
          return token;
        });
        const sendOrder = (sequence: number): Promise<Answer> =>
          nodes[sequence % count]!.client.call(
            'POST',
            ORDER_PATH,
            {
              ...ENGLISH,
              authorization: tokens[sequence % tokens.length]!,
              'content-type': 'application/x-www-form-urlencoded',
            },
            orderBody,
          );
        // Warm-up: one order per user opens every trading account, then a short run.
        await inParallel(tokens, CONNECTIONS, async (_token, i) => {
          const answer = await within(sendOrder(i), CALL_TIMEOUT_MS, 'first order').catch(
            (error: Error): Answer => ({ status: 0, code: undefined, msg: error.message, data: null }),
          );
          if (answer.code !== 1) countFailure(firstOrderFailures, answer.msg);
        });
        await load({ connections: CONNECTIONS, seconds: WARMUP_SECONDS, send: sendOrder });
        const cpuBefore = nodes.map((node) => processCpuSeconds(node.pid));
        orders = await load({ connections: CONNECTIONS, seconds: SECONDS, send: sendOrder });
        nodeCpu = nodes.map((node, i) => {
          const before = cpuBefore[i];
          const after = processCpuSeconds(node.pid);
          return before === undefined || after === undefined ? undefined : (after - before) / orders.seconds;
        });
      } finally {
        await stopTicking();
      }
      for (const [failure, times] of tickFailures) orders.failures.set(failure, times);

      // Socket deliveries: CLIENTS spread over the nodes, ticks at a fixed rate through node A.
      const scale = 10 ** socketInstrument.PricePrecision;
      const spread = (total: number) =>
        nodes.map((_, i) => Math.floor(total / count) + (i < total % count ? 1 : 0));
      const deliveries = await socketPhase(
        nodes,
        ingestClient,
        scale,
        spread(CLIENTS),
        TICKS_PER_SECOND * SECONDS,
        () => 1000 / TICKS_PER_SECOND,
      );

      // Tick-to-phone latency: a few clients per node, ticks through node A at uneven gaps.
      const [low, high] = PROBE_GAP_MS;
      const probe =
        count < 2
          ? undefined
          : await socketPhase(
              nodes,
              ingestClient,
              scale,
              nodes.map(() => PROBE_CLIENTS_PER_NODE),
              Math.round((SECONDS * 1000) / ((low + high) / 2)),
              () => low + Math.random() * (high - low),
            );
      const warnings = nodes.reduce((sum, node) => sum + node.warnings(), 0);
      return {
        nodes: count,
        owner,
        bootSeconds,
        orderCode: traded.Code,
        orders,
        firstOrderFailures,
        nodeCpu,
        deliveries,
        probe,
        warnings,
      };
    } finally {
      ingestClient.close();
    }
  });
}

// ─── Report ───

const count = (n: number) => Math.round(n).toLocaleString('en');
const ms = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : 'n/a');
const percent = (share: number | undefined) => (share === undefined ? 'n/a' : `${Math.round(share * 100)} %`);
const ratio = (n: number, of: number) => (of > 0 ? `${(n / of).toFixed(2)}` : 'n/a');
const table = (widths: number[]) => (cells: string[]) =>
  cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ');

function percentiles(samples: Float64Array[]): { n: number; p50: number; p99: number } {
  const all = new Float64Array(samples.reduce((sum, s) => sum + s.length, 0));
  let at = 0;
  for (const s of samples) {
    all.set(s, at);
    at += s.length;
  }
  all.sort();
  const pick = (q: number) => all[Math.min(all.length - 1, Math.floor(q * all.length))] ?? NaN;
  return { n: all.length, p50: pick(0.5), p99: pick(0.99) };
}

const cores = os.availableParallelism();
console.log(
  `Cluster: 1, 2 and 3 nodes of the server on this machine (${cores} cores), PostgreSQL ${DATABASE_URL}, ` +
    `Redis ${REDIS_URL}; FEED=none, QUOTE_PUSH_INTERVAL_MS=${PUSH_INTERVAL_MS}; ${SECONDS} s per measurement\n`,
);
const admin = await connectedPostgres();
const redis = await connectedRedis();
const results: ClusterResult[] = [];
try {
  for (const nodes of NODE_COUNTS) results.push(await runCluster(nodes, admin, redis));
} catch (error) {
  console.error(`the bench stopped: ${(error as Error).stack ?? String(error)}`);
  process.exitCode = 1;
} finally {
  await admin.end().catch(() => undefined);
  redis.disconnect();
}

const single = results[0];
if (single) {
  const rate = (r: ClusterResult) => r.orders.ok / r.orders.seconds;
  console.log(
    `\nOrders: 0.01 lot market buys of ${USERS} demo users (${single.orderCode}), ${CONNECTIONS} connections ` +
      `spread round-robin over the nodes, ${SECONDS} s after a ${WARMUP_SECONDS} s warm-up; answers with code 1 counted`,
  );
  const orderRow = table([5, 9, 9, 7, 7, 9, 10, 26, 10, 8]);
  console.log(
    orderRow([
      'nodes',
      'answers',
      'orders/s',
      'p50 ms',
      'p99 ms',
      'failures',
      'vs 1 node',
      'node cpu (owner *)',
      'bench cpu',
      'machine',
    ]),
  );
  for (const r of results)
    console.log(
      orderRow([
        String(r.nodes),
        count(r.orders.answered),
        count(rate(r)),
        ms(r.orders.p50Ms),
        ms(r.orders.p99Ms),
        count(r.orders.answered - r.orders.ok),
        ratio(rate(r), rate(single)),
        r.nodeCpu.map((cpu, i) => `${percent(cpu)}${i === r.owner ? '*' : ''}`).join(', '),
        percent(r.orders.clientCpu),
        percent(r.orders.machineBusy),
      ]),
    );
  const three = results.find((r) => r.nodes === 3);
  if (three) {
    const share = rate(three) / rate(single);
    console.log(
      `target: 3 nodes keep at least ${TARGET_ORDER_SHARE * 100} % of 1 node's order rate on two cores — ` +
        `measured ${Math.round(share * 100)} % on ${cores} cores: ${share >= TARGET_ORDER_SHARE ? 'met' : 'MISSED'}`,
    );
  }

  const delivered = (p: SocketPhase) => p.perNode.reduce((sum, n) => sum + n.received, 0);
  console.log(
    `\nSocket deliveries: ${CLIENTS} clients of DAY_MARKET.${SOCKET_CODE} spread over the nodes, ` +
      `${TICKS_PER_SECOND} ticks/s ingested through node 1 for ${SECONDS} s (at most one push per client and ` +
      `${PUSH_INTERVAL_MS} ms window); latency from the ingest call to receipt, all clients`,
  );
  const socketRow = table([5, 8, 11, 12, 13, 7, 7, 10, 8]);
  console.log(
    socketRow([
      'nodes',
      'clients',
      'deliveries',
      'per second',
      'per cli·tick',
      'p50 ms',
      'p99 ms',
      'vs 1 node',
      'machine',
    ]),
  );
  for (const r of results) {
    const d = r.deliveries;
    const all = percentiles(d.perNode.map((n) => n.samples));
    console.log(
      socketRow([
        String(r.nodes),
        count(d.clients),
        count(delivered(d)),
        count(delivered(d) / d.seconds),
        (delivered(d) / (d.ticksSent * d.clients)).toFixed(2),
        ms(all.p50),
        ms(all.p99),
        ratio(delivered(d) / d.seconds, delivered(single.deliveries) / single.deliveries.seconds),
        percent(d.machineBusy),
      ]),
    );
  }

  const probed = results.filter((r) => r.probe);
  if (probed.length > 0) {
    console.log(
      `\nTick-to-phone latency: ${PROBE_CLIENTS_PER_NODE} clients per node, ticks ${PROBE_GAP_MS[0]}-${PROBE_GAP_MS[1]} ms ` +
        `apart ingested through node 1 (A) for ${SECONDS} s; "- window" takes the ${PUSH_INTERVAL_MS} ms conflation window off`,
    );
    const latencyRow = table([5, 22, 8, 7, 7, 13, 13]);
    console.log(
      latencyRow(['nodes', 'client on', 'samples', 'p50 ms', 'p99 ms', 'p50 - window', 'p99 - window']),
    );
    let worstCross = -Infinity;
    for (const r of probed) {
      const perNode = r.probe!.perNode;
      const same = percentiles([perNode[0]!.samples]);
      const other = percentiles(perNode.slice(1).map((n) => n.samples));
      worstCross = Math.max(worstCross, other.p99 - PUSH_INTERVAL_MS);
      for (const [label, p] of [
        ['node A (same node)', same],
        [r.nodes === 2 ? 'node 2 (other node)' : `nodes 2-${r.nodes} (other nodes)`, other],
      ] as const)
        console.log(
          latencyRow([
            String(r.nodes),
            label,
            count(p.n),
            ms(p.p50),
            ms(p.p99),
            ms(p.p50 - PUSH_INTERVAL_MS),
            ms(p.p99 - PUSH_INTERVAL_MS),
          ]),
        );
    }
    console.log(
      `target: a price reaches a client on another node within ${TARGET_CROSS_NODE_P99_MS} ms p99 beyond the ` +
        `conflation window — worst measured ${ms(worstCross)} ms: ${worstCross <= TARGET_CROSS_NODE_P99_MS ? 'met' : 'MISSED'}`,
    );
  }

  console.log('');
  for (const r of results) {
    for (const [failure, times] of r.firstOrderFailures)
      console.log(`first orders (${r.nodes} nodes) refused ×${times}: ${failure}`);
    for (const [failure, times] of r.orders.failures)
      console.log(`failure (${r.nodes} nodes, orders) ×${times}: ${failure}`);
    for (const phase of [r.deliveries, r.probe])
      for (const [failure, times] of phase?.ingestFailures ?? [])
        console.log(`failure (${r.nodes} nodes, ingest) ×${times}: ${failure}`);
    if (r.warnings > 0)
      console.log(`server logs with ${r.nodes} nodes: ${r.warnings} warnings, not echoed (errors are)`);
  }
  console.log(
    'node cpu: share of one core per node during the orders; the owner (*) decides every order, the ' +
      'others forward theirs through Redis. machine: share of all cores busy, this bench and PostgreSQL included.',
  );
}
process.exit();
