// The import's files: a CSV exported by Excel on a Russian Windows (Windows-1251, `;`), its
// dates as text and as Excel serials, values the user matches to codes; files refused with a clear
// reason and never a server error; the template a form's register is typed into, which maps itself.
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { kysely } from '../../server/db/kysely.ts';
import { csvOf, xlsxOf } from '../helpers/import-files.ts';
import { dryRun, rowsOf, runImport, uploadFile } from '../helpers/imports.ts';
import { admin, server, useTestServer } from '../helpers/use-server.ts';

const db = () => kysely(server.ctx.orm.em.fork());
useTestServer();

describe('a CSV register in Windows-1251', () => {
  const rows = [
    ['Фамилия', 'Имя', 'Пол', 'Дата рождения', 'Дата регистрации', 'Группа', 'ЛПУ'],
    ['Ёлчиева', 'Жылдыз', 'ж', '14.08.1979', '05.03.2024', 'новый', 'Бишкекский городской противотуберкулёзный диспансер'],
    ['Усенов', 'Бакыт', 'м', '29221', '45356', 'новый', 'bgptd'],
  ];
  const mapping = (values: object) => ({
    sheets: [{ name: 'registr.csv', role: 'case', columns: { Фамилия: 'patient.lastName', Имя: 'patient.name', Пол: 'patient.gender', 'Дата рождения': 'patient.birthDate', 'Дата регистрации': 'tbcase.registrationDate', Группа: 'tbcase.registrationGroup', ЛПУ: 'tbcase.ownerUnitId' } }],
    fixed: { 'tbcase.diagnosisType': 'SUSPECT', 'tbcase.classification': 'TB' },
    values,
  });

  it('lists the values it does not recognise for the user to match, then imports with the Cyrillic intact and the dates right', async () => {
    const job = await uploadFile(admin, csvOf(rows, 'windows-1251'), 'registr.csv');
    expect(job.sheets[0].headers).toEqual(rows[0]);
    expect((await admin.post(`/api/import/${job.id}/mapping`, { mapping: mapping({}) })).status).toBe(200);

    const values = (await admin.post(`/api/import/${job.id}/values`, {})).body.result;
    const byField = Object.fromEntries(values.map((v: { field: string }) => [v.field, v]));
    // 'ж', 'м' and 'новый' are no code or label: listed unmatched; the unit found by its name and by its code
    expect(byField['patient.gender'].values).toEqual([{ text: 'ж', count: 1, matched: null, byUser: false }, { text: 'м', count: 1, matched: null, byUser: false }]);
    expect(byField['patient.gender'].options).toEqual([{ value: 'MALE', label: 'Мужской' }, { value: 'FEMALE', label: 'Женский' }]);
    expect(byField['tbcase.registrationGroup'].values).toEqual([{ text: 'новый', count: 2, matched: null, byUser: false }]);
    const unit = byField['tbcase.ownerUnitId'].values;
    expect(unit.map((v: { matched: string }) => v.matched)).toEqual([unit[0].matched, unit[0].matched]);
    expect(unit[0].matched).toMatch(/^[0-9a-f-]{36}$/);

    const unmatched = await dryRun(admin, job.id, mapping({}));
    expect(unmatched.counts).toEqual({ imported: 0, errors: 2, skipped: 0, warnings: 0 });

    const matched = mapping({ 'patient.gender': { ж: 'FEMALE', м: 'MALE' }, 'tbcase.registrationGroup': { новый: 'NEW' } });
    const checked = await dryRun(admin, job.id, matched);
    expect(checked.counts).toEqual({ imported: 2, errors: 0, skipped: 0, warnings: 0 });
    expect((await runImport(admin, job.id)).counts).toEqual({ imported: 2, errors: 0, skipped: 0, warnings: 0 });

    const made = await db().selectFrom('patient as p').innerJoin('tbcase as c', 'c.patient_id', 'p.id')
      .select(['p.last_name', 'p.name', 'p.gender', 'p.birth_date', 'c.registration_date', 'c.diagnosis_type', 'c.registration_group'])
      .where('p.last_name', 'in', ['Ёлчиева', 'Усенов']).orderBy('p.birth_date').execute();
    const day = (d: unknown) => (d instanceof Date ? `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}` : String(d).slice(0, 10));
    expect(made.map((r) => [r.last_name, r.name, r.gender, day(r.birth_date), day(r.registration_date), r.diagnosis_type, r.registration_group])).toEqual([
      ['Ёлчиева', 'Жылдыз', 'FEMALE', '1979-08-14', '2024-03-05', 'SUSPECT', 'NEW'],
      // 29221 and 45356 are Excel's serial numbers of 01.01.1980 and 05.03.2024
      ['Усенов', 'Бакыт', 'MALE', '1980-01-01', '2024-03-05', 'SUSPECT', 'NEW'],
    ]);
  });
});

