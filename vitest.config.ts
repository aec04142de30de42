import { defineConfig } from 'vitest/config';
import { SlowestFirstSequencer } from './tests/setup/slowest-first.ts';

export default defineConfig({
  test: {
    environment: 'node',
    include: [
      'tests/**/*.test.ts', 'engine/**/*.test.ts', 'server/**/*.test.ts', 'cases/**/*.test.ts',
      'catalogues/**/*.test.ts', 'reports/**/*.test.ts', 'stock/**/*.test.ts', 'ui/**/*.test.ts',
    ],
    exclude: ['**/node_modules/**', '**/.data/**'],
    // One throwaway PostgreSQL for the run; each test file creates its own database on it.
    globalSetup: ['tests/setup/global-pg.ts'],
    // the servers the tests start in their own processes log warnings and errors, not a line per request
    env: { TB_LOG_LEVEL: process.env.TB_LOG_LEVEL ?? 'warn' },
    testTimeout: 60_000,
    hookTimeout: 120_000,
    teardownTimeout: 60_000,
    // Forks isolate native modules (argon2, pg) per file; CI has 2 cores.
    pool: 'forks',
    maxWorkers: 2,
    // A worker runs its files one after another in one module graph: each file starts its own server
    // on its own database (no shared rows), and importing the product once per worker instead of
    // once per file saves ~2 s a file (a third of the suite's time). No test mocks modules or
    // patches globals that a later file could inherit.
    isolate: false,
    // the slowest files start first on a clean clone too (CI), so no minute-long file is left for the end
    sequence: { sequencer: SlowestFirstSequencer },
    // `vitest run` exits 1 on any failed test or unhandled error; keep those defaults explicit.
    passWithNoTests: false,
    dangerouslyIgnoreUnhandledErrors: false,
  },
});
