/**
 * An indicator's table as plain rows for a file (CSV, XLSX): the header (the row variables' names,
 * the column names, 'Итог'), a line per row with its numbers and total, and the 'Итог' line; the
 * treatment success share as a last column or a last line when the data carries it, and the rates
 * per 100,000 as a second table under its own title after an empty line.
 */
import type { IndicatorData } from './api.ts';
import { headerName } from './chartSeries.ts';

export type Cell = string | number;

/** A share or a rate as a file's cell: empty where there is none. */
const cell = (n: number | null | undefined): Cell => (n == null ? '' : n);

/**
 * @example tableRows(data) // [['Исход', 'Мужской', 'Женский', 'Итог'], ['Излечен', 3, 1, 4], …, ['Итог', 3, 3, 6]]
 */
export function tableRows(d: IndicatorData): Cell[][] {
  const pad = (first: string) => d.rowVariables.map((_, i) => (i === 0 ? first : ''));
  const byColumn = d.success?.side === 'column' ? d.success : undefined;
  const byRow = d.success?.side === 'row' ? d.success : undefined;
  const header = [...d.rowVariables.map((v) => v.name), ...d.columns.map(headerName), d.totalLabel];
  const rows: Cell[][] = [
    [...header, ...(byColumn ? [byColumn.label] : [])],
    ...d.rows.map((h, i) => [...h.labels, ...d.values[i], d.rowTotals[i], ...(byColumn ? [cell(byColumn.rates[i])] : [])]),
    [...pad(d.totalLabel), ...d.columnTotals, d.total, ...(byColumn ? [cell(byColumn.total)] : [])],
    ...(byRow ? [[...pad(byRow.label), ...byRow.rates.map(cell), cell(byRow.total)]] : []),
  ];
  if (!d.rates) return rows;
  const r = d.rates;
  return [
    ...rows,
    [],
    [r.label],
    header,
    ...d.rows.map((h, i) => [...h.labels, ...r.values[i].map(cell), cell(r.rowTotals[i])]),
    [...pad(d.totalLabel), ...r.columnTotals.map(cell), cell(r.total)],
  ];
}
