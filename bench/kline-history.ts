/**
 * Chart history: how many answers of 1,000 bars a second the real server gives (GET
 * /v1/api/forex/kline without `before`, as a chart opens) and of the home list's mini charts
 * (abbreviated_cache_kline), at what latency, next to the same server's plain endpoint (GET
 * /readyz) measured the same way in the same run. The ratio history-rate / plain-rate is what to
 * compare across machines; on shared, noisy ones the absolute numbers vary.
 *
 *   npm run bench:history     (CONNECTIONS, SECONDS, GENERATOR, WORKERS, BASELINE_CHECKOUT and
 *                              BENCH_DATABASE_URL override the defaults)
 *
 * The server runs as a child process with the simulated feed ticking (so forming bars move and
 * bars close during the run), on the embedded SQLite, then on PostgreSQL when one answers. Each
 * endpoint runs twice: uncompressed, and as a browser asks (`accept-encoding: gzip, deflate, br`,
 * the answer decompressed here). Requests rotate over a few instruments and periods; what is sent
 * and how answers are checked is in kline-history.scenario.ts.
 *
 * A cached answer costs the server about 100 µs, less than node:http's client spends reading it:
 * by default the load generator runs WORKERS worker threads of raw keep-alive sockets
 * (GENERATOR=workers; `lean` runs those sockets in this thread, `agent` node:http's client in this
 * thread, the generator of earlier runs). Its CPU is printed beside the server's: a generator near
 * 100 % of a core per thread is the limit, and the figure a floor. Compare the server's CPU per
 * answer: it bounds what one core of the server can answer.
 *
 * BASELINE_CHECKOUT names another checkout of the repository (a worktree of main, say, with its
 * dependencies): its server runs beside this one and each endpoint is measured on it first, then
 * on this one, so a change is compared with what it changes in the same minutes.
 */
import os from 'node:os';
import {
  count,
  drive,
  failed,
  loadCells,
  loadColumns,
  measured,
  rate,
  type LoadResult,
} from './http-load.ts';
import historyScenario, { BARS, type Endpoint, type HistorySetup } from './kline-history.scenario.ts';
import { loadInWorkers } from './load-workers.ts';
import { PLAIN_PATH, startBenchServer, withPostgresDatabase, type BenchServer } from './server-process.ts';

const CONNECTIONS = Number(process.env.CONNECTIONS ?? 16);
const SECONDS = Number(process.env.SECONDS ?? 5);
const GENERATOR = process.env.GENERATOR ?? 'workers';
const WORKERS = Number(process.env.WORKERS ?? 2);
/** Another checkout of the repository (its dependencies installed) whose server is the baseline. */
const BASELINE = process.env.BASELINE_CHECKOUT;
if (!['workers', 'lean', 'agent'].includes(GENERATOR))
  throw new Error(`GENERATOR is workers, lean or agent, not ${GENERATOR}`);
const WARMUP_SECONDS = 2;
const TARGET_PER_SECOND = 5000;
const CODES = ['BTCUSD', 'EURUSD', 'XAUUSD'];
/** Periods with at least 1,000 bars of backfilled history, and one with fewer (1H). */
const PERIODS = ['1M', '5M', '15M', '1H'];
const ENGLISH = { lang: 'en' };
const BROWSER = { ...ENGLISH, 'accept-encoding': 'gzip, deflate, br' };

interface InstrumentRow {
  Id: number;
  Code: string;
}

const ENDPOINTS: Endpoint[] = ['plain', 'kline', 'abbreviated'];
const ENCODINGS = [
  ['identity', ENGLISH],
  ['br', BROWSER],
] as const;

interface Measured {
  database: string;
  side: Side;
  endpoint: Endpoint;
  encoding: string;
  result: LoadResult;
}

/** The instruments and periods to ask for, with how many bars each has (at most 1,000). */
async function historyTargets(server: BenchServer): Promise<Omit<HistorySetup, 'endpoint' | 'headers'>> {
  const { call } = server.client;
  const instruments = (await call('GET', '/v1/api/forex/trade_list', ENGLISH)).data as InstrumentRow[];
  const ids = CODES.map((code) => instruments.find((i) => i.Code === code)?.Id).filter(
    (id): id is number => id !== undefined,
  );
  if (ids.length === 0) throw new Error(`none of ${CODES.join(', ')} is in the catalogue`);
  // Every later answer must have as many bars as the first.
  const targets = [];
  for (const id of ids)
    for (const period of PERIODS) {
      const answer = await call('GET', `/v1/api/forex/kline?forex_id=${id}&period=${period}&limit=${BARS}`);
      targets.push({ id, period, bars: (answer.data as unknown[]).length });
    }
  if (!targets.some((target) => target.bars === BARS))
    throw new Error('no instrument has 1,000 bars of history');
  return { targets, ids };
}

/** The server of this checkout, and with BASELINE_CHECKOUT another checkout's, measured alike. */
type Side = 'this' | 'baseline';

async function measureServer(server: BenchServer, setup: HistorySetup, seconds: number): Promise<LoadResult> {
  if (GENERATOR === 'workers')
    return loadInWorkers({
      workers: WORKERS,
      connections: CONNECTIONS,
      seconds,
      port: server.port,
      scenario: new URL('./kline-history.scenario.ts', import.meta.url),
      setup,
      // Each answer is checked as it comes, before its connection's next request.
      reuseBodies: true,
      serverPid: server.pid,
    });
  const { send, succeeded } = historyScenario(server.client, setup);
  return measured(server.pid, 1, () => drive(CONNECTIONS, seconds, send, succeeded));
}

