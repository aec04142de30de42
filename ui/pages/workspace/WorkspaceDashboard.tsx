/**
 * `/sys/workspace/general/dashboard` — the workspace dashboard. Its indicators (cards with a chart
 * and a table, `POST /api/dashboard/generate`) come with the reports module; until then, a notice.
 */
import { Result } from 'antd';
import { useTranslation } from 'react-i18next';

export function WorkspaceDashboard() {
  const { t } = useTranslation();
  return (
    <Result
      data-testid="workspace-dashboard"
      data-state="pending"
      status="info"
      title={t('ui.workspace.dashboardPending')}
      subTitle={t('ui.workspace.dashboardPendingText')}
    />
  );
}
