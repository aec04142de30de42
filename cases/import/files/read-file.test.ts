// The register reader on real files: an XLSX with dates, a Windows-1251 CSV, and the files an import
// must refuse with a clear reason rather than fail on — formulas, merged cells, a workbook of the old
// format, a PDF, a Word document, a sheet filled down to Excel's last row (1,048,576).
import { describe, expect, it } from 'vitest';
import { csvOf, xlsxOf, xlsxWithRowsTo } from '../../../tests/helpers/import-files.ts';
import { readFile } from './read-file.ts';
import { collectRows, ImportFileError, MAX_ROWS } from './sheet.ts';

async function read(buffer: Buffer, name = 'registr.xlsx') {
  const { sink, rows } = collectRows();
  const r = await readFile(buffer, name, 'ru', sink);
  return { ...r, rows };
}
async function refusal(buffer: Buffer, name = 'registr.xlsx') {
  const e = await read(buffer, name).then(() => undefined, (x) => x);
  expect(e).toBeInstanceOf(ImportFileError);
  return e as ImportFileError;
}

describe('an XLSX register', () => {
  it('reads each sheet: its header row, its rows with their numbers, dates as days, numbers and texts as they are', async () => {
    const file = await xlsxOf({
      Случаи: [[], ['Фамилия', 'Дата регистрации', 'Вес', '', 'Фамилия'], ['Асанов', new Date(Date.UTC(2024, 2, 5)), 61.5, null, 'x'], [], ['Бекова', '05.03.2024', 45356]],
      Пустой: [],
      Микроскопия: [['Номер случая', 'Результат'], ['000042', '+']],
    });
    const r = await read(file);
    expect(r.format).toBe('XLSX');
    expect(r.sheets).toEqual([
      { name: 'Случаи', headers: ['Фамилия', 'Дата регистрации', 'Вес', 'Столбец D', 'Фамилия (2)'], headerRow: 2, rows: 2 },
      { name: 'Микроскопия', headers: ['Номер случая', 'Результат'], headerRow: 1, rows: 1 },
    ]);
    expect(r.rows[0]).toEqual([
      { number: 3, cells: ['Асанов', { d: '2024-03-05' }, 61.5, null, 'x'] },
      { number: 5, cells: ['Бекова', '05.03.2024', 45356] },
    ]);
    expect(r.rows[1]).toEqual([{ number: 2, cells: ['000042', '+'] }]);
  });

  it('reads a workbook stored with its sheets before the workbook part (as exceljs re-saves a workbook it loaded)', async () => {
    const JSZip = (await import('jszip')).default;
    const zip = await JSZip.loadAsync(await xlsxOf({ Случаи: [['Фамилия', 'Имя'], ['Асанов', 'Айбек']] }));
    const sheetsFirst = new JSZip();
    const names = Object.keys(zip.files).filter((n) => !zip.files[n].dir);
    for (const n of [...names.filter((n) => n.startsWith('xl/worksheets/')), ...names.filter((n) => !n.startsWith('xl/worksheets/'))]) sheetsFirst.file(n, await zip.file(n)!.async('nodebuffer'));
    const r = await read(await sheetsFirst.generateAsync({ type: 'nodebuffer' }));
    expect(r.sheets).toEqual([{ name: 'Случаи', headers: ['Фамилия', 'Имя'], headerRow: 1, rows: 1 }]);
    expect(r.rows[0]).toEqual([{ number: 2, cells: ['Асанов', 'Айбек'] }]);
  });

  it('reads every sheet when the rows are written slowly (each batch a database insert)', async () => {
    const file = await xlsxOf({ Случаи: [['Фамилия'], ['Асанов'], ['Бекова']], Микроскопия: [['Номер случая'], ['IMP-1']] });
    const got: number[] = [];
    const r = await readFile(file, 'registr.xlsx', 'ru', async (sheet) => {
      await new Promise((res) => setTimeout(res, 30));
      got.push(sheet);
    });
    expect(r.sheets.map((s) => [s.name, s.rows])).toEqual([['Случаи', 2], ['Микроскопия', 1]]);
    expect(got).toEqual([0, 1]);
  });

  it('refuses formulas, naming the cells', async () => {
    const e = await refusal(await xlsxOf({ Случаи: [['Фамилия', 'Возраст'], ['Асанов', { formula: 'YEAR(TODAY())-1980', result: 44 }]] }));
    expect([e.key, e.vars]).toEqual(['importjob.msg.formulas', { cells: 'Случаи!B2' }]);
  });

  it('refuses merged cells, naming the ranges', async () => {
    const e = await refusal(await xlsxOf({ Регистр: [['Регистр 2024', null, null], ['Фамилия', 'Имя', 'Дата'], ['Асанов', 'Айбек', '05.03.2024']] }, { merge: { Регистр: ['A1:C1'] } }));
    expect([e.key, e.vars]).toEqual(['importjob.msg.merged', { cells: 'Регистр!A1:C1' }]);
  });

  it('reads a sheet whose last value sits on row 1,048,576 as its rows with data', async () => {
    const r = await read(await xlsxWithRowsTo(1_048_576, 500_000));
    expect(r.sheets[0].rows).toBe(3);
    expect(r.rows[0].map((x) => x.number)).toEqual([500_000, 1_000_000, 1_048_576]);
  });

  it(`refuses a sheet filled down to row 1,048,576: more than ${MAX_ROWS} rows`, async () => {
    const e = await refusal(await xlsxWithRowsTo(1_048_576));
    expect(e.key).toBe('importjob.msg.tooManyRows');
  }, 180_000);
});

