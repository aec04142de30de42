// A chunk of an import is written first without a savepoint a row; a row the writer refuses there
// (after its patient was written) has the chunk rolled back and written again with a savepoint a
// row (cases/import/steps.ts `chunk`). What the user sees must be as if every row were imported
// on its own: the rows around the refused one written, the refused one reported by row and field
// and leaving nothing, one history entry per write naming its row, the case numbers without a gap
// where the refused row was, and the same file run again writing nothing.
import { beforeAll, describe, expect, it } from 'vitest';
import { CHUNK } from '../../cases/import/steps.ts';
import { kysely } from '../../server/db/kysely.ts';
import { csvOf } from '../helpers/import-files.ts';
import { dryRun, rowsOf, runImport, uploadFile } from '../helpers/imports.ts';
import { admin, server, useTestServer } from '../helpers/use-server.ts';

const db = () => kysely(server.ctx.orm.em.fork());
useTestServer();

const FILE = 'повтор.csv';
const header = ['Фамилия', 'Имя', 'Пол', 'Дата рождения', 'Дата регистрации', 'Группа', 'ЛПУ'];
const columns = { Фамилия: 'patient.lastName', Имя: 'patient.name', Пол: 'patient.gender', 'Дата рождения': 'patient.birthDate', 'Дата регистрации': 'tbcase.registrationDate', Группа: 'tbcase.registrationGroup', ЛПУ: 'tbcase.ownerUnitId' };
const mapping = { sheets: [{ name: FILE, role: 'case', columns }], fixed: { 'tbcase.diagnosisType': 'SUSPECT', 'tbcase.classification': 'TB' }, values: {} };
const rows = [
  ['Первушина', 'Алия', 'Женский', '03.02.1979', '04.03.2024', 'Новый случай', 'BGPTD'], // row 2
  ['Вторушин', 'Данияр', 'Мужской', '11.12.1990', '05.03.2024', 'Новый случай', 'BGPTD'], // row 3
  ['Третьякова', 'Гульнара', 'Женский', '20.05.2001', '06.03.1999', 'Новый случай', 'BGPTD'], // row 4: registered before birth — the writer's date bound
  ['Четвертаков', 'Эрмек', 'Мужской', '30.08.1966', '07.03.2024', 'Новый случай', 'BGPTD'], // row 5
  ['Пятакова', 'Назира', 'Женский', '09.09.1984', '08.03.2024', 'Новый случай', 'BGPTD'], // row 6
];
const NAMES = ['Первушина', 'Вторушин', 'Третьякова', 'Четвертаков', 'Пятакова'];

/** The file's cases as stored: last name and case number, in the order of registration. */
const storedCases = async () =>
  (await db().selectFrom('tbcase as c').innerJoin('patient as p', 'p.id', 'c.patient_id').select(['p.last_name', 'c.case_number']).where('p.last_name', 'in', NAMES).orderBy('c.registration_date').execute())
    .map((r) => [r.last_name, r.case_number]);
const storedPatients = async () => (await db().selectFrom('patient').select('last_name').where('last_name', 'in', NAMES).orderBy('last_name').execute()).map((r) => r.last_name);

describe('a chunk with a row the writer refuses in its middle', () => {
  let jobId: string;
  beforeAll(async () => {
    expect(rows.length).toBeLessThan(CHUNK); // one chunk
    jobId = (await uploadFile(admin, csvOf([header, ...rows]), FILE)).id;
  });

  const expectAnswers = async () => {
    const answers = await rowsOf(admin, jobId);
    for (const n of [2, 3, 5, 6]) expect(answers.get(`${FILE}:${n}`), `row ${n}`).toMatchObject({ status: 'OK', messages: [] });
    expect(answers.get(`${FILE}:4`)).toMatchObject({ status: 'ERROR', messages: [{ field: 'tbcase.registrationDate', column: 'Дата регистрации', level: 'error' }] });
    expect(answers.get(`${FILE}:4`)!.messages).toHaveLength(1);
  };

  it('dry run: the rows around it are answered OK, it is reported on its field, nothing is written', async () => {
    const job = await dryRun(admin, jobId, mapping);
    expect(job.counts).toEqual({ imported: 4, errors: 1, skipped: 0, warnings: 0 });
    await expectAnswers();
    expect(await storedPatients()).toEqual([]);
  });

  it('run: the four others are written, the refused row leaves not even its patient, and the case numbers have no gap', async () => {
    const job = await runImport(admin, jobId);
    expect(job.counts).toEqual({ imported: 4, errors: 1, skipped: 0, warnings: 0 });
    await expectAnswers();
    expect(await storedPatients()).toEqual(['Вторушин', 'Первушина', 'Пятакова', 'Четвертаков']);
    const cases = await storedCases();
    expect(cases.map(([name]) => name)).toEqual(['Первушина', 'Вторушин', 'Четвертаков', 'Пятакова']);
    const numbers = cases.map(([, n]) => Number(n));
    expect(numbers.slice(1).map((n, i) => n - numbers[i])).toEqual([1, 1, 1]);
  });

  it('each written row has its own history entries, naming the file and its row', async () => {
    const entries = await db().selectFrom('cmdhistory').select(['type', 'detail']).where('type', 'in', ['patient', 'tbcase']).where('action', '=', 'create')
      .where(({ eb, or }) => or([2, 3, 4, 5, 6].map((n) => eb('detail', '@>', JSON.stringify({ text: `Импорт из файла «${FILE}», строка ${n}` }) as never)))).execute();
    const texts = entries.map((h) => `${h.type}: ${(typeof h.detail === 'string' ? JSON.parse(h.detail) : h.detail).text}`).sort();
    expect(texts).toEqual([
      `patient: Импорт из файла «${FILE}», строка 2`, `patient: Импорт из файла «${FILE}», строка 3`, `patient: Импорт из файла «${FILE}», строка 5`, `patient: Импорт из файла «${FILE}», строка 6`,
      `tbcase: Импорт из файла «${FILE}», строка 2`, `tbcase: Импорт из файла «${FILE}», строка 3`, `tbcase: Импорт из файла «${FILE}», строка 5`, `tbcase: Импорт из файла «${FILE}», строка 6`,
    ]);
  });

  it('the same file run again writes nothing new: the four are skipped, the refused row refused again', async () => {
    const before = await storedCases();
    const again = (await uploadFile(admin, csvOf([header, ...rows]), FILE)).id;
    expect((await dryRun(admin, again, mapping)).counts).toEqual({ imported: 0, errors: 1, skipped: 4, warnings: 0 });
    expect((await runImport(admin, again)).counts).toEqual({ imported: 0, errors: 1, skipped: 4, warnings: 0 });
    expect(await storedCases()).toEqual(before);
    expect(await storedPatients()).toEqual(['Вторушин', 'Первушина', 'Пятакова', 'Четвертаков']);
  });
});

