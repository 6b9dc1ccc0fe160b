/**
 * The slicing shared by the socket pushes and the trade pass: a long run of items is cut into
 * slices with the event loop free in between, a start while a slice waits adds no second run, and
 * finish and stop end it at once.
 */
import { describe, expect, it } from 'vitest';
import { PUSH_SLICE_MS, SlicedRun } from './sliced-run.ts';

/** How long one item holds the thread: a slice takes a few dozen. */
const ITEM_MS = 0.1;

function busyItems(count: number): { done: () => number; run: SlicedRun } {
  let done = 0;
  const run = new SlicedRun(() => {
    if (done >= count) return false;
    const until = performance.now() + ITEM_MS;
    while (performance.now() < until);
    done += 1;
    return true;
  }, 4);
  return { done: () => done, run };
}

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

async function drained(): Promise<void> {
  for (let i = 0; i < 1_000; i++) await nextTurn();
}

describe('SlicedRun', () => {
  it('does a slice now and the rest on later turns, the event loop free in between', async () => {
    const { done, run } = busyItems(500); // 50 ms of work
    run.start();
    const firstSlice = done();
    expect(firstSlice).toBeGreaterThan(0);
    expect(firstSlice).toBeLessThan(500);
    // The slice stops at the first clock check past the budget: a few items past it at most.
    expect(firstSlice).toBeLessThanOrEqual(Math.ceil((PUSH_SLICE_MS * 3) / ITEM_MS));
    let turns = 0;
    while (done() < 500) {
      await nextTurn();
      turns += 1;
    }
    expect(turns).toBeGreaterThan(1);
  });

  it('a start while a slice waits does not run a second slice in the same turn', async () => {
    const { done, run } = busyItems(500);
    run.start();
    const afterFirst = done();
    run.start();
    expect(done()).toBe(afterFirst);
    await drained();
    expect(done()).toBe(500);
  });

  it('finish does everything left at once; stop leaves it undone', async () => {
    const finished = busyItems(300);
    finished.run.start();
    expect(finished.done()).toBeLessThan(300);
    finished.run.finish();
    expect(finished.done()).toBe(300);

    const stopped = busyItems(300);
    stopped.run.start();
    const before = stopped.done();
    stopped.run.stop();
    await drained();
    expect(stopped.done()).toBe(before);
  });
});
