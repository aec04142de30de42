/**
 * The dashboard of the General tab of the workspace, an area or a unit:
 * every indicator of the workspace's reports marked dashboard, computed live for the place
 * (`POST /api/dashboard/generate`), as cards on the 12-column grid by size, each naming its report;
 * a number or a chart segment opens its cases. Default export: loaded on demand.
 */
import './strings.ts';
import { useState } from 'react';
import { Alert, Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { WaitIcon } from '../generic/WaitIcon.tsx';
import type { PlaceRef } from '../places/api.ts';
import { useData } from '../generic/data/useData.ts';
import { useLatest } from '../generic/data/useLatest.ts';
import { indicatorRequest, reportsApi, type Filters, type ReportInit } from './api.ts';
import type { CellRef } from './chartSeries.ts';
import { CellCasesDialog } from './CellCasesDialog.tsx';
import { ExportSourceContext } from './ExportSource.tsx';
import { IndicatorCard } from './IndicatorCard.tsx';
import { IndicatorGrid } from './IndicatorGrid.tsx';

export default function DashboardIndicators({ place }: { place: PlaceRef }) {
  const { t } = useTranslation();
  const [drill, setDrill] = useState<{ index: number; cell: CellRef; filters: Filters; init: ReportInit }>();
  const { data, error } = useData((signal) => reportsApi.dashboard(place, signal), [place.scope, place.id]);
  // the dashboard's answer leaves the report's filters out: read them (and their names) when a number is opened
  const ask = useLatest();
  // a number opened after another before its answer: the last one opened shows
  const open = (index: number, cell: CellRef) => {
    const req = ask.begin();
    void Promise.all([reportsApi.exec(place, data![index].report.id, false), reportsApi.init()]).then(
      ([r, init]) => req.isLatest() && setDrill({ index, cell, filters: r.schema.filters, init }),
      () => undefined,
    );
  };
  if (error) return <Alert data-testid="alert-error" type="error" showIcon title={error} />;
  if (!data) return <WaitIcon testId="dashboard-loading" />;
  const drilled = drill ? data[drill.index] : undefined;
  return (
    <div data-testid="dashboard-indicators" data-count={data.length}>
      {data.length ? (
        <IndicatorGrid
          items={data.map((x, i) => ({
            key: `${x.report.id}:${i}`,
            size: x.schema.size,
            card: (
              <ExportSourceContext.Provider value={{ place, reportFilters: async () => (await reportsApi.exec(place, x.report.id, false)).schema.filters, init: () => reportsApi.init() }}>
                <IndicatorCard indicator={x} subtitle={x.report.title} onCell={(cell) => open(i, cell)} />
              </ExportSourceContext.Provider>
            ),
          }))}
        />
      ) : (
        <Card size="small">
          <span data-testid="dashboard-empty">{t('ui.reports.dashboardEmpty')}</span>
        </Card>
      )}
      {drill && drilled?.data ? (
        <CellCasesDialog
          place={place}
          title={drilled.schema.title || drilled.report.title}
          request={indicatorRequest(drill.filters, drilled.schema)}
          data={drilled.data}
          cell={drill.cell}
          init={drill.init}
          onClose={() => setDrill(undefined)}
        />
      ) : null}
    </div>
  );
}
