/**
 * Stop cascade: one tick that crosses the stop loss of POSITIONS positions (one per account), from
 * the tick entering the market service to (a) the last close committed (the outcome writer's
 * `persist` promise resolved) and (b) the last FOREX_CLOSED
 * received by the owners' sockets, printed next to a baseline measured in the same run: the same
 * tick through a book of the same size where one stop fires.
 *
 *   npm run bench:cascade      (POSITIONS, RUNS, WARMUP and BENCH_DATABASE_URL override the defaults)
 *
 * The real runtime runs in this process (FEED=none, prices moved through the market service as the
 * feed moves them), on the embedded SQLite in a temporary folder, then on PostgreSQL when one
 * answers at BENCH_DATABASE_URL, in a database created for the run. Sockets run in a worker thread
 * (cascade-sockets.worker.ts), signed in as the owners and subscribed as the phone app is. Every
 * round re-arms the book: the price goes back up, each account opens a 0.01 lot BTC/USD buy whose
 * stop sits 0.2 % under the bid, and the tick drops the bid 0.3 %. The baseline's book holds the
 * same number of positions with stops 5 % away, and one near stop; a deeper tick then clears them.
 * Rounds alternate cascade and baseline, so both see the same machine load.
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import os from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { formatPoints } from '@omp/engine';
import type { AppEvents } from '../apps/server/src/events/event-bus.ts';
import type { TradingRepository } from '../apps/server/src/repositories/trading-repository.ts';
import type { Runtime } from '../apps/server/src/runtime.ts';
import { startInProcessRuntime } from './in-process-runtime.ts';
import { withPostgresDatabase } from './server-process.ts';

const POSITIONS = Number(process.env.POSITIONS ?? 1000);
const RUNS = Number(process.env.RUNS ?? 20);
const WARMUP = Number(process.env.WARMUP ?? 3);
const TARGET_P99_MS = 25;
const NEAR_STOP = 0.998;
const FAR_STOP = 0.95;
const DROP = 0.997;
const CLEAR = 0.94;
const TIMEOUT_MS = 10_000;
/** A folder: each measured cascade round's main-thread CPU profile, tick to last socket message. */
const PROFILE = process.env.PROFILE;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const wallNow = () => performance.timeOrigin + performance.now();

interface Sample {
  engineMs: number;
  commitMs: number;
  socketMs: number;
  /** Main-thread (server) CPU from the tick until the last close was committed. */
  commitCpuMs: number;
  /** Main-thread (server) CPU from the tick until the driver saw the last socket message. */
  serverCpuMs: number;
  /** Main-thread (server) CPU over the tick → last socket message window, as a share of it. */
  serverCpu: number;
  machineCpu: number;
  batches: number;
  /**
   * The longest turn of the event loop from the tick until every close's notification is stored
   * and announced (a 1 ms monitor: its figure is the turn plus up to 1 ms).
   */
  loopMaxMs: number;
}

/** The same messages pushed again with nothing before them. */
interface Floor {
  socketMs: number;
  serverCpuMs: number;
}

interface Owner {
  id: number;
  token: string;
}

function machineBusy(): { busy: number; total: number } {
  let busy = 0;
  let total = 0;
  for (const cpu of os.cpus()) {
    const { user, nice, sys, irq, idle } = cpu.times;
    busy += user + nice + sys + irq;
    total += user + nice + sys + irq + idle;
  }
  return { busy, total };
}

