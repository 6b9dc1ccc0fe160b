/**
 * A cluster of real server processes for tests: N nodes started as `npm start` starts one
 * (`src/server.ts`), each on a free port with a data folder of its own, all on one PostgreSQL
 * schema and one Redis key prefix of their own, so a test file never meets another. The price
 * simulator is off; prices come from the ingest endpoint, as from a broker's price bridge.
 *
 * A node can be killed with SIGKILL (no graceful stop, no handover) and a replacement started, as
 * a crashed machine is replaced behind a load balancer. Every node's output is kept (its last
 * lines), so a failing test can print what the nodes said. `stop()` kills every process and drops
 * the schema and the Redis keys, whatever state the test left.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import { deleteKeys } from '../../src/adapters/redis/redis-test-target.ts';
import { CLUSTER_INGEST_SECRET, NodeClient, type StaffPhone } from './cluster-client.ts';
import { ClusterDatabase } from './cluster-database.ts';

const SERVER_ENTRY = fileURLToPath(new URL('../../src/server.ts', import.meta.url));

export const CLUSTER_ADMIN_PASSWORD = 'Admin-cluster-2026';
export const CLUSTER_METRICS_TOKEN = 'cluster-metrics-token-0123';
/** Every captcha shows and accepts this, so a test registers real users over HTTP. */
export const CLUSTER_CAPTCHA_ANSWER = 'k7wm';

/** How many lines of each node's output are kept for a failing test's report. */
const KEPT_LINES = 150;
const START_WITHIN_MS = 60_000;
const ACCESS_LOG_LINE = /"msg":"(incoming request|request completed)"/;

export async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `check` until it answers a value other than undefined, or throws after `withinMs`. */
export async function eventually<T>(
  what: string,
  check: () => Promise<T | undefined> | T | undefined,
  withinMs: number,
  everyMs = 100,
): Promise<T> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${withinMs} ms`);
    await sleep(everyMs);
  }
}

export interface Tick {
  code: string;
  bid: string;
  ask?: string;
}

/** One server process of the cluster and an HTTP client of it. */
export class ClusterNode extends NodeClient {
  readonly exited: Promise<number | null>;
  private readonly lines: string[] = [];
  private running = true;
  private readonly child: ChildProcess;
  private readonly dataDir: string;

  constructor(name: string, port: number, child: ChildProcess, dataDir: string) {
    super(name, `http://127.0.0.1:${port}`);
    this.child = child;
    this.dataDir = dataDir;
    this.exited = new Promise((resolve) =>
      child.once('exit', (code, signal) => {
        this.running = false;
        this.keep(`[exited: ${code ?? signal}]`);
        resolve(code);
      }),
    );
    for (const stream of [child.stdout!, child.stderr!]) {
      let partial = '';
      stream.on('data', (chunk: Buffer) => {
        const complete = (partial + chunk.toString()).split('\n');
        partial = complete.pop() ?? '';
        for (const line of complete) this.keep(line);
      });
    }
  }

  get alive(): boolean {
    return this.running;
  }

  private keep(line: string) {
    // Access lines drown what a node decided; a failing test wants the latter.
    if (ACCESS_LOG_LINE.test(line)) return;
    this.lines.push(line);
    if (this.lines.length > KEPT_LINES) this.lines.shift();
  }

  /** The node's last lines of output, for a failing test's report. */
  tail(count = 40): string {
    return this.lines.slice(-count).join('\n');
  }

  /** Waits until /readyz answers 200; fails at once if the process exits first. */
  async ready(withinMs = START_WITHIN_MS): Promise<void> {
    const deadline = Date.now() + withinMs;
    while (this.running) {
      if ((await this.readyStatus()) === 200) return;
      if (Date.now() > deadline) throw new Error(`${this.name} not ready within ${withinMs} ms`);
      await sleep(100);
    }
    throw new Error(`${this.name} exited before it was ready:\n${this.tail()}`);
  }

  /** Whether this node reports owning the book (`omp_book_owned{shard="book"} 1`); false if it is gone. */
  async ownsBook(): Promise<boolean> {
    if (!this.running) return false;
    try {
      const res = await fetch(`${this.url}/metrics`, {
        headers: { authorization: `Bearer ${CLUSTER_METRICS_TOKEN}` },
        signal: AbortSignal.timeout(2000),
      });
      return /^omp_book_owned\{shard="book"\} 1$/m.test(await res.text());
    } catch {
      return false;
    }
  }

  /** Ends the process at once, as a crash or a power cut would: no stop, no handover. */
  async kill(): Promise<void> {
    if (this.running) this.child.kill('SIGKILL');
    await this.exited;
  }

  removeDataDir() {
    rmSync(this.dataDir, { recursive: true, force: true });
  }
}

export interface ClusterOptions {
  nodes: number;
  /** What the nodes connect to (a relay, say). */
  databaseUrl: string;
  /** What the test itself queries and cleans up with; the nodes' URL when unset. */
  directDatabaseUrl?: string;
  redisUrl: string;
  /** Extra variables for every node (limits, say). */
  env?: Record<string, string>;
}

export class Cluster {
  readonly schema = `cluster_${process.pid}_${randomBytes(4).toString('hex')}`;
  readonly keyPrefix = `omp-test:${randomBytes(6).toString('hex')}:`;
  /** Every node started, the killed ones included (their output is still worth printing). */
  readonly nodes: ClusterNode[] = [];
  readonly database: ClusterDatabase;
  private started = 0;
  private readonly adminPhone: StaffPhone = { lastStep: 0, recoveryCodes: [] };
  /** Which live node the next batch of ticks goes to. */
  private nextTicker = 0;

