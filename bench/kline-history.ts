/**
 * Chart history: how many answers of 1,000 bars a second the real server gives (GET
 * /v1/api/forex/kline without `before`, as a chart opens) and of the home list's mini charts
 * (abbreviated_cache_kline), at what latency, next to the same server's plain endpoint (GET
 * /readyz) measured the same way in the same run. The ratio history-rate / plain-rate is what to
 * compare across machines; on shared, noisy ones the absolute numbers vary.
 *
 *   npm run bench:history     (CONNECTIONS, SECONDS and BENCH_DATABASE_URL override the defaults)
 *
 * The server runs as a child process with the simulated feed ticking (so forming bars move and
 * bars close during the run), on the embedded SQLite, then on PostgreSQL when one answers. Each
 * endpoint runs twice: uncompressed, and as a browser asks (`accept-encoding: gzip, deflate, br`,
 * the answer decompressed here). Requests rotate over a few instruments and periods; every
 * answer is checked for code 1 and, for the history, for 1,000 bars where that much history exists.
 */
import os from 'node:os';
import { load, type Answer, type LoadResult } from './http-load.ts';
import { PLAIN_PATH, startBenchServer, withPostgresDatabase } from './server-process.ts';

const CONNECTIONS = Number(process.env.CONNECTIONS ?? 16);
const SECONDS = Number(process.env.SECONDS ?? 5);
const WARMUP_SECONDS = 2;
const BARS = 1000;
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

type Endpoint = 'plain' | 'kline' | 'abbreviated';
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

async function runOn(database: string, databaseUrl: string | undefined): Promise<Measured[]> {
  const server = await startBenchServer(databaseUrl, CONNECTIONS);
  try {
    const { call } = server.client;
    const instruments = (await call('GET', '/v1/api/forex/trade_list', ENGLISH)).data as InstrumentRow[];
    const ids = CODES.map((code) => instruments.find((i) => i.Code === code)?.Id).filter(
      (id): id is number => id !== undefined,
    );
    if (ids.length === 0) throw new Error(`none of ${CODES.join(', ')} is in the catalogue`);
    const targets = ids.flatMap((id) => PERIODS.map((period) => ({ id, period })));
    // How many bars each target has (at most 1,000): every later answer must have as many.
    const expected = new Map<string, number>();
    for (const { id, period } of targets) {
      const answer = await call('GET', `/v1/api/forex/kline?forex_id=${id}&period=${period}&limit=${BARS}`);
      expected.set(`${id}:${period}`, (answer.data as unknown[]).length);
    }
    const full = [...expected.values()].filter((n) => n === BARS).length;
    if (full === 0) throw new Error('no instrument has 1,000 bars of history');

    const paths: Record<Endpoint, (sequence: number) => { path: string; bars?: number }> = {
      plain: () => ({ path: PLAIN_PATH }),
      kline: (sequence) => {
        const { id, period } = targets[sequence % targets.length]!;
        return {
          path: `/v1/api/forex/kline?forex_id=${id}&period=${period}&limit=${BARS}`,
          bars: expected.get(`${id}:${period}`)!,
        };
      },
      abbreviated: (sequence) => ({
        path: `/v1/api/forex/abbreviated_cache_kline?forex_id=${ids[sequence % ids.length]}&period=1M`,
      }),
    };
    const run = (endpoint: Endpoint, headers: Record<string, string>, seconds: number) =>
      load({
        connections: CONNECTIONS,
        seconds,
        serverPid: server.pid,
        send: async (sequence) => {
          const { path, bars } = paths[endpoint](sequence);
          const answer = await call('GET', path, headers);
          // A short history is a wrong answer, counted as a failure like a refusal.
          if (bars !== undefined && answer.code === 1 && (answer.data as unknown[]).length !== bars)
            return { ...answer, code: -1, msg: `${(answer.data as unknown[]).length} bars, not ${bars}` };
          return answer;
        },
        ...(endpoint === 'plain' ? { succeeded: (answer: Answer) => answer.status === 200 } : {}),
      });

    const measured: Measured[] = [];
    for (const [encoding, headers] of ENCODINGS)
      for (const endpoint of ENDPOINTS) {
        await run(endpoint, headers, WARMUP_SECONDS);
        measured.push({ database, endpoint, encoding, result: await run(endpoint, headers, SECONDS) });
      }
    return measured;
  } finally {
    await server.stop();
  }
}