async function waitFor(check: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + TIMEOUT_MS;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

async function runOn(database: string, databaseUrl: string | undefined) {
  const started = await startInProcessRuntime(databaseUrl ? { DATABASE_URL: databaseUrl } : {});
  const runtime: Runtime = started.runtime;
  let worker: Worker | undefined;
  try {
    const { market, trading } = runtime;
    const btc = market.instrumentByCode('BTCUSD');
    if (!btc) throw new Error('BTCUSD is missing from the catalogue');
    const quote = market.currentQuote(btc.id);
    const base = quote?.bid ?? 6_000_000_000;
    const spread = btc.spreadPoints;
    let clock = Date.now();
    const tick = (bid: number) => {
      clock = Math.max(clock + 1, Date.now());
      market.applyTicks([{ code: 'BTCUSD', bid, ask: bid + spread, timeMs: clock }]);
    };
    const price = (ratio: number) => formatPoints(Math.round(base * ratio), btc.pricePrecision);

    // Owners: POSITIONS demo accounts, plus one for the baseline's single near stop.
    const auth = runtime.app.auth;
    const owners: Owner[] = [];
    for (let i = 0; i <= POSITIONS; i++) {
      const { token, user } = await auth.demoLogin(
        `cascade-${process.pid}-${i}`,
        `10.9.${i >> 8}.${i & 255}`,
      );
      owners.push({ id: user.id, token });
    }
    tick(base);
    const open = (owner: Owner, stop: number) =>
      trading.placeOrder({ id: owner.id, isDemo: true }, {
        type: 1,
        cont: '0.01',
        forex_id: btc.id,
        status: 1,
        stop_loss_price: price(stop),
        multiple: trading.board.instrument(btc.id)?.leverageOptions[0],
      } as Parameters<typeof trading.placeOrder>[1]);

    await runtime.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (runtime.app.server.address() as { port: number }).port;
    const closedAt = new Float64Array(new SharedArrayBuffer(8 * owners.length));
    const received = new Int32Array(new SharedArrayBuffer(4));
    worker = new Worker(new URL('./cascade-sockets.worker.ts', import.meta.url), {
      workerData: {
        url: `ws://127.0.0.1:${port}/v1/ws`,
        tokens: owners.map((owner) => owner.token),
        closedAt: closedAt.buffer,
        received: received.buffer,
      },
    });
    await new Promise<void>((resolve, reject) => {
      worker!.on('message', (m: { type: string }) => m.type === 'ready' && resolve());
      worker!.on('error', reject);
    });

    let closedByTick = 0;
    let expectedCloses = 0;
    let commitAt = 0;
    let commitCpu = { user: 0, system: 0 };
    let closedInRun = 0;
    // The outcome writer's promise: the moment `persist` resolves, the transaction is committed
    // and its callers are about to hear it. The repository is the service's own (a private field),
    // wrapped here so the bench reads that moment without a hook in the server.
    const repository = (trading as unknown as { repository: TradingRepository }).repository;
    const persist = repository.persist.bind(repository);
    repository.persist = async (items, fence) => {
      await persist(items, fence);
      for (const item of items)
        for (const outcome of item.outcomes)
          for (const order of outcome.orders) if (order.closeReason === 'stop_loss') closedByTick += 1;
      if (closedByTick < expectedCloses || commitAt) return;
      commitAt = wallNow();
      commitCpu = process.threadCpuUsage();
    };
    /**
     * Each stop's close leaves a notification, written after the commit: the next round starts once
     * they are stored, so it does not measure the previous round's tail.
     */
    const notifications = async () =>
      Number(
        (
          await runtime.database.db
            .selectFrom('notifications')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const notificationsBefore = await notifications();
    const settle = async () => {
      await trading.idle();
      const deadline = Date.now() + TIMEOUT_MS;
      for (;;) {
        const stored = (await notifications()) - notificationsBefore;
        if (stored >= closedInRun || Date.now() > deadline) break;
        await sleep(20);
      }
      await sleep(100); // the opening pushes leave, the trade stream settles
    };

    let profiled = 0;
    const profiler = PROFILE ? new Session() : undefined;
    profiler?.connect();
    await profiler?.post('Profiler.enable');
    await profiler?.post('Profiler.setSamplingInterval', { interval: 100 });

    /** Fires the drop and times it; `expected` stops close; `profile` records the main thread. */
    const fire = async (expected: number, profile = false): Promise<Sample> => {
      await settle();
      if (profile) await profiler?.post('Profiler.start');
      closedAt.fill(0);
      Atomics.store(received, 0, 0);
      closedByTick = 0;
      commitAt = 0;
      expectedCloses = expected;
      const writes = trading.writerStats().batches;
      const cpu = process.threadCpuUsage();
      const machine = machineBusy();
      const loop = monitorEventLoopDelay({ resolution: 1 });
      loop.enable();
      const t0 = wallNow();
      tick(Math.round(base * DROP));
      const engineMs = wallNow() - t0;
      await waitFor(() => commitAt > 0 && Atomics.load(received, 0) >= expected, `${expected} closes`);
      closedInRun += expected;
      const used = process.threadCpuUsage(cpu);
      if (profile && profiler) {
        const { profile: taken } = await profiler.post('Profiler.stop');
        writeFileSync(`${PROFILE}/${database}-${++profiled}.cpuprofile`, JSON.stringify(taken));
      }
      const after = machineBusy();
      const windowMs = wallNow() - t0;
      const serverCpuMs = (used.user + used.system) / 1000;
      const commitCpuMs = (commitCpu.user + commitCpu.system - (cpu.user + cpu.system)) / 1000;
      // What the closes' notifications do to the loop after the phones were told: until stored.
      await settle();
      loop.disable();
      return {
        loopMaxMs: loop.max / 1e6,
        commitCpuMs,
        engineMs,
        commitMs: commitAt - t0,
        socketMs: Math.max(...closedAt) - t0,
        serverCpuMs,
        serverCpu: serverCpuMs / Math.max(windowMs, 0.001),
        machineCpu: (after.busy - machine.busy) / Math.max(after.total - machine.total, 1),
        batches: trading.writerStats().batches - writes,
      };
    };

    const cascade = async (measured: boolean) => {
      tick(base);
      await Promise.all(owners.slice(0, POSITIONS).map((owner) => open(owner, NEAR_STOP)));
      return fire(POSITIONS, measured);
    };
    const baseline = async () => {
      tick(base);
      await Promise.all([
        ...owners.slice(0, POSITIONS - 1).map((owner) => open(owner, FAR_STOP)),
        open(owners[POSITIONS]!, NEAR_STOP),
      ]);
      const sample = await fire(1);
      tick(Math.round(base * CLEAR)); // clears the far stops before the next round
      closedInRun += POSITIONS - 1;
      await settle();
      return sample;
    };

    /**
     * The transport's floor: a cascade's own messages (its commit's `trading_updates`, kept as the
     * bus carried it) announced again with no engine and no SQL before them, to the same sockets.
     * What this takes is the part of the cascade no database or engine change can remove.
     */
    let lastCascadeUpdates: AppEvents['trading_updates'] | undefined;
    const stopKeeping = runtime.events.subscribe('trading_updates', (event) => {
      if (event.updates.length >= POSITIONS) lastCascadeUpdates = event;
    });
    const pushesAlone = async (): Promise<Floor> => {
      await settle();
      if (!lastCascadeUpdates) throw new Error('no cascade was announced');
      closedAt.fill(0);
      Atomics.store(received, 0, 0);
      const cpu = process.threadCpuUsage();
      const t0 = wallNow();
      runtime.events.publish('trading_updates', lastCascadeUpdates);
      await waitFor(() => Atomics.load(received, 0) >= POSITIONS, `${POSITIONS} replayed closes`);
      const used = process.threadCpuUsage(cpu);
      return { socketMs: Math.max(...closedAt) - t0, serverCpuMs: (used.user + used.system) / 1000 };
    };

    const cascades: Sample[] = [];
    const baselines: Sample[] = [];
    const floors: Floor[] = [];
    for (let round = 0; round < WARMUP + RUNS; round++) {
      const c = await cascade(round >= WARMUP);
      const f = await pushesAlone();
      const b = await baseline();
      if (round >= WARMUP) {
        cascades.push(c);
        baselines.push(b);
        floors.push(f);
      }
    }
    stopKeeping();
    return { database, cascades, baselines, floors };
  } finally {
    if (worker) {
      const stopped = new Promise((resolve) => worker!.once('message', resolve));
      worker.postMessage('stop');
      await Promise.race([stopped, sleep(2000)]);
      await worker.terminate();
    }
    await started.stop();
  }
}

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
};
const ms = (n: number) => n.toFixed(1).padStart(7);
const pct = (n: number) => `${Math.round(n * 100)} %`.padStart(6);

console.log(
  `stop cascade: ${POSITIONS} positions, ${RUNS} rounds after ${WARMUP} warm-up, in-process runtime, ` +
    `sockets in a worker thread, ${os.availableParallelism()} cores\n`,
);
const only = process.env.DATABASES?.split(',') ?? ['sqlite', 'postgresql'];
const results = only.includes('sqlite') ? [await runOn('sqlite', undefined)] : [];
const postgres = only.includes('postgresql')
  ? await withPostgresDatabase((url) => runOn('postgresql', url))
  : undefined;
if (postgres) results.push(postgres);

console.log(
  'database    case                    engine p50  commit p50     p99  socket p50     p99  cpu ms to commit  to socket  share  machine  batches  loop max',
);
for (const r of results)
  for (const [label, samples] of [
    ['1 stop fires (baseline)', r.baselines],
    [`${POSITIONS} stops fire`, r.cascades],
  ] as const) {
    const pick = (key: keyof Sample, q: number) =>
      quantile(
        samples.map((s) => s[key]),
        q,
      );
    console.log(
      `${r.database.padEnd(11)} ${label.padEnd(23)} ${ms(pick('engineMs', 0.5))}   ${ms(pick('commitMs', 0.5))} ${ms(pick('commitMs', 0.99))}  ${ms(pick('socketMs', 0.5))} ${ms(pick('socketMs', 0.99))}           ${ms(pick('commitCpuMs', 0.5))}    ${ms(pick('serverCpuMs', 0.5))} ${pct(pick('serverCpu', 0.5))}   ${pct(pick('machineCpu', 0.5))}  ${String(pick('batches', 0.5)).padStart(7)}  ${ms(pick('loopMaxMs', 0.5))}`,
    );
  }
console.log(
  '\nms from the tick entering the market service: engine = the tick call itself (the book held), ' +
    'commit = the last close committed, socket = the last FOREX_CLOSED received. cpu ms: the server ' +
    '(main thread) CPU from the tick to the commit, and until the last message was seen; share: of ' +
    'that window (under 100 %: the thread waited for a core or the disk); machine: ' +
    'all cores busy over it; batches: transactions written; loop max: the longest turn of the event ' +
    'loop from the tick until every notification of the closes was stored and announced. Medians ' +
    'unless marked p99.',
);
for (const r of results) {
  const p99 = quantile(
    r.cascades.map((s) => s.socketMs),
    0.99,
  );
  const ratio =
    p99 /
    quantile(
      r.baselines.map((s) => s.socketMs),
      0.99,
    );
  const floor = (q: number) =>
    quantile(
      r.floors.map((s) => s.socketMs),
      q,
    );
  const floorCpu = quantile(
    r.floors.map((s) => s.serverCpuMs),
    0.5,
  );
  console.log(
    `${r.database}: ${POSITIONS}-stop cascade to the last socket p99 ${p99.toFixed(1)} ms ` +
      `(${ratio.toFixed(1)}x the 1-stop baseline); target ${TARGET_P99_MS} ms: ${p99 <= TARGET_P99_MS ? 'met' : 'MISSED'}\n` +
      `  its ${POSITIONS} messages pushed again alone (no engine, no SQL): last socket p50 ` +
      `${floor(0.5).toFixed(1)} / p99 ${floor(0.99).toFixed(1)} ms, server CPU ${floorCpu.toFixed(1)} ms`,
  );
}
process.exit(0);
