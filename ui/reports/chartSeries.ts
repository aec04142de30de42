/**
 * What an indicator's chart plots (the selection as row or column, `selIndex`): a pie
 * one series — by default the 'Итог' column over the rows, with a selection that row over the
 * columns or that column over the rows; the other charts the rows as categories and a series per
 * column (with a selection, only that row or column). Each point knows the table cell it counts,
 * for the drill-through. Names are as the data gives them: escaping is the chart options' job.
 */
import { isUnknownKey } from '../theme/chartPalette.ts';
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
  /** Per category, per series: whether it stands for 'unknown / not stated' (drawn in the neutral grey). */
  unknownCategories?: boolean[];
  unknownSeries?: boolean[];
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
  const unknownRows = d.rows.map(isUnknown);
  const unknownColumns = d.columns.map(isUnknown);
  if (selection === 'row' && d.rows[selIndex]) {
    return { categories: columns, series: [{ name: rows[selIndex], data: d.values[selIndex] }], unknownCategories: unknownColumns, unknownSeries: [unknownRows[selIndex]], cell: (_s, i) => ({ row: selIndex, column: i }) };
  }
  if (selection === 'column' && d.columns[selIndex]) {
    return { categories: rows, series: [{ name: columns[selIndex], data: d.values.map((r) => r[selIndex]) }], unknownCategories: unknownRows, unknownSeries: [unknownColumns[selIndex]], cell: (_s, i) => ({ row: i, column: selIndex }) };
  }
  if (chart === 'pie') return { categories: rows, series: [{ name: d.totalLabel, data: d.rowTotals }], unknownCategories: unknownRows, unknownSeries: [false], cell: (_s, i) => ({ row: i }) };
  return {
    categories: rows,
    series: columns.map((name, c) => ({ name, data: d.values.map((r) => r[c]) })),
    unknownCategories: unknownRows,
    unknownSeries: unknownColumns,
    cell: (s, i) => ({ row: i, column: s }),
  };
}

/** A row or column standing for 'unknown / not stated': each of its keys is one ('Не указано', 'Неизвестно'). */
const isUnknown = (h: Header): boolean => h.keys.length > 0 && h.keys.every(isUnknownKey);

/** More pies than this side by side say less than the 'Итог' pie: that one is drawn, with why. */
export const MAX_PIES = 8;

/**
 * The pies of a two-variable table (one pie dropped the column variable): a pie for each
 * column counting a case, its slices the rows; none when a row or column is chosen, for a trend, or
 * when more than {@link MAX_PIES} columns count cases (the 'Итог' pie is drawn then, saying why).
 * @example piesOf(outcomeByGender) // [{ column: 0, name: 'Мужской', series: … }, { column: 1, name: 'Женский', series: … }]
 */
export function piesOf(d: IndicatorData, selection?: 'row' | 'column'): { column: number; name: string; series: ChartSeries }[] | undefined {
  if (selection || d.trend) return undefined;
  const counted = d.columns.flatMap((h, c) => (d.columnTotals[c] > 0 ? [c] : []));
  if (!counted.length || counted.length > MAX_PIES) return undefined;
  return counted.map((c) => ({ column: c, name: headerName(d.columns[c]), series: chartSeries(d, 'pie', 'column', c) }));
}

/**
 * What a chart draws of a series: without the series that count nothing (a legend entry for an empty
 * bar), and for a pie without its empty slices — so the palette's colours go to what is drawn; a
 * line keeps each of its categories (a quarter of none is a point at zero). Each point still names
 * its cell of the table.
 * @example drawnSeries({ categories: ['a', 'b'], series: [{ name: 'x', data: [0, 2] }], … }, 'pie').categories // ['b']
 */
export function drawnSeries(s: ChartSeries, chart: string): ChartSeries {
  const keptSeries = s.series.flatMap((x, i) => (x.data.some((n) => n > 0) ? [i] : []));
  const keptCats = s.categories.flatMap((_, j) => (chart !== 'pie' || s.series.some((x) => x.data[j] > 0) ? [j] : []));
  if (!keptSeries.length || (keptSeries.length === s.series.length && keptCats.length === s.categories.length)) return s;
  return {
    categories: keptCats.map((j) => s.categories[j]),
    series: keptSeries.map((i) => ({ name: s.series[i].name, data: keptCats.map((j) => s.series[i].data[j]) })),
    unknownCategories: s.unknownCategories && keptCats.map((j) => s.unknownCategories![j]),
    unknownSeries: s.unknownSeries && keptSeries.map((i) => s.unknownSeries![i]),
    cell: (si, pi) => s.cell(keptSeries[si], keptCats[pi]),
  };
}
