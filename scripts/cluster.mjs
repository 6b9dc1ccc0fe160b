// `npm run cluster`: the product as a cluster on this machine. N nodes of the real server (default 3,
// `--nodes N` or CLUSTER_NODES) on one PostgreSQL and one Redis, each on its own port (PORT+1 …
// PORT+N), behind the small load balancer of scripts/cluster/balancer.mjs on PORT (default 8080).
// The web apps are built once, before any node starts. Each node's log goes to
// data/cluster/node-<n>.log; the console shows its warnings and the lines that matter to a cluster
// (listening, the book's lease, the first back-office password). Ctrl-C stops the nodes gracefully
// (SIGTERM), then the balancer.
//
// `npm run cluster -- --kill <n|owner>` kills one node of the running cluster with SIGKILL, to watch
// another node take the trading book over (docs/deploy.md).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { startBalancer } from './cluster/balancer.mjs';
import { FRONT_ENDS, build, buildIsStale } from './start.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const clusterDir = path.join(root, 'data/cluster');
const stateFile = path.join(clusterDir, 'cluster.json');
/** Above the server's own 20 s drain (apps/server/src/server.ts), so a stop is never cut short. */
const STOP_TIMEOUT_MS = 25_000;
/** A first start seeds the database and backfills chart history: allow it time. */
const START_TIMEOUT_MS = 180_000;
const RESTART_DELAY_MS = 5_000;
/** A node's JSON log line worth showing on the console: warnings and the cluster's milestones. */
const SHOWN =
  /^(serving on|database:|took the lease|lease of shard|back-office login|first start|SIG\w+: stopping|stopped|not stopped)/;

const HELP = `npm run cluster [-- options]

  --nodes N         how many nodes (default 3, or CLUSTER_NODES)
  --no-restart      leave a node that died down (default: start it again after ${RESTART_DELAY_MS / 1000} s)
  --kill N|owner    kill -9 node N (or the book's owner) of the cluster running now, then exit

Environment: PORT (the balancer, default 8080; nodes on PORT+1 … PORT+N), HOST (the balancer's
interface, default 0.0.0.0), DATABASE_URL (default postgres://postgres@127.0.0.1:5432/omp_cluster,
created when missing), REDIS_URL (default redis://127.0.0.1:6379), REDIS_KEY_PREFIX (default
omp-cluster:), and every other variable of the README, passed to each node.`;

const { values: args } = parseArgs({
  options: {
    nodes: { type: 'string' },
    kill: { type: 'string' },
    'no-restart': { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h', default: false },
  },
});
if (args.help) {
  console.log(HELP);
  process.exit(0);
}
if (Number(process.versions.node.split('.')[0]) < 24) {
  console.error(
    `Node 24 runs the server; start this with npm run cluster (this is Node ${process.version}).`,
  );
  process.exit(1);
}

const env = process.env;
const balancerPort = Number(env.PORT ?? 8080);
const nodeCount = Number(args.nodes ?? env.CLUSTER_NODES ?? 3);
const databaseUrl = env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/omp_cluster';
const redisUrl = env.REDIS_URL || 'redis://127.0.0.1:6379';
const redisKeyPrefix = env.REDIS_KEY_PREFIX || 'omp-cluster:';
const metricsToken = env.METRICS_TOKEN || undefined;
if (!Number.isInteger(nodeCount) || nodeCount < 1 || nodeCount > 16)
  fail('--nodes: a whole number from 1 to 16');
if (!Number.isInteger(balancerPort) || balancerPort < 1 || balancerPort + nodeCount > 65535)
  fail('PORT: a port with room for the nodes above it');

function fail(message) {
  console.error(message);
  process.exit(2);
}

const isAlive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

const readState = () => (existsSync(stateFile) ? JSON.parse(readFileSync(stateFile, 'utf8')) : undefined);

/** GET on a node itself (not through the balancer), as a scraper on this machine would. */
function askNode(port, urlPath, headers = {}) {
  return new Promise((resolve) => {
    const request = http.get(
      { host: '127.0.0.1', port, path: urlPath, headers, timeout: 900 },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode, body }));
      },
    );
    request.on('timeout', () => request.destroy(new Error('timeout')));
    request.on('error', () => resolve({ status: 0, body: '' }));
  });
}

