/**
 * An indicator's chart, drawn by apexcharts (pinned to 4.7.0, the last MIT release: see README).
 * This module is the only one importing the chart library: load it through `LazyIndicatorChart`,
 * so only the report and dashboard screens fetch it. A click on a point or slice names its cell; so
 * does Enter on it, the keyboard moving between them (`chartKeyboard.ts`). A pie of the whole table
 * is a pie for each column counting cases, named by it (`piesOf`: a pie has one variable to show);
 * past eight such columns, the 'Итог' pie, saying so.
 */
import { useRef, type ComponentType } from 'react';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ApexOptions } from 'apexcharts';
import ReactApexChart from 'react-apexcharts';
import type { IndicatorData } from './api.ts';
import { chartConfig, chartHeight } from './chartOptions.ts';
import { labelSegments, segmentKeys } from './chartKeyboard.ts';
import { chartSeries, drawnSeries, MAX_PIES, piesOf, type CellRef, type ChartSeries } from './chartSeries.ts';
import './strings.ts';

// react-apexcharts 1.7.0 is CommonJS (`exports.default`): the bundler may hand over the module
// object; and it declares its default export in a module augmentation TypeScript does not apply here
const Chart = ((ReactApexChart as unknown as { default?: unknown }).default ?? ReactApexChart) as ComponentType<{ type: string; series: ApexOptions['series']; options: ApexOptions; height: number }>;

export interface IndicatorChartProps {
  data: IndicatorData;
  chart: string;
  selection?: 'row' | 'column';
  selIndex?: number;
  /** The chart's accessible name (the indicator's title). */
  label: string;
  onCell?: (cell: CellRef) => void;
  height?: number;
}

/** One apexcharts chart of a series, its segments buttons for the keyboard. */
function OneChart({ s: all, chart, label, onCell, height, testId }: { s: ChartSeries; chart: string; label: string; onCell?: (cell: CellRef) => void; height: number; testId?: string }) {
  const s = drawnSeries(all, chart);
  const { i18n } = useTranslation();
  const open = onCell ? (si: number, pi: number) => onCell(s.cell(si, pi)) : undefined;
  const { type, series, options } = chartConfig(s, chart, open, i18n.language);
  const wrapper = useRef<HTMLDivElement>(null);
  // each time apexcharts has drawn: its segments become buttons the keyboard reaches (chartKeyboard.ts)
  const drawn = () => open && wrapper.current && labelSegments(wrapper.current, s, type === 'pie');
  const events = { ...options.chart?.events, mounted: drawn, updated: drawn };
  return (
    <div role="group" aria-label={label} data-testid={testId} ref={wrapper} onKeyDown={open ? (e) => segmentKeys(e, open) : undefined}>
      <Chart key={`${chart}:${type}`} type={type} series={series} options={{ ...options, chart: { ...options.chart, events } }} height={chartHeight(s, chart, height)} />
    </div>
  );
}

export default function IndicatorChart({ data, chart, selection, selIndex, label, onCell, height = 300 }: IndicatorChartProps) {
  const { t } = useTranslation();
  const pies = chart === 'pie' ? piesOf(data, selection) : undefined;
  const tooMany = chart === 'pie' && !pies && !selection && !data.trend && data.columns.length > 1;
  if (pies) {
    return (
      <div data-testid="indicator-chart" data-chart={chart} data-pies={pies.length} role="group" aria-label={label} style={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}>
        {pies.map((p) => (
          <div key={p.column} data-testid="indicator-pie" data-column={p.column} style={{ flex: '1 1 220px', minWidth: 0, textAlign: 'center' }}>
            <Typography.Text strong data-testid="indicator-pie-name">
              {p.name}
            </Typography.Text>
            <OneChart s={p.series} chart={chart} label={`${label}: ${p.name}`} onCell={onCell} height={pies.length > 1 ? Math.min(height, 260) : height} />
          </div>
        ))}
      </div>
    );
  }
  return (
    <div data-testid="indicator-chart" data-chart={chart}>
      {tooMany ? (
        <Typography.Text type="secondary" data-testid="indicator-pie-total">
          {t('ui.reports.pieOfTotal', { n: MAX_PIES })}
        </Typography.Text>
      ) : null}
      <OneChart s={chartSeries(data, chart, selection, selIndex)} chart={chart} label={label} onCell={onCell} height={height} />
    </div>
  );
}
