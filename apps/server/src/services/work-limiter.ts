/**
 * A limit on CPU-heavy work in this process: at most `concurrent` jobs run at once and at most
 * `queued` wait for a place; a job beyond both is refused at once (BusyError) rather than piled up.
 *
 * Image re-encoding (upload-service.ts) runs through one: each job keeps a core busy for up to
 * seconds and runs on libuv's thread pool, which database flushes, file access and password
 * hashing share. Without a limit a handful of large uploads took every thread and sign-ins waited
 * for tens of seconds; with one job per core, the rest of the server keeps its threads.
 */
export class BusyError extends Error {
  constructor() {
    super('too much work under way; try again');
  }
}

export interface WorkLimits {
  /** Jobs running at once. */
  concurrent: number;
  /** Jobs waiting for a place; one more is refused. */
  queued: number;
}

export class WorkLimiter {
  private readonly limits: WorkLimits;
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(limits: WorkLimits) {
    if (limits.concurrent < 1 || limits.queued < 0) throw new Error('invalid work limits');
    this.limits = limits;
  }

  /** Runs `job` when a place is free; throws BusyError, without running it, when the queue is full. */
  async run<T>(job: () => Promise<T>): Promise<T> {
    if (this.running >= this.limits.concurrent) {
      if (this.waiting.length >= this.limits.queued) throw new BusyError();
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running++;
    }
    try {
      return await job();
    } finally {
      // The place passes straight to the next job waiting, so `running` never drops below the
      // jobs actually running and a newcomer cannot overtake the queue.
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }

  /** Jobs running and waiting now (for tests and metrics). */
  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }
}
