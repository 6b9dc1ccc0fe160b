/**
 * Feed → kline → socket: how fast the market path turns ticks into bars, and how quickly a tick
 * reaches 10,000 phone-like socket clients on loopback, printed next to a bare `ws` broadcast
 * measured in the same run on the same machine (the baseline: no bars, no topics, no conflation),
 * and again with some clients that stopped reading.
 *
 *   npm run bench:feed     (CLIENTS, CLIENT_WORKERS, STALLED, SECONDS, TICKS_PER_SECOND and
 *                           QUOTE_PUSH_INTERVAL_MS override the defaults)
 *
 * The server runs in a child process (a process may hold 20,000 files here: 10,000 sockets a side
 * do not fit in one) driven over IPC: it applies one tick a step to every instrument, the tick's
 * step number encoded in the price, and reports each step's time. The clients run in worker threads
 * of this process, each subscribed as the phone is to the quote list and one chart (socket-load.ts).
 * Latency = from applying a tick to a client receiving a quote or bar that carries it. The platform
 * conflates pushes every QUOTE_PUSH_INTERVAL_MS, so its latency includes up to one window by design;
 * the figure to watch is how far beyond the window it goes (target: p99 within 100 ms).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { WebSocketServer } from 'ws';
import { startInProcessRuntime } from './in-process-runtime.ts';
import {
  cpuWindow,
  formatShares,
  phoneTopics,
  startClientPool,
  type CpuShares,
  type PoolResult,
  type PriceScale,
} from './socket-load.ts';

const CLIENTS = Number(process.env.CLIENTS ?? 10_000);
const CLIENT_WORKERS = Number(process.env.CLIENT_WORKERS ?? 4);
const STALLED = Number(process.env.STALLED ?? Math.round(CLIENTS / 20));
const SECONDS = Number(process.env.SECONDS ?? 10);
const TICKS_PER_SECOND = Number(process.env.TICKS_PER_SECOND ?? 20);
const WINDOW_MS = Number(process.env.QUOTE_PUSH_INTERVAL_MS ?? 250);
const TARGET_BEYOND_WINDOW_MS = 100;
const TARGET_STALL_COST = 0.2;
const PRICE_BASE = 1_000_000;
/** About this many clients time every push they get; the rest only count theirs. */
const MEASURED_CLIENTS = Number(process.env.MEASURED_CLIENTS ?? 1000);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const wallNow = () => performance.timeOrigin + performance.now();

type Command = { cmd: 'bare' } | { cmd: 'platform' } | { cmd: 'drive' } | { cmd: 'stop' };
interface Listening {
  type: 'listening';
  url: string;
  prices?: Record<string, PriceScale>;
  codes?: string[];
  ticksPerSecond?: number;
}
interface Driven {
  type: 'driven';
  loopP99Ms: number;
  loopMaxMs: number;
  droppedSlow: number;
}

// ---- the server side, in the child process ----

async function serve(): Promise<void> {
  const send = (message: object) => process.send!(message);
  let emit: (seq: number) => void = () => undefined;
  let stop: () => Promise<void> = async () => undefined;
  let droppedSlow = () => 0;
  process.on('message', async (command: Command) => {
    if (command.cmd === 'bare') {
      const server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
      await once(server, 'listening');
      emit = (seq) => {
        const frame = Buffer.from(JSON.stringify({ type: 'DAY_MARKET', symbol: 'BTCUSD', seq }));
        for (const socket of server.clients) socket.send(frame, { binary: false });
      };
      stop = () => new Promise((resolve) => server.close(() => resolve()));
      const { port } = server.address() as { port: number };
      send({ type: 'listening', url: `ws://127.0.0.1:${port}` } satisfies Listening);
    } else if (command.cmd === 'platform') {
      await stop();
      const started = await startPlatform();
      ({ emit, stop, droppedSlow } = started);
      send(started.listening);
    } else if (command.cmd === 'drive') {
      const loop = monitorEventLoopDelay({ resolution: 10 });
      loop.enable();
      const total = TICKS_PER_SECOND * SECONDS;
      const start = wallNow();
      for (let seq = 1; seq <= total; seq++) {
        // Always through a timer: a driver that fell behind must still let the server work between ticks.
        await sleep(Math.max(0, start + (seq * 1000) / TICKS_PER_SECOND - wallNow()));
        const at = wallNow();
        emit(seq);
        send({ type: 'tick', seq, at });
      }
      await sleep(1000);
      loop.disable();
      const ms = (ns: number) => ns / 1e6;
      send({
        type: 'driven',
        loopP99Ms: ms(loop.percentile(99)),
        loopMaxMs: ms(loop.max),
        droppedSlow: droppedSlow(),
      } satisfies Driven);
    } else {
      await stop();
      process.exit(0);
    }
  });
  send({ type: 'up' });
}