/** Whether the node on this port owns the trading book: `omp_book_owned{shard="book"} 1` in /metrics. */
async function ownsBook(port) {
  const { status, body } = await askNode(
    port,
    '/metrics',
    metricsToken ? { authorization: `Bearer ${metricsToken}` } : {},
  );
  if (status !== 200) return undefined;
  const line = /^omp_book_owned\{shard="(?:book|all)"\} (\d+)/m.exec(body);
  return line ? line[1] === '1' : undefined;
}

// --kill: one node of the cluster running now, the hard way (no drain, no hand-over).
if (args.kill !== undefined) {
  const state = readState();
  if (!state || !isAlive(state.pid)) fail('No cluster is running (data/cluster/cluster.json).');
  let node = state.nodes.find((n) => String(n.n) === args.kill);
  if (args.kill === 'owner') {
    const owners = await Promise.all(state.nodes.map((n) => ownsBook(n.port)));
    node = state.nodes[owners.indexOf(true)];
    if (!node) fail('No node owns the book right now.');
  }
  if (!node || !isAlive(node.pid))
    fail(`No running node ${args.kill}; nodes: ${state.nodes.map((n) => n.n)}.`);
  process.kill(node.pid, 'SIGKILL');
  console.log(
    `Killed node ${node.n} (pid ${node.pid}, port ${node.port}) with SIGKILL. ` +
      'The cluster prints the new owner of the book within about 4 s.',
  );
  process.exit(0);
}

const earlier = readState();
if (earlier && isAlive(earlier.pid)) fail(`A cluster already runs (pid ${earlier.pid}); stop it first.`);
if (earlier) await stopLeftovers(earlier);

for (const frontEnd of FRONT_ENDS) if (env.SKIP_WEB_BUILD !== '1' && buildIsStale(frontEnd)) build(frontEnd);
await ensureDatabase(databaseUrl);
mkdirSync(clusterDir, { recursive: true });
// Every node seals the authenticator secrets with one key (SECRETS_KEY): given, or made once for
// this machine's cluster and kept beside its nodes' folders, so later runs open what earlier ones sealed.
const secretsKeyFile = path.join(clusterDir, 'secrets.key');
if (!env.SECRETS_KEY && !existsSync(secretsKeyFile))
  writeFileSync(secretsKeyFile, `${randomBytes(32).toString('hex')}\n`, { mode: 0o600 });
const secretsKey = env.SECRETS_KEY || readFileSync(secretsKeyFile, 'utf8').trim();

/** @type {{ n: number, port: number, dataDir: string, logFile: string, child?: import('node:child_process').ChildProcess, exited?: Promise<void>, owner?: boolean }[]} */
const nodes = Array.from({ length: nodeCount }, (_, i) => ({
  n: i + 1,
  port: balancerPort + i + 1,
  dataDir: path.join(clusterDir, `node-${i + 1}`),
  logFile: path.join(clusterDir, `node-${i + 1}.log`),
}));
let stopping = false;
let owner;
let watching = false;

const balancer = await startBalancer({
  backends: nodes.map((node) => ({ name: `node ${node.n}`, host: '127.0.0.1', port: node.port })),
  port: balancerPort,
  host: env.HOST || '0.0.0.0',
  onChange: (backend, reason) => {
    if (stopping && !backend.ready) return;
    say('balancer', `${backend.name} ${backend.ready ? 'ready' : `not ready (${reason})`}`);
  },
});
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => void stopAll(signal));
// Should this process end any other way, its nodes do not outlive it.
process.on('exit', () => {
  for (const node of nodes) node.child?.kill('SIGTERM');
});
saveState();

