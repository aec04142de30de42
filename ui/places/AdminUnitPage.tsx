/**
 * `/sys/adminunit/*?id={areaId}` — an administrative area's page: its name with the
 * chain of the areas above it as links, and the tabs General (`/general`: a menu of Dashboard and TB
 * unit — the area tree 'Распределение осуществляемых случаев'), Cases (`/cases`) and the WHO forms
 * (`/who`: ../who/WhoForms.tsx) and WHO's TB indicators (`/indicators`: ../dak/WhoIndicators.tsx).
 */
import { Alert, Breadcrumb, Card, Col, Menu, Row, Tabs } from 'antd';
import { Link, Navigate, Route, Routes, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { tableApi } from '../api/index.ts';
import { WaitIcon } from '../generic/WaitIcon.tsx';
import { useSession } from '../session/index.ts';
import { placeLink, type PlaceRef } from './api.ts';
import { CasesView } from './CasesView.tsx';
import { PlaceDashboard } from './PlaceDashboard.tsx';
import { PlacesTree } from './PlacesTree.tsx';
import { useData } from '../generic/data/useData.ts';
import { PageTitle } from '../generic/PageTitle.tsx';
import { WhoForms } from '../who/WhoForms.tsx';
import { WhoIndicators } from '../dak/WhoIndicators.tsx';
import { areaPathKeys } from '../../engine/area-path.ts';

const TABS = ['general', 'cases', 'who', 'indicators'] as const;
const ENTRIES = ['dashboard', 'units'] as const;

function General({ place }: { place: PlaceRef }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const selected = ENTRIES.find((k) => pathname.startsWith(`/sys/adminunit/general/${k}`)) ?? 'dashboard';
  return (
    <Row gutter={16} data-testid="adminunit-general">
      <Col xs={24} md={6} lg={5}>
        <Card size="small" styles={{ body: { padding: 4 } }}>
          <Menu
            data-testid="adminunit-sidebar"
            mode="inline"
            style={{ borderInlineEnd: 'none' }}
            selectedKeys={[selected]}
            items={ENTRIES.map((k) => ({ key: k, label: <span data-testid={`adminunit-entry-${k}`}>{t(`ui.places.entries.${k}`)}</span> }))}
            onClick={({ key }) => navigate(placeLink(place, `general/${key}`))}
          />
        </Card>
      </Col>
      <Col xs={24} md={18} lg={19}>
        <Routes>
          <Route index element={<PlaceDashboard place={place} />} />
          <Route path="dashboard" element={<PlaceDashboard place={place} />} />
          <Route path="units" element={<PlacesTree areaId={place.id} />} />
          <Route path="*" element={<Navigate to={placeLink(place, 'general/dashboard')} replace />} />
        </Routes>
      </Col>
    </Row>
  );
}

export default function AdminUnitPage() {
  const { t } = useTranslation();
  const session = useSession();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const { data, error } = useData(async () => {
    const area = await tableApi.read('adminunit', id);
    // the areas above come joined as {id, name} (`x-list.refs` of adminunit.json): no read per area
    const chain = areaPathKeys.map((k) => area[k] as { id?: string; name?: string } | string | undefined)
      .map((a) => (a && typeof a === 'object' ? { id: String(a.id ?? ''), name: String(a.name ?? '') } : { id: String(a ?? ''), name: '' }))
      .filter((a) => a.id && a.id !== id && a.name);
    return { name: String(area.name ?? ''), chain };
  }, [id]);
  if (error) return <Alert data-testid="alert-error" type="error" showIcon title={error} />;
  if (!data) return <WaitIcon />;
  const place: PlaceRef = { scope: 'ADMINUNIT', id, name: data.name };
  const active = TABS.find((k) => pathname.startsWith(`/sys/adminunit/${k}`)) ?? 'general';

  return (
    <div data-testid="adminunit-page" data-id={id}>
      <PageTitle data-testid="adminunit-title" style={{ marginBottom: 4 }}>
        {data.name}
      </PageTitle>
      <Breadcrumb
        data-testid="adminunit-chain"
        items={[
          { title: <Link to="/sys/workspace/general">{session.workspaceName}</Link> },
          ...data.chain.map((a) => ({ title: <Link to={`/sys/adminunit?id=${encodeURIComponent(a.id)}`} data-testid="adminunit-chain-link">{a.name}</Link> })),
        ]}
      />
      <Tabs
        data-testid="adminunit-tabs"
        activeKey={active}
        onChange={(k) => navigate(placeLink(place, k))}
        items={TABS.map((k) => ({ key: k, label: <span data-testid={`adminunit-tab-${k}`}>{t(`ui.places.tabs.${k}`)}</span> }))}
      />
      <Routes>
        <Route index element={<General place={place} />} />
        <Route path="general/*" element={<General place={place} />} />
        <Route path="cases/*" element={<CasesView place={place} />} />
        <Route path="who" element={<WhoForms place={place} placeName={data.name} />} />
        <Route path="indicators" element={<WhoIndicators place={place} placeName={data.name} />} />
        <Route path="*" element={<Navigate to={placeLink(place, 'general')} replace />} />
      </Routes>
    </div>
  );
}
