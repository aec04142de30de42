/** `/sys/admin/reports[/:report]` — the administrator reports hub (the reports come with the reports module). */
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import PendingPage from '../pending/PendingPage.tsx';
import { AdminHub } from './AdminHub.tsx';
import { findEntry, REPORT_ENTRIES } from './adminEntries.ts';

export default function AdminReportsPage() {
  const { t } = useTranslation();
  const { report } = useParams();
  const entry = findEntry(REPORT_ENTRIES, report);
  return (
    <AdminHub title={t('ui.admin.reportsTitle')} basePath="/sys/admin/reports" entries={REPORT_ENTRIES} selected={entry} testId="admin-reports">
      {entry ? <PendingPage /> : null}
    </AdminHub>
  );
}