say(
  'cluster',
  `${nodeCount} node${nodeCount > 1 ? 's' : ''} on ${databaseUrl.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@')}` +
    ` and ${redisUrl.replace(/\/\/([^@/]*)@/, '//***@')} (keys ${redisKeyPrefix}); balancer on :${balancer.port}`,
);
// The first node alone: on an empty database it migrates and seeds, which two nodes must not race.
startNode(nodes[0]);
await untilReady(nodes[0]);
for (const node of nodes.slice(1)) startNode(node);
await Promise.all(nodes.slice(1).map(untilReady));
await Promise.all([watchOwner(), balancer.pollNow()]);
printSummary();
setInterval(() => void watchOwner(), 1000).unref();

function say(who, message) {
  console.log(`${who.padEnd(8)} │ ${message}`);
}

function saveState() {
  const state = {
    pid: process.pid,
    balancer: { port: balancer.port },
    nodes: nodes.map((node) => ({ n: node.n, port: node.port, pid: node.child?.pid, log: node.logFile })),
    owner: owner?.n,
  };
  writeFileSync(stateFile, `${JSON.stringify(state, null, 2)}\n`);
}

/** Creates the database named in the URL when the server does not have it yet. */
async function ensureDatabase(url) {
  const probe = new pg.Client({ connectionString: url });
  try {
    await probe.connect();
    return;
  } catch (error) {
    if (error.code !== '3D000') fail(`PostgreSQL at ${url} does not answer: ${error.message}`);
  } finally {
    await probe.end().catch(() => undefined);
  }
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  if (!/^[A-Za-z0-9_]+$/.test(name)) fail(`Create the database "${name}" first.`);
  target.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: target.toString() });
  try {
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}"`);
    say('cluster', `created the database ${name}`);
  } catch (error) {
    if (error.code !== '42P04') fail(`Could not create the database ${name}: ${error.message}`);
  } finally {
    await admin.end().catch(() => undefined);
  }
}

/** Nodes of an earlier run whose cluster process was killed: stop them, or their ports stay taken. */
async function stopLeftovers(state) {
  const isServer = (pid) => {
    try {
      return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('apps/server/src/server.ts');
    } catch {
      return false;
    }
  };
  const servers = state.nodes.filter((node) => node.pid && isServer(node.pid));
  if (servers.length === 0) return;
  say(
    'cluster',
    `stopping nodes left over from an earlier run (pids ${servers.map((n) => n.pid).join(', ')})`,
  );
  for (const node of servers) process.kill(node.pid, 'SIGTERM');
  const deadline = Date.now() + STOP_TIMEOUT_MS;
  while (servers.some((node) => isAlive(node.pid)) && Date.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 200));
}

