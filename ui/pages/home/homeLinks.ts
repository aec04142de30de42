/** The links the home page offers, each with the condition that shows it. */
import type { Session } from '../../api/index.ts';
import { hasPermission, showsAdminMenu } from '../../session/index.ts';

export interface HomeLink {
  key: string;
  to: string;
  /** i18n key of the label. */
  label: string;
  labelArgs?: Record<string, string>;
}

export function homeLinks(session: Session): HomeLink[] {
  const links: HomeLink[] = [{ key: 'workspace', to: '/sys/workspace', label: 'ui.home.workspacePage' }];
  if (session.adminUnitId) {
    links.push({ key: 'adminunit', to: `/sys/adminunit?id=${encodeURIComponent(session.adminUnitId)}`, label: 'ui.home.adminUnitPage' });
  }
  if (session.unitId) {
    links.push({
      key: 'unit',
      to: `/sys/unit?id=${encodeURIComponent(session.unitId)}`,
      label: 'ui.home.unitPage',
      labelArgs: { name: session.unitName ?? '' },
    });
  }
  // importing a register: on the server, not on an offline client
  if (!session.clientMode && hasPermission(session, 'CASE_IMPORT')) links.push({ key: 'import', to: '/sys/import', label: 'ui.home.importPage' });
  // the numbers for DHIS2: on the server, not on an offline client
  if (!session.clientMode && hasPermission(session, 'DHIS_EXPORT')) links.push({ key: 'dhis2', to: '/sys/dhis2', label: 'ui.home.dhis2Page' });
  if (showsAdminMenu(session)) {
    links.push(
      { key: 'tables', to: '/sys/admin/tables', label: 'ui.toolbar.tables' },
      { key: 'reports', to: '/sys/admin/reports', label: 'ui.toolbar.reports' },
      { key: 'settings', to: '/sys/admin/settings', label: 'ui.toolbar.settings' },
    );
  }
  if (session.clientMode) links.push({ key: 'sync', to: '/sys/sync', label: 'ui.toolbar.sync' });
  links.push(
    { key: 'usersettings', to: '/sys/user/settings', label: 'ui.toolbar.userSettings' },
    { key: 'changepassword', to: '/sys/user/changepassword', label: 'ui.toolbar.changePassword' },
  );
  return links;
}
