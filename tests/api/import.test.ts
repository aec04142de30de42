// Importing a register, through the API as the import screen drives it, on a real server
// and PostgreSQL: a dry run checks every row by the rules of the form and writes nothing; the run
// writes each row through the one writer (history naming the file and row), with its exams and its
// workflow by the declared actions; importing the same file again makes nothing twice; the error
// report lists the rows not imported; who may import, and each row written with the uploader's own
// view. (Files: import-files.test.ts; a run stopped half-way: import-resume.test.ts.)
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { kysely, kyselyByName } from '../../server/db/kysely.ts';
import { unitNamed } from '../helpers/cases.ts';
import { csvOf, xlsxOf } from '../helpers/import-files.ts';
import { dryRun, rowsOf, runImport, uploadFile } from '../helpers/imports.ts';
import { admin, server, useTestServer } from '../helpers/use-server.ts';
import { createUser } from '../helpers/users.ts';
import { jsonColumn } from '../../server/db/json-column.ts';

const db = () => kysely(server.ctx.orm.em.fork());
const count = async (table: string, where: Record<string, unknown> = {}) => {
  let q = kyselyByName(server.ctx.orm.em.fork()).selectFrom(table).select((eb) => eb.fn.countAll().as('n'));
  for (const [k, v] of Object.entries(where)) q = q.where(k, '=', v);
  return Number((await q.executeTakeFirstOrThrow()).n);
};
const written = async () => ({ patients: await count('patient'), cases: await count('tbcase'), exams: await count('exammic'), history: await count('cmdhistory'), feed: await count('changelog') });
const utc = (y: number, m: number, d: number) => new Date(Date.UTC(y, m - 1, d));

const HEADERS = ['№ случая', 'Фамилия', 'Имя', 'Пол', 'Дата рожд.', 'Дата рег.', 'Дата диагноза', 'Группа', 'Учреждение', 'Обосновано', 'Начало лечения', 'Схема', 'Исход', 'Дата исхода', 'Микроскопия', 'Дата микроскопии', 'Лаборатория'];
/** The register's columns mapped to the fields, as a user maps them. */
const CASE_COLUMNS = {
  '№ случая': 'tbcase.caseNumber', Фамилия: 'patient.lastName', Имя: 'patient.name', Пол: 'patient.gender', 'Дата рожд.': 'patient.birthDate',
  'Дата рег.': 'tbcase.registrationDate', 'Дата диагноза': 'tbcase.diagnosisDate', Группа: 'tbcase.registrationGroup', Учреждение: 'tbcase.ownerUnitId',
  Обосновано: 'tbcase.validated', 'Начало лечения': 'tbcase.iniTreatmentDate', Схема: 'treatment.regimenId', Исход: 'tbcase.outcome', 'Дата исхода': 'tbcase.outcomeDate',
  Микроскопия: 'exammic.result', 'Дата микроскопии': 'exammic.date', Лаборатория: 'exammic.laboratoryId',
};
const EXAM_COLUMNS = { 'Номер случая': 'key', Дата: 'exammic.date', Результат: 'exammic.result', Лаборатория: 'exammic.laboratoryId' };
const fixed = { 'tbcase.diagnosisType': 'CONFIRMED', 'tbcase.classification': 'TB' };
const mappingOf = (extra: object = {}) => ({
  sheets: [{ name: 'Случаи', role: 'case', columns: CASE_COLUMNS }, { name: 'Микроскопия', role: 'exammic', columns: EXAM_COLUMNS }],
  fixed, values: {}, ...extra,
});

