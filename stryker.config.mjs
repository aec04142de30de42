// Mutation testing of the rule modules (`npm run mutate`; README "Mutation testing"). A measurement,
// not part of `npm test`: Stryker plants small bugs in each rule and runs the pure tests beside it
// (vitest.unit.config.ts, only the tests that import the mutated file), one mutant at a time.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.unit.config.ts', related: true },
  // every test of the related files for every mutant: they take milliseconds, and per-test coverage missed some
  coverageAnalysis: 'all',
  // the machine is shared: one test process
  concurrency: 1,
  // the rule modules with pure tests beside them; `npm run mutate -- --mutate <file>` for one
  mutate: [
    'cases/treatment/alert.ts',
    'cases/followups/conversion.ts',
    'cases/followups/month.ts',
    'cases/workflow/transfer-rules.ts',
    'cases/workflow/rules.ts',
    'cases/treatment/adherence.ts',
    'cases/treatment/plan.ts',
    'server/scope/view.ts',
    'engine/permissions.ts',
    'engine/write-permission.ts',
    'engine/option-access.ts',
    'engine/visibility.ts',
    'engine/date-bounds.ts',
    'catalogues/tags/condition-text.ts',
    'reports/indicator/request.ts',
    'reports/indicator/shape.ts',
    'reports/indicator/sql.ts',
    'reports/indicator/cube.ts',
    'reports/indicator/cell.ts',
    'reports/who/definition.ts',
    'reports/who/quarter.ts',
    'reports/who/sql.ts',
    'stock/forecast.ts',
    'stock/treatment-due.ts',
    'stock/planning.ts',
    'stock/ledger-dates.ts',
    'stock/count-lines.ts',
    'server/sync/merge.ts',
    'server/feed/changed-values.ts',
  ],
  // the sandbox copies only what the rules and their tests need
  ignorePatterns: ['/*', '!/cases', '!/catalogues', '!/engine', '!/server', '!/reports', '!/stock', '!/schemas', '!/package.json', '!/tsconfig.json', '!/vitest.unit.config.ts', '!/tests', '/tests/browser', '/tests/bench'],
  reporters: ['clear-text', 'progress', 'html'],
  htmlReporter: { fileName: 'reports/mutation/index.html' },
  clearTextReporter: { allowColor: false, logTests: false, reportScoreTable: true, reportMutants: true },
  thresholds: { high: 90, low: 85, break: null },
  tempDirName: '.stryker-tmp',
  timeoutMS: 10_000,
};