// A chunk written without savepoints numbers its cases from the workspace's counter read once
// (cases/case-number-block.ts): the numbers run on from the counter, skip one a case of the same
// chunk was given in the file, and the counter is left after the last, for the next case.
describe('the case numbers of a chunk', () => {
  const NUMBERED = 'номера.csv';
  const numberedHeader = [...header, 'Номер случая'];
  const numberedMapping = { ...mapping, sheets: [{ name: NUMBERED, role: 'case', columns: { ...columns, 'Номер случая': 'tbcase.caseNumber' } }] };
  // the counter of the workspace the file's unit (BGPTD) is of
  const counter = async () => Number((await db().selectFrom('casecounter as k').innerJoin('unit as u', 'u.workspace_id', 'k.workspace_id').select('k.last').where('u.custom_id', '=', 'BGPTD').executeTakeFirstOrThrow()).last);
  const numberOf = async (lastName: string) => (await db().selectFrom('tbcase as c').innerJoin('patient as p', 'p.id', 'c.patient_id').select('c.case_number').where('p.last_name', '=', lastName).executeTakeFirstOrThrow()).case_number;
  const six = (n: number) => String(n).padStart(6, '0');

  it('run on from the counter, skip the number a row of the chunk typed, and leave the counter after the last', async () => {
    const last = await counter();
    const file = [
      numberedHeader,
      ['Счётов', 'Бакай', 'Мужской', '02.02.1981', '01.04.2024', 'Новый случай', 'BGPTD', ''], // row 2: the counter's next
      ['Нумерова', 'Айгерим', 'Женский', '01.01.1980', '02.04.2024', 'Новый случай', 'BGPTD', six(last + 3)], // row 3: its number typed, two on
      ['Цифрова', 'Венера', 'Женский', '03.03.1982', '03.04.2024', 'Новый случай', 'BGPTD', ''], // row 4: the one between
      ['Числова', 'Гуля', 'Женский', '05.05.1984', '04.04.2024', 'Новый случай', 'BGPTD', ''], // row 5: after row 3's, which it skips
    ];
    const job = (await uploadFile(admin, csvOf(file), NUMBERED)).id;
    expect((await dryRun(admin, job, numberedMapping)).counts).toEqual({ imported: 4, errors: 0, skipped: 0, warnings: 0 });
    expect((await runImport(admin, job)).counts).toEqual({ imported: 4, errors: 0, skipped: 0, warnings: 0 });
    expect([await numberOf('Счётов'), await numberOf('Нумерова'), await numberOf('Цифрова'), await numberOf('Числова')]).toEqual([six(last + 1), six(last + 3), six(last + 2), six(last + 4)]);
    expect(await counter()).toBe(last + 4);
    // the next case, in a chunk of its own, gets the number after
    const next = (await uploadFile(admin, csvOf([numberedHeader, ['Следующева', 'Дина', 'Женский', '04.04.1983', '04.04.2024', 'Новый случай', 'BGPTD', '']]), `следующий-${NUMBERED}`)).id;
    await dryRun(admin, next, { ...numberedMapping, sheets: [{ ...numberedMapping.sheets[0], name: `следующий-${NUMBERED}` }] });
    expect((await runImport(admin, next)).counts).toEqual({ imported: 1, errors: 0, skipped: 0, warnings: 0 });
    expect(await numberOf('Следующева')).toBe(six(last + 5));
  });
});