/** Row 2: a whole course — validated, treated with 2HRZE/4HR, cured — with a smear in its columns and two on the exams' sheet. */
const cured = ['IMP-001', 'Асанов', 'Айбек', 'Мужской', utc(1980, 5, 1), utc(2024, 3, 5), utc(2024, 3, 4), 'Новый случай', 'BGPTD', 'Да', utc(2024, 3, 6), 'TB-6M', 'Излечен', utc(2024, 9, 10), '+++', utc(2024, 3, 4), 'NRL'];
/** Row 3: a day that does not exist, and a sex the form does not know. */
const badDate = ['IMP-002', 'Бекова', 'Айгуль', 'X', utc(1990, 1, 1), '31.02.2024', '01.02.2024', 'Новый случай', 'BGPTD', 'Нет', null, null, null, null, null, null, null];
/** Row 4: registered before they were born (the writer's date bound). */
const beforeBirth = ['IMP-003', 'Токтогулов', 'Марат', 'Мужской', utc(1995, 6, 1), utc(1994, 1, 10), utc(1994, 1, 9), 'Новый случай', 'BGPTD', 'Нет', null, null, null, null, null, null, null];
/** Row 5: cured without any treatment (the WHO rule of the close action). */
const curedUntreated = ['IMP-004', 'Садыкова', 'Нургуль', 'Женский', utc(1979, 8, 14), utc(2024, 4, 2), utc(2024, 4, 1), 'Новый случай', 'BGPTD', 'Нет', null, null, 'Излечен', utc(2024, 10, 1), null, null, null];

async function register() {
  return xlsxOf({
    Случаи: [HEADERS, cured, badDate, beforeBirth, curedUntreated],
    Микроскопия: [['Номер случая', 'Дата', 'Результат', 'Лаборатория'], ['IMP-001', utc(2024, 5, 6), '+', 'NRL'], ['IMP-001', utc(2024, 8, 30), 'Отрицательный', 'NRL'], ['IMP-999', utc(2024, 5, 6), '+', 'NRL']],
  });
}

let bishkek: string;
useTestServer();
beforeAll(async () => {
  bishkek = await unitNamed(admin, 'Бишкекский');
});

