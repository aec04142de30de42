/**
 * One indicator as a card: its title, its chart and/or its table by the display
 * mode (0 All, 1 Chart only, 2 Table only), a refreshing state while it is computed again, the
 * errors of an indicator whose variables are no longer declared, and the export of its table to
 * CSV or XLSX, each saying first what it counts (`ExportSource.tsx`). A click on a number or a chart
 * segment names the cell (`onCell`). An indicator that counts no case says 'Нет данных' instead of a
 * blank chart and a table of zeros (a trend, whose quarters are always its rows, keeps its line).
 */
import './strings.ts';
import { Alert, Button, Card, Dropdown, Empty, Spin } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ComputedIndicator } from './api.ts';
import type { CellRef } from './chartSeries.ts';
import { download, fileName } from './download.ts';
import { toCsv } from './exportCsv.ts';
import { exportHeader, withHeader } from './exportFacts.ts';
import { useIndicatorFacts } from './ExportSource.tsx';
import { XLSX_TYPE, xlsxOf } from './exportXlsx.ts';
import { IndicatorTable } from './IndicatorTable.tsx';
import { LazyIndicatorChart } from './LazyIndicatorChart.tsx';
import { tableRows } from './tableRows.ts';

export interface IndicatorCardProps {
  indicator: ComputedIndicator;
  refreshing?: boolean;
  onCell?: (cell: CellRef) => void;
  /** Shown under the title (a dashboard names the report). */
  subtitle?: string;
}

export function IndicatorCard({ indicator, refreshing, onCell, subtitle }: IndicatorCardProps) {
  const { t } = useTranslation();
  const factsOf = useIndicatorFacts();
  const { schema, data, errors } = indicator;
  const title = schema.title || t('ui.reports.untitledIndicator');
  // no case counted — but a trend's quarters are rows of their own: a line at zero still says something
  const empty = !!data && data.total === 0 && !data.trend;
  const exportAs = async (kind: string) => {
    if (!data) return;
    const header = exportHeader(await factsOf(schema), t);
    if (kind === 'csv') download(new Blob([toCsv(withHeader([[title], ...header], tableRows(data)))], { type: 'text/csv;charset=utf-8' }), fileName(title, 'csv'));
    else download(new Blob([await xlsxOf([{ title, header, rows: tableRows(data) }])], { type: XLSX_TYPE }), fileName(title, 'xlsx'));
  };
  return (
    <Card
      className="tb-indicator-card"
      data-testid="indicator-card"
      data-state={refreshing ? 'refreshing' : data ? 'ready' : errors?.length ? 'error' : 'waiting'}
      data-chart={schema.chart}
      data-display={schema.display}
      data-size={schema.size}
      size="small"
      title={
        <span>
          <span data-testid="indicator-title">{title}</span>
          {subtitle ? <div style={{ fontWeight: 'normal', fontSize: 12, color: '#595959' }}>{subtitle}</div> : null}
        </span>
      }
      extra={
        data ? (
          <Dropdown
            trigger={['click']}
            menu={{
              items: [
                { key: 'csv', label: <span data-testid="indicator-export-csv">CSV</span> },
                { key: 'xlsx', label: <span data-testid="indicator-export-xlsx">XLSX</span> },
              ],
              onClick: ({ key }) => void exportAs(key),
            }}
          >
            <Button size="small" icon={<DownloadOutlined />} data-testid="indicator-export" aria-label={t('ui.reports.export')} />
          </Dropdown>
        ) : null
      }
    >
      <Spin spinning={!!refreshing} description={t('ui.reports.refreshing')}>
        {errors?.length ? <Alert data-testid="indicator-errors" type="warning" showIcon title={errors.map((e) => e.msg).join('; ')} /> : null}
        {empty ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('ui.reports.noData')} data-testid="indicator-empty" /> : null}
        {data && !empty && schema.display !== 2 ? (
          <LazyIndicatorChart data={data} chart={schema.chart} selection={schema.selection} selIndex={schema.selIndex} label={title} onCell={onCell} />
        ) : null}
        {data && !empty && schema.display !== 1 ? <IndicatorTable data={data} onCell={onCell} /> : null}
      </Spin>
    </Card>
  );
}
