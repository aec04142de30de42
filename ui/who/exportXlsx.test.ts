import ExcelJS from 'exceljs';
import type { TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { translator } from '../../tests/helpers/translate.ts';
import { xlsxOf } from '../reports/exportXlsx.ts';
import type { FormResult } from './api.ts';
import { whoFileName, whoSheets } from './exportXlsx.ts';

const tb07: FormResult = {
  form: { id: 'tb07', code: 'ТБ 07', title: 'Регистрация' },
  quarter: { year: 2025, quarter: 1 },
  period: { from: '2025-01-01', to: '2025-04-01' },
  settings: { tbDefinitions: 'WHO2021' },
  tables: [
    { id: 'byGroup', title: 'Раздел 1. Все случаи ТБ, зарегистрированные за квартал', rows: [{ id: 'new', label: 'Новые случаи' }, { id: 'total', label: 'Всего' }], columns: [{ id: 'bc', label: 'Лёгочный' }, { id: 'ep', label: 'Внелёгочный' }], values: [[4, 1], [7, 3]] },
    { id: 'hiv', title: 'Раздел 3', rows: [{ id: 'nr', label: 'Новые и рецидивы' }], columns: [{ id: 'registered', label: 'Зарегистрировано' }, { id: 'positive', label: 'ВИЧ+' }], values: [[8, null]] },
  ],
  excluded: {
    count: 3,
    hidden: 1,
    list: [{ id: 'c1', caseNumber: 'Д-1', patientName: 'Иванов Иван', unitName: 'Бишкекский', registrationDate: '2025-02-03', reason: 'noSite', reasonLabel: 'Не указана локализация', leftOutOf: 'Раздел 1' }],
  },
};
const tb08: FormResult = {
  form: { id: 'tb08', code: 'ТБ 08', title: 'Исходы' },
  quarter: { year: 2025, quarter: 1 },
  period: { from: '2024-01-01', to: '2024-04-01' },
  settings: { tbDefinitions: 'WHO2021', transferOutcome: 'NOT_EVALUATED' },
  tables: [{ id: 'outcomes', title: 'Результаты лечения', rows: [{ id: 'total', label: 'Всего' }], columns: [{ id: 'registered', label: 'Зарегистрировано' }], values: [[12]] }],
  excluded: { count: 0, hidden: 0, list: [] },
};

let t: TFunction;
beforeAll(async () => {
  t = await translator('ru');
});

const workbook = async () => {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(await xlsxOf(whoSheets([tb07, tb08], { place: 'Ленинский район', made: '29.11.2026 10:05' }, t)));
  return wb;
};

describe('the WHO forms as XLSX', () => {
  it('is a sheet per table named by whole words, saying what it counts, then labels as text and numbers as numbers', async () => {
    const wb = await workbook();
    expect(wb.worksheets.map((w) => w.name)).toEqual(['ТБ 07. Раздел 1. Все случаи ТБ', 'ТБ 07. Раздел 3', 'ТБ 08. Результаты лечения', 'Не учтённые случаи']);
    const first = wb.worksheets[0];
    expect(first.getRow(1).getCell(1).value).toBe('ТБ 07. Раздел 1. Все случаи ТБ, зарегистрированные за квартал');
    expect([2, 3, 4, 5, 6].map((r) => first.getRow(r).values)).toEqual([
      [undefined, 'Место', 'Ленинский район'],
      [undefined, 'Период', '1 квартал 2025 г.; случаи: 01.01.2025 – 31.03.2025'],
      [undefined, 'Фильтры', 'Нет'],
      [undefined, 'Определения ВОЗ', 'ВОЗ, обновление 2021 г.'],
      [undefined, 'Создано', '29.11.2026 10:05'],
    ]);
    expect(first.getRow(8).values).toEqual([undefined, '', 'Лёгочный', 'Внелёгочный']);
    expect(first.getRow(9).values).toEqual([undefined, 'Новые случаи', 4, 1]);
    expect(first.getRow(10).values).toEqual([undefined, 'Всего', 7, 3]);
    expect(wb.worksheets[1].getRow(9).getCell(3).value).toBe('');
    expect(whoFileName({ year: 2025, quarter: 1 })).toBe('who-forms-2025-Q1.xlsx');
  });

  it('says the outcome cohort\'s period and how it counted a transfer\'s outcome', async () => {
    const sheet = (await workbook()).worksheets[2];
    expect(sheet.getRow(3).values).toEqual([undefined, 'Период', '1 квартал 2025 г.; случаи: 01.01.2024 – 31.03.2024']);
    expect(sheet.getRow(4).values).toEqual([undefined, 'Фильтры', 'Случаи, переведённые в другое учреждение: Результат не оценён (исход неизвестен направившему учреждению)']);
  });

  it('ends with the cases left out, their reasons, and how many the reader may not open', async () => {
    const sheet = (await workbook()).worksheets[3];
    expect(sheet.getRow(1).getCell(1).value).toBe('Случаи, не учтённые в формах или в части их ячеек');
    expect(sheet.getRow(2).values).toEqual([undefined, 'Место', 'Ленинский район']);
    expect(sheet.getRow(8).values).toEqual([undefined, 'Форма', 'Номер случая', 'Пациент', 'Учреждение, зарегистрировавшее случай', 'Дата регистрации', 'Причина', 'Не учтён в']);
    expect(sheet.getRow(9).values).toEqual([undefined, 'ТБ 07', 'Д-1', 'Иванов Иван', 'Бишкекский', '03.02.2025', 'Не указана локализация', 'Раздел 1']);
    expect(sheet.getRow(10).values).toEqual([undefined, 'ТБ 07', '', '', '', '', 'И ещё 1…', '']);
    expect(sheet.getRow(11).values).toEqual([undefined, 'ТБ 07', '', '', '', '', 'Ещё 1 — вне вашей зоны доступа (переведены в другое учреждение), не показаны.', '']);
    expect(sheet.rowCount).toBe(11);
  });
});
