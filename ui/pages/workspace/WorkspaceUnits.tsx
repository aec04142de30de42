/**
 * `/sys/workspace/general/units` — the workspace's TB institutions:
 * `POST /api/tbl/unit/query {type: 'TBUNIT', page, pageSize: 50}`, a counter and page buttons;
 * clicking a unit opens its cases page (`/sys/unit/cases?id=`). The admin unit of each is named
 * from the admin-unit lookup (the query gives only its id).
 */
import { useState } from 'react';
import { Alert, Card, Typography } from 'antd';
import { EnvironmentOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { fetchOptions, tableApi, type Doc } from '../../api/index.ts';
import { useData } from '../../generic/data/useData.ts';
import { PagedList } from '../../generic/PagedList.tsx';

export const UNITS_PAGE_SIZE = 50;

interface UnitRow extends Doc {
  id: string;
  name: string;
  customId?: string;
  address?: { address?: string; adminUnitId?: string };
}

export function WorkspaceUnits() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [page, setPage] = useState(0);
  const { data: areas } = useData(async (signal) => new Map((await fetchOptions('adminunit', {}, signal)).map((o) => [String(o.value), o.label])), []);
  const { data: state = { items: [], count: 0 }, error, loading } = useData(
    async (signal) => {
      const res = await tableApi.query<UnitRow>('unit', { type: 'TBUNIT', page: page + 1, pageSize: UNITS_PAGE_SIZE }, signal);
      return { items: res.list ?? [], count: res.count ?? 0 };
    },
    [page],
  );

  return (
    <Card title={t('ui.workspace.entries.units')} data-testid="workspace-units">
      {error ? <Alert data-testid="alert-error" type="error" showIcon title={error} style={{ marginBottom: 12 }} /> : null}
      <PagedList
        items={state.items}
        count={state.count}
        page={page}
        pageSize={UNITS_PAGE_SIZE}
        loading={loading}
        onPageChange={setPage}
        renderItem={(u) => {
          const area = u.address?.adminUnitId ? areas?.get(u.address.adminUnitId) : undefined;
          return (
            <Card
              key={u.id}
              size="small"
              hoverable
              data-testid="workspace-unit"
              data-id={u.id}
              onClick={() => navigate(`/sys/unit/cases?id=${encodeURIComponent(u.id)}`)}
            >
              <Typography.Text strong data-testid="workspace-unit-name">
                {u.name}
              </Typography.Text>
              {area ? (
                <div>
                  <Typography.Text type="secondary" data-testid="workspace-unit-area">
                    <EnvironmentOutlined /> {area}
                  </Typography.Text>
                </div>
              ) : null}
            </Card>
          );
        }}
      />
    </Card>
  );
}
