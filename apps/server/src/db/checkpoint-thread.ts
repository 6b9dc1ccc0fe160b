/**
 * Runs the embedded database's checkpoints on a worker thread (checkpoint-worker.ts) instead of
 * the event loop. Copying a 4 MiB WAL into the database file and emptying the WAL took 4-5 ms of
 * the loop every few hundred orders under load (3 % of the server's CPU in the order bench), and
 * sockets, ticks and requests that need no database stood still meanwhile. Writers and readers
 * still wait for it (it runs while the connection is held, sqlite-durability.ts), so the order of
 * the copy, the flushes and the emptying is what it was.
 *
 * The worker is started ahead of the first checkpoint (`prepare`, once the WAL is half way there:
 * most databases of a test run never need one, and a start costs about 0.2 s) and stays. Should it
 * fail to start or die, that checkpoint runs on the loop as before, and the next starts a new one.
 */
import { Worker } from 'node:worker_threads';
import type { CheckpointAnswer, CheckpointMode, CheckpointRequest } from './checkpoint-worker.ts';

interface Waiter {
  resolve: () => void;
  reject: (error: Error) => void;
}

/** A started worker, the checkpoints it was asked for, and its end. */
interface Running {
  worker: Worker;
  waiting: Map<number, Waiter>;
  exited: Promise<void>;
}

export class CheckpointThread {
  private running: Running | undefined;
  private nextId = 0;
  private readonly file: string;
  /** Checkpoints run by the worker and (its fallback) on the loop: tests read them. */
  readonly checkpoints = { offLoop: 0, onLoop: 0 };

  constructor(file: string) {
    this.file = file;
  }

  /** Starts the worker unless it runs: the first checkpoint then need not wait for its start. */
  prepare(): void {
    this.running ??= this.start();
  }

  /** Runs a checkpoint in the worker, or with `onLoop` when the worker cannot. */
  async run(mode: CheckpointMode, onLoop: () => void): Promise<void> {
    try {
      await this.ask(mode);
      this.checkpoints.offLoop += 1;
    } catch {
      onLoop();
      this.checkpoints.onLoop += 1;
    }
  }

  /** Ends the worker's connection and the worker (before the main connection closes). */
  async close(): Promise<void> {
    const running = this.running;
    this.running = undefined;
    if (!running) return;
    // Kept alive until the worker has closed its connection, even by a process with nothing else.
    running.worker.ref();
    running.worker.postMessage({ kind: 'close' } satisfies CheckpointRequest);
    await running.exited;
  }

  private ask(mode: CheckpointMode): Promise<void> {
    const running = (this.running ??= this.start());
    const id = ++this.nextId;
    return new Promise((resolve, reject) => {
      running.waiting.set(id, { resolve, reject });
      running.worker.postMessage({ kind: 'checkpoint', id, mode } satisfies CheckpointRequest);
    });
  }

  private start(): Running {
    const worker = new Worker(new URL('./checkpoint-worker.ts', import.meta.url), {
      workerData: { file: this.file },
    });
    // An idle worker must not keep the process alive once everything else has stopped.
    worker.unref();
    const running: Running = {
      worker,
      waiting: new Map(),
      exited: new Promise((resolve) => worker.once('exit', () => resolve())),
    };
    worker.on('message', (answer: CheckpointAnswer) => {
      const waiter = running.waiting.get(answer.id);
      running.waiting.delete(answer.id);
      if (answer.error === undefined) waiter?.resolve();
      else waiter?.reject(new Error(answer.error));
    });
    // Only this worker's checkpoints fail with it; the next one starts another worker.
    const gone = (error: Error) => {
      if (this.running === running) this.running = undefined;
      for (const waiter of running.waiting.values()) waiter.reject(error);
      running.waiting.clear();
    };
    worker.on('error', gone);
    worker.on('exit', () => gone(new Error('the checkpoint worker stopped')));
    return running;
  }
}
