import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import type { IndicatorData } from './api.ts';
import { toCsv } from './exportCsv.ts';
import { sheetName, xlsxOf } from './exportXlsx.ts';
import { tableRows } from './tableRows.ts';

const data: IndicatorData = {
  rowVariables: [{ id: 'outcome', name: 'Исход' }],
  columnVariables: [{ id: 'gender', name: 'Пол' }],
  rows: [{ keys: ['CURED'], labels: ['Излечен'] }, { keys: ['x'], labels: ['=HYPERLINK("x"), "a"'] }],
  columns: [{ keys: ['MALE'], labels: ['Мужской'] }, { keys: ['FEMALE'], labels: ['Женский'] }],
  values: [[3, 1], [0, 2]],
  rowTotals: [4, 2],
  columnTotals: [3, 3],
  total: 6,
  totalLabel: 'Итог',
};

describe('indicator files', () => {
  it('lays the table out as header, rows with totals, and the Итог line', () => {
    expect(tableRows(data)).toEqual([
      ['Исход', 'Мужской', 'Женский', 'Итог'],
      ['Излечен', 3, 1, 4],
      ['=HYPERLINK("x"), "a"', 0, 2, 2],
      ['Итог', 3, 3, 6],
    ]);
  });
  it('writes CSV with a BOM, quoted fields, and a formula-looking name defused', () => {
    const csv = toCsv(tableRows(data));
    expect(csv.startsWith('\uFEFFИсход,Мужской,Женский,Итог\r\n')).toBe(true);
    expect(csv).toContain(`"'=HYPERLINK(""x""), ""a""",0,2,2\r\n`);
    expect(csv.endsWith('Итог,3,3,6\r\n')).toBe(true);
  });
  it('gives each table its own sheet with numbers as numbers and names as text', async () => {
    const bytes = await xlsxOf([{ title: 'Исход: по полу', rows: tableRows(data) }, { title: 'Исход: по полу', rows: tableRows(data) }]);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(bytes);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['Исход_ по полу', 'Исход_ по полу 2']);
    const ws = wb.worksheets[0];
    expect(ws.getCell('A1').value).toBe('Исход: по полу');
    expect(ws.getCell('B3').value).toBe(3);
    expect(ws.getCell('A4').value).toBe('=HYPERLINK("x"), "a"');
    expect(ws.getCell('D5').value).toBe(6);
  });
  it('keeps sheet names within 31 characters and unique', () => {
    const taken = new Set<string>();
    const long = 'Ч'.repeat(40);
    expect(sheetName(long, taken)).toHaveLength(31);
    expect(sheetName(long, taken)).toBe(`${'Ч'.repeat(29)} 2`);
  });
});
