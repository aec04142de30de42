// The rows of one chunk of an import (written in one transaction, a savepoint each, their look-ups
// asked once for the chunk) behave as if each were imported on its own, one after the other: a row
// sees the patient and the row an earlier row of the same chunk registered, and a refused row undoes
// only itself — the rows around it stay written, it is in the error report.
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { CHUNK } from '../../cases/import/steps.ts';
import { analyticTable } from '../../engine/analytic.ts';
import { reportCatalogue } from '../../engine/report-vars.ts';
import { analyticSelect } from '../../server/analytic/compute.ts';
import { kysely } from '../../server/db/kysely.ts';
import { csvOf } from '../helpers/import-files.ts';
import { dryRun, rowsOf, runImport, uploadFile } from '../helpers/imports.ts';
import { admin, server, useTestServer } from '../helpers/use-server.ts';
import { jsonColumn } from '../../server/db/json-column.ts';

const db = () => kysely(server.ctx.orm.em.fork());
useTestServer();

const header = ['Фамилия', 'Имя', 'Пол', 'Дата рождения', 'Дата регистрации', 'Группа', 'ЛПУ'];
const columns = { Фамилия: 'patient.lastName', Имя: 'patient.name', Пол: 'patient.gender', 'Дата рождения': 'patient.birthDate', 'Дата регистрации': 'tbcase.registrationDate', Группа: 'tbcase.registrationGroup', ЛПУ: 'tbcase.ownerUnitId' };
const FILE = 'партия.csv';
const mapping = { sheets: [{ name: FILE, role: 'case', columns }], fixed: { 'tbcase.diagnosisType': 'SUSPECT', 'tbcase.classification': 'TB' }, values: {} };

const first = ['Чанкеева', 'Бурул', 'Женский', '14.02.1971', '05.03.2024', 'Новый случай', 'BGPTD'];
const rows = [
  first, // row 2: a new patient
  ['Чанкеева', 'Бурул', 'Женский', '14.02.1971', '11.06.2024', 'Новый случай', 'BGPTD'], // row 3: the same person, registered again another day
  first, // row 4: row 2 again
  ['Чинкеева', 'Бурул', 'Женский', '14.02.1971', '20.07.2024', 'Новый случай', 'BGPTD'], // row 5: one letter away, born the same day
  ['Партиев', 'Нурлан', 'Мужской', '03.09.1988', '01.01.1980', 'Новый случай', 'BGPTD'], // row 6: registered before birth
  ['Отдельнов', 'Сапар', 'Мужской', '22.11.1965', '15.04.2024', 'Новый случай', 'BGPTD'], // row 7: someone else
];

/** The file's people as stored: each patient with the registration dates of their cases. */
async function stored() {
  const list = await db().selectFrom('patient as p').leftJoin('tbcase as c', 'c.patient_id', 'p.id')
    .select(['p.id', 'p.last_name', 'c.registration_date']).where('p.last_name', 'in', ['Чанкеева', 'Чинкеева', 'Партиев', 'Отдельнов']).orderBy('p.last_name').orderBy('c.registration_date').execute();
  const out = new Map<string, string[]>();
  for (const r of list) {
    const key = `${r.last_name}:${r.id}`;
    out.set(key, [...(out.get(key) ?? []), r.registration_date ? new Date(r.registration_date).toISOString().slice(0, 10) : '—']);
  }
  return [...out.entries()].map(([k, dates]) => [k.split(':')[0], dates]);
}

