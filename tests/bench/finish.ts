import type { Server } from '../setup/postgres.ts';

/**
 * Ends a benchmark: runs `close` in order (pools, servers, browsers: what it opened), stops its
 * throwaway PostgreSQL (none when it ran on `BENCH_DATABASE_URL`) and exits with `code`. Stopping
 * PostgreSQL ends the pools' idle connections with 57P01 (terminated by the administrator), which
 * surfaces as an uncaught error after the figures: that one is not a failure here, any other is.
 * @example await finishBench(postgres, [() => pool.end(), () => server.close()]);
 */
export async function finishBench(postgres: Server | undefined, close: (() => unknown)[] = [], code = 0): Promise<never> {
  process.on('uncaughtException', (e: { code?: string }) => {
    if (e?.code !== '57P01') throw e;
  });
  for (const c of close) await c();
  await postgres?.stop();
  process.exit(code);
}