async function startPlatform() {
  const started = await startInProcessRuntime({ QUOTE_PUSH_INTERVAL_MS: String(WINDOW_MS) });
  const runtime = started.runtime;
  // Tick times only move forward (older ticks are ignored), so every later tick continues this clock.
  // 1) Raw market path: ticks → quotes, day stats and six periods of bars, no subscribers.
  const specs = runtime.market.instruments().map((i) => i.spec);
  const rounds = 20_000;
  const t0 = performance.now();
  let time = Date.now();
  for (let r = 0; r < rounds; r++) {
    time += 7;
    for (const spec of specs) {
      const bid = PRICE_BASE + ((r * 31 + spec.id) % 500);
      runtime.market.applyTicks([{ code: spec.code, bid, ask: bid + spec.spreadPoints, timeMs: time }]);
    }
  }
  const ticksPerSecond = (rounds * specs.length) / ((performance.now() - t0) / 1000);
  // 2) Delivery: every instrument ticks each step, its price = PRICE_BASE + step, in its own points.
  await runtime.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = runtime.app.server.address() as { port: number };
  const instruments = runtime.market.instruments();
  const prices = Object.fromEntries(
    instruments.map((i) => [i.spec.code, { base: PRICE_BASE, scale: 10 ** i.spec.pricePrecision }]),
  );
  return {
    listening: {
      type: 'listening',
      url: `ws://127.0.0.1:${port}/v1/ws?lang=en`,
      prices,
      codes: instruments.map((i) => i.spec.code),
      ticksPerSecond,
    } satisfies Listening,
    emit: (seq: number) => {
      time += 1;
      runtime.market.applyTicks(
        specs.map((spec) => ({
          code: spec.code,
          bid: PRICE_BASE + seq,
          ask: PRICE_BASE + seq + spec.spreadPoints,
          timeMs: time,
        })),
      );
    },
    droppedSlow: () => (runtime.hub.stats() as { droppedSlow?: number }).droppedSlow ?? 0,
    stop: () => started.stop(),
  };
}

// ---- the bench, in this process ----

interface Phase {
  label: string;
  clients: PoolResult;
  cpu: CpuShares;
  server: Driven;
}

function nextMessage<T>(child: ChildProcess, type: string): Promise<T> {
  return new Promise((resolve) => {
    const listener = (m: { type: string } & T) => {
      if (m.type !== type) return;
      child.off('message', listener);
      resolve(m);
    };
    child.on('message', listener);
  });
}

async function measure(
  child: ChildProcess,
  label: string,
  listening: Listening,
  topicsOf: (index: number) => string[],
  stalled: number,
): Promise<Phase> {
  const sendTimes = new SharedArrayBuffer(8 * (TICKS_PER_SECOND * SECONDS + 2));
  const times = new Float64Array(sendTimes);
  const onTick = (m: { type: string; seq: number; at: number }) => {
    if (m.type === 'tick') times[m.seq] = m.at;
  };
  child.on('message', onTick);
  const pool = startClientPool({
    url: listening.url,
    clients: CLIENTS,
    workers: CLIENT_WORKERS,
    topicsOf,
    ...(listening.prices ? { prices: listening.prices } : {}),
    stalled,
    measureEvery: Math.max(1, Math.ceil(CLIENTS / MEASURED_CLIENTS)),
    sendTimes,
    pingMs: 5000,
  });
  await pool.ready;
  console.error(`${label}: ${CLIENTS} clients connected, driving`);
  await sleep(1000); // the snapshots go out; the clients settle
  pool.record();
  const cpu = cpuWindow(child.pid);
  const driven = nextMessage<Driven>(child, 'driven');
  child.send({ cmd: 'drive' } satisfies Command);
  const server = await driven;
  const shares = cpu();
  const clients = await pool.result();
  child.off('message', onTick);
  return { label, clients, cpu: shares, server };
}

function openFilesLimit(): number {
  const line = readFileSync('/proc/self/limits', 'utf8')
    .split('\n')
    .find((l) => l.startsWith('Max open files'));
  return Number(line?.split(/\s+/)[3] ?? Infinity);
}

