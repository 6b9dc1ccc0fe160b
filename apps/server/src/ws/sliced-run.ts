/**
 * Work over many items (clients of a push, users of the trade pass) done in slices of a few
 * milliseconds, with the event loop free in between for HTTP requests and ticks. Each item is
 * small, so the clock is read only every few items.
 */

/**
 * A slice stops after this long, so other work gets the event loop in between. A turn of the loop
 * runs one slice of each run under way (the pushes, the trade pass) besides the requests that came
 * meanwhile, so this bounds how late an order's answer or a timer is: with 10,000 sockets and
 * orders together, slices of 4 ms (the clock read every 64 clients) left the loop's p99 at 23 to 24
 * ms, slices of 2 ms (every 16) at 17 to 20, every push still within its window (bench/README.md).
 */
export const PUSH_SLICE_MS = 2;

export class SlicedRun {
  /** Does the next item; false when nothing is left. */
  private readonly doNext: () => boolean;
  private readonly itemsPerClockCheck: number;
  private scheduled: NodeJS.Immediate | undefined;

  constructor(doNext: () => boolean, itemsPerClockCheck: number) {
    this.doNext = doNext;
    this.itemsPerClockCheck = itemsPerClockCheck;
  }

  /**
   * The first slice now, the rest on later turns. With a slice already scheduled nothing runs now:
   * that slice carries on with whatever `doNext` then finds.
   */
  start(): void {
    if (!this.scheduled) this.run(true);
  }

  /** Does everything left at once (on shutdown). */
  finish(): void {
    this.stop();
    this.run(false);
  }

  /** Cancels the scheduled slice; what is left stays undone. */
  stop(): void {
    if (this.scheduled) clearImmediate(this.scheduled);
    this.scheduled = undefined;
  }

  private run(sliced: boolean): void {
    const started = performance.now();
    let done = 0;
    while (this.doNext()) {
      if (sliced && ++done % this.itemsPerClockCheck === 0 && performance.now() - started > PUSH_SLICE_MS) {
        this.scheduled = setImmediate(() => {
          this.scheduled = undefined;
          this.run(true);
        });
        return;
      }
    }
  }
}
