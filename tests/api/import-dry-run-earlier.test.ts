// A dry run is the preview of its run: a row is compared with the patients and rows the file's earlier
// rows make, even those of an earlier chunk (which the dry run rolled back, and the run has written by
// then) — the very person is the row's patient, one of a name a typing error away born the same day,
// or of the very name born another day, is named in a warning, the very row again is skipped — so the
// dry run warns of every row the run warns of, and skips what it skips, in the same words.
import { beforeAll, describe, expect, it } from 'vitest';
import { CHUNK } from '../../cases/import/steps.ts';
import { csvOf, xlsxOf } from '../helpers/import-files.ts';
import { dryRun, rowsOf, runImport, uploadFile } from '../helpers/imports.ts';
import { admin, useTestServer } from '../helpers/use-server.ts';

useTestServer();

const header = ['Фамилия', 'Имя', 'Пол', 'Дата рождения', 'Дата регистрации', 'Группа', 'ЛПУ'];
const columns = { Фамилия: 'patient.lastName', Имя: 'patient.name', Пол: 'patient.gender', 'Дата рождения': 'patient.birthDate', 'Дата регистрации': 'tbcase.registrationDate', Группа: 'tbcase.registrationGroup', ЛПУ: 'tbcase.ownerUnitId' };
const FILE = 'два-куска.csv';
const mapping = { sheets: [{ name: FILE, role: 'case', columns }], fixed: { 'tbcase.diagnosisType': 'SUSPECT', 'tbcase.classification': 'TB' }, values: {} };
const LETTERS = 'абвгдклмнопрту';
const dayText = (ms: number) => new Date(ms).toISOString().slice(0, 10).split('-').reverse().join('.');

/** Row 2, in the first chunk: a new patient. */
const samat = ['Ранний', 'Самат', 'Мужской', '10.10.1985', '01.03.2024', 'Новый случай', 'BGPTD'];
/** Rows 3 … CHUNK + 1: people nobody is like (names and birth days all different, born in the 1960s). */
const fillers = Array.from({ length: CHUNK - 1 }, (_, i) => [`Заполненный${LETTERS[Math.floor(i / LETTERS.length)]}${LETTERS[i % LETTERS.length]}`, 'Тест', 'Мужской', dayText(Date.UTC(1960, 0, 1) + i * 86_400_000 * 37), '01.03.2024', 'Новый случай', 'BGPTD']);
/** The second chunk's rows, CHUNK + 2 on. */
const later = [
  ['Ранкий', 'Самат', 'Мужской', '10.10.1985', '02.04.2024', 'Новый случай', 'BGPTD'], // a letter away from row 2, born the same day: like him
  ['Ранний', 'Самат', 'Мужской', '10.10.1985', '01.06.2024', 'Новый случай', 'BGPTD'], // row 2's very person, registered again: his; like the row above
  ['Ранний', 'Самат', 'Мужской', '11.11.1990', '05.06.2024', 'Новый случай', 'BGPTD'], // row 2's very name, born another day: like him
  samat, // row 2 again (the file has no case number: no key refuses it): made already
];
const [typo, same, otherDay, again] = [CHUNK + 2, CHUNK + 3, CHUNK + 4, CHUNK + 5].map((n) => `${FILE}:${n}`);

const like = (who: string) => ({ field: 'patient.lastName', column: 'Фамилия', msg: `Возможно, пациент уже зарегистрирован: ${who} — проверьте, не один ли это человек`, level: 'warning' });
const his = { field: null, msg: 'Пациент уже зарегистрирован с теми же именем и датой рождения: случай добавлен к нему', level: 'info' };
/** What the run answers each row of the second chunk, by the rule (and so must the dry run). */
const expected = {
  [typo]: { status: 'OK', messages: [like('Ранний Самат, 10.10.1985')] },
  [same]: { status: 'OK', messages: [like('Ранкий Самат, 10.10.1985'), his] },
  [otherDay]: { status: 'OK', messages: [like('Ранний Самат, 10.10.1985')] },
  [again]: { status: 'SKIPPED', messages: [{ field: null, msg: `Строка уже импортирована (файл «${FILE}», строка 2): повторно не создаётся`, level: 'info' }] },
};
const COUNTS = { imported: CHUNK + 3, errors: 0, skipped: 1, warnings: 3 };

