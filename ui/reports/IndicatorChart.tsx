/**
 * An indicator's chart, drawn by apexcharts (pinned to 4.7.0, the last MIT release: see README).
 * This module is the only one importing the chart library: load it through `LazyIndicatorChart`,
 * so only the report and dashboard screens fetch it. A click on a point or slice names its cell; so
 * does Enter on it, the keyboard moving between them (`chartKeyboard.ts`).
 */
import { useRef, type ComponentType } from 'react';
import type { ApexOptions } from 'apexcharts';
import ReactApexChart from 'react-apexcharts';
import type { IndicatorData } from './api.ts';
import { chartConfig, chartHeight } from './chartOptions.ts';
import { labelSegments, segmentKeys } from './chartKeyboard.ts';
import { chartSeries, type CellRef } from './chartSeries.ts';

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

export default function IndicatorChart({ data, chart, selection, selIndex, label, onCell, height = 300 }: IndicatorChartProps) {
  const s = chartSeries(data, chart, selection, selIndex);
  const open = onCell ? (si: number, pi: number) => onCell(s.cell(si, pi)) : undefined;
  const { type, series, options } = chartConfig(s, chart, open);
  const wrapper = useRef<HTMLDivElement>(null);
  // each time apexcharts has drawn: its segments become buttons the keyboard reaches (chartKeyboard.ts)
  const drawn = () => open && wrapper.current && labelSegments(wrapper.current, s, type === 'pie');
  const events = { ...options.chart?.events, mounted: drawn, updated: drawn };
  return (
    <div data-testid="indicator-chart" data-chart={chart} role="group" aria-label={label} ref={wrapper} onKeyDown={open ? (e) => segmentKeys(e, open) : undefined}>
      <Chart key={`${chart}:${type}`} type={type} series={series} options={{ ...options, chart: { ...options.chart, events } }} height={chartHeight(s, chart, height)} />
    </div>
  );
}
