import { describe, expect, it } from 'vitest';
import type { IndicatorData } from './api.ts';
import { chartSeries, drawnSeries, piesOf } from './chartSeries.ts';

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
  it('marks «Не указано» as unknown, as a category and as a series', () => {
    expect(chartSeries(data, 'pie').unknownCategories).toEqual([false, true]);
    expect(chartSeries(data, 'pie', 'row', 1).unknownSeries).toEqual([true]);
  });
});

describe('the pies of a two-variable table', () => {
  it('a pie for each column counting cases, its slices the rows, each naming its cell', () => {
    const pies = piesOf(data)!;
    expect(pies.map((p) => [p.column, p.name, p.series.series[0].data])).toEqual([[0, 'Мужской', [3, 0]], [1, 'Женский', [1, 2]]]);
    expect(pies[1].series.cell(0, 1)).toEqual({ row: 1, column: 1 });
  });
  it('none for an empty column, none with a row or column chosen, none past eight columns', () => {
    expect(piesOf({ ...data, values: [[3, 0], [2, 0]], columnTotals: [5, 0] })!.map((p) => p.name)).toEqual(['Мужской']);
    expect(piesOf(data, 'row')).toBeUndefined();
    const nine = Array.from({ length: 9 }, (_, i) => ({ keys: [i], labels: [String(i)] }));
    expect(piesOf({ ...data, columns: nine, values: [nine.map(() => 1), nine.map(() => 0)], columnTotals: nine.map(() => 1) })).toBeUndefined();
  });
  it('draws no empty slice nor empty series, each point still naming its cell', () => {
    const men = drawnSeries(chartSeries(data, 'pie', 'column', 0), 'pie');
    expect(men.categories).toEqual(['Излечен']);
    const columns = drawnSeries(chartSeries({ ...data, values: [[0, 1], [0, 2]], columnTotals: [0, 3] }, 'column'), 'column');
    expect(columns.series.map((x) => x.name)).toEqual(['Женский']);
    expect(columns.categories).toEqual(['Излечен', 'Не указано']);
    expect(columns.cell(0, 1)).toEqual({ row: 1, column: 1 });
  });
});
