import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { xlsxOf } from '../reports/exportXlsx.ts';
import type { FormResult } from './api.ts';
import { whoFileName, whoSheets } from './exportXlsx.ts';

const tb07: FormResult = {
  form: { id: 'tb07', code: 'ТБ 07', title: 'Регистрация' },
  quarter: { year: 2025, quarter: 1 },
  period: { from: '2025-01-01', to: '2025-04-01' },
  tables: [
    { id: 'byGroup', title: 'Раздел 1', rows: [{ id: 'new', label: 'Новые случаи' }, { id: 'total', label: 'Всего' }], columns: [{ id: 'bc', label: 'Лёгочный' }, { id: 'ep', label: 'Внелёгочный' }], values: [[4, 1], [7, 3]] },
    { id: 'hiv', title: 'Раздел 3', rows: [{ id: 'nr', label: 'Новые и рецидивы' }], columns: [{ id: 'registered', label: 'Зарегистрировано' }, { id: 'positive', label: 'ВИЧ+' }], values: [[8, null]] },
  ],
  settings: { tbDefinitions: 'WHO2021' },
  excluded: { count: 0, list: [], hidden: 0 },
};

describe('the WHO forms as XLSX', () => {
  it('is a sheet per table, labels as text, numbers as numbers, a withheld number empty', async () => {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await xlsxOf(whoSheets([tb07])));
    expect(wb.worksheets.map((w) => w.name)).toEqual(['ТБ 07. Раздел 1', 'ТБ 07. Раздел 3']);
    const first = wb.worksheets[0];
    expect(first.getRow(1).getCell(1).value).toBe('ТБ 07. Раздел 1');
    expect(first.getRow(2).values).toEqual([undefined, '', 'Лёгочный', 'Внелёгочный']);
    expect(first.getRow(3).values).toEqual([undefined, 'Новые случаи', 4, 1]);
    expect(first.getRow(4).values).toEqual([undefined, 'Всего', 7, 3]);
    expect(wb.worksheets[1].getRow(3).getCell(3).value).toBe('');
    expect(whoFileName({ year: 2025, quarter: 1 })).toBe('who-forms-2025-Q1.xlsx');
  });
});