describe('a CSV register', () => {
  it('reads Cyrillic in Windows-1251, the separator Excel wrote, quoted fields', async () => {
    const file = csvOf([['Фамилия', 'Имя', 'Дата регистрации', 'Примечание'], ['Ёлкина', 'Айгуль', '05.03.2024', 'кашель; "сухой"']], 'windows-1251');
    const r = await read(file, 'registr.csv');
    expect(r.format).toBe('CSV');
    expect(r.sheets).toEqual([{ name: 'registr.csv', headers: ['Фамилия', 'Имя', 'Дата регистрации', 'Примечание'], headerRow: 1, rows: 1 }]);
    expect(r.rows[0]).toEqual([{ number: 2, cells: ['Ёлкина', 'Айгуль', '05.03.2024', 'кашель; "сухой"'] }]);
  });

  it('reads UTF-8 with a byte-order mark and commas', async () => {
    const file = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), csvOf([['Фамилия', 'Вес'], ['Асанов', '61']], 'utf-8', ',')]);
    const r = await read(file, 'r.csv');
    expect(r.sheets[0].headers).toEqual(['Фамилия', 'Вес']);
    expect(r.rows[0]).toEqual([{ number: 2, cells: ['Асанов', '61'] }]);
  });
});

describe('files that are no register', () => {
  it.each([
    ['a PDF', Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj'), 'importjob.msg.pdf'],
    ['an Excel 97–2003 workbook', Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0]), 'importjob.msg.xls'],
    ['an image', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52]), 'importjob.msg.notTable'],
    ['an empty file', Buffer.alloc(0), 'importjob.msg.empty'],
    ['a broken archive', Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(100, 7)]), 'importjob.msg.notTable'],
  ])('refuses %s', async (_, file, key) => {
    expect((await refusal(file)).key).toBe(key);
  });

  it('refuses a Word document (an archive that is no workbook)', async () => {
    const JSZip = (await import('jszip')).default;
    const zip = new JSZip();
    zip.file('word/document.xml', '<w:document/>');
    expect((await refusal(await zip.generateAsync({ type: 'nodebuffer' }), 'registr.xlsx')).key).toBe('importjob.msg.zipNotXlsx');
  });
});
