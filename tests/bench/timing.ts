/** Timing helpers of the latency benchmarks (`bench:query`, `bench:cases`, `bench:treatment`). */

/**
 * Runs `work` `runs` times one after the other and returns each duration in milliseconds.
 * @example const times = await timeIt(() => fetch(url), 60)
 */
export async function timeIt(work: () => Promise<unknown>, runs: number): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await work();
    out.push(performance.now() - t0);
  }
  return out;
}

/**
 * The median and the 95th percentile of durations (nearest rank).
 * @example percentiles([1, 2, 3, 4]) // { p50: 2, p95: 4 }
 */
export function percentiles(times: number[]): { p50: number; p95: number } {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
  return { p50: at(50), p95: at(95) };
}
