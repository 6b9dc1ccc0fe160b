/** Timing shared by the benches: the median of `runs` timed calls after one untimed warm-up. */
export async function median(run: () => Promise<unknown>, runs: number): Promise<number> {
  await run();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  return times.sort((a, b) => a - b)[Math.floor(times.length / 2)]!;
}
