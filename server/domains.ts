import { cataloguesModule } from '../catalogues/index.ts';
import { reportsModule } from '../reports/index.ts';
import { casesModule } from '../cases/index.ts';
import type { DomainModule } from './modules.ts';

/** The domain modules this server runs, in the order their routes and hooks apply. */
export const domainModules: DomainModule[] = [cataloguesModule, casesModule, reportsModule];