/** `databaseUrls`: this server's, then the baseline's (each server needs a database of its own). */
async function runOn(database: string, databaseUrls: Array<string | undefined>): Promise<Measured[]> {
  const lean = GENERATOR !== 'agent';
  const sides: Array<{ side: Side; server: BenchServer }> = [];
  try {
    // Every answer is read as it comes (kline-history.scenario.ts), so bodies may share buffers.
    const options = { lean, reuseBodies: lean };
    if (BASELINE)
      sides.push({
        side: 'baseline',
        server: await startBenchServer(databaseUrls[1], CONNECTIONS, options, BASELINE),
      });
    sides.push({ side: 'this', server: await startBenchServer(databaseUrls[0], CONNECTIONS, options) });
    const known = await Promise.all(sides.map(({ server }) => historyTargets(server)));
    const results: Measured[] = [];
    // Endpoint by endpoint, the baseline then this server, so both are measured in the same minutes.
    for (const [encoding, headers] of ENCODINGS)
      for (const endpoint of ENDPOINTS)
        for (const [i, { side, server }] of sides.entries()) {
          const setup: HistorySetup = { ...known[i]!, endpoint, headers };
          await measureServer(server, setup, WARMUP_SECONDS);
          results.push({
            database,
            side,
            endpoint,
            encoding,
            result: await measureServer(server, setup, SECONDS),
          });
        }
    return results;
  } finally {
    await Promise.all(sides.map(({ server }) => server.stop()));
  }
}

const LABELS: Record<Endpoint, string> = {
  plain: `GET ${PLAIN_PATH} (plain)`,
  kline: `GET kline, ${BARS} bars`,
  abbreviated: 'GET abbreviated_cache_kline',
};
const GENERATORS: Record<string, string> = {
  workers: `raw keep-alive sockets in ${WORKERS} worker threads`,
  lean: 'raw keep-alive sockets in the bench thread',
  agent: "node:http's client in the bench thread",
};

console.log(
  `Chart history: ${CONNECTIONS} keep-alive connections, ${SECONDS} s per endpoint, ${BARS} bars of ` +
    `${CODES.join('/')} in ${PERIODS.join('/')}; the server runs in a child process with the simulated ` +
    `feed, on this same machine; load generator: ${GENERATORS[GENERATOR]}\n`,
);
if (BASELINE)
  console.log(`baseline: the server of ${BASELINE}, measured before this one, endpoint by endpoint\n`);
const results: Measured[] = await runOn('sqlite', [undefined, undefined]);
const postgres = await withPostgresDatabase((url) =>
  BASELINE
    ? withPostgresDatabase((baselineUrl) => runOn('postgresql', [url, baselineUrl]))
    : runOn('postgresql', [url]),
);
if (postgres) results.push(...postgres);

const widths = [11, 9, 29, 9, 8, 7, 7, 7, 9, 11, 14, 11, 19];
const row = (cells: string[]) =>
  cells.map((cell, i) => (i < 4 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join(' ');
console.log(row(['database', 'server', 'endpoint', 'encoding', ...loadColumns(os.availableParallelism())]));
for (const { database, side, endpoint, encoding, result } of results)
  console.log(row([database, side, LABELS[endpoint], encoding, ...loadCells(result, 2)]));
console.log(
  '\ncpu: share of one core for the server and for this load generator (all its threads; it also ' +
    'decompresses and checks), of all cores for the machine. The server answers on one event loop: near ' +
    '100 % it is saturated.\n',
);
const find = (database: string, side: Side, endpoint: Endpoint, encoding: string) =>
  results.find(
    (r) => r.database === database && r.side === side && r.endpoint === endpoint && r.encoding === encoding,
  )!.result;
const runs = [...new Set(results.map((r) => `${r.database}/${r.side}`))].map(
  (run) => run.split('/') as [string, Side],
);
for (const [database, side] of runs)
  for (const [encoding] of ENCODINGS) {
    const plain = rate(find(database, side, 'plain', encoding));
    console.log(
      `ratio history-rate / plain-rate on ${database} (${side}), ${encoding}: ` +
        `kline ${(rate(find(database, side, 'kline', encoding)) / plain).toFixed(2)}, ` +
        `abbreviated ${(rate(find(database, side, 'abbreviated', encoding)) / plain).toFixed(2)}`,
    );
  }
for (const { database, side, endpoint, encoding, result } of results) {
  const where = `${database}, ${side}, ${endpoint}, ${encoding}`;
  for (const [failure, times] of result.failures) console.log(`failure (${where}) ×${times}: ${failure}`);
  const perThread = result.clientCpu / result.clientThreads;
  if (perThread >= 0.9)
    console.log(
      `the load generator was saturated (${where}: ${Math.round(perThread * 100)} % of a core per thread): ` +
        'that rate is a floor of what the server answers',
    );
}
/** What one core of the server answers at the CPU each answer cost it. */
const coreRate = (r: LoadResult) => (r.serverCpu ? rate(r) / r.serverCpu : Number.NaN);
const verdict = (r: LoadResult) => (rate(r) >= TARGET_PER_SECOND && failed(r) === 0 ? 'met' : 'MISSED');
for (const [database, side] of runs) {
  const embedded = find(database, side, 'kline', 'identity');
  const compressed = find(database, side, 'kline', 'br');
  console.log(
    `target: ${BARS} bars at ${count(TARGET_PER_SECOND)} answers a second or more with ${CONNECTIONS} clients, on ` +
      `${database} (${side}) — as browsers ask (brotli) ${count(rate(compressed))}/s: ${verdict(compressed)}; ` +
      `uncompressed ${count(rate(embedded))}/s: ${verdict(embedded)}. At the server's CPU per answer one core ` +
      `answers ${count(coreRate(compressed))}/s compressed, ${count(coreRate(embedded))}/s uncompressed`,
  );
}
