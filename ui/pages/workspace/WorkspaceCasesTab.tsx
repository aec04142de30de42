/** `/sys/workspace/cases` — the workspace's cases come with the case module (document 2); until then, a notice. */
import { Result } from 'antd';
import { useTranslation } from 'react-i18next';

export function WorkspaceCasesTab() {
  const { t } = useTranslation();
  return <Result data-testid="workspace-cases" status="info" title={t('ui.workspace.casesPending')} subTitle={t('ui.workspace.casesPendingText')} />;
}
