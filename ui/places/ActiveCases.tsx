/**
 * `/sys/unit/cases/active?id=` — a unit's open cases in three tabs:
 * 'Предположительные' (only when suspects exist, and then the default), 'ТБ случаи' and
 * 'Лекарственно-резистентные ТБ случаи', each with its count or '-'; 50 a page. The first answer
 * carries every count and the default tab's page; another tab's page is asked when it is opened.
 */
import { useEffect, useState } from 'react';
import { Alert, Card, Tabs, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorsOf } from '../api/index.ts';
import { WaitIcon } from '../generic/WaitIcon.tsx';
import { placesApi, type ActiveTab, type CasePage } from './api.ts';
import { CaseList } from './CaseList.tsx';
import { useData } from '../generic/data/useData.ts';
import { useLatest } from '../generic/data/useLatest.ts';

const TABS: ActiveTab[] = ['presumptives', 'tbCases', 'drtbCases'];
type Shown = Partial<Record<ActiveTab, { page: number; result: CasePage }>>;

export function ActiveCases({ unitId }: { unitId: string }) {
  const { t } = useTranslation();
  const { data, error } = useData((signal) => placesApi.active(unitId, undefined, undefined, signal), [unitId]);
  const [tab, setTab] = useState<ActiveTab | null>(null);
  const [shown, setShown] = useState<Shown>({});
  const [loading, setLoading] = useState(false);
  const [pageError, setPageError] = useState<string | null>(null);

  // a page asked before another page, tab or unit was: its answer is dropped (it would show under them)
  const ask = useLatest();
  useEffect(() => {
    ask.drop();
    setLoading(false);
    setTab(null);
    setShown(data ? { [data.defaultTab]: { page: 0, result: data[data.defaultTab] } } : {});
  }, [data]);

  if (error) return <Alert data-testid="alert-error" type="error" showIcon title={error} />;
  if (!data) return <WaitIcon />;
  const visible = TABS.filter((k) => k !== 'presumptives' || data.presumptives.count > 0);
  const active = tab && visible.includes(tab) ? tab : data.defaultTab;

  const goPage = async (k: ActiveTab, page: number) => {
    const req = ask.begin();
    setLoading(true);
    try {
      const r = await placesApi.active(unitId, k, page + 1, req.signal);
      if (!req.isLatest()) return;
      setShown((p) => ({ ...p, [k]: { page, result: r[k] } }));
      setPageError(null);
    } catch (err) {
      if (req.isLatest()) setPageError(errorsOf(err).map((e) => t(e.msg)).join('; '));
    } finally {
      if (req.isLatest()) setLoading(false);
    }
  };
  const open = (k: ActiveTab) => {
    setTab(k);
    if (!shown[k] && data[k].count > 0) void goPage(k, 0);
  };

  return (
    <Card title={t('ui.places.active')} data-testid="active-cases">
      {pageError ? <Alert data-testid="alert-error" type="error" showIcon title={pageError} /> : null}
      <Tabs
        data-testid="active-tabs"
        activeKey={active}
        onChange={(k) => open(k as ActiveTab)}
        items={visible.map((k) => {
          const view = shown[k];
          return {
            key: k,
            label: (
              <span data-testid={`active-tab-${k}`}>
                {t(`ui.places.tabs.${k}`)}{' '}
                <Tag data-testid={`active-count-${k}`}>{data[k].count > 0 ? data[k].count : '-'}</Tag>
              </span>
            ),
            children:
              data[k].count > 0 && !view ? (
                <WaitIcon />
              ) : (
                <CaseList testId={`active-list-${k}`} rows={view?.result.list ?? []} count={data[k].count} page={view?.page ?? 0} onPage={(p) => goPage(k, p)} loading={loading} />
              ),
          };
        })}
      />
    </Card>
  );
}