const answersOf = async (jobId: string) => {
  const rows = await rowsOf(admin, jobId);
  return Object.fromEntries([typo, same, otherDay, again].map((k) => [k, { status: rows.get(k)!.status, messages: rows.get(k)!.messages }]));
};

describe('a file whose later chunk holds rows like an earlier chunk\'s', () => {
  let jobId: string;
  beforeAll(async () => {
    jobId = (await uploadFile(admin, csvOf([header, samat, ...fillers, ...later]), FILE)).id;
  });

  it('dry run: each such row warned of (found his, skipped) as the run will, though the earlier chunk was rolled back', async () => {
    const job = await dryRun(admin, jobId, mapping);
    expect([job.state, job.counts]).toEqual(['CHECKED', COUNTS]);
    expect(await answersOf(jobId)).toEqual(expected);
    // the first chunk's rows are what they were: no one like them before
    expect((await rowsOf(admin, jobId)).get(`${FILE}:2`)).toMatchObject({ status: 'OK', messages: [] });
  });

  it('run: the same answers, the same counts', async () => {
    const job = await runImport(admin, jobId);
    expect([job.state, job.counts]).toEqual(['DONE', COUNTS]);
    expect(await answersOf(jobId)).toEqual(expected);
  });
});

describe('an exams sheet whose later chunk repeats an earlier chunk\'s exam of a case already registered', () => {
  const WORKBOOK = 'анализы.xlsx';
  const caseSheet = [['№ случая', ...header], ['ЭКЗ-2', 'Другой', 'Нурбек', 'Мужской', '03.03.1977', '01.03.2024', 'Новый случай', 'BGPTD']];
  const examHeader = ['Номер случая', 'Дата', 'Результат', 'Лаборатория'];
  /** Rows 2 … CHUNK + 1: a smear a day from 02.01.2024; row CHUNK + 2: row 2's again. */
  const smears = Array.from({ length: CHUNK }, (_, i) => ['ЭКЗ-1', dayText(Date.UTC(2024, 0, 2) + i * 86_400_000), i % 2 ? '+' : 'Отрицательный', 'NRL']);
  const examMapping = {
    sheets: [{ name: 'Случаи', role: 'case', columns: { '№ случая': 'tbcase.caseNumber', ...columns } }, { name: 'Микроскопия', role: 'exammic', columns: { 'Номер случая': 'key', Дата: 'exammic.date', Результат: 'exammic.result', Лаборатория: 'exammic.laboratoryId' } }],
    fixed: mapping.fixed, values: {},
  };
  const repeated = `Микроскопия:${CHUNK + 2}`;
  const EXPECTED = { status: 'SKIPPED', messages: [{ field: null, msg: `Строка уже импортирована (файл «${WORKBOOK}», строка 2): повторно не создаётся`, level: 'info' }] };
  const EXAM_COUNTS = { imported: CHUNK + 1, errors: 0, skipped: 1, warnings: 0 };
  let jobId: string;

  beforeAll(async () => {
    // case ЭКЗ-1 registered before, by an import of its own
    const first = await uploadFile(admin, csvOf([['№ случая', ...header], ['ЭКЗ-1', 'Анализов', 'Бакыт', 'Мужской', '12.12.1972', '01.12.2023', 'Новый случай', 'BGPTD']]), 'случай.csv');
    await dryRun(admin, first.id, { sheets: [{ name: 'случай.csv', role: 'case', columns: { '№ случая': 'tbcase.caseNumber', ...columns } }], fixed: mapping.fixed, values: {} });
    expect((await runImport(admin, first.id)).counts).toEqual({ imported: 1, errors: 0, skipped: 0, warnings: 0 });
    jobId = (await uploadFile(admin, await xlsxOf({ Случаи: caseSheet, Микроскопия: [examHeader, ...smears, smears[0]] }), WORKBOOK)).id;
  });

  it('dry run: the repeated exam skipped as the run will skip it, though the earlier chunk was rolled back', async () => {
    const job = await dryRun(admin, jobId, examMapping);
    expect([job.state, job.counts]).toEqual(['CHECKED', EXAM_COUNTS]);
    expect((await rowsOf(admin, jobId)).get(repeated)).toMatchObject(EXPECTED);
  });

  it('run: the same', async () => {
    const job = await runImport(admin, jobId);
    expect([job.state, job.counts]).toEqual(['DONE', EXAM_COUNTS]);
    expect((await rowsOf(admin, jobId)).get(repeated)).toMatchObject(EXPECTED);
  });
});