describe('a register with an exams sheet: the dry run, then the run', () => {
  let jobId: string;
  let caseId: string;

  it('reads the file: its sheets and headers, a first mapping', async () => {
    const job = await uploadFile(admin, await register(), 'registr.xlsx');
    expect(job.state).toBe('READY');
    jobId = job.id;
    expect(job.sheets).toEqual([
      { name: 'Случаи', headers: HEADERS, headerRow: 1, rows: 4 },
      { name: 'Микроскопия', headers: ['Номер случая', 'Дата', 'Результат', 'Лаборатория'], headerRow: 1, rows: 3 },
    ]);
    // the sheet named like an exam type is that exam's; headers named like fields are mapped to them
    expect(job.mapping.sheets.map((s: { role: string }) => s.role)).toEqual(['case', 'exammic']);
    expect(job.mapping.sheets[0].columns).toMatchObject({ Фамилия: 'patient.lastName', Имя: 'patient.name', Пол: 'patient.gender', 'Дата диагноза': 'tbcase.diagnosisDate', Обосновано: 'tbcase.validated' });
    expect(job.mapping.sheets[1].columns).toEqual({ 'Номер случая': 'key', Дата: 'exammic.date', Результат: 'exammic.result', Лаборатория: 'exammic.laboratoryId' });
  });

  it('refuses a mapping missing a field every case needs, or naming a column the file lacks', async () => {
    const r = await admin.post(`/api/import/${jobId}/mapping`, { mapping: { sheets: [{ name: 'Случаи', role: 'case', columns: { Фамилия: 'patient.lastName', Нет: 'patient.name' } }], fixed: {}, values: {} } });
    expect(r.status).toBe(400);
    expect(r.body.errors).toContainEqual({ field: 'sheets.0.columns.Нет', msg: 'В файле нет столбца «Нет»' });
    expect(r.body.errors.find((e: { field: string }) => e.field === 'sheets').msg).toMatch(/^Не сопоставлены обязательные поля: Тип диагноза, Классификация, Учреждение, ведущее случай, Пол, Дата регистрации, Группа регистрации —/);
  });

  it('dry run: every row checked by the rules of the form, errors per row and field in Russian, nothing written', async () => {
    const before = await written();
    const job = await dryRun(admin, jobId, mappingOf());
    expect(job.state).toBe('CHECKED');
    expect(job.checked).toBe(true);
    expect(job.counts).toEqual({ imported: 3, errors: 4, skipped: 0, warnings: 0 });
    expect(await written()).toEqual(before);

    const rows = await rowsOf(admin, jobId);
    expect(rows.get('Случаи:2')).toMatchObject({ status: 'OK', messages: [] });
    expect(rows.get('Случаи:3')!.status).toBe('ERROR');
    expect(rows.get('Случаи:3')!.messages).toEqual([
      { field: 'patient.gender', column: 'Пол', value: 'X', msg: 'Пол: «X» нет среди значений поля: сопоставьте его на шаге сопоставления значений', level: 'error' },
      { field: 'tbcase.registrationDate', column: 'Дата рег.', value: '31.02.2024', msg: 'Дата рег.: Нет такой даты: 31.02.2024', level: 'error' },
    ]);
    expect(rows.get('Случаи:4')!.messages).toEqual([
      { field: 'tbcase.registrationDate', column: 'Дата рег.', msg: 'Дата регистрации: не может быть раньше, чем «Дата рождения»', level: 'error' },
      { field: 'tbcase.diagnosisDate', column: 'Дата диагноза', msg: 'Дата диагноза: не может быть раньше, чем «Дата рождения»', level: 'error' },
    ]);
    expect(rows.get('Случаи:5')!.messages).toEqual([
      { field: 'tbcase.outcome', column: 'Исход', msg: 'Этот исход не подходит случаю: излечение, завершённое, неэффективное и прерванное лечение — только после начала лечения, потеря до начала лечения — только до него', level: 'error' },
    ]);
    // the exams' sheet: the two smears of row 2's case pass with it; one names no case at all
    expect(rows.get('Микроскопия:2')!.status).toBe('OK');
    expect(rows.get('Микроскопия:3')!.status).toBe('OK');
    expect(rows.get('Микроскопия:4')!.messages).toEqual([{ field: 'key', column: 'Номер случая', value: 'IMP-999', msg: 'Нет случая с номером «IMP-999»: ни на листе случаев, ни среди зарегистрированных', level: 'error' }]);
  });

  it('runs only after a dry run of the same mapping', async () => {
    const other = mappingOf({ fixed: { ...fixed, 'tbcase.diagnosisBasis': 'BACTERIOLOGICAL' } });
    expect((await admin.post(`/api/import/${jobId}/mapping`, { mapping: other })).status).toBe(200);
    const refused = await admin.post(`/api/import/${jobId}/run`, {});
    expect(refused.status).toBe(409);
    expect(refused.body.errors).toEqual([{ field: null, msg: 'Сначала выполните проверку с этим сопоставлением' }]);
    expect((await dryRun(admin, jobId, other)).counts).toEqual({ imported: 3, errors: 4, skipped: 0, warnings: 0 });
  });

  it('run: the valid row through the writer — patient, case, exams, validation, treatment, outcome — each entry naming the file and row', async () => {
    const before = await written();
    const job = await runImport(admin, jobId);
    expect(job.state).toBe('DONE');
    expect(job.counts).toEqual({ imported: 3, errors: 4, skipped: 0, warnings: 0 });
    const after = await written();
    expect([after.patients - before.patients, after.cases - before.cases, after.exams - before.exams]).toEqual([1, 1, 3]);

    const c = await db().selectFrom('tbcase').selectAll().where('case_number', '=', 'IMP-001').executeTakeFirstOrThrow();
    caseId = String(c.id);
    expect([c.owner_unit_id, c.notification_unit_id, c.diagnosis_type, c.classification, c.registration_group, c.diagnosis_basis]).toEqual([bishkek, bishkek, 'CONFIRMED', 'TB', 'NEW', 'BACTERIOLOGICAL']);
    expect([c.state, c.validated, c.outcome, String(c.ini_treatment_date).slice(0, 10)]).toEqual(['CLOSED', true, 'CURED', '2024-03-06']);
    const p = await db().selectFrom('patient').selectAll().where('id', '=', c.patient_id).executeTakeFirstOrThrow();
    expect([p.last_name, p.name, p.gender]).toEqual(['Асанов', 'Айбек', 'MALE']);
    const smears = await db().selectFrom('exammic').select(['result']).where('case_id', '=', caseId).orderBy('date').execute();
    expect(smears.map((s) => s.result)).toEqual(['PLUS3', 'PLUS', 'NEGATIVE']);
    // the case's columns from its three smears (one in its row, two on the exams' sheet): the latest by date, negative on 30.08.2024
    const derived = await db().selectFrom('tbcase').select(['microscopy_result', sql<string>`to_char(microscopy_date, 'DD.MM.YYYY')`.as('date')]).where('id', '=', caseId).executeTakeFirstOrThrow();
    expect([derived.microscopy_result, derived.date]).toEqual(['NEGATIVE', '30.08.2024']);
    const regimen = await db().selectFrom('treatment as t').innerJoin('regimen as r', 'r.id', 't.regimen_id').select('r.name').where('t.case_id', '=', caseId).executeTakeFirstOrThrow();
    expect(regimen.name).toBe('2HRZE/4HR');

    const history = await db().selectFrom('cmdhistory').select(['type', 'action', 'detail']).where('entity_id', 'in', [caseId, String(c.patient_id)]).orderBy('exec_date').execute();
    expect(history.map((h) => `${h.type}.${h.action}`)).toEqual(['patient.create', 'tbcase.create', 'tbcase.validate', 'tbcase.starttreatment', 'tbcase.close']);
    for (const h of history) expect(jsonColumn<{ text?: string }>(h.detail, {}).text).toBe('Импорт из файла «registr.xlsx», лист «Случаи», строка 2');
    // the rows the chunk has just written are named in the entries as the chunk wrote them: the case's patient, the smear's case
    const values = (detail: unknown) => (jsonColumn<{ items?: { value: unknown }[] }>(detail, {}).items ?? []).map((i) => i.value);
    expect(values(history[1].detail)).toContain('Асанов Айбек');
    const smearHistory = await db().selectFrom('cmdhistory').select('detail').where('type', '=', 'exammic').where('action', '=', 'create').execute();
    for (const h of smearHistory) expect(values(h.detail)).toContain('IMP-001');
    expect(smearHistory.map((h) => jsonColumn<{ text?: string }>(h.detail, {}).text).sort()).toEqual([
      'Импорт из файла «registr.xlsx», лист «Микроскопия», строка 2', 'Импорт из файла «registr.xlsx», лист «Микроскопия», строка 3', 'Импорт из файла «registr.xlsx», лист «Случаи», строка 2',
    ]);
    const rows = await rowsOf(admin, jobId);
    expect(rows.get('Случаи:2')!.caseId).toBe(caseId);
  });

  it('importing the same file again makes nothing twice', async () => {
    const before = await written();
    const again = await uploadFile(admin, await register(), 'registr (копия).xlsx');
    expect((await dryRun(admin, again.id, mappingOf({ fixed: { ...fixed, 'tbcase.diagnosisBasis': 'BACTERIOLOGICAL' } }))).counts).toEqual({ imported: 0, errors: 4, skipped: 3, warnings: 0 });
    const job = await runImport(admin, again.id);
    expect(job.counts).toEqual({ imported: 0, errors: 4, skipped: 3, warnings: 0 });
    const rows = await rowsOf(admin, again.id);
    expect(rows.get('Случаи:2')).toMatchObject({ status: 'SKIPPED', caseId, messages: [{ field: null, msg: 'Строка уже импортирована (файл «registr.xlsx», строка 2): повторно не создаётся', level: 'info' }] });
    expect(rows.get('Микроскопия:2')!.status).toBe('SKIPPED');
    const after = await written();
    expect([after.patients, after.cases, after.exams]).toEqual([before.patients, before.cases, before.exams]);
  });

  it('the error report: the rows not imported, as the file had them, with what is wrong', async () => {
    const res = await fetch(`${server.url}/api/import/${jobId}/report`, { headers: { cookie: admin.cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(await res.arrayBuffer()) as never);
    const cases = wb.getWorksheet('Случаи')!;
    const texts = (r: number) => (cases.getRow(r).values as unknown[]).slice(1).map((v) => (v instanceof Date ? v.toISOString().slice(0, 10) : v ?? null));
    expect(texts(1)).toEqual(['Строка', ...HEADERS, 'Результат', 'Ошибки']);
    expect(cases.rowCount).toBe(4);
    expect(texts(2).slice(0, 7)).toEqual([3, 'IMP-002', 'Бекова', 'Айгуль', 'X', '1990-01-01', '31.02.2024']);
    expect(texts(2).slice(-2)).toEqual(['Не импортирована', 'Пол: «X» нет среди значений поля: сопоставьте его на шаге сопоставления значений\nДата рег.: Нет такой даты: 31.02.2024']);
    expect(texts(3)[0]).toBe(4);
    expect(texts(4)[0]).toBe(5);
    const exams = wb.getWorksheet('Микроскопия')!;
    expect(exams.rowCount).toBe(2);
    expect((exams.getRow(2).values as unknown[])[1]).toBe(4);
  });
});

describe('who may import', () => {
  const header = ['Фамилия', 'Имя', 'Пол', 'Дата рождения', 'Дата регистрации', 'Группа', 'ЛПУ'];
  const columns = { Фамилия: 'patient.lastName', Имя: 'patient.name', Пол: 'patient.gender', 'Дата рождения': 'patient.birthDate', 'Дата регистрации': 'tbcase.registrationDate', Группа: 'tbcase.registrationGroup', ЛПУ: 'tbcase.ownerUnitId' };

  it('needs CASE_IMPORT: a doctor who may notify cases but not import is refused (403) and nothing is made', async () => {
    const doctor = await createUser(server, admin, 'IMPDOC', [{ permission: 'CASEMAN' }, { permission: 'NEWCASE' }, { permission: 'NEWSUSP' }]);
    const r = await doctor.post('/api/import/upload', { fileName: 'a.csv', fileSize: 10 });
    expect(r.status).toBe(403);
    expect(await count('importjob', { file_name: 'a.csv' })).toBe(0);
  });

  it("an importer of one unit: another's job is not found, and a row registering a case in a unit outside their view is refused on that field", async () => {
    const units = (await admin.post('/api/tbl/unit/query', { pageSize: 100 })).body.list as { id: string; name: string; type?: string }[];
    const own = units.find((u) => u.id !== bishkek && u.type !== 'LAB')!;
    const importer = await createUser(server, admin, 'IMPUNIT', [{ permission: 'CASEMAN' }, { permission: 'NEWCASE' }, { permission: 'NEWSUSP' }, { permission: 'CASE_IMPORT' }], 'Passw0rd', { unitId: own.id, view: 'UNIT' });
    const admins = (await admin.post('/api/import/query', {})).body.result as { id: string }[];
    expect(admins.length).toBeGreaterThan(0);
    expect((await importer.get(`/api/import/${admins[0].id}`)).status).toBe(404);
    expect((await importer.post('/api/import/query', {})).body.result).toEqual([]);

    const file = csvOf([header, ['Своя', 'Анара', 'Женский', '02.02.1990', '01.03.2024', 'Новый случай', own.name], ['Чужой', 'Эрлан', 'Мужской', '03.03.1985', '01.03.2024', 'Новый случай', 'BGPTD']]);
    const job = await uploadFile(importer, file, 'свой.csv');
    const checked = await dryRun(importer, job.id, { sheets: [{ name: 'свой.csv', role: 'case', columns }], fixed: { 'tbcase.diagnosisType': 'SUSPECT', 'tbcase.classification': 'TB' }, values: {} });
    expect(checked.counts).toEqual({ imported: 1, errors: 1, skipped: 0, warnings: 0 });
    const rows = await rowsOf(importer, job.id);
    expect(rows.get('свой.csv:2')!.status).toBe('OK');
    expect(rows.get('свой.csv:3')!.messages).toEqual([{ field: 'tbcase.ownerUnitId', column: 'ЛПУ', msg: 'Запись не найдена.', level: 'error' }]);
    expect((await runImport(importer, job.id)).counts).toEqual({ imported: 1, errors: 1, skipped: 0, warnings: 0 });
    expect(await count('patient', { last_name: 'Своя' })).toBe(1);
    expect(await count('patient', { last_name: 'Чужой' })).toBe(0);
    // the admin (whole workspace) sees it
    expect((await admin.get(`/api/import/${job.id}`)).status).toBe(200);
  });
});
