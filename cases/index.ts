import type { DomainModule } from '../server/types.ts';
import { derivedHooksByTable, followupRoutes } from './followups/index.ts';
import { definitionHooks, derivedRefillKind, queueDerivedBackfill } from './followups/definitions.ts';
import { caseNumbering } from './case-number.ts';
import { seedDemoCases } from './demo.ts';
import { caseSearch } from './search.ts';
import { caseActions } from './workflow/index.ts';
import { orphanPatient } from './workflow/orphan-patient.ts';
import { manualTagLinkHooks } from './workflow/tag.ts';
import { sharedPatientIdentity } from './notify/shared-patient.ts';
import { caseDataRoutes } from './case-data/routes.ts';
import { comorbidityAction } from './case-data/comorbidity.ts';
import { caseDataHooks } from './case-data/hooks.ts';
import { caseViewRoutes } from './case-page/routes.ts';
import { notifyRoutes } from './notify/routes.ts';
import { placeRoutes } from './places/routes.ts';
import { issueActions, talkHooks } from './talk/index.ts';
import { treatmentActions } from './treatment/actions.ts';
import { treatmentCaseHooks, treatmentHooks } from './treatment/hooks.ts';
import { caseConsistency } from './workflow/consistency.ts';
import { treatmentRoutes } from './treatment/routes.ts';
import { importRoutes, startImportRunner } from './import/index.ts';

/**
 * The case domain: patients and cases. One folder per part: the case page's calls
 * (`case-page/`), its data tab (`case-data/`), comments and review issues (`talk/`), notification and
 * patient search (`notify/`), lists and places (`places/`), follow-up exams (`followups/`), treatment
 * (`treatment/`), auto tags (`auto-tags/`), the workflow actions (`workflow/`) and importing registers (`import/`).
 */
export const casesModule: DomainModule = {
  name: 'cases',
  search: [caseSearch],
  seed: seedDemoCases,
  // in order: the case's consistency rule before any hook changes it, the treatment's after the case's own
  hooks: [
    { tbcase: caseConsistency },
    { tbcase: caseNumbering, patient: sharedPatientIdentity, workspace: definitionHooks },
    { tbcase: orphanPatient },
    { tbcase: treatmentCaseHooks },
    talkHooks,
    treatmentHooks,
    caseDataHooks,
    manualTagLinkHooks,
  ],
  // the exam tables that feed a case's derived columns (x-derived: latest results, culture conversion)
  hooksFromSchemas: derivedHooksByTable,
  actions: [...caseActions, comorbidityAction, ...issueActions, ...treatmentActions],
  async start(ctx) {
    // recomputing the derived columns over many cases (a switch of WHO definitions, new derived columns): a background job
    ctx.jobs.register(derivedRefillKind);
    await queueDerivedBackfill(ctx);
    // the imports' background work: a loop in every process, resuming what a stopped one left
    startImportRunner(ctx);
  },
  api: (ctx) => [...followupRoutes(ctx), ...caseViewRoutes(ctx), ...caseDataRoutes(ctx), ...notifyRoutes(ctx), ...placeRoutes(ctx), ...importRoutes(ctx), ...treatmentRoutes(ctx)],
};
