/**
 * `/sys/workspace/general/units` — the workspace's TB institutions:
 * `POST /api/tbl/unit/query {type: 'TBUNIT', page, pageSize: 50}`, a counter and page buttons;
 * clicking a unit opens its cases page (`/sys/unit/cases?id=`). The admin unit of each is named
 * from the admin-unit lookup (the query gives only its id).
 */
import { useEffect, useState } from 'react';
import { Alert, Card, Typography } from 'antd';
import { EnvironmentOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { errorsOf, fetchOptions, tableApi, type Doc } from '../../api/index.ts';
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
  const [state, setState] = useState<{ items: UnitRow[]; count: number }>({ items: [], count: 0 });
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [areas, setAreas] = useState<Map<string, string>>(new Map());

  useEffect(() => {
    fetchOptions('adminunit').then(
      (list) => setAreas(new Map(list.map((o) => [String(o.value), o.label]))),
      () => {},
    );
  }, []);

  useEffect(() => {
    let live = true;
    setLoading(true);
    tableApi
      .query<UnitRow>('unit', { type: 'TBUNIT', page: page + 1, pageSize: UNITS_PAGE_SIZE })
      .then(
        (res) => live && (setState({ items: res.list ?? [], count: res.count ?? 0 }), setError(null)),
        (err) => live && setError(errorsOf(err).map((e) => t(e.msg)).join('; ')),
      )
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [page]);

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
          const area = u.address?.adminUnitId ? areas.get(u.address.adminUnitId) : undefined;
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
