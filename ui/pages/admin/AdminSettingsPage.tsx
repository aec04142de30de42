/** `/sys/admin/settings[/:setting]` — workspaces (generic catalogue), system settings, the background jobs and the API reference. */
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CataloguePage } from '../../generic/catalogue/index.ts';
import '../../catalogues/index.ts';
import SysConfigPage from './settings/SysConfigPage.tsx';
import JobsPage from './settings/JobsPage.tsx';
import ApiReferencePage from './settings/ApiReferencePage.tsx';
import { AdminHub } from './AdminHub.tsx';
import { findEntry, SETTINGS_ENTRIES } from './adminEntries.ts';

export default function AdminSettingsPage() {
  const { t } = useTranslation();
  const { setting } = useParams();
  const entry = findEntry(SETTINGS_ENTRIES, setting);
  return (
    <AdminHub title={t('ui.admin.settingsTitle')} basePath="/sys/admin/settings" entries={SETTINGS_ENTRIES} selected={entry} testId="admin-settings" hint="ui.admin.chooseSetting">
      {entry?.table ? (
        <CataloguePage key={entry.table} table={entry.table} permission={entry.permission} />
      ) : entry?.slug === 'sysconfig' ? (
        <SysConfigPage />
      ) : entry?.slug === 'jobs' ? (
        <JobsPage />
      ) : entry?.slug === 'api' ? (
        <ApiReferencePage />
      ) : null}
    </AdminHub>
  );
}