function startNode(node) {
  mkdirSync(node.dataDir, { recursive: true });
  const log = createWriteStream(node.logFile, { flags: 'a' });
  const child = spawn(process.execPath, ['apps/server/src/server.ts'], {
    cwd: root,
    env: {
      ...env,
      PORT: String(node.port),
      HOST: '127.0.0.1',
      DATA_DIR: node.dataDir,
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl,
      REDIS_KEY_PREFIX: redisKeyPrefix,
      SECRETS_KEY: secretsKey,
      // The balancer runs on this machine: its X-Forwarded-For names the client, and a stopping
      // node serves on until the balancer's next readiness poll (every second) has taken it out.
      TRUST_PROXY: env.TRUST_PROXY || '127.0.0.1,::1',
      DRAIN_DELAY_MS: env.DRAIN_DELAY_MS || '1500',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    // A process group of its own: Ctrl-C reaches this script only, which stops the nodes with
    // SIGTERM, as a supervisor would, and the balancer after them.
    detached: true,
  });
  node.child = child;
  node.exited = new Promise((resolve) => child.once('close', () => resolve()));
  saveState();
  say(
    `node ${node.n}`,
    `starting on http://127.0.0.1:${node.port} (pid ${child.pid}, log ${path.relative(root, node.logFile)})`,
  );
  readline.createInterface({ input: child.stdout }).on('line', (line) => {
    log.write(`${line}\n`);
    try {
      const entry = JSON.parse(line);
      if (entry.level >= 40 || SHOWN.test(entry.msg ?? '')) say(`node ${node.n}`, entry.msg);
    } catch {
      say(`node ${node.n}`, line);
    }
  });
  readline.createInterface({ input: child.stderr }).on('line', (line) => {
    log.write(`${line}\n`);
    if (!/ExperimentalWarning|--trace-warnings/.test(line)) say(`node ${node.n}`, line);
  });
  // 'close', not 'exit': the last lines of its output are read and written by then.
  child.once('close', (code, signal) => {
    log.end();
    if (stopping) return;
    say(`node ${node.n}`, `exited (${signal ?? `code ${code}`})`);
    node.child = undefined;
    saveState();
    if (args['no-restart']) return;
    setTimeout(() => {
      if (!stopping) startNode(node);
    }, RESTART_DELAY_MS).unref();
  });
}

async function untilReady(node) {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (!node.child || node.child.exitCode !== null || node.child.signalCode !== null) {
      console.error(`node ${node.n} did not start; its log: ${node.logFile}`);
      await stopAll('failed start');
    }
    if ((await askNode(node.port, '/readyz')).status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  console.error(`node ${node.n} was not ready within ${START_TIMEOUT_MS / 1000} s; its log: ${node.logFile}`);
  await stopAll('failed start');
}

async function watchOwner() {
  if (stopping || watching) return;
  watching = true;
  const owned = await Promise.all(nodes.map((node) => (node.child ? ownsBook(node.port) : false)));
  watching = false;
  // A node too busy to answer its metrics in time keeps what it was last seen to be.
  nodes.forEach((node, i) => (node.owner = owned[i] ?? (node.child ? node.owner : false)));
  const now = nodes.find((node) => node.owner);
  if (now === owner) return;
  owner = now;
  saveState();
  say(
    'cluster',
    owner
      ? `the trading book is owned by node ${owner.n} (port ${owner.port}, pid ${owner.child?.pid})`
      : 'no node owns the trading book right now',
  );
}

function printSummary() {
  console.log('');
  console.log(
    `  http://localhost:${balancer.port}/          the web app, through the balancer (back office at /admin/)`,
  );
  for (const node of nodes)
    console.log(
      `  node ${node.n}  http://127.0.0.1:${node.port}  pid ${node.child?.pid}${node.owner ? '  owns the book' : ''}`,
    );
  console.log('');
  console.log('  Fail-over: npm run cluster -- --kill owner   (or kill -9 <pid> of a node above)');
  console.log('  Ctrl-C stops the nodes gracefully (SIGTERM), then the balancer.');
  console.log('');
}

async function stopAll(reason) {
  if (stopping) {
    // A second Ctrl-C: no more waiting.
    for (const node of nodes) node.child?.kill('SIGKILL');
    process.exit(1);
  }
  stopping = true;
  say('cluster', `${reason}: stopping the nodes (SIGTERM), then the balancer`);
  const running = nodes.filter(
    (node) => node.child && node.child.exitCode === null && node.child.signalCode === null,
  );
  for (const node of running) node.child.kill('SIGTERM');
  const timeout = setTimeout(() => {
    for (const node of running) node.child.kill('SIGKILL');
  }, STOP_TIMEOUT_MS);
  await Promise.all(running.map((node) => node.exited));
  clearTimeout(timeout);
  await balancer.close();
  rmSync(stateFile, { force: true });
  say('cluster', 'stopped');
  process.exit(reason === 'failed start' ? 1 : 0);
}
