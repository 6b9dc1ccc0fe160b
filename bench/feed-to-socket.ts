/**
 * Feed → kline → socket: how fast the market path turns ticks into bars, and how quickly a tick
 * reaches 1,000 socket clients on loopback, printed next to a bare `ws` broadcast measured in the
 * same run on the same machine (the baseline: no bars, no topics, no conflation).
 *
 *   npm run bench:feed            (CLIENTS, SECONDS and TICKS_PER_SECOND override the defaults)
 *
 * Clients run in a worker thread so the server's event loop is not also reading 1,000 sockets.
 * Latency = time from applying a tick to a client receiving it. The platform conflates pushes
 * every QUOTE_PUSH_INTERVAL_MS, so its latency includes up to one interval by design; the figure
 * to watch is how that holds up under load, and delivery cost relative to the baseline.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { WebSocketServer } from 'ws';
import { loadConfig } from '../apps/server/src/config.ts';
import { startRuntime } from '../apps/server/src/runtime.ts';

const CLIENTS = Number(process.env.CLIENTS ?? 1000);
const SECONDS = Number(process.env.SECONDS ?? 8);
const TICKS_PER_SECOND = Number(process.env.TICKS_PER_SECOND ?? 20);
const MAX_TICKS = 1_000_000;

interface LatencyResult {
  received: number;
  p50: number;
  p90: number;
  p99: number;
}

function startClients(
  url: string,
  subscribe: string | null,
  sendTimes: SharedArrayBuffer,
  base: number,
  scale: number,
) {
  const worker = new Worker(new URL('./socket-clients.worker.ts', import.meta.url), {
    workerData: { url, clients: CLIENTS, subscribe, sendTimes, base, scale },
  });
  const ready = new Promise<void>((resolve) =>
    worker.on('message', (m: { type: string }) => m.type === 'ready' && resolve()),
  );
  const result = () =>
    new Promise<LatencyResult>((resolve) => {
      worker.on('message', (m: { type: string } & LatencyResult) => m.type === 'result' && resolve(m));
      worker.postMessage('stop');
    });
  return { worker, ready, record: () => worker.postMessage('record'), result };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const wallNow = () => performance.timeOrigin + performance.now();

/** Drives `emit(seq)` at TICKS_PER_SECOND for SECONDS, stamping each tick's send time. */
async function drive(sendTimes: Float64Array, emit: (seq: number) => void) {
  const total = TICKS_PER_SECOND * SECONDS;
  const start = wallNow();
  for (let seq = 1; seq <= total; seq++) {
    const due = start + (seq * 1000) / TICKS_PER_SECOND;
    const wait = due - wallNow();
    if (wait > 0) await sleep(wait);
    sendTimes[seq] = wallNow();
    emit(seq);
  }
  await sleep(1000);
}

async function baseline(): Promise<LatencyResult> {
  const server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const port = (server.address() as { port: number }).port;
  const shared = new SharedArrayBuffer(8 * (MAX_TICKS + 1));
  const clients = startClients(`ws://127.0.0.1:${port}`, null, shared, 0, 1);
  await clients.ready;
  clients.record();
  await drive(new Float64Array(shared), (seq) => {
    const message = JSON.stringify({ type: 'DAY_MARKET', symbol: 'BTCUSD', seq });
    for (const socket of server.clients) socket.send(message);
  });
  const result = await clients.result();
  await clients.worker.terminate();
  server.close();
  return result;
}

async function platform(): Promise<LatencyResult & { ticksPerSecond: number }> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'omp-bench-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    FEED: 'none',
    LOG_LEVEL: 'silent',
    PORT: '0',
    HOST: '127.0.0.1',
  });
  const runtime = await startRuntime(config);
  try {
    // Tick times only move forward (older ticks are ignored), so phase 2 continues from phase 1's clock.
    // 1) Raw market path: ticks → quotes, day stats and six periods of bars, no subscribers.
    const specs = runtime.market.instruments().map((i) => i.spec);
    const rounds = 20_000;
    const t0 = performance.now();
    let time = Date.now();
    for (let r = 0; r < rounds; r++) {
      time += 7;
      for (const spec of specs) {
        const bid = 1_000_000 + ((r * 31 + spec.id) % 500);
        runtime.market.applyTicks([{ code: spec.code, bid, ask: bid + spec.spreadPoints, timeMs: time }]);
      }
    }
    const ticksPerSecond = (rounds * specs.length) / ((performance.now() - t0) / 1000);

    // 2) Socket delivery to CLIENTS subscribers of DAY_MARKET.BTCUSD.
    await runtime.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (runtime.app.server.address() as { port: number }).port;
    const btc = runtime.market.instrumentByCode('BTCUSD');
    if (!btc) throw new Error('BTCUSD is missing from the catalogue');
    const scale = 10 ** btc.pricePrecision;
    const base = 5_000_000;
    const shared = new SharedArrayBuffer(8 * (MAX_TICKS + 1));
    const clients = startClients(`ws://127.0.0.1:${port}/v1/ws`, 'DAY_MARKET.BTCUSD', shared, base, scale);
    await clients.ready;
    await sleep(500);
    clients.record();
    await drive(new Float64Array(shared), (seq) =>
      runtime.market.applyTicks([
        { code: 'BTCUSD', bid: base + seq, ask: base + seq + btc.spreadPoints, timeMs: time + seq },
      ]),
    );
    const result = await clients.result();
    await clients.worker.terminate();
    return { ...result, ticksPerSecond };
  } finally {
    await runtime.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const fmt = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : 'n/a');
console.log(
  `feed → kline → socket: ${CLIENTS} clients, ${TICKS_PER_SECOND} ticks/s for ${SECONDS} s, loopback\n`,
);
const base = await baseline();
const ours = await platform();
const expected = TICKS_PER_SECOND * SECONDS * CLIENTS;
console.log(
  `market path (ticks → quotes + 6 periods of bars): ${Math.round(ours.ticksPerSecond).toLocaleString('en')} ticks/s\n`,
);
console.log('                         deliveries   per tick sent   p50 ms   p90 ms   p99 ms');
console.log(
  `bare ws broadcast        ${String(base.received).padStart(10)}   ${(base.received / expected).toFixed(2).padStart(13)}   ${fmt(base.p50).padStart(6)}   ${fmt(base.p90).padStart(6)}   ${fmt(base.p99).padStart(6)}`,
);
console.log(
  `platform (conflated)     ${String(ours.received).padStart(10)}   ${(ours.received / expected).toFixed(2).padStart(13)}   ${fmt(ours.p50).padStart(6)}   ${fmt(ours.p90).padStart(6)}   ${fmt(ours.p99).padStart(6)}`,
);
console.log(
  `\nratio platform / baseline: p50 ${(ours.p50 / base.p50).toFixed(1)}x, p99 ${(ours.p99 / base.p99).toFixed(1)}x, deliveries ${(ours.received / base.received).toFixed(2)}x`,
);
console.log(
  '(conflation sends the newest price once per push interval, so fewer deliveries than ticks is by design)',
);
process.exit(0);
