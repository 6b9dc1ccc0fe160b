/**
 * HTTP orders: how many market orders a second the real server takes, each answered only after it
 * is committed, and at what latency, printed next to the same server's plain JSON endpoint
 * (GET /readyz: the request pipeline and one trivial database query, no session) measured the same
 * way in the same run. The ratio order-rate / plain-rate is what to compare across machines; on
 * shared, noisy ones the absolute numbers vary.
 *
 *   npm run bench:orders     (CONNECTIONS, SECONDS, USERS, APP_HEADERS and BENCH_DATABASE_URL override the defaults)
 *
 * The server runs as a child process, as `npm start` runs it, with the simulated feed keeping
 * quotes fresh (and ticking the book), so its event loop is not also the load generator's. It runs
 * on the embedded SQLite in a temporary folder, then on PostgreSQL when one answers at
 * BENCH_DATABASE_URL, in a database created for the run and dropped after it. Orders are 0.01 lot
 * EUR/USD market buys of demo users, spread over enough users that their margin never runs out,
 * sent with the headers the phone app sends; every answer is checked for code 1 and anything else
 * is counted and printed.
 */
import os from 'node:os';
import {
  count,
  failed,
  inParallel,
  load,
  loadCells,
  loadColumns,
  rate,
  type LoadResult,
} from './http-load.ts';
import { PLAIN_PATH, startBenchServer, withPostgresDatabase } from './server-process.ts';

const CONNECTIONS = Number(process.env.CONNECTIONS ?? 64);
const SECONDS = Number(process.env.SECONDS ?? 10);
const WARMUP_SECONDS = 2;
/** 1,000 users at 0.01 lot hold about 12 USD of margin per order: far from their 100,000 USD. */
const USERS = Number(process.env.USERS ?? 1000);
const LOGIN_CONCURRENCY = 16;
const TARGET_ORDERS_PER_SECOND = 2000;
const ORDER_PATH = '/v1/api/forex/submit';
/** Answers in English, so printed failures read the same for everyone. */
const ENGLISH = { lang: 'en' };
/**
 * What the phone app adds to every call of its own server (apps/web device-identity.ts): its device
 * id and time zone, which a signed-in request reads. APP_HEADERS=0 leaves them out.
 */
const APP_HEADERS =
  process.env.APP_HEADERS === '0'
    ? {}
    : { 'device-id': 'bench0device0id0000000000000000000000', 'time-zone': 'Europe/London' };

/**
 * IDEMPOTENCY_KEYS=1: each order carries an Idempotency-Key of its own, as the phone app sends with
 * every order (the server then looks the key up first and stores the answer with the order).
 */
const IDEMPOTENCY_KEYS = process.env.IDEMPOTENCY_KEYS === '1';

interface InstrumentRow {
  Id: number;
  Code: string;
  MarketStatus: number;
  HasForexMultiple: { Value: number }[];
}

interface DatabaseResult {
  database: string;
  instrument: string;
  serverWarnings: number;
  plain: LoadResult;
  orders: LoadResult;
}

