/**
 * `/sys/admin/reports[/:report]` — the administrator reports hub: the sidebar of the reports the
 * user may open (each with its permission) and the chosen report, loaded on demand from
 * `ui/admin/reports/`.
 */
import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { Alert } from 'antd';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { reportScreens, type ReportSlug } from '../../admin/reports/index.ts';
import { WaitIcon } from '../../generic/WaitIcon.tsx';
import { hasPermission, useSession } from '../../session/index.ts';
import { AdminHub } from './AdminHub.tsx';
import { findEntry, REPORT_ENTRIES } from './adminEntries.ts';

type Loader = () => Promise<{ default: ComponentType }>;
const screens: Partial<Record<string, LazyExoticComponent<ComponentType>>> = Object.fromEntries(
  Object.entries(reportScreens as Record<ReportSlug, Loader>).map(([slug, load]) => [slug, lazy(load)]),
);

/** What limits the reader's reports (the server applies it: reports/admin/scope.ts), or nothing for a workspace-wide view. */
function scopeNotice(session: ReturnType<typeof useSession>): { key: string; name: string } | undefined {
  if (session.administrator || session.view === 'WORKSPACE') return undefined;
  if (session.view === 'ADMINUNIT' && session.adminUnitName) return { key: 'ADMINUNIT', name: session.adminUnitName };
  if (session.unitName) return { key: 'UNIT', name: session.unitName };
  return undefined;
}

export default function AdminReportsPage() {
  const { t } = useTranslation();
  const session = useSession();
  const { report } = useParams();
  const entry = findEntry(REPORT_ENTRIES, report);
  const Screen = entry && hasPermission(session, entry.permission) ? screens[entry.slug] : undefined;
  const scope = scopeNotice(session);
  return (
    <AdminHub title={t('ui.admin.reportsTitle')} basePath="/sys/admin/reports" entries={REPORT_ENTRIES} selected={entry} testId="admin-reports" hint="ui.admin.chooseReport">
      {Screen && scope && (
        <Alert type="info" showIcon data-testid="report-scope" style={{ marginBottom: 12 }} title={t(`ui.admin.reportScope.${scope.key}`, { name: scope.name })} />
      )}
      {Screen ? (
        <Suspense fallback={<WaitIcon />}>
          <Screen key={entry!.slug} />
        </Suspense>
      ) : null}
    </AdminHub>
  );
}