describe('files that cannot be imported: a clear reason, never a server error', () => {
  const JSZipOf = async (files: Record<string, string>) => {
    const JSZip = (await import('jszip')).default;
    const zip = new JSZip();
    for (const [k, v] of Object.entries(files)) zip.file(k, v);
    return zip.generateAsync({ type: 'nodebuffer' });
  };
  it.each([
    ['a PDF named .xlsx', async () => Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj'), 'Файл PDF не является таблицей: загрузите регистр в формате XLSX или CSV'],
    ['an Excel 97–2003 workbook', async () => Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(512)]), 'Формат XLS (Excel 97–2003) не поддерживается: откройте файл в Excel и сохраните его как «Книга Excel (*.xlsx)»'],
    ['a Word document', async () => JSZipOf({ 'word/document.xml': '<w:document/>' }), 'Это архив, но не книга Excel (возможно, документ Word): сохраните регистр как «Книга Excel (*.xlsx)»'],
    ['formulas', async () => xlsxOf({ Лист1: [['Фамилия', 'Возраст'], ['Асанов', { formula: '2024-1980', result: 44 }]] }), 'В файле есть формулы (Лист1!B2): импортируются только значения. Скопируйте лист и вставьте его как значения (Специальная вставка → Значения), затем загрузите снова'],
    ['merged cells', async () => xlsxOf({ Лист1: [['Регистр', null], ['Фамилия', 'Имя'], ['Асанов', 'Айбек']] }, { merge: { Лист1: ['A1:B1'] } }), 'В файле есть объединённые ячейки (Лист1!A1:B1): каждая строка должна быть одним случаем. Отмените объединение и оставьте над данными одну строку заголовков'],
  ])('%s', async (_, file, error) => {
    const job = await uploadFile(admin, await file(), 'registr.xlsx');
    expect([job.state, job.error]).toEqual(['FAILED', error]);
    expect(await db().selectFrom('importrow').select('id').where('job_id', '=', job.id).execute()).toEqual([]);
    expect(await db().selectFrom('importchunk').select('id').where('job_id', '=', job.id).execute()).toEqual([]);
  });

  it('refuses pieces past the size the upload declared, and a file uploaded in part', async () => {
    const up = await admin.post('/api/import/upload', { fileName: 'a.csv', fileSize: 10 });
    const over = await admin.post(`/api/import/${up.body.result}/chunk`, { seq: 0, data: Buffer.from('x'.repeat(40)).toString('base64') });
    expect(over.status).toBe(400);
    expect(over.body.errors).toEqual([{ field: 'data', msg: 'Загружено больше объявленного размера файла (10 байт)' }]);
    expect((await admin.post(`/api/import/${up.body.result}/chunk`, { seq: 0, data: Buffer.from('Фам;').toString('base64') })).status).toBe(200);
    await admin.post(`/api/import/${up.body.result}/parse`, {});
    const { waitJob } = await import('../helpers/imports.ts');
    const job = await waitJob(admin, up.body.result, ['FAILED', 'READY']);
    expect([job.state, job.error]).toEqual(['FAILED', 'Файл загружен не полностью (7 из 10 байт): загрузите его снова']);
  });
});

