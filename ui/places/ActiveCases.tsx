/**
 * `/sys/unit/cases/active?id=` — a unit's open cases (seed 001 §2.3) in three tabs:
 * 'Предположительные' (only when suspects exist, and then the default), 'ТБ случаи' and
 * 'Лекарственно-резистентные ТБ случаи', each with its count or '-'; 50 a page.
 */
import { useEffect, useState } from 'react';
import { Alert, Card, Tabs, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { WaitIcon } from '../generic/WaitIcon.tsx';
import { placesApi, type ActiveResult, type ActiveTab } from './api.ts';
import { CaseList } from './CaseList.tsx';
import { useRemote } from './useRemote.ts';

const TABS: ActiveTab[] = ['presumptives', 'tbCases', 'drtbCases'];

export function ActiveCases({ unitId }: { unitId: string }) {
  const { t } = useTranslation();
  const { data, error } = useRemote(() => placesApi.active(unitId), [unitId]);
  const [tab, setTab] = useState<ActiveTab | null>(null);
  const [pages, setPages] = useState<Partial<Record<ActiveTab, { page: number; result: ActiveResult[ActiveTab] }>>>({});
  const [loading, setLoading] = useState(false);

  useEffect(() => {
    setTab(null);
    setPages({});
  }, [unitId]);

  if (error) return <Alert data-testid="alert-error" type="error" showIcon title={error} />;
  if (!data) return <WaitIcon />;
  const visible = TABS.filter((k) => k !== 'presumptives' || data.presumptives.count > 0);
  const active = tab && visible.includes(tab) ? tab : visible[0];

  const goPage = async (k: ActiveTab, page: number) => {
    setLoading(true);
    try {
      const r = await placesApi.active(unitId, k, page + 1);
      setPages((p) => ({ ...p, [k]: { page, result: r[k] } }));
    } finally {
      setLoading(false);
    }
  };

  return (
    <Card title={t('ui.places.active')} data-testid="active-cases">
      <Tabs
        data-testid="active-tabs"
        activeKey={active}
        onChange={(k) => setTab(k as ActiveTab)}
        items={visible.map((k) => {
          const shown = pages[k] ?? { page: 0, result: data[k] };
          return {
            key: k,
            label: (
              <span data-testid={`active-tab-${k}`}>
                {t(`ui.places.tabs.${k}`)}{' '}
                <Tag data-testid={`active-count-${k}`}>{data[k].count > 0 ? data[k].count : '-'}</Tag>
              </span>
            ),
            children: <CaseList testId={`active-list-${k}`} rows={shown.result.list} count={data[k].count} page={shown.page} onPage={(p) => goPage(k, p)} loading={loading} />,
          };
        })}
      />
    </Card>
  );
}
