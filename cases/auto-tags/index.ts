import type { DomainModule } from '../../server/types.ts';
import { dailyTagsKind, startDailyRefresh } from './daily.ts';
import { caseSubRecordTables, autoTagCaseHooks, patientTagHooks, subRecordTagHooks, tagSaveHooks } from './hooks.ts';

export { refreshCaseTags, refreshTag, refreshWorkspaceTags } from './refresh.ts';
export { runDailyRefresh } from './daily.ts';

/**
 * Automatic tags applied: the tags whose SQL condition holds for a case are linked to it
 * in `casetag`, recomputed after every write of the case (./hooks.ts), over the workspace when a tag
 * is saved, and daily for tags marked so (./daily.ts). A module of its own, listed after the case
 * module (app/domains.ts), so its hooks run after every other hook of the case tables. No route of its own.
 */
export const autoTagsModule: DomainModule = {
  name: 'auto-tags',
  hooks: { tbcase: autoTagCaseHooks, patient: patientTagHooks, tag: tagSaveHooks },
  // the case's sub-record tables, read from the schemas: hooks that read only the row's caseId
  hooksFromSchemas: (registry) => Object.fromEntries(caseSubRecordTables(registry).filter((t) => !['tbcase', 'patient', 'tag'].includes(t)).map((t) => [t, subRecordTagHooks])),
  async start(ctx) {
    ctx.jobs.register(dailyTagsKind);
    startDailyRefresh(ctx);
  },
};
