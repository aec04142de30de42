import { defineConfig } from 'vitest/config';

/**
 * The pure rule tests that sit beside their modules (no database, no server): what `npm run mutate`
 * runs for each mutant, and a quick run of its own: `npx vitest run -c vitest.unit.config.ts`.
 */
export default defineConfig({
  test: {
    environment: 'node',
    include: [
      'cases/**/*.test.ts', 'engine/**/*.test.ts', 'server/scope/**/*.test.ts', 'catalogues/tags/condition-text.test.ts',
      'tests/cases/**/*.test.ts', 'tests/engine/visibility.test.ts', 'reports/indicator/**/*.test.ts', 'reports/who/**/*.test.ts', 'reports/cases/report-rights.test.ts', 'stock/**/*.test.ts',
      'server/sync/merge.test.ts', 'server/sync/changed-values.test.ts',
    ],
    exclude: ['**/node_modules/**', '**/.data/**'],
    pool: 'forks',
    maxWorkers: 1,
  },
});