describe('the template of a notification form', () => {
  it('names its columns as the form does, lists the values of coded columns, and a filled copy maps itself and imports', async () => {
    const res = await fetch(`${server.url}/api/import/template/newnotif_tb`, { headers: { cookie: admin.cookie } });
    expect(res.status).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(await res.arrayBuffer()) as never);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['Случаи', 'Посев', 'ТЛЧ', 'Тест на ВИЧ', 'Микроскопия', 'Xpert MTB RIF', 'Рентгенография', 'Медицинский осмотр', 'Значения']);
    const headers = (wb.getWorksheet('Случаи')!.getRow(1).values as string[]).slice(1);
    expect(headers).toEqual(expect.arrayContaining(['Фамилия', 'Имя', 'Пол', 'Дата рождения', 'Тип диагноза', 'Классификация', 'Учреждение, ведущее случай', 'Дата регистрации', 'Дата диагноза', 'Группа регистрации', 'Номер случая', 'Обосновано', 'Дата начала лечения', 'Схема лечения', 'Исход', 'Дата исхода']));
    expect(headers).not.toContain('Тип лекарственной устойчивости');
    expect((wb.getWorksheet('Микроскопия')!.getRow(1).values as string[]).slice(1, 3)).toEqual(['Номер случая', 'Дата']);
    const genders = wb.getWorksheet('Значения')!;
    const col = (genders.getRow(1).values as string[]).indexOf('Пол');
    expect([genders.getCell(2, col).value, genders.getCell(3, col).value]).toEqual(['Мужской', 'Женский']);

    // filled in as a user would: labels from the lists, dates as dates
    const ws = wb.getWorksheet('Случаи')!;
    const at = (h: string) => headers.indexOf(h) + 1;
    const fill: Record<string, unknown> = {
      Фамилия: 'Шаблонова', Имя: 'Алия', Пол: 'Женский', 'Дата рождения': new Date(Date.UTC(1988, 1, 2)), 'Тип диагноза': 'Подтверждённый', Классификация: 'ТБ',
      'Учреждение, ведущее случай': 'Бишкекский городской противотуберкулёзный диспансер', 'Дата регистрации': new Date(Date.UTC(2024, 5, 3)), 'Дата диагноза': new Date(Date.UTC(2024, 5, 1)),
      'Группа регистрации': 'Новый случай', 'Номер случая': 'TPL-1',
    };
    for (const [h, v] of Object.entries(fill)) ws.getCell(2, at(h)).value = v as ExcelJS.CellValue;
    const mic = wb.getWorksheet('Микроскопия')!;
    const micHeaders = (mic.getRow(1).values as string[]).slice(1);
    const smear: Record<string, ExcelJS.CellValue> = { 'Номер случая': 'TPL-1', Дата: new Date(Date.UTC(2024, 5, 1)), Лаборатория: 'Национальная референс-лаборатория по туберкулёзу', Результат: '++' };
    for (const [h, v] of Object.entries(smear)) {
      expect(micHeaders, h).toContain(h);
      mic.getCell(2, micHeaders.indexOf(h) + 1).value = v;
    }
    const job = await uploadFile(admin, Buffer.from(await wb.xlsx.writeBuffer()), 'шаблон.xlsx');
    expect(job.state, job.error).toBe('READY');
    const caseMapping = job.mapping.sheets[0].columns;
    for (const h of headers) expect(caseMapping[h], h).toBeDefined();
    const checked = await dryRun(admin, job.id, job.mapping);
    expect(checked.counts, JSON.stringify([...(await rowsOf(admin, job.id, 'ERROR')).entries()])).toEqual({ imported: 2, errors: 0, skipped: 0, warnings: 0 });
    await runImport(admin, job.id);
    const c = await db().selectFrom('tbcase').select(['id', 'diagnosis_type', 'classification']).where('case_number', '=', 'TPL-1').executeTakeFirstOrThrow();
    expect([c.diagnosis_type, c.classification]).toEqual(['CONFIRMED', 'TB']);
    expect((await db().selectFrom('exammic').select('result').where('case_id', '=', c.id).execute()).map((e) => e.result)).toEqual(['PLUS2']);
  });
});
