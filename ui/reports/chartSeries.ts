/**
 * What an indicator's chart plots (seed 000 §3: the selection as row or column, `selIndex`): a pie
 * one series — by default the 'Итог' column over the rows, with a selection that row over the
 * columns or that column over the rows; the other charts the rows as categories and a series per
 * column (with a selection, only that row or column). Each point knows the table cell it counts,
 * for the drill-through. Names are as the data gives them: escaping is the chart options' job.
 */
import type { Header, IndicatorData } from './api.ts';

/** A cell of the table by index; a side left out is that side's 'Итог'. */
export interface CellRef {
  row?: number;
  column?: number;
}

export interface ChartSeries {
  /** The names along the axis (a pie's slices). */
  categories: string[];
  series: { name: string; data: number[] }[];
  /** The cell a point counts. */
  cell(seriesIndex: number, pointIndex: number): CellRef;
}

/**
 * The name of a row or a column: its variables' labels, joined.
 * @example headerName({ keys: ['MALE', 'NEW'], labels: ['Мужской', 'Новый'] }) // 'Мужской / Новый'
 */
export const headerName = (h: Header): string => h.labels.join(' / ');

/**
 * @example chartSeries(data, 'pie') // { categories: rows' names, series: [{ name: 'Итог', data: rowTotals }], cell: (_, i) => ({ row: i }) }
 */
export function chartSeries(d: IndicatorData, chart: string, selection?: 'row' | 'column', selIndex = 0): ChartSeries {
  const rows = d.rows.map(headerName);
  const columns = d.columns.map(headerName);
  if (selection === 'row' && d.rows[selIndex]) {
    return { categories: columns, series: [{ name: rows[selIndex], data: d.values[selIndex] }], cell: (_s, i) => ({ row: selIndex, column: i }) };
  }
  if (selection === 'column' && d.columns[selIndex]) {
    return { categories: rows, series: [{ name: columns[selIndex], data: d.values.map((r) => r[selIndex]) }], cell: (_s, i) => ({ row: i, column: selIndex }) };
  }
  if (chart === 'pie') return { categories: rows, series: [{ name: d.totalLabel, data: d.rowTotals }], cell: (_s, i) => ({ row: i }) };
  return {
    categories: rows,
    series: columns.map((name, c) => ({ name, data: d.values.map((r) => r[c]) })),
    cell: (s, i) => ({ row: i, column: s }),
  };
}
