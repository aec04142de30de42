import { describe, expect, it } from 'vitest';
import type { IndicatorData } from './api.ts';
import { chartSeries } from './chartSeries.ts';

// outcome (rows) × gender (columns), written by hand
const data: IndicatorData = {
  rowVariables: [{ id: 'outcome', name: 'Исход' }],
  columnVariables: [{ id: 'gender', name: 'Пол' }],
  rows: [{ keys: ['CURED'], labels: ['Излечен'] }, { keys: [null], labels: ['Не указано'] }],
  columns: [{ keys: ['MALE'], labels: ['Мужской'] }, { keys: ['FEMALE'], labels: ['Женский'] }],
  values: [[3, 1], [0, 2]],
  rowTotals: [4, 2],
  columnTotals: [3, 3],
  total: 6,
  totalLabel: 'Итог',
};

describe('what a chart plots', () => {
  it('a pie: the Итог column over the rows, each slice the row total', () => {
    const s = chartSeries(data, 'pie');
    expect(s.categories).toEqual(['Излечен', 'Не указано']);
    expect(s.series).toEqual([{ name: 'Итог', data: [4, 2] }]);
    expect(s.cell(0, 1)).toEqual({ row: 1 });
  });
  it('a bar chart: a series per column over the rows, each point its cell', () => {
    const s = chartSeries(data, 'bar');
    expect(s.series).toEqual([{ name: 'Мужской', data: [3, 0] }, { name: 'Женский', data: [1, 2] }]);
    expect(s.cell(1, 0)).toEqual({ row: 0, column: 1 });
  });
  it('a selection picks one row over the columns or one column over the rows', () => {
    const byRow = chartSeries(data, 'pie', 'row', 1);
    expect(byRow.categories).toEqual(['Мужской', 'Женский']);
    expect(byRow.series).toEqual([{ name: 'Не указано', data: [0, 2] }]);
    expect(byRow.cell(0, 1)).toEqual({ row: 1, column: 1 });
    const byColumn = chartSeries(data, 'line', 'column', 1);
    expect(byColumn.series).toEqual([{ name: 'Женский', data: [1, 2] }]);
    expect(byColumn.cell(0, 0)).toEqual({ row: 0, column: 1 });
  });
  it('a selection past the table falls back to the whole table', () => {
    expect(chartSeries(data, 'column', 'row', 5).series).toHaveLength(2);
  });
});