describe('the rows of one chunk', () => {
  let jobId: string;
  beforeAll(async () => {
    expect(rows.length).toBeLessThan(CHUNK);
    jobId = (await uploadFile(admin, csvOf([header, ...rows]), FILE)).id;
  });

  const expectAnswers = async () => {
    const answers = await rowsOf(admin, jobId);
    expect(answers.get(`${FILE}:2`)).toMatchObject({ status: 'OK', messages: [] });
    expect(answers.get(`${FILE}:3`)).toMatchObject({ status: 'OK', messages: [{ field: null, msg: 'Пациент уже зарегистрирован с теми же именем и датой рождения: случай добавлен к нему', level: 'info' }] });
    expect(answers.get(`${FILE}:4`)).toMatchObject({ status: 'SKIPPED', messages: [{ field: null, msg: `Строка уже импортирована (файл «${FILE}», строка 2): повторно не создаётся`, level: 'info' }] });
    expect(answers.get(`${FILE}:5`)).toMatchObject({
      status: 'OK',
      messages: [{ field: 'patient.lastName', column: 'Фамилия', msg: 'Возможно, пациент уже зарегистрирован: Чанкеева Бурул, 14.02.1971 — проверьте, не один ли это человек', level: 'warning' }],
    });
    expect(answers.get(`${FILE}:6`)!.status).toBe('ERROR');
    expect(answers.get(`${FILE}:6`)!.messages.map((m) => m.field)).toEqual(['tbcase.registrationDate']);
    expect(answers.get(`${FILE}:7`)).toMatchObject({ status: 'OK', messages: [] });
  };

  it('dry run: each row is answered as the run will write it, after the rows before it', async () => {
    const job = await dryRun(admin, jobId, mapping);
    expect(job.counts).toEqual({ imported: 4, errors: 1, skipped: 1, warnings: 1 });
    await expectAnswers();
    expect(await stored()).toEqual([]);
  });

  it('run: the same person twice is one patient with two cases, a row repeated is skipped, and the refused row leaves the others written', async () => {
    const job = await runImport(admin, jobId);
    expect(job.counts).toEqual({ imported: 4, errors: 1, skipped: 1, warnings: 1 });
    await expectAnswers();
    // row 6 made nothing, not even its patient; rows 2 and 3 share one
    expect(await stored()).toEqual([
      ['Отдельнов', ['2024-04-15']],
      ['Чанкеева', ['2024-03-05', '2024-06-11']],
      ['Чинкеева', ['2024-07-20']],
    ]);
    // one history entry per write, each naming its row
    const texts = (await db().selectFrom('cmdhistory').select('detail').where('type', 'in', ['patient', 'tbcase']).where('action', '=', 'create')
      .where(({ eb, or }) => or([2, 3, 4, 5, 6, 7].map((n) => eb('detail', '@>', JSON.stringify({ text: `Импорт из файла «${FILE}», строка ${n}` }) as never)))).execute())
      .map((h) => jsonColumn<{ text?: string }>(h.detail, {}).text).sort();
    expect(texts).toEqual([
      `Импорт из файла «${FILE}», строка 2`, `Импорт из файла «${FILE}», строка 2`, // its patient and case
      `Импорт из файла «${FILE}», строка 3`, // its case (the patient is row 2's)
      `Импорт из файла «${FILE}», строка 5`, `Импорт из файла «${FILE}», строка 5`,
      `Импорт из файла «${FILE}», строка 7`, `Импорт из файла «${FILE}», строка 7`,
    ]);
  });

  it('the error report holds the refused row, as the file had it, and the row with a warning', async () => {
    const res = await fetch(`${server.url}/api/import/${jobId}/report`, { headers: { cookie: admin.cookie } });
    expect(res.status).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(await res.arrayBuffer()) as never);
    const sheet = wb.worksheets[0];
    const texts = (r: number) => (sheet.getRow(r).values as unknown[]).slice(1).map((v) => (v instanceof Date ? v.toISOString().slice(0, 10) : v ?? null));
    expect(sheet.rowCount).toBe(3);
    expect(texts(2).slice(0, 3)).toEqual([5, 'Чинкеева', 'Бурул']);
    expect(texts(3).slice(0, 4)).toEqual([6, 'Партиев', 'Нурлан', 'Мужской']);
    expect(texts(3).slice(-2)).toEqual(['Не импортирована', 'Дата регистрации: не может быть раньше, чем «Дата рождения»']);
  });
});

