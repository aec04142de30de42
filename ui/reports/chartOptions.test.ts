import { describe, expect, it } from 'vitest';
import { chartConfig, chartHeight, shortLabel } from './chartOptions.ts';
import type { ChartSeries } from './chartSeries.ts';

const EVIL = '<img src=x data-xss="1">';
const series: ChartSeries = { categories: [EVIL, 'Рассвет & Co'], series: [{ name: EVIL, data: [1, 2] }], cell: () => ({}) };

describe('chart options from data names', () => {
  it('hands apexcharts only escaped names, for every chart type', () => {
    for (const chart of ['pie', 'bar', 'column', 'line', 'spline', 'area', 'areaspline']) {
      const { options, series: s } = chartConfig(series, chart);
      const text = JSON.stringify({ options, s });
      expect(text, chart).not.toContain('<img');
      expect(text, chart).toContain('&lt;img src=x data-xss=&quot;1&quot;&gt;');
    }
  });
  it('answers the innerHTML callbacks escaped and the axis labels as plain text', () => {
    const { options } = chartConfig(series, 'column');
    const legend = options.legend!.formatter as (n: string) => string;
    expect(legend('&lt;b&gt;')).toBe('&lt;b&gt;');
    expect(legend('<b>')).toBe('&lt;b&gt;');
    expect((options.tooltip!.x!.formatter as unknown as (v: string) => string)('<b>')).toBe('&lt;b&gt;');
    expect((options.tooltip!.y as { title: { formatter: (n: string) => string } }).title.formatter('<b>')).toBe('&lt;b&gt;: ');
    const axis = (options.xaxis!.labels!.formatter as unknown as (v: unknown) => string);
    expect(axis('Рассвет &amp; Co')).toBe('Рассвет & Co');
    expect(axis(3)).toBe('3');
  });
  it('maps the seed chart types onto apexcharts', () => {
    expect(chartConfig(series, 'bar').options.plotOptions!.bar!.horizontal).toBe(true);
    expect(chartConfig(series, 'column').options.plotOptions!.bar!.horizontal).toBe(false);
    expect(chartConfig(series, 'spline')).toMatchObject({ type: 'line', options: { stroke: { curve: 'smooth' } } });
    expect(chartConfig(series, 'areaspline')).toMatchObject({ type: 'area', options: { stroke: { curve: 'smooth' } } });
    expect(chartConfig(series, 'pie')).toMatchObject({ type: 'pie', series: [1, 2] });
  });
  it('grows a horizontal bar chart so each bar is at least 26 px (24 px targets), other charts keep their height', () => {
    const names = (n: number) => Array.from({ length: n }, (_, i) => `c${i}`);
    const two = { categories: names(12), series: [{ name: 'a', data: [] }, { name: 'b', data: [] }], cell: () => ({}) };
    // 24 bars of 26 px at 70 % of their bands: 892 px of plot, and the legend and axis
    expect(chartHeight(two, 'bar')).toBe(Math.ceil((24 * 26) / 0.7) + 90);
    expect(chartHeight(two, 'column')).toBe(300);
    expect(chartHeight(series, 'bar')).toBe(300);
  });

  it('shortens a long bar label keeping its first and last words, so two names that begin alike stay apart', () => {
    expect(shortLabel('Излечен')).toBe('Излечен');
    expect(shortLabel('Диагноз ТБ не подтверждён')).toBe('Диагноз ТБ не подтверждён');
    // apexcharts cut both to 'Потерян для последующего набл...'
    expect(shortLabel('Потерян для последующего наблюдения')).toBe('Потерян для … наблюдения');
    expect(shortLabel('Потерян для последующего наблюдения до начала лечения')).toBe('Потерян для … начала лечения');
    // a horizontal bar chart shortens only the long labels that begin as another does (they would be cut alike)
    const names = ['Потерян для последующего наблюдения', 'Потерян для последующего наблюдения до начала лечения', 'Потерян в сельском районе, переехал в город Бишкек'];
    const y = chartConfig({ categories: names, series: [{ name: 'a', data: [1, 2, 3] }], cell: () => ({}) }, 'bar').options.yaxis as { labels: { formatter: (v: unknown) => string } };
    expect(names.map((n) => y.labels.formatter(n))).toEqual(['Потерян для … наблюдения', 'Потерян для … начала лечения', 'Потерян в сельском районе, переехал в город Бишкек']);
    expect(y.labels.formatter(3)).toBe('3');
  });
  it('writes a slice’s share as the reader’s language does', () => {
    const label = (lang: string) => (chartConfig(series, 'pie', undefined, lang).options.dataLabels!.formatter as (v: number) => string)(12.5);
    expect(label('ru').replace(/\s/g, ' ')).toBe('12,5 %');
    expect(label('en')).toBe('12.5%');
  });
});
