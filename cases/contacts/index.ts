import type { DomainModule } from '../../server/types.ts';
import { tptActions } from '../tpt/actions.ts';
import { tptHooks } from '../tpt/hooks.ts';
import { seedDemoContacts } from './demo.ts';
import { contactHooks } from './hooks.ts';
import { contactRoutes } from './routes.ts';

/**
 * Contact investigation and TB preventive treatment (WHO DAK processes E): a contact is a
 * person linked to an index case and followed by a unit (`contact.json`), evaluated for TB, and put
 * on a TPT course (`tptcourse.json`, regimens from `tptregimen.json`) whose intake is recorded on the
 * treatment's calendar (`tptadherence.json`). This folder holds the contacts' rules and lists, the
 * unit's contact register and the worklist's contact lists; `../tpt/` the course's rules, actions
 * and calendar. A module of its own after the cases (its case hook — a notified contact keeps the
 * case — runs after theirs), its demo data a seed step after the case register's.
 */
export const contactsModule: DomainModule = {
  name: 'contacts',
  hooks: [contactHooks, tptHooks],
  actions: tptActions,
  seed: seedDemoContacts,
  api: contactRoutes,
};