// A chunk's cases are what a single save makes of them: the automatic tags (the demo's 'На лечении':
// state ONTREATMENT), the columns derived from the exams and the analytic row, all written at the
// chunk's end or through its look-up cache — checked against facts written here by hand, and the
// stored analytic rows against a recomputation from the cases.
describe('a chunk\'s cases, as a single save makes them', () => {
  const SHEET = 'лечение.csv';
  const head = ['Фамилия', 'Имя', 'Пол', 'Дата рождения', 'Дата регистрации', 'Дата диагноза', 'Группа', 'ЛПУ', 'Начало лечения', 'Схема', 'Микроскопия', 'Дата микроскопии', 'Лаборатория'];
  const treatedMapping = {
    sheets: [{ name: SHEET, role: 'case', columns: {
      Фамилия: 'patient.lastName', Имя: 'patient.name', Пол: 'patient.gender', 'Дата рождения': 'patient.birthDate', 'Дата регистрации': 'tbcase.registrationDate', 'Дата диагноза': 'tbcase.diagnosisDate',
      Группа: 'tbcase.registrationGroup', ЛПУ: 'tbcase.ownerUnitId', 'Начало лечения': 'tbcase.iniTreatmentDate', Схема: 'treatment.regimenId', Микроскопия: 'exammic.result', 'Дата микроскопии': 'exammic.date', Лаборатория: 'exammic.laboratoryId',
    } }],
    fixed: { 'tbcase.diagnosisType': 'CONFIRMED', 'tbcase.classification': 'TB' }, values: {},
  };
  const file = [
    head,
    ['Лечимова', 'Асель', 'Женский', '02.03.1985', '10.04.2024', '09.04.2024', 'Новый случай', 'BGPTD', '12.04.2024', 'TB-6M', '++', '09.04.2024', 'NRL'], // row 2: on treatment, smear 2+
    ['Ранова', 'Жанна', 'Женский', '02.03.1995', '10.04.1990', '09.04.1990', 'Новый случай', 'BGPTD', '', '', '', '', ''], // row 3: registered before birth: refused
    ['Ждунов', 'Бакыт', 'Мужской', '17.08.1970', '15.05.2024', '14.05.2024', 'Новый случай', 'BGPTD', '', '', 'Отрицательный', '14.05.2024', 'NRL'], // row 4: not yet on treatment, smear negative
  ];

  it('tags, derived columns and analytic rows as a single save', async () => {
    const job = (await uploadFile(admin, csvOf(file), SHEET)).id;
    expect((await dryRun(admin, job, treatedMapping)).counts).toEqual({ imported: 2, errors: 1, skipped: 0, warnings: 0 });
    expect((await runImport(admin, job)).counts).toEqual({ imported: 2, errors: 1, skipped: 0, warnings: 0 });
    const answers = await rowsOf(admin, job);
    expect(answers.get(`${SHEET}:3`)!.messages.map((m) => m.field)).toEqual(['tbcase.registrationDate', 'tbcase.diagnosisDate']);
    const cases = await db().selectFrom('tbcase as c').innerJoin('patient as p', 'p.id', 'c.patient_id')
      .select(['c.id', 'p.last_name', 'c.state', 'c.microscopy_result', 'c.workspace_id']).where('p.last_name', 'in', ['Лечимова', 'Ранова', 'Ждунов']).orderBy('p.last_name').execute();
    expect(cases.map((c) => [c.last_name, c.state, c.microscopy_result])).toEqual([['Ждунов', 'NOT_ONTREATMENT', 'NEGATIVE'], ['Лечимова', 'ONTREATMENT', 'PLUS2']]);
    const [waiting, treated] = cases.map((c) => String(c.id));
    // the case not yet on treatment is written once, with its smear's columns worked out from the row: one create in the
    // change feed carrying them (version 1), no update after its exam
    const feed = await db().selectFrom('changelog').select(['op', 'row_version', 'data']).where('table_name', '=', 'tbcase').where('row_id', '=', waiting).execute();
    expect(feed.map((f) => [f.op, f.row_version, jsonColumn<Record<string, unknown>>(f.data, {}).microscopyResult, jsonColumn<Record<string, unknown>>(f.data, {}).microscopyDate])).toEqual([['create', 1, 'NEGATIVE', '2024-05-14']]);
    const onTreatment = String((await db().selectFrom('tag').select('id').where('name', '=', 'На лечении').where('workspace_id', '=', cases[0].workspace_id).executeTakeFirstOrThrow()).id);
    const tagsOf = async (id: string) => (await db().selectFrom('casetag').select('tag_id').where('case_id', '=', id).execute()).map((t) => String(t.tag_id));
    expect(await tagsOf(treated)).toEqual([onTreatment]);
    expect(await tagsOf(waiting)).toEqual([]);
    // the analytic rows: what the reports count, by hand; then equal to a recomputation from the cases
    const a = analyticTable(server.ctx.registry, reportCatalogue(server.ctx.registry));
    const stored = (await sql<any>`select * from caseanalytic where id in (${treated}, ${waiting}) order by state`.execute(db())).rows;
    expect(stored.map((r) => [r.state, r.microscopy_result, r.gender, r.tag])).toEqual([['NOT_ONTREATMENT', 'NEGATIVE', 'MALE', []], ['ONTREATMENT', 'PLUS2', 'FEMALE', [onTreatment]]]);
    const computed = (await sql<any>`select * from (${analyticSelect(a, sql`c.id in (${treated}, ${waiting})`)}) x order by state`.execute(db())).rows;
    expect(stored.map((r) => JSON.stringify(r, Object.keys(r).sort()))).toEqual(computed.map((r) => JSON.stringify(r, Object.keys(r).sort())));
  });
});
