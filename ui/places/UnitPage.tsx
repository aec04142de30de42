/**
 * `/sys/unit/*?id={unitId}` — a TB unit's or laboratory's page: its icon (tbunit or
 * lab), name and area, the 'notify case' command, and the tabs General (`/general`: the dashboard),
 * Worklist (`/worklist`: what the unit's doctor has to act on), Cases (`/cases`: side menu,
 * `/active` by default), Contacts (`/contacts`: the contact register, CASECONTACT), Stock (`/stock`: ../stock/UnitStock.tsx) and the WHO forms (`/who`:
 * ../who/WhoForms.tsx) and WHO's TB indicators (`/indicators`: ../dak/WhoIndicators.tsx).
 */
import { Alert, Space, Tabs } from 'antd';
import { ExperimentOutlined, MedicineBoxOutlined } from '@ant-design/icons';
import { Link, Navigate, Route, Routes, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { tableApi } from '../api/index.ts';
import { WaitIcon } from '../generic/WaitIcon.tsx';
import { placeLink, type PlaceRef } from './api.ts';
import { CasesView } from './CasesView.tsx';
import { NotifyMenu } from './NotifyMenu.tsx';
import { PlaceDashboard } from './PlaceDashboard.tsx';
import { UnitWorklist } from './UnitWorklist.tsx';
import { ContactRegister } from './ContactRegister.tsx';
import { useData } from '../generic/data/useData.ts';
import { WhoForms } from '../who/WhoForms.tsx';
import { WhoIndicators } from '../dak/WhoIndicators.tsx';
import { UnitStock } from '../stock/UnitStock.tsx';
import { hasPermission, useSession } from '../session/index.ts';
import { PageTitle } from '../generic/PageTitle.tsx';

const TABS = ['general', 'worklist', 'cases', 'contacts', 'stock', 'who', 'indicators'] as const;

interface UnitDoc {
  id: string;
  name: string;
  type: string;
  address?: { adminUnitId?: string };
}

export default function UnitPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useSession();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const { data: unit, error } = useData(async () => {
    const u = (await tableApi.read('unit', id)) as unknown as UnitDoc;
    const areaId = u.address?.adminUnitId;
    const area = areaId ? await tableApi.read('adminunit', areaId).catch(() => undefined) : undefined;
    return { ...u, area: area ? { id: areaId!, name: String(area.name ?? '') } : undefined };
  }, [id]);
  if (error) return <Alert data-testid="alert-error" type="error" showIcon title={error} />;
  if (!unit) return <WaitIcon />;
  const place: PlaceRef = { scope: 'UNIT', id, name: unit.name };
  const active = TABS.find((k) => pathname.startsWith(`/sys/unit/${k}`)) ?? 'general';
  const isLab = unit.type !== 'TBUNIT';

  return (
    <div data-testid="unit-page" data-id={id}>
      <Space align="start" style={{ width: '100%', justifyContent: 'space-between' }} wrap>
        <div>
          <PageTitle data-testid="unit-title" style={{ marginBottom: 0 }}>
            <span data-testid="unit-icon" data-icon={isLab ? 'lab' : 'tbunit'}>
              {isLab ? <ExperimentOutlined /> : <MedicineBoxOutlined />}
            </span>{' '}
            {unit.name}
          </PageTitle>
          {unit.area ? (
            <Link to={`/sys/adminunit?id=${encodeURIComponent(unit.area.id)}`} data-testid="unit-area-link" className="tb-target-link">
              {unit.area.name}
            </Link>
          ) : null}
        </div>
        <NotifyMenu unitId={id} />
      </Space>
      <Tabs
        data-testid="unit-tabs"
        activeKey={active}
        onChange={(k) => navigate(placeLink(place, k))}
        items={TABS.filter((k) => (k !== 'stock' || (!isLab && hasPermission(session, 'INVENTORY'))) && (k !== 'contacts' || (!isLab && hasPermission(session, 'CASECONTACT')))).map((k) => ({ key: k, label: <span data-testid={`unit-tab-${k}`}>{t(`ui.places.tabs.${k}`)}</span> }))}
      />
      <Routes>
        <Route index element={<PlaceDashboard place={place} />} />
        <Route path="general/*" element={<PlaceDashboard place={place} />} />
        <Route path="worklist" element={<UnitWorklist unitId={id} />} />
        <Route path="cases/*" element={<CasesView place={place} />} />
        <Route path="contacts" element={<ContactRegister unitId={id} />} />
        <Route path="stock" element={<UnitStock unitId={id} />} />
        <Route path="who" element={<WhoForms place={place} placeName={unit.name} />} />
        <Route path="indicators" element={<WhoIndicators place={place} placeName={unit.name} />} />
        <Route path="*" element={<Navigate to={placeLink(place, 'general')} replace />} />
      </Routes>
    </div>
  );
}
