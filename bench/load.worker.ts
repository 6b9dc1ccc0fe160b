/**
 * One thread of the load generator (load-workers.ts): a client of its own, the scenario module's
 * `send`, and its share of the connections driven for the given seconds once the parent says go.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { drive, httpClient } from './http-load.ts';
import type { ScenarioFactory, WorkerReport, WorkerSetup } from './load-workers.ts';

const setup = workerData as WorkerSetup;
const client = httpClient(setup.port, setup.connections, {
  lean: setup.lean,
  reuseBodies: setup.reuseBodies,
});
const make = ((await import(setup.scenario)) as { default: ScenarioFactory<unknown> }).default;
const scenario = make(client, setup.setup);
parentPort!.once('message', async () => {
  const driven = await drive(
    setup.connections,
    setup.seconds,
    (sequence) => scenario.send(sequence * setup.workers + setup.index),
    scenario.succeeded,
  );
  client.close();
  const latencies = Float64Array.from(driven.latencies);
  const report: WorkerReport = { latencies, ok: driven.ok, failures: [...driven.failures] };
  parentPort!.postMessage(report, [latencies.buffer]);
});
parentPort!.postMessage('ready');
