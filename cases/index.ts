import type { DomainModule } from '../server/modules.ts';
import { caseSearch } from './search.ts';

/** The case domain: patients and cases (seed 001). Today its global-search hits; the registry next. */
export const casesModule: DomainModule = {
  name: 'cases',
  search: [caseSearch],
};
