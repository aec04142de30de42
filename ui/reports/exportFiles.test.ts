import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { translator } from '../../tests/helpers/translate.ts';
import type { IndicatorData, ReportInit } from './api.ts';
import { toCsv } from './exportCsv.ts';
import { exportHeader, periodAndFilters, withHeader } from './exportFacts.ts';
import { sheetName, wordsWithin, xlsxOf } from './exportXlsx.ts';
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
  it('keeps sheet names within 31 characters and unique, cut at the end of a word', () => {
    const taken = new Set<string>();
    const long = 'Ч'.repeat(40);
    expect(sheetName(long, taken)).toHaveLength(31);
    expect(sheetName(long, taken)).toBe(`${'Ч'.repeat(29)} 2`);
    const title = 'Исход лечения по полу и возрастным группам';
    expect(sheetName(title, taken)).toBe('Исход лечения по полу');
    expect(sheetName(title, taken)).toBe('Исход лечения по полу 2');
    expect(sheetName('ТБ 07. Раздел 1. Все случаи ТБ, зарегистрированные за квартал', taken)).toBe('ТБ 07. Раздел 1. Все случаи ТБ');
    expect(wordsWithin('Раздел 1. Все случаи', 31)).toBe('Раздел 1. Все случаи');
    expect(wordsWithin('Раздел 1. Все', 11)).toBe('Раздел 1');
    expect(wordsWithin('ТБ 07. Раздел 2. Новые случаи и рецидивы', 31)).toBe('ТБ 07. Раздел 2. Новые случаи');
    expect(wordsWithin('Итог ТБ и ВИЧ', 10)).toBe('Итог ТБ');
  });
});

const init: ReportInit = {
  variables: [],
  filters: [
    {
      id: 'case',
      label: 'Случай',
      filters: [
        { id: 'gender', name: 'Пол', type: 'multiSelect', resources: { options: [{ value: 'MALE', label: 'Мужской' }, { value: 'FEMALE', label: 'Женский' }] } },
        { id: 'registrationDate', name: 'Дата регистрации', type: 'period', resources: { options: [] } },
        { id: 'outcomeDate', name: 'Дата исхода', type: 'period', resources: { options: [] } },
      ],
    },
  ],
};

describe('what an exported indicator says it counts', () => {
  it('names the place, the period, the other filters, the WHO definitions and when it was made, before the table', async () => {
    const t = await translator('ru');
    const { period, filters } = periodAndFilters(init, { gender: ['MALE', 'FEMALE'], registrationDate: { ini: '2025-01', end: '2025-03' }, outcomeDate: {} }, 'ru');
    expect({ period, filters }).toEqual({ period: 'Дата регистрации: 01.2025 – 03.2025', filters: 'Пол: Мужской, Женский' });
    const header = exportHeader({ place: 'Ленинский район', period, filters, definitions: 'WHO2013', made: '29.11.2026 10:05' }, t);
    const csv = toCsv(withHeader([['Исход по полу'], ...header], tableRows(data)));
    expect(csv.split('\r\n').slice(0, 9)).toEqual([
      '\uFEFFИсход по полу',
      'Место,Ленинский район',
      'Период,Дата регистрации: 01.2025 – 03.2025',
      'Фильтры,"Пол: Мужской, Женский"',
      'Определения ВОЗ,"ВОЗ, редакция 2013 г. (обновл. 2020)"',
      'Создано,29.11.2026 10:05',
      '',
      'Исход,Мужской,Женский,Итог',
      'Излечен,3,1,4',
    ]);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await xlsxOf([{ title: 'Исход по полу', header, rows: tableRows(data) }]));
    const ws = wb.worksheets[0];
    expect(ws.getCell('A2').value).toBe('Место');
    expect(ws.getCell('B6').value).toBe('29.11.2026 10:05');
    expect(ws.getRow(7).values).toEqual([]);
    expect(ws.getRow(8).values).toEqual([undefined, 'Исход', 'Мужской', 'Женский', 'Итог']);
  });

  it('says when no period and no filter is set, and when the definitions are not known', async () => {
    const t = await translator('en');
    const facts = { place: 'Demo', ...periodAndFilters(init, {}, 'en'), made: '11/29/2026 10:05' };
    expect(exportHeader(facts, t)).toEqual([['Place', 'Demo'], ['Period', 'None set (every date)'], ['Filters', 'None'], ['WHO definitions', 'Unknown'], ['Made', '11/29/2026 10:05']]);
  });
});
