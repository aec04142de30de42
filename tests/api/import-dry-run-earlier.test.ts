// A dry run is the preview of its run: a row is compared with the patients the file's earlier rows
// register, even those of an earlier chunk (which the dry run rolled back, and the run has written by
// then) — the very person is the row's patient, one of a name a typing error away born the same day,
// or of the very name born another day, is named in a warning — so the dry run warns of every row the
// run warns of, in the same words.
import { beforeAll, describe, expect, it } from 'vitest';
import { CHUNK } from '../../cases/import/steps.ts';
import { csvOf } from '../helpers/import-files.ts';
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
];
const [typo, same, otherDay] = [CHUNK + 2, CHUNK + 3, CHUNK + 4].map((n) => `${FILE}:${n}`);

const like = (who: string) => ({ field: 'patient.lastName', column: 'Фамилия', msg: `Возможно, пациент уже зарегистрирован: ${who} — проверьте, не один ли это человек`, level: 'warning' });
const his = { field: null, msg: 'Пациент уже зарегистрирован с теми же именем и датой рождения: случай добавлен к нему', level: 'info' };
/** What the run answers each row of the second chunk, by the rule (and so must the dry run). */
const expected = {
  [typo]: { status: 'OK', messages: [like('Ранний Самат, 10.10.1985')] },
  [same]: { status: 'OK', messages: [like('Ранкий Самат, 10.10.1985'), his] },
  [otherDay]: { status: 'OK', messages: [like('Ранний Самат, 10.10.1985')] },
};
const COUNTS = { imported: CHUNK + 4 - 1, errors: 0, skipped: 0, warnings: 3 };

const answersOf = async (jobId: string) => {
  const rows = await rowsOf(admin, jobId);
  return Object.fromEntries([typo, same, otherDay].map((k) => [k, { status: rows.get(k)!.status, messages: rows.get(k)!.messages }]));
};

describe('a file whose later chunk holds rows like an earlier chunk\'s', () => {
  let jobId: string;
  beforeAll(async () => {
    jobId = (await uploadFile(admin, csvOf([header, samat, ...fillers, ...later]), FILE)).id;
  });

  it('dry run: each such row warned of (or found his) as the run will, though the earlier chunk was rolled back', async () => {
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
