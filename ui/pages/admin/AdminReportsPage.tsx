/**
 * `/sys/admin/reports[/:report]` — the administrator reports hub: the sidebar of the reports the
 * user may open (each with its permission) and the chosen report, loaded on demand from
 * `ui/admin/reports/`.
 */
import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { reportScreens, type ReportSlug } from '../../admin/reports/index.ts';
import { WaitIcon } from '../../generic/WaitIcon.tsx';
import { hasPermission, useSession } from '../../session/index.ts';
import PendingPage from '../pending/PendingPage.tsx';
import { AdminHub } from './AdminHub.tsx';
import { findEntry, REPORT_ENTRIES } from './adminEntries.ts';

type Loader = () => Promise<{ default: ComponentType }>;
const screens: Partial<Record<string, LazyExoticComponent<ComponentType>>> = Object.fromEntries(
  Object.entries(reportScreens as Record<ReportSlug, Loader>).map(([slug, load]) => [slug, lazy(load)]),
);

export default function AdminReportsPage() {
  const { t } = useTranslation();
  const session = useSession();
  const { report } = useParams();
  const entry = findEntry(REPORT_ENTRIES, report);
  const Screen = entry && hasPermission(session, entry.permission) ? screens[entry.slug] : undefined;
  return (
    <AdminHub title={t('ui.admin.reportsTitle')} basePath="/sys/admin/reports" entries={REPORT_ENTRIES} selected={entry} testId="admin-reports">
      {Screen ? (
        <Suspense fallback={<WaitIcon />}>
          <Screen key={entry!.slug} />
        </Suspense>
      ) : entry ? (
        <PendingPage />
      ) : null}
    </AdminHub>
  );
}
