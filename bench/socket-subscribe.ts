/**
 * Socket subscriptions: what a phone's subscription to the quote list costs the server. A new
 * subscriber gets the current quote of every instrument at once (socket-market-topics.ts), so a
 * reconnecting crowd (a deploy, a network blip) asks for that snapshot thousands of times in a few
 * seconds. Printed next to a baseline of the same run: the same clients subscribing to one
 * instrument's quote, whose snapshot is a single message.
 *
 *   npm run bench:subscribe     (CLIENTS and ROUNDS override the defaults)
 *
 * The real runtime runs in this process (FEED=none, so nothing but the snapshots is pushed), on the
 * embedded SQLite in a temporary folder; the clients run in a worker thread. Each round every
 * client subscribes, the round ends when each has its answer and the whole snapshot, and then every
 * client leaves the topic again (so the next round's subscription sends a snapshot anew). Rounds
 * alternate between the quote list and the one quote, so both see the same machine load. Measured:
 * the server's (main thread's) CPU per subscription, and the wall time until the last client has it.
 */
import os from 'node:os';
import { Worker } from 'node:worker_threads';
import { Topic } from '@omp/protocol';
import { startInProcessRuntime } from './in-process-runtime.ts';

const CLIENTS = Number(process.env.CLIENTS ?? 1000);
const ROUNDS = Number(process.env.ROUNDS ?? 20);
const WARMUP = 3;
const ONE_CODE = 'BTCUSD';

const threadCpuMicros = () => {
  const { user, system } = process.threadCpuUsage();
  return user + system;
};
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const started = await startInProcessRuntime();
const { runtime } = started;
const worker = await (async () => {
  await runtime.app.listen({ port: 0, host: '127.0.0.1' });
  const port = (runtime.app.server.address() as { port: number }).port;
  const w = new Worker(new URL('./subscribe-clients.worker.ts', import.meta.url), {
    workerData: { url: `ws://127.0.0.1:${port}/v1/ws`, clients: CLIENTS },
  });
  await new Promise<void>((resolve, reject) => {
    w.on('message', (m: { type: string; message?: string }) => {
      if (m.type === 'ready') resolve();
      if (m.type === 'error') reject(new Error(m.message));
    });
    w.on('error', reject);
  });
  return w;
})();

const answered = () =>
  new Promise<void>((resolve) => {
    const listener = (m: { type: string }) => {
      if (m.type !== 'done') return;
      worker.off('message', listener);
      resolve();
    };
    worker.on('message', listener);
  });

/** Every client subscribes to `topic` and gets `snapshot` messages after the answer; then leaves. */
async function round(topic: string, snapshot: number): Promise<{ cpuMicros: number; wallMs: number }> {
  const done = answered();
  const cpuBefore = threadCpuMicros();
  const wallBefore = performance.now();
  worker.postMessage({ type: 'sub', topic, framesPerClient: 1 + snapshot });
  await done;
  const sample = { cpuMicros: threadCpuMicros() - cpuBefore, wallMs: performance.now() - wallBefore };
  const left = answered();
  worker.postMessage({ type: 'unsub', topic, framesPerClient: 1 });
  await left;
  return sample;
}

try {
  const listSize = runtime.market.quotations().length;
  const cases = [
    { name: `quote list (${listSize} quotes)`, topic: Topic.dayMarket, snapshot: listSize },
    { name: `one quote (${ONE_CODE})`, topic: `${Topic.dayMarket}.${ONE_CODE}`, snapshot: 1 },
  ];
  const samples = cases.map(() => ({ cpu: [] as number[], wall: [] as number[] }));
  for (let r = 0; r < WARMUP + ROUNDS; r++)
    for (const [at, { topic, snapshot }] of cases.entries()) {
      const { cpuMicros, wallMs } = await round(topic, snapshot);
      if (r < WARMUP) continue;
      samples[at]!.cpu.push(cpuMicros / CLIENTS);
      samples[at]!.wall.push(wallMs);
    }
  console.log(
    `socket subscriptions: ${CLIENTS} clients (one worker thread) subscribe at once, ${ROUNDS} rounds of each case after ${WARMUP} warm-up, ${os.cpus().length} cores\n`,
  );
  console.log('case                          server µs per subscription   ms to the last snapshot');
  for (const [at, { name }] of cases.entries())
    console.log(
      `${name.padEnd(30)}${median(samples[at]!.cpu).toFixed(1).padStart(27)}${median(samples[at]!.wall).toFixed(1).padStart(26)}`,
    );
  const ratio = median(samples[0]!.cpu) / median(samples[1]!.cpu);
  console.log(
    `\nthe quote list's snapshot costs ${ratio.toFixed(2)}x the one quote's (medians of the server thread's CPU per subscription)`,
  );
} finally {
  worker.postMessage({ type: 'stop' });
  await worker.terminate();
  await started.stop();
}
