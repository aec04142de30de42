/**
 * `/sys/workspace/general/*` — the general hub: a sidebar with the dashboard (default), the TB
 * institutions and the workspace settings, all in the WORKSPACE scope.
 */
import { Card, Col, Menu, Row } from 'antd';
import { Navigate, Route, Routes, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { WorkspaceDashboard } from './WorkspaceDashboard.tsx';
import { WorkspaceSettings } from './WorkspaceSettings.tsx';
import { WorkspaceUnits } from './WorkspaceUnits.tsx';

const BASE = '/sys/workspace/general';
const ENTRIES = ['dashboard', 'units', 'settings'] as const;

export function WorkspaceGeneral() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const selected = ENTRIES.find((k) => pathname.startsWith(`${BASE}/${k}`)) ?? 'dashboard';

  return (
    <Row gutter={16} data-testid="workspace-general">
      <Col xs={24} md={6} lg={5}>
        <Card size="small" styles={{ body: { padding: 4 } }}>
          <Menu
            data-testid="workspace-sidebar"
            mode="inline"
            style={{ borderInlineEnd: 'none' }}
            selectedKeys={[selected]}
            items={ENTRIES.map((k) => ({ key: k, label: <span data-testid={`workspace-entry-${k}`}>{t(`ui.workspace.entries.${k}`)}</span> }))}
            onClick={({ key }) => navigate(`${BASE}/${key}`)}
          />
        </Card>
      </Col>
      <Col xs={24} md={18} lg={19}>
        <Routes>
          <Route index element={<Navigate to={`${BASE}/dashboard`} replace />} />
          <Route path="dashboard" element={<WorkspaceDashboard />} />
          <Route path="units" element={<WorkspaceUnits />} />
          <Route path="settings" element={<WorkspaceSettings />} />
          <Route path="*" element={<Navigate to={`${BASE}/dashboard`} replace />} />
        </Routes>
      </Col>
    </Row>
  );
}
