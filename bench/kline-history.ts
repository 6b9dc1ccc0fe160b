/**
 * Chart history: how many answers of 1,000 bars a second the real server gives (GET
 * /v1/api/forex/kline without `before`, as a chart opens) and of the home list's mini charts
 * (abbreviated_cache_kline), at what latency, next to the same server's plain endpoint (GET
 * /readyz) measured the same way in the same run. The ratio history-rate / plain-rate is what to
 * compare across machines; on shared, noisy ones the absolute numbers vary.
 *
 *   npm run bench:history     (CONNECTIONS, SECONDS, GENERATOR, WORKERS and BENCH_DATABASE_URL
 *                              override the defaults)
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

async function runOn(database: string, databaseUrl: string | undefined): Promise<Measured[]> {
  const lean = GENERATOR !== 'agent';
  // Every answer is read as it comes (kline-history.scenario.ts), so bodies may share buffers.
  const server = await startBenchServer(databaseUrl, CONNECTIONS, { lean, reuseBodies: lean });
  try {
    const known = await historyTargets(server);
    const run = (setup: HistorySetup, seconds: number) => {
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
    };
    const results: Measured[] = [];
    for (const [encoding, headers] of ENCODINGS)
      for (const endpoint of ENDPOINTS) {
        const setup: HistorySetup = { ...known, endpoint, headers };
        await run(setup, WARMUP_SECONDS);
        results.push({ database, endpoint, encoding, result: await run(setup, SECONDS) });
      }
    return results;
  } finally {
    await server.stop();
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
const results: Measured[] = await runOn('sqlite', undefined);
const postgres = await withPostgresDatabase((url) => runOn('postgresql', url));
if (postgres) results.push(...postgres);

const widths = [11, 29, 9, 8, 7, 7, 7, 9, 11, 14, 11, 19];
const row = (cells: string[]) =>
  cells.map((cell, i) => (i < 3 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join(' ');
console.log(row(['database', 'endpoint', 'encoding', ...loadColumns(os.availableParallelism())]));
for (const { database, endpoint, encoding, result } of results)
  console.log(row([database, LABELS[endpoint], encoding, ...loadCells(result, 2)]));
console.log(
  '\ncpu: share of one core for the server and for this load generator (all its threads; it also ' +
    'decompresses and checks), of all cores for the machine. The server answers on one event loop: near ' +
    '100 % it is saturated.\n',
);
const find = (database: string, endpoint: Endpoint, encoding: string) =>
  results.find((r) => r.database === database && r.endpoint === endpoint && r.encoding === encoding)?.result;
for (const database of new Set(results.map((r) => r.database)))
  for (const [encoding] of ENCODINGS) {
    const plain = rate(find(database, 'plain', encoding)!);
    console.log(
      `ratio history-rate / plain-rate on ${database}, ${encoding}: ` +
        `kline ${(rate(find(database, 'kline', encoding)!) / plain).toFixed(2)}, ` +
        `abbreviated ${(rate(find(database, 'abbreviated', encoding)!) / plain).toFixed(2)}`,
    );
  }
for (const { database, endpoint, encoding, result } of results) {
  for (const [failure, times] of result.failures)
    console.log(`failure (${database}, ${endpoint}, ${encoding}) ×${times}: ${failure}`);
  const perThread = result.clientCpu / result.clientThreads;
  if (perThread >= 0.9)
    console.log(
      `the load generator was saturated (${database}, ${endpoint}, ${encoding}: ${Math.round(perThread * 100)} % ` +
        'of a core per thread): that rate is a floor of what the server answers',
    );
}
/** What one core of the server answers at the CPU each answer cost it. */
const coreRate = (r: LoadResult) => (r.serverCpu ? rate(r) / r.serverCpu : Number.NaN);
const verdict = (r: LoadResult) => (rate(r) >= TARGET_PER_SECOND && failed(r) === 0 ? 'met' : 'MISSED');
for (const database of new Set(results.map((r) => r.database))) {
  const embedded = find(database, 'kline', 'identity')!;
  const compressed = find(database, 'kline', 'br')!;
  console.log(
    `target: ${BARS} bars at ${count(TARGET_PER_SECOND)} answers a second or more with ${CONNECTIONS} clients, on ` +
      `${database} — as browsers ask (brotli) ${count(rate(compressed))}/s: ${verdict(compressed)}; uncompressed ` +
      `${count(rate(embedded))}/s: ${verdict(embedded)}. At the server's CPU per answer one core answers ` +
      `${count(coreRate(compressed))}/s compressed, ${count(coreRate(embedded))}/s uncompressed`,
  );
}
