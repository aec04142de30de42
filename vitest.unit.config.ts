import { defineConfig } from 'vitest/config';

/**
 * The rule tests that sit beside their modules (no server; the report queries count hand-built rows
 * in a database of their own on the run's PostgreSQL: `tests/helpers/analytic-db.ts`): what `npm run
 * mutate` runs for each mutant, and a quick run of its own: `npx vitest run -c vitest.unit.config.ts`.
 * The PostgreSQL is started once per run (`TEST_DATABASE_URL` to use one already running).
 */
export default defineConfig({
  test: {
    environment: 'node',
    include: [
      'cases/**/*.test.ts', 'engine/**/*.test.ts', 'server/scope/**/*.test.ts', 'catalogues/tags/condition-text.test.ts',
      'tests/cases/**/*.test.ts', 'tests/engine/visibility.test.ts', 'tests/engine/condition-holds.test.ts', 'reports/condition-sql.test.ts', 'reports/indicator/**/*.test.ts', 'reports/who/**/*.test.ts', 'reports/cases/report-rights.test.ts', 'stock/**/*.test.ts',
      'server/sync/merge.test.ts', 'server/feed/changed-values.test.ts',
    ],
    exclude: ['**/node_modules/**', '**/.data/**'],
    globalSetup: ['tests/setup/global-pg.ts'],
    pool: 'forks',
    maxWorkers: 1,
  },
});
