import type { DomainModule } from '../server/modules.ts';
import { followupRoutes } from './followups/index.ts';
import { caseNumbering } from './case-number.ts';
import { caseSearch } from './search.ts';
import { caseActions } from './workflow/index.ts';

/** The case domain: patients and cases (seed 001). Its global-search hits and a case's follow-up exams (`followups/`); the registry next. */
export const casesModule: DomainModule = {
  name: 'cases',
  search: [caseSearch],
  hooks: { tbcase: caseNumbering },
  actions: caseActions,
  routes(app, ctx) {
    followupRoutes(app, ctx);
  },
};
