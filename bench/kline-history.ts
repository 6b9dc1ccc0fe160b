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
 * the answer decompressed here). Requests rotate over a few instruments and periods. Parsing 80 KB
 * of JSON per answer would make this load generator the limit long before the server, so history
 * answers are checked without parsing: HTTP 200, the envelope's `{"code":1,` and the count of bars
 * (1,000 where that much history exists), on every uncompressed answer and on every
 * CHECK_EVERY-th compressed one (decompressed here); the others are checked for their status and
 * encoding. Compare the server's CPU per answer: it bounds what one core of the server can answer.
 */
import os from 'node:os';
import {
  count,
  decoded,
  failed,
  load,
  loadCells,
  loadColumns,
  rate,
  type Answer,
  type HttpClient,
  type LoadResult,
} from './http-load.ts';
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
const CHECK_EVERY = 8;
const OK_HEAD = Buffer.from('{"code":1,');
const BAR = Buffer.from('{"Time":');

/** A history answer checked without parsing it (see the header): the envelope's code 1 and its bars. */
async function historyAnswer(
  client: HttpClient,
  path: string,
  headers: Record<string, string>,
  sequence: number,
  bars: number | undefined,
): Promise<Answer> {
  const answer = await client.raw('GET', path, headers);
  const encoding = answer.headers['content-encoding'];
  const failed = (msg: string): Answer => ({ status: answer.status, code: -1, msg, data: null });
  if (answer.status !== 200) return failed(answer.body.toString('utf8').slice(0, 200));
  if ('accept-encoding' in headers && encoding !== 'br') return failed(`content-encoding ${encoding}`);
  if (encoding && sequence % CHECK_EVERY !== 0) return { status: 200, code: 1, msg: '', data: null };
  const body = decoded(answer.headers, answer.body);
  if (!body.subarray(0, OK_HEAD.length).equals(OK_HEAD)) return failed(body.toString('utf8').slice(0, 200));
  let count = 0;
  for (let at = body.indexOf(BAR); at !== -1; at = body.indexOf(BAR, at + BAR.length)) count++;
  if (bars !== undefined && count !== bars) return failed(`${count} bars, not ${bars}`);
  return { status: 200, code: 1, msg: '', data: null };
}

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
        bars: 96,
      }),
    };
    const run = (endpoint: Endpoint, headers: Record<string, string>, seconds: number) =>
      load({
        connections: CONNECTIONS,
        seconds,
        serverPid: server.pid,
        send: (sequence) => {
          const { path, bars } = paths[endpoint](sequence);
          if (endpoint === 'plain') return call('GET', path, headers);
          return historyAnswer(server.client, path, headers, sequence, bars);
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
console.log(row(['database', 'endpoint', 'encoding', ...loadColumns(os.availableParallelism())]));
for (const { database, endpoint, encoding, result } of results)
  console.log(row([database, LABELS[endpoint], encoding, ...loadCells(result, 2)]));
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
const compressed = find('sqlite', 'kline', 'br');
/** What one core of the server answers at the CPU each answer cost it. */
const coreRate = (r: LoadResult) => (r.serverCpu ? rate(r) / r.serverCpu : Number.NaN);
const verdict = (r: LoadResult) => (rate(r) >= TARGET_PER_SECOND && failed(r) === 0 ? 'met' : 'MISSED');
console.log(
  `target: ${BARS} bars at ${count(TARGET_PER_SECOND)} answers a second or more with ${CONNECTIONS} clients, on ` +
    `SQLite — as browsers ask (brotli) ${count(rate(compressed))}/s: ${verdict(compressed)}; uncompressed ` +
    `${count(rate(embedded))}/s: ${verdict(embedded)}. At the server's CPU per answer one core answers ` +
    `${count(coreRate(compressed))}/s compressed, ${count(coreRate(embedded))}/s uncompressed`,
);
