/**
 * Per-table additions to the generic catalogue screen (what the schemas cannot say), registered
 * by table name: the admin-unit tree (its own view, loaded on demand), the users' extra menu and
 * the population's import from a file.
 * Import this module once before drawing a catalogue.
 */
import { lazy } from 'react';
import { registerCatalogueExtension } from '../generic/catalogue/index.ts';
import { UserActions } from './userws/UserActions.tsx';
import { PopulationImport } from './population/PopulationImport.tsx';

registerCatalogueExtension('adminunit', { view: lazy(() => import('./adminunit/AdminUnitsView.tsx')) });
// a new user is mailed how to log in (catalogues/users/welcome-mail.ts): the administrator is told
registerCatalogueExtension('userws', { cardActions: UserActions, createdMessage: 'ui.users.welcomeSent' });
// the population by area and year from a CSV or XLSX file (the notification rate's denominator)
registerCatalogueExtension('population', { listActions: PopulationImport });
