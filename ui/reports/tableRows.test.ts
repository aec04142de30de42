// An indicator's table as a file's rows: the success share as a last column or line, the rates as a second table.
import { describe, expect, it } from 'vitest';
import type { IndicatorData } from './api.ts';
import { tableRows } from './tableRows.ts';

/** gender (rows) × outcome (columns): MALE 2 cured, 1 died; FEMALE 1 cured. */
const base: IndicatorData = {
  rowVariables: [{ id: 'gender', name: 'Пол' }],
  columnVariables: [{ id: 'outcome', name: 'Исход' }],
  rows: [{ keys: ['MALE'], labels: ['Мужской'] }, { keys: ['FEMALE'], labels: ['Женский'] }],
  columns: [{ keys: ['CURED'], labels: ['Излечен'] }, { keys: ['DIED'], labels: ['Умер'] }],
  values: [[2, 1], [1, 0]],
  rowTotals: [3, 1],
  columnTotals: [3, 1],
  total: 4,
  totalLabel: 'Итог',
};

describe('tableRows', () => {
  it('the success share of each row as a last column', () => {
    const d = { ...base, success: { side: 'column' as const, label: 'Успех лечения, %', rates: [66.7, 100], total: 75 } };
    expect(tableRows(d)).toEqual([
      ['Пол', 'Излечен', 'Умер', 'Итог', 'Успех лечения, %'],
      ['Мужской', 2, 1, 3, 66.7],
      ['Женский', 1, 0, 1, 100],
      ['Итог', 3, 1, 4, 75],
    ]);
  });
  it('the success share of each column as a last line, empty where a column has no case', () => {
    const d = { ...base, success: { side: 'row' as const, label: 'Успех лечения, %', rates: [50, null], total: 25 } };
    expect(tableRows(d).at(-1)).toEqual(['Успех лечения, %', 50, '', 25]);
  });
  it('the rates per 100,000 as a second table after an empty line, empty where the population is unknown', () => {
    const d = { ...base, rates: { label: 'На 100 000 населения', values: [[1, 0.5], [null, 0]], rowTotals: [1.5, null], columnTotals: [1, 0.5], total: 1 } };
    expect(tableRows(d).slice(4)).toEqual([
      [],
      ['На 100 000 населения'],
      ['Пол', 'Излечен', 'Умер', 'Итог'],
      ['Мужской', 1, 0.5, 1.5],
      ['Женский', '', 0, ''],
      ['Итог', 1, 0.5, 1],
    ]);
  });
});
