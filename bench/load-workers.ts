/**
 * The load generator spread over worker threads, each with its share of the connections and a
 * client of its own, so one event loop's work per answer (reading 80 KB, checking it) does not cap
 * what the benches can measure. What each worker sends is a scenario module's: its default export
 * makes the `send` of one worker from that worker's client and the bench's setup (plain data).
 * CPU is measured over the whole process, every worker included (measured in http-load.ts).
 */
import { Worker } from 'node:worker_threads';
import {
  measured,
  type Driven,
  type HttpClient,
  type LoadResult,
  type Send,
  type Succeeded,
} from './http-load.ts';

/** What a scenario module's default export makes for each worker. */
export interface LoadScenario {
  /** `sequence` runs over every worker's requests without repeats (worker i sends i, i + workers, …). */
  send: Send;
  succeeded?: Succeeded;
}

export type ScenarioFactory<Setup> = (client: HttpClient, setup: Setup) => LoadScenario;

/** What the parent gives each worker (load.worker.ts). */
export interface WorkerSetup {
  port: number;
  connections: number;
  seconds: number;
  lean: boolean;
  reuseBodies: boolean;
  scenario: string;
  setup: unknown;
  index: number;
  workers: number;
}

/** What a worker reports once its time is up. */
export interface WorkerReport {
  latencies: Float64Array;
  ok: number;
  failures: Array<[string, number]>;
}

function started(setup: WorkerSetup): {
  ready: Promise<Worker>;
  report: (worker: Worker) => Promise<WorkerReport>;
} {
  const worker = new Worker(new URL('./load.worker.ts', import.meta.url), { workerData: setup });
  const failed = new Promise<never>((_, reject) => {
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`a load worker exited with code ${code}`)));
  });
  failed.catch(() => undefined);
  const next = <T>() => Promise.race([new Promise<T>((resolve) => worker.once('message', resolve)), failed]);
  return {
    ready: next<'ready'>().then(() => worker),
    report: async (w) => {
      const report = next<WorkerReport>();
      w.postMessage('go');
      return report;
    },
  };
}

/**
 * Keeps `connections` requests in flight for `seconds`, spread over `workers` threads, each
 * sending what `scenario` (a module's URL) makes of `setup`; measured as `load` measures.
 */
export async function loadInWorkers<Setup>(options: {
  workers: number;
  connections: number;
  seconds: number;
  port: number;
  scenario: URL;
  setup: Setup;
  lean?: boolean;
  /** The scenario reads each body before its next request on the connection (LeanOptions). */
  reuseBodies?: boolean;
  serverPid?: number | undefined;
}): Promise<LoadResult> {
  const { workers, connections } = options;
  const shares = Array.from(
    { length: workers },
    (_, i) => Math.floor(connections / workers) + (i < connections % workers ? 1 : 0),
  ).filter((share) => share > 0);
  const threads = shares.map((share, index) =>
    started({
      port: options.port,
      connections: share,
      seconds: options.seconds,
      lean: options.lean ?? true,
      reuseBodies: options.reuseBodies ?? false,
      scenario: options.scenario.href,
      setup: options.setup,
      index,
      workers: shares.length,
    }),
  );
  const ready = await Promise.all(threads.map((thread) => thread.ready));
  try {
    return await measured(options.serverPid, ready.length, async (): Promise<Driven> => {
      const reports = await Promise.all(threads.map((thread, i) => thread.report(ready[i]!)));
      const failures = new Map<string, number>();
      for (const report of reports)
        for (const [failure, times] of report.failures)
          failures.set(failure, (failures.get(failure) ?? 0) + times);
      return {
        latencies: reports.flatMap((report) => Array.from(report.latencies)),
        ok: reports.reduce((sum, report) => sum + report.ok, 0),
        failures,
      };
    });
  } finally {
    await Promise.all(ready.map((worker) => worker.terminate()));
  }
}