  private readonly options: ClusterOptions;

  private constructor(options: ClusterOptions) {
    this.options = options;
    this.database = new ClusterDatabase(options.directDatabaseUrl ?? options.databaseUrl, this.schema);
  }

  /**
   * Starts the first node alone (it makes the schema, runs the migrations, seeds the catalogue and
   * creates the first admin), then the others at once.
   */
  static async start(options: ClusterOptions): Promise<Cluster> {
    const cluster = new Cluster(options);
    try {
      await cluster.startNode();
      await Promise.all(Array.from({ length: options.nodes - 1 }, () => cluster.startNode()));
    } catch (error) {
      await cluster.stop();
      throw error;
    }
    return cluster;
  }

  /** The nodes still running. */
  get live(): ClusterNode[] {
    return this.nodes.filter((node) => node.alive);
  }

  /** Starts one more node (a replacement, say) and waits until it is ready. */
  async startNode(): Promise<ClusterNode> {
    const port = await freePort();
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'omp-cluster-node-'));
    const child = spawn(process.execPath, [SERVER_ENTRY], {
      env: {
        ...process.env,
        NODE_ENV: 'test',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: this.options.databaseUrl,
        DATABASE_SCHEMA: this.schema,
        REDIS_URL: this.options.redisUrl,
        REDIS_KEY_PREFIX: this.keyPrefix,
        FEED: 'none',
        INGEST_SECRET: CLUSTER_INGEST_SECRET,
        METRICS_TOKEN: CLUSTER_METRICS_TOKEN,
        ADMIN_INITIAL_PASSWORD: CLUSTER_ADMIN_PASSWORD,
        CAPTCHA_TEST_ANSWER: CLUSTER_CAPTCHA_ANSWER,
        UPLOAD_STORAGE: 'database',
        LOG_LEVEL: 'info',
        ...this.options.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const node = new ClusterNode(`node ${++this.started}`, port, child, dataDir);
    this.nodes.push(node);
    await node.ready();
    return node;
  }

  /** The live nodes that report owning the book (one, unless something is wrong or in flux). */
  async owners(): Promise<ClusterNode[]> {
    const live = this.live;
    const owns = await Promise.all(live.map((node) => node.ownsBook()));
    return live.filter((_, index) => owns[index]);
  }

  /** Waits until exactly one live node owns the book; answers it and how long that took. */
  async soleOwner(withinMs: number): Promise<{ node: ClusterNode; tookMs: number }> {
    const started = Date.now();
    const node = await eventually(
      'one owner of the book',
      async () => {
        const owners = await this.owners();
        return owners.length === 1 ? owners[0] : undefined;
      },
      withinMs,
      50,
    );
    return { node, tookMs: Date.now() - started };
  }

  /**
   * Sends a batch of ticks to the cluster as a price bridge does: to ONE node (the next in turn, or
   * the one after it when that one is going away), which hands it to every node through Redis
   * (docs/decisions/0014). Then waits, up to a bound, until every live node quotes the batch's last
   * bids, so a test acting on another node right after sees the new price there.
   */
  async pushTicks(ticks: Tick[]): Promise<void> {
    const live = this.live;
    let sent = false;
    for (let tries = 0; tries < live.length && !sent; tries++) {
      const node = live[this.nextTicker++ % live.length]!;
      sent = await node.ingest(ticks).then(
        () => true,
        () => false,
      );
    }
    if (!sent) return;
    const lastBid = new Map(ticks.map((tick) => [tick.code, Number(tick.bid)]));
    const quotesEverywhere = async () => {
      for (const node of this.live) {
        const listed = await node.instruments().catch(() => []);
        for (const [code, bid] of lastBid)
          if (listed.find((instrument) => instrument.Code === code)?.ForexQuotations.Bid !== bid)
            return false;
      }
      return true;
    };
    const deadline = Date.now() + 3000;
    while (Date.now() < deadline && !(await quotesEverywhere()))
      await new Promise((resolve) => setTimeout(resolve, 20));
  }

  /** A session of the first admin, signed in (password and authenticator) through `node`. */
  adminToken(node: NodeClient): Promise<string> {
    return node.staffSignIn('admin', CLUSTER_ADMIN_PASSWORD, this.adminPhone);
  }

  /** Every node's last lines, for a failing test's report. */
  report(): string {
    return this.nodes
      .map((node) => `----- ${node.name} (${node.alive ? 'running' : 'gone'}) -----\n${node.tail()}`)
      .join('\n');
  }

  /** Kills every process, then removes the schema, the Redis keys and the data folders. */
  async stop(): Promise<void> {
    await Promise.all(this.nodes.map((node) => node.kill()));
    for (const node of this.nodes) node.removeDataDir();
    await this.database.dropSchema().catch((error: unknown) => console.warn('dropping the schema', error));
    await this.database.close();
    const redis = new Redis(this.options.redisUrl, { maxRetriesPerRequest: 1, lazyConnect: true });
    try {
      await redis.connect();
      await deleteKeys(redis, this.keyPrefix);
    } catch (error) {
      console.warn('cleaning the Redis keys', error);
    } finally {
      redis.disconnect();
    }
  }
}
