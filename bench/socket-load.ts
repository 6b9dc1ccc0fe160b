/**
 * What the socket benches share: many phone-like socket clients spread over worker threads
 * (socket-clients.worker.ts), their latencies merged, and the CPU shares of a measured window.
 *
 * A phone subscribes to the quote list and one chart (apps/web: live-quotes-feed.ts subscribes
 * DAY_MARKET, candle-chart.tsx `KLINE.<Code>.<period>`); `phoneTopics` spreads the charts over the
 * instruments.
 */
import os from 'node:os';
import { Worker } from 'node:worker_threads';
import { machineTicks, processCpuSeconds } from './http-load.ts';

export interface PriceScale {
  base: number;
  scale: number;
}

export interface ClientPoolOptions {
  url: string;
  clients: number;
  workers: number;
  topicsOf: (index: number) => string[];
  prices?: Record<string, PriceScale>;
  /** Pushes of every n-th client are timed; the others count theirs. */
  measureEvery?: number;
  /** Clients that stop reading once recording starts, spread over the workers. */
  stalled?: number;
  sendTimes: SharedArrayBuffer;
  pingMs?: number;
}

export interface PoolResult {
  /** Pushes received by the clients that read. */
  received: number;
  readers: number;
  samples: number;
  p50: number;
  p99: number;
  max: number;
  /** CPU seconds the client threads used while recording. */
  cpuSeconds: number;
  /** How long it recorded. */
  seconds: number;
}

interface WorkerResult {
  type: 'result';
  received: number;
  readers: number;
  samples: Float64Array;
  cpuSeconds: number;
}

/** The quote list and one chart (of the 1-minute bars), the chart's instrument by turn. */
export const phoneTopics =
  (codes: readonly string[], period = '1M') =>
  (index: number): string[] => ['DAY_MARKET', `KLINE.${codes[index % codes.length]}.${period}`];

const share = (total: number, parts: number, i: number) =>
  Math.floor((total * (i + 1)) / parts) - Math.floor((total * i) / parts);

export function startClientPool(options: ClientPoolOptions) {
  let first = 0;
  const workers = Array.from({ length: options.workers }, (_, i) => {
    const clients = share(options.clients, options.workers, i);
    const topics = Array.from({ length: clients }, (_, k) => options.topicsOf(first + k));
    first += clients;
    return new Worker(new URL('./socket-clients.worker.ts', import.meta.url), {
      workerData: {
        url: options.url,
        clients,
        subscribe: null,
        topics,
        prices: options.prices,
        stalled: share(options.stalled ?? 0, options.workers, i),
        measureEvery: options.measureEvery ?? 1,
        sendTimes: options.sendTimes,
        base: 0,
        scale: 1,
        pingMs: options.pingMs,
      },
    });
  });
  const next = <T>(worker: Worker, type: string) =>
    new Promise<T>((resolve, reject) => {
      const listener = (m: { type: string } & T) => {
        if (m.type !== type) return;
        worker.off('message', listener);
        resolve(m);
      };
      worker.on('message', listener);
      worker.once('error', reject);
    });
  const ready = Promise.all(workers.map((w) => next<unknown>(w, 'ready'))).then(() => undefined);
  let recordedAt = performance.now();
  const record = () => {
    recordedAt = performance.now();
    for (const worker of workers) worker.postMessage('record');
  };
  /** Stops recording, merges the workers' figures and ends the clients. */
  const result = async (): Promise<PoolResult> => {
    const seconds = (performance.now() - recordedAt) / 1000;
    const results = await Promise.all(
      workers.map((worker) => {
        const answer = next<WorkerResult>(worker, 'result');
        worker.postMessage('stop');
        return answer;
      }),
    );
    await Promise.all(workers.map((worker) => worker.terminate()));
    const all = new Float64Array(results.reduce((sum, r) => sum + r.samples.length, 0));
    let offset = 0;
    for (const r of results) {
      all.set(r.samples, offset);
      offset += r.samples.length;
    }
    all.sort();
    const at = (q: number) => all[Math.min(all.length - 1, Math.floor(q * all.length))] ?? NaN;
    return {
      received: results.reduce((sum, r) => sum + r.received, 0),
      readers: results.reduce((sum, r) => sum + r.readers, 0),
      samples: all.length,
      p50: at(0.5),
      p99: at(0.99),
      max: all.length > 0 ? all[all.length - 1]! : NaN,
      cpuSeconds: results.reduce((sum, r) => sum + r.cpuSeconds, 0),
      seconds,
    };
  };
  return { ready, record, result };
}

export interface CpuShares {
  /** Of one core. */
  server: number | undefined;
  /** Of one core: this whole process (its client threads included). */
  bench: number;
  /** Of all the machine's cores. */
  machine: number | undefined;
}

/** Starts measuring CPU; the returned function gives the shares since. */
export function cpuWindow(serverPid: number | undefined): () => CpuShares {
  const server = processCpuSeconds(serverPid);
  const machine = machineTicks();
  const bench = process.cpuUsage();
  const started = performance.now();
  return () => {
    const elapsed = (performance.now() - started) / 1000;
    const serverAfter = processCpuSeconds(serverPid);
    const machineAfter = machineTicks();
    const benchUsed = process.cpuUsage(bench);
    return {
      server:
        server === undefined || serverAfter === undefined ? undefined : (serverAfter - server) / elapsed,
      bench: (benchUsed.user + benchUsed.system) / 1e6 / elapsed,
      machine:
        machine && machineAfter
          ? (machineAfter.busy - machine.busy) / (machineAfter.total - machine.total)
          : undefined,
    };
  };
}

const percent = (n: number | undefined) => (n === undefined ? 'n/a' : `${Math.round(n * 100)} %`);

export function formatShares(cpu: CpuShares): string {
  return `server ${percent(cpu.server)} of a core, bench ${percent(cpu.bench)}, machine ${percent(cpu.machine)} of ${os.availableParallelism()} cores`;
}