const rate = (r: LoadResult) => r.ok / r.seconds;
const failed = (r: LoadResult) => r.answered - r.ok;
const count = (n: number) => Math.round(n).toLocaleString('en');
const percent = (share: number | undefined) => (share === undefined ? 'n/a' : `${Math.round(share * 100)} %`);
const LABELS: Record<Endpoint, string> = {
  plain: `GET ${PLAIN_PATH} (plain)`,
  kline: `GET kline, ${BARS} bars`,
  abbreviated: 'GET abbreviated_cache_kline',
};

console.log(
  `Chart history: ${CONNECTIONS} keep-alive connections, ${SECONDS} s per endpoint, ${BARS} bars of ` +
    `${CODES.join('/')} in ${PERIODS.join('/')}; the server runs in a child process with the simulated ` +
    'feed, on this same machine\n',
);
const results: Measured[] = await runOn('sqlite', undefined);
const postgres = await withPostgresDatabase((url) => runOn('postgresql', url));
if (postgres) results.push(...postgres);

const widths = [11, 29, 9, 8, 7, 7, 7, 9, 11, 14, 11, 19];
const row = (cells: string[]) =>
  cells.map((cell, i) => (i < 3 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join(' ');
console.log(
  row([
    'database',
    'endpoint',
    'encoding',
    'answers',
    'per s',
    'p50 ms',
    'p99 ms',
    'failures',
    'server cpu',
    'µs cpu/answer',
    'client cpu',
    `machine (${os.availableParallelism()} cores)`,
  ]),
);
for (const { database, endpoint, encoding, result } of results)
  console.log(
    row([
      database,
      LABELS[endpoint],
      encoding,
      count(result.answered),
      count(rate(result)),
      result.p50Ms.toFixed(2),
      result.p99Ms.toFixed(2),
      count(failed(result)),
      percent(result.serverCpu),
      result.serverCpu === undefined ? 'n/a' : count((result.serverCpu / rate(result)) * 1e6),
      percent(result.clientCpu),
      percent(result.machineBusy),
    ]),
  );
console.log(
  '\ncpu: share of one core for the server and for this load generator (which also decompresses), of all ' +
    'cores for the machine. The server answers on one event loop: near 100 % it is saturated.\n',
);
const find = (database: string, endpoint: Endpoint, encoding: string) =>
  results.find((r) => r.database === database && r.endpoint === endpoint && r.encoding === encoding)!.result;
for (const database of new Set(results.map((r) => r.database)))
  for (const [encoding] of ENCODINGS) {
    const plain = rate(find(database, 'plain', encoding));
    console.log(
      `ratio history-rate / plain-rate on ${database}, ${encoding}: ` +
        `kline ${(rate(find(database, 'kline', encoding)) / plain).toFixed(2)}, ` +
        `abbreviated ${(rate(find(database, 'abbreviated', encoding)) / plain).toFixed(2)}`,
    );
  }
for (const { database, endpoint, encoding, result } of results)
  for (const [failure, times] of result.failures)
    console.log(`failure (${database}, ${endpoint}, ${encoding}) ×${times}: ${failure}`);
const embedded = find('sqlite', 'kline', 'identity');
const met = rate(embedded) >= TARGET_PER_SECOND && failed(embedded) === 0;
console.log(
  `target: ${BARS} bars at ${count(TARGET_PER_SECOND)} answers a second or more with ${CONNECTIONS} clients — ` +
    `measured ${count(rate(embedded))}/s on SQLite uncompressed ` +
    `(${count(rate(find('sqlite', 'kline', 'br')))}/s compressed): ${met ? 'met' : 'MISSED'}`,
);
