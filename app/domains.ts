import { cataloguesModule } from '../catalogues/index.ts';
import { reportsModule } from '../reports/index.ts';
import { casesModule } from '../cases/index.ts';
import { autoTagsModule } from '../cases/auto-tags/index.ts';
import { contactsModule } from '../cases/contacts/index.ts';
import { stockModule } from '../stock/index.ts';
import type { DomainModule } from '../server/types.ts';

/**
 * The domain modules this platform runs, in the order their routes and hooks apply (the contacts after
 * the cases, their demo a step after the case register's; the automatic tags after both: their hooks
 * recompute a case once every other hook has changed it).
 * @example await startHost(domainModules, { port: 0 })
 */
export const domainModules: DomainModule[] = [cataloguesModule, casesModule, contactsModule, autoTagsModule, reportsModule, stockModule];
