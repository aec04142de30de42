/**
 * `/sys/workspace/*` — the workspace area: titled with the session's workspace
 * name, tabs `general` (default: dashboard, TB institutions, settings), `cases` (document 2) and
 * `who` (the WHO quarterly forms: ../../who/WhoForms.tsx), `indicators` (WHO's TB indicators:
 * ../../dak/WhoIndicators.tsx).
 */
import { Tabs } from 'antd';
import { Navigate, Route, Routes, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../session/index.ts';
import { WorkspaceCasesTab } from './WorkspaceCasesTab.tsx';
import { WorkspaceGeneral } from './WorkspaceGeneral.tsx';
import { PageTitle } from '../../generic/PageTitle.tsx';
import { WhoForms } from '../../who/WhoForms.tsx';
import { WhoIndicators } from '../../dak/WhoIndicators.tsx';

const BASE = '/sys/workspace';
const TABS = ['general', 'cases', 'who', 'indicators'] as const;

export default function WorkspacePage() {
  const { t } = useTranslation();
  const session = useSession();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const active = TABS.find((k) => pathname.startsWith(`${BASE}/${k}`)) ?? 'general';

  return (
    <div data-testid="workspace-page">
      <PageTitle data-testid="workspace-title">
        {session.workspaceName}
      </PageTitle>
      <Tabs
        data-testid="workspace-tabs"
        activeKey={active}
        onChange={(key) => navigate(`${BASE}/${key}`)}
        items={TABS.map((k) => ({ key: k, label: <span data-testid={`workspace-tab-${k}`}>{t(`ui.workspace.tabs.${k}`)}</span> }))}
      />
      <Routes>
        <Route index element={<Navigate to={`${BASE}/general`} replace />} />
        <Route path="general/*" element={<WorkspaceGeneral />} />
        <Route path="cases/*" element={<WorkspaceCasesTab />} />
        <Route path="who" element={<WhoForms place={{ scope: 'WORKSPACE' }} placeName={session.workspaceName} />} />
        <Route path="indicators" element={<WhoIndicators place={{ scope: 'WORKSPACE' }} placeName={session.workspaceName} />} />
        <Route path="*" element={<Navigate to={`${BASE}/general`} replace />} />
      </Routes>
    </div>
  );
}
