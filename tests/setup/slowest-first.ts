// The order the test files start in. The suite's time on 2 workers is about the sum of the files'
// times over 2, plus the tail: whatever a worker still runs after the other has run out of files.
// Vitest starts the files that took longest in its last run first (its results cache under
// node_modules/.vite), which keeps that tail short — but a clean clone (CI) has no cache, and then
// vitest orders by file size, which started tests/ops/backup-restore (a minute) as the 97th file
// and tests/ops/production-install (half a minute) as the 154th. Without a cached duration for
// every file, the files listed here start first, in this order (the mean of three full runs of
// 2026-11-29, slowest first); the others follow in vitest's own order. A file missing from the list
// only starts later: it still runs.
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Files of over ~9 s in a full run, slowest first (paths from the repository root). */
export const SLOWEST_FILES = [
  'tests/api/sync-client-process.test.ts', 'tests/browser/stock.test.ts', 'tests/ops/backup-restore.test.ts',
  'tests/api/sync-client-setup.test.ts', 'tests/browser/case-reports.test.ts', 'tests/browser/accessibility.test.ts',
  'tests/api/fuzz.test.ts', 'tests/browser/contacts.test.ts', 'tests/ops/production-install.test.ts',
  'tests/browser/catalogue.test.ts', 'tests/ops/client-restore.test.ts', 'tests/browser/case-treatment.test.ts',
  'tests/browser/accessibility-layout.test.ts', 'tests/ops/jobs-process.test.ts', 'tests/browser/sync-client.test.ts',
  'tests/api/tbl-errors.test.ts', 'tests/api/import-saved-cancel.test.ts', 'tests/browser/dates-and-text.test.ts',
  'tests/browser/shell.test.ts', 'tests/browser/case-followups.test.ts', 'tests/browser/case-workflow.test.ts',
  'tests/api/tags-hostile.test.ts', 'tests/api/tags-pglite.test.ts', 'tests/browser/case-data.test.ts',
  'tests/browser/case-notify.test.ts', 'tests/api/authz-matrix.test.ts', 'tests/browser/screens.test.ts',
  'tests/api/every-write.test.ts', 'tests/api/sync-client-auto.test.ts', 'tests/ops/graceful-restart.test.ts',
  'tests/browser/jobs.test.ts', 'tests/browser/places.test.ts', 'tests/engine/add-field.test.ts',
  'tests/api/sync-client.test.ts', 'cases/import/files/read-file.test.ts', 'tests/browser/reports.test.ts',
  'tests/api/tags-nonsuperuser.test.ts', 'tests/browser/admin-users.test.ts', 'tests/browser/admin-catalogues.test.ts',
  'tests/browser/import.test.ts', 'tests/browser/table-rows.test.ts', 'tests/browser/admin-settings.test.ts',
  'tests/browser/admin-units.test.ts', 'tests/browser/case-talk.test.ts', 'tests/api/demo-register.test.ts',
  'tests/browser/declared-exam.test.ts', 'tests/browser/sync-client-setup.test.ts', 'tests/browser/advanced-search.test.ts',
  'tests/browser/sync.test.ts', 'tests/browser/case-doctor.test.ts',
];

/**
 * Orders `files` as vitest's own order `base` does when `cached` (every file has a duration from an
 * earlier run), else with {@link SLOWEST_FILES} first in their listed order, the rest in `base` order.
 * @example slowestFirst(['/r/tests/a.test.ts', '/r/tests/api/fuzz.test.ts'], '/r', false) // fuzz first
 */
export function slowestFirst(base: string[], root: string, cached: boolean): string[] {
  if (cached) return base;
  const rank = (file: string) => {
    const i = SLOWEST_FILES.indexOf(relative(root, file).split('\\').join('/'));
    return i < 0 ? SLOWEST_FILES.length : i;
  };
  return base
    .map((file, i) => ({ file, i, r: rank(file) }))
    .sort((a, b) => a.r - b.r || a.i - b.i)
    .map((x) => x.file);
}

/** Vitest's sequencer with {@link slowestFirst}: `sequence: { sequencer: SlowestFirstSequencer }`. */
export class SlowestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const base = await super.sort(files);
    const cached = files.every((f) => this.ctx.cache.getTestSpecificationResult(f));
    const byId = new Map(base.map((f) => [f.moduleId, f]));
    return slowestFirst(base.map((f) => f.moduleId), this.ctx.config.root, cached).map((id) => byId.get(id)!);
  }
}
