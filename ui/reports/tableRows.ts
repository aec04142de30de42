/**
 * An indicator's table as plain rows for a file (CSV, XLSX): the header (the row variables' names,
 * the column names, 'Итог'), a line per row with its numbers and total, and the 'Итог' line.
 */
import type { IndicatorData } from './api.ts';
import { headerName } from './chartSeries.ts';

export type Cell = string | number;

/**
 * @example tableRows(data) // [['Исход', 'Мужской', 'Женский', 'Итог'], ['Излечен', 3, 1, 4], …, ['Итог', 3, 3, 6]]
 */
export function tableRows(d: IndicatorData): Cell[][] {
  const pad = d.rowVariables.map((_, i) => (i === 0 ? d.totalLabel : ''));
  return [
    [...d.rowVariables.map((v) => v.name), ...d.columns.map(headerName), d.totalLabel],
    ...d.rows.map((h, i) => [...h.labels, ...d.values[i], d.rowTotals[i]]),
    [...pad, ...d.columnTotals, d.total],
  ];
}