async function runOn(database: string, databaseUrl: string | undefined): Promise<DatabaseResult> {
  const server = await startBenchServer(databaseUrl, CONNECTIONS);
  try {
    const { call } = server.client;
    const instruments = (await call('GET', '/v1/api/forex/trade_list', ENGLISH)).data as InstrumentRow[];
    // EUR/USD rests at weekends; the bench then trades an instrument that is open around the clock.
    const eurusd = instruments.find((i) => i.Code === 'EURUSD');
    const instrument =
      eurusd && eurusd.MarketStatus === 1 ? eurusd : instruments.find((i) => i.Code === 'BTCUSD');
    if (!instrument) throw new Error('neither EURUSD nor BTCUSD is in the catalogue');
    const orderBody =
      `type=1&cont=0.01&forex_id=${instrument.Id}&status=1` +
      `&multiple=${instrument.HasForexMultiple[0]!.Value}`;

    // Demo ids are fresh per run, so every user starts with a full demo balance.
    const runTag = `${process.pid}${Date.now().toString(36)}`;
    const demoIds = Array.from({ length: USERS }, (_, i) => `bench-${runTag}-${String(i).padStart(6, '0')}`);
    const tokens = await inParallel(demoIds, LOGIN_CONCURRENCY, async (demoId) => {
      const login = await call('GET', `/api/user/createAccountDemoForU?demo_id=${demoId}`, ENGLISH);
      const token = (login.data as { token?: string } | null)?.token;
      if (login.code !== 1 || !token) throw new Error(`demo login refused: ${login.msg}`);
      return token;
    });
    let keyed = 0;
    const sendOrder = (sequence: number) =>
      call(
        'POST',
        ORDER_PATH,
        {
          ...ENGLISH,
          ...APP_HEADERS,
          ...(IDEMPOTENCY_KEYS ? { 'idempotency-key': `${runTag}-${++keyed}` } : {}),
          authorization: tokens[sequence % tokens.length]!,
          'content-type': 'application/x-www-form-urlencoded',
        },
        orderBody,
      );
    const sendPlain = () => call('GET', PLAIN_PATH, ENGLISH);
    const run = (seconds: number, send: (sequence: number) => ReturnType<typeof call>) =>
      load({
        connections: CONNECTIONS,
        seconds,
        send,
        serverPid: server.pid,
        // The plain probe answers outside the envelope; an order must answer code 1.
        ...(send === sendPlain ? { succeeded: (answer) => answer.status === 200 } : {}),
      });

    // Warm-up: one order per user opens every trading account, then both endpoints run briefly.
    await inParallel(tokens, CONNECTIONS, async (_token, i) => {
      const answer = await sendOrder(i);
      if (answer.code !== 1) throw new Error(`first order refused: ${answer.msg}`);
    });
    await run(WARMUP_SECONDS, sendPlain);
    await run(WARMUP_SECONDS, sendOrder);

    const plain = await run(SECONDS, sendPlain);
    const orders = await run(SECONDS, sendOrder);
    return { database, instrument: instrument.Code, serverWarnings: server.warnings(), plain, orders };
  } finally {
    await server.stop();
  }
}

console.log(
  `HTTP orders: ${CONNECTIONS} keep-alive connections, ${SECONDS} s per endpoint, ${USERS} demo users` +
    `${IDEMPOTENCY_KEYS ? ', an Idempotency-Key on every order' : ''}; ` +
    'the server runs in a child process with the simulated feed, on this same machine\n',
);
const results: DatabaseResult[] = [await runOn('sqlite', undefined)];
const postgres = await withPostgresDatabase((url) => runOn('postgresql', url));
if (postgres) results.push(postgres);

const widths = [11, 34, 8, 7, 7, 7, 9, 11, 14, 11, 19];
const row = (cells: string[]) =>
  cells.map((cell, i) => (i < 2 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join(' ');
console.log(row(['database', 'endpoint', ...loadColumns(os.availableParallelism())]));
for (const r of results)
  for (const [label, result] of [
    [`GET ${PLAIN_PATH} (plain)`, r.plain],
    [`POST ${ORDER_PATH} (${r.instrument})`, r.orders],
  ] as const)
    console.log(row([r.database, label, ...loadCells(result, 1)]));
console.log(
  '\ncpu: share of one core for the server and for this load generator, of all cores for the machine. ' +
    'The server answers on one event loop: near 100 % it is saturated, and µs cpu/answer bounds what one ' +
    `core can answer (${count(TARGET_ORDERS_PER_SECOND)} orders/s leaves ${count(1e6 / TARGET_ORDERS_PER_SECOND)} µs each).\n`,
);
for (const r of results)
  console.log(
    `ratio order-rate / plain-rate on ${r.database}: ${(rate(r.orders) / rate(r.plain)).toFixed(2)}`,
  );
for (const r of results)
  for (const [label, result] of [
    ['plain', r.plain],
    ['orders', r.orders],
  ] as const)
    for (const [failure, times] of result.failures)
      console.log(`failure (${r.database}, ${label}) ×${times}: ${failure}`);
for (const r of results)
  if (r.serverWarnings > 0)
    console.log(`server log on ${r.database}: ${r.serverWarnings} warnings, not echoed (errors are)`);
const embedded = results[0]!;
const embeddedMet = rate(embedded.orders) >= TARGET_ORDERS_PER_SECOND && failed(embedded.orders) === 0;
console.log(
  `target: the embedded default sustains at least ${count(TARGET_ORDERS_PER_SECOND)} orders a second — ` +
    `measured ${count(rate(embedded.orders))} orders/s on SQLite: ${embeddedMet ? 'met' : 'MISSED'}`,
);