async function bench(): Promise<void> {
  const limit = openFilesLimit();
  if (limit < CLIENTS + 500) {
    console.log(
      `open-files limit ${limit} is below ${CLIENTS} sockets: raise it (ulimit -n) or lower CLIENTS`,
    );
    process.exit(1);
  }
  const child = fork(fileURLToPath(import.meta.url), {
    execPath: process.execPath,
    env: { ...process.env, FEED_BENCH_ROLE: 'server' },
  });
  await nextMessage(child, 'up');
  console.log(
    `feed → kline → socket: ${CLIENTS.toLocaleString('en')} clients in ${CLIENT_WORKERS} worker threads, ` +
      `${TICKS_PER_SECOND} ticks/s per instrument for ${SECONDS} s, loopback, push window ${WINDOW_MS} ms, ` +
      `open-files limit ${limit}\n`,
  );
  const start = async (cmd: 'bare' | 'platform') => {
    const answer = nextMessage<Listening>(child, 'listening');
    child.send({ cmd } satisfies Command);
    return answer;
  };
  const bare = await start('bare');
  const phases = [await measure(child, 'bare ws broadcast (per tick)', bare, () => [], 0)];
  const platform = await start('platform');
  const phone = phoneTopics(platform.codes!);
  phases.push(await measure(child, 'platform: quotes + 1 chart', platform, phone, 0));
  phases.push(await measure(child, `platform, ${STALLED} stalled`, platform, phone, STALLED));
  child.send({ cmd: 'stop' } satisfies Command);
  await once(child, 'exit');
  report(platform, phases);
}

const fmt = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : 'n/a');

function report(platform: Listening, phases: Phase[]): void {
  console.log(
    `market path (ticks → quotes + 6 periods of bars): ${Math.round(platform.ticksPerSecond!).toLocaleString('en')} ticks/s\n`,
  );
  const widths = [30, 8, 12, 8, 8, 8, 10, 10, 12, 12];
  const row = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' ');
  console.log(
    row([
      '',
      'readers',
      'pushes/r/s',
      'p50 ms',
      'p99 ms',
      'max ms',
      'p50-window',
      'p99-window',
      'loop p99 ms',
      'loop max ms',
    ]),
  );
  for (const { label, clients: c, server } of phases) {
    const window = label.startsWith('bare') ? 0 : WINDOW_MS;
    console.log(
      row([
        label,
        String(c.readers),
        fmt(c.received / c.readers / c.seconds),
        fmt(c.p50),
        fmt(c.p99),
        fmt(c.max),
        fmt(c.p50 - window),
        fmt(c.p99 - window),
        fmt(server.loopP99Ms),
        fmt(server.loopMaxMs),
      ]),
    );
  }
  console.log(
    '\ncpu while driving (server: the child process; bench: this process, client threads included):',
  );
  for (const { label, cpu, clients } of phases)
    console.log(
      `  ${label.padEnd(30)} ${formatShares(cpu)}; client threads ${fmt(clients.cpuSeconds / clients.seconds)} ` +
        `core-s/s; ${SECONDS} s of ticks took ${fmt(clients.seconds)} s to drive and deliver`,
    );
  const [, none, stalled] = phases as [Phase, Phase, Phase];
  const rate = (p: Phase) => p.clients.received / p.clients.readers / p.clients.seconds;
  const deliveryRatio = rate(stalled) / rate(none);
  const p50Ratio = stalled.clients.p50 / none.clients.p50;
  const p99Ratio = stalled.clients.p99 / none.clients.p99;
  const cost = Math.max(1 - deliveryRatio, p50Ratio - 1, p99Ratio - 1, 0);
  console.log(
    `\nwith ${STALLED} clients that stopped reading, the others: delivery rate ${deliveryRatio.toFixed(2)}x, ` +
      `p50 ${p50Ratio.toFixed(2)}x, p99 ${p99Ratio.toFixed(2)}x; dropped as too slow during the run: ${stalled.server.droppedSlow}`,
  );
  const beyond = none.clients.p99 - WINDOW_MS;
  console.log(
    `target: p99 within ${TARGET_BEYOND_WINDOW_MS} ms beyond the window — ${fmt(beyond)} ms: ${beyond <= TARGET_BEYOND_WINDOW_MS ? 'met' : 'MISSED'}`,
  );
  console.log(
    `target: stalled clients cost the others under ${TARGET_STALL_COST * 100} % — ${Math.round(cost * 100)} %: ${cost < TARGET_STALL_COST ? 'met' : 'MISSED'}`,
  );
}

if (process.env.FEED_BENCH_ROLE === 'server') await serve();
else {
  await bench();
  process.exit(0);
}
