/**
 * The apexcharts options of an indicator chart: pie, bar (horizontal),
 * column, line, spline (smooth line), area, areaspline (smooth area), coloured from the one chart
 * palette (`../theme/chartPalette.ts`: colours apart for colour-blind readers, 'Не указано' grey).
 * Every name from data reaches the chart escaped (`escapeHtml.ts`): the series names, the slices
 * and the categories, and every callback whose answer apexcharts puts into `innerHTML` (legend,
 * tooltip title and series name) answers escaped; only the axis labels, written as SVG text
 * nodes, get the plain text back.
 */
import type { ApexOptions } from 'apexcharts';
import type { ChartSeries } from './chartSeries.ts';
import { labelColor, seriesColors } from '../theme/chartPalette.ts';
import { escapeHtml, htmlOnce, unescapeHtml } from './escapeHtml.ts';

type ApexType = 'pie' | 'bar' | 'line' | 'area';
const TYPE: Record<string, ApexType> = { pie: 'pie', bar: 'bar', column: 'bar', line: 'line', spline: 'line', area: 'area', areaspline: 'area' };

/** An axis tick: a category as plain text (a text node), a number as a whole count. */
const axisText = (v: unknown) => (typeof v === 'number' ? (Number.isInteger(v) ? String(v) : v.toFixed(1)) : unescapeHtml(String(v ?? '')));

/** The longest category label a horizontal bar chart writes whole beside its bar (about 220 px). */
const LABEL_CHARS = 30;

/**
 * A category label short enough to be written beside a bar, keeping its first and last words so two
 * long names that begin alike stay apart (apexcharts cuts both to the same 'Потерян для последующего
 * набл...'); the whole name is in the bar's tooltip.
 * @example shortLabel('Потерян для последующего наблюдения до начала лечения') // 'Потерян для … начала лечения'
 */
export function shortLabel(text: string, max = LABEL_CHARS): string {
  if (text.length <= max) return text;
  const words = text.split(/\s+/);
  const head: string[] = [];
  const tail: string[] = [];
  const room = () => max - 2 - [...head, ...tail].join(' ').length;
  for (let i = 0, j = words.length - 1; i <= j; ) {
    if (tail.length <= head.length && room() >= words[j].length + 1) tail.unshift(words[j--]);
    else if (room() >= words[i].length + 1) head.push(words[i++]);
    else break;
  }
  if (!head.length) return `${text.slice(0, max - 1)}…`;
  return `${head.join(' ')} … ${tail.join(' ')}`.trim();
}

/**
 * The y-axis labels of a horizontal bar chart: a category written whole (apexcharts cuts it at the
 * axis' width, its title keeping it whole), except a long one beginning as another does, which would
 * be cut to the same text: {@link shortLabel}.
 * @example barLabel(['Потерян для последующего наблюдения', 'Потерян для последующего наблюдения до начала лечения'])('Потерян для последующего наблюдения') // 'Потерян для … наблюдения'
 */
export function barLabel(categories: string[]): (v: unknown) => string {
  const head = (x: string) => x.slice(0, LABEL_CHARS - 4);
  return (v) => {
    const text = axisText(v);
    if (typeof v !== 'string' || text.length <= LABEL_CHARS) return text;
    return categories.some((c) => c !== text && c.length > LABEL_CHARS - 4 && head(c) === head(text)) ? shortLabel(text) : text;
  };
}

/** A bar's share of its category's band (apexcharts' `barHeight` / `columnWidth`). */
const BAR_SHARE = 0.7;
/** Around the plot of a chart: the legend and the axis below it. */
const CHART_FRAME = 90;
/** The thinnest bar a finger can hit: WCAG 2.2's 24 px target and a little. */
const MIN_BAR = 26;

/**
 * The height of a chart: `base`, or more for a horizontal bar chart whose bars would be thinner
 * than a 24 px pointer target (each category's band holds one bar a series).
 * @example chartHeight({ categories: Array(12).fill('x'), series: [{ name: 'a', data: [] }, { name: 'b', data: [] }], cell: () => ({}) }, 'bar') // 982
 */
export function chartHeight(s: ChartSeries, chart: string, base = 300): number {
  if (chart !== 'bar') return base;
  const bars = s.categories.length * Math.max(1, s.series.length);
  return Math.max(base, Math.ceil((bars * MIN_BAR) / BAR_SHARE) + CHART_FRAME);
}

export interface ChartConfig {
  type: ApexType;
  series: ApexOptions['series'];
  options: ApexOptions;
}

/**
 * @example chartConfig(chartSeries(data, 'pie'), 'pie', (cell) => open(cell), 'ru') // { type: 'pie', series: [4, 2], options: { labels: ['Излечен', …], … } }
 */
export function chartConfig(s: ChartSeries, chart: string, onPoint?: (seriesIndex: number, pointIndex: number) => void, lang = 'ru'): ChartConfig {
  // a slice's share as the reader's language writes it: '12,5 %' in Russian
  const share = new Intl.NumberFormat(lang, { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 });
  const type = TYPE[chart] ?? 'pie';
  const categories = s.categories.map(escapeHtml);
  // a pie's slices are its categories; the other charts colour their series
  const colors = type === 'pie' ? seriesColors(s.unknownCategories ?? s.categories.map(() => false)) : seriesColors(s.unknownSeries ?? s.series.map(() => false));
  const common: ApexOptions = {
    chart: {
      animations: { enabled: false },
      toolbar: { show: false },
      zoom: { enabled: false },
      fontFamily: 'inherit',
      events: { dataPointSelection: (_e, _c, p: { seriesIndex: number; dataPointIndex: number }) => onPoint?.(p.seriesIndex, p.dataPointIndex) },
    },
    colors,
    legend: { position: 'bottom', showForSingleSeries: true, formatter: (name: string) => htmlOnce(name) },
    tooltip: {
      x: { formatter: (v: unknown) => htmlOnce(v) },
      y: { formatter: (v: unknown) => String(v ?? ''), title: { formatter: (name: string) => `${htmlOnce(name)}: ` } },
    },
    // a slice's share written in black or white, whichever reads on its colour (no blurred shadow)
    dataLabels: { enabled: type === 'pie', dropShadow: { enabled: false }, style: { colors: colors.map(labelColor) }, formatter: (v: number) => share.format(Number(v) / 100) },
    noData: { text: '—' },
  };
  if (type === 'pie') {
    return { type, series: s.series[0]?.data ?? [], options: { ...common, labels: categories } };
  }
  return {
    type,
    series: s.series.map((x) => ({ name: escapeHtml(x.name), data: x.data })),
    options: {
      ...common,
      plotOptions: { bar: { horizontal: chart === 'bar', barHeight: `${BAR_SHARE * 100}%`, columnWidth: `${BAR_SHARE * 100}%` } },
      stroke: type === 'bar' ? { show: false } : { curve: chart === 'spline' || chart === 'areaspline' ? 'smooth' : 'straight', width: 2 },
      markers: { size: type === 'bar' ? 0 : 4 },
      xaxis: { categories, tooltip: { enabled: false }, labels: { formatter: axisText as never, trim: true } },
      // a horizontal bar chart writes its categories on the y axis: long ones shortened apart
      yaxis: { labels: { formatter: (chart === 'bar' ? barLabel(s.categories) : axisText) as never, maxWidth: 220 } },
    },
  };
}
