// An import's run stopped half-way (the process gone after its first chunk committed, its lease left
// to run out) is taken up by a process started again and finished without writing any row twice.
import { beforeAll, describe, expect, it } from 'vitest';
import { importRunner, startImportRunner } from '../../cases/import/index.ts';
import { claimJob, readJob } from '../../cases/import/job-store.ts';
import { CHUNK, importStep } from '../../cases/import/steps.ts';
import { kysely } from '../../server/db/kysely.ts';
import { csvOf } from '../helpers/import-files.ts';
import { dryRun, uploadFile, waitJob } from '../helpers/imports.ts';
import { admin, server, useTestServer } from '../helpers/use-server.ts';

const db = () => kysely(server.ctx.orm.em.fork());
useTestServer();

/** More rows than one chunk: the first chunk is written before the stop, the rest after. */
const ROWS = CHUNK + 30;
const header = ['Фамилия', 'Имя', 'Пол', 'Дата рождения', 'Дата регистрации', 'Группа', 'ЛПУ'];
const columns = { Фамилия: 'patient.lastName', Имя: 'patient.name', Пол: 'patient.gender', 'Дата рождения': 'patient.birthDate', 'Дата регистрации': 'tbcase.registrationDate', Группа: 'tbcase.registrationGroup', ЛПУ: 'tbcase.ownerUnitId' };
const LETTERS = 'абвгдклмнопрту';
const dayText = (ms: number) => new Date(ms).toISOString().slice(0, 10).split('-').reverse().join('.');
const madeCases = async () => Number((await db().selectFrom('tbcase as c').innerJoin('patient as p', 'p.id', 'c.patient_id').select((eb) => eb.fn.countAll().as('n')).where('p.last_name', 'like', 'Возобновлённый%').executeTakeFirstOrThrow()).n);

describe('a run stopped half-way', () => {
  let jobId: string;
  beforeAll(async () => {
    // names and birth days all different: no row is another's patient, nor like one
    const rows = Array.from({ length: ROWS }, (_, i) => [`Возобновлённый${LETTERS[Math.floor(i / LETTERS.length)]}${LETTERS[i % LETTERS.length]}`, 'Тест', i % 2 ? 'Мужской' : 'Женский', dayText(Date.UTC(1960, 0, 1) + i * 86_400_000 * 37), '01.03.2024', 'Новый случай', 'BGPTD']);
    const job = await uploadFile(admin, csvOf([header, ...rows]), 'возобновление.csv');
    jobId = job.id;
    const checked = await dryRun(admin, jobId, { sheets: [{ name: 'возобновление.csv', role: 'case', columns }], fixed: { 'tbcase.diagnosisType': 'SUSPECT', 'tbcase.classification': 'TB' }, values: {} });
    expect(checked.counts).toEqual({ imported: ROWS, errors: 0, skipped: 0, warnings: 0 });
  });

  it('is finished by the next process from where it stood: every row once', async () => {
    // this process's loop stops; a "process" claims the run and writes its first chunk, then dies
    importRunner(server.ctx)!.stop();
    expect((await admin.post(`/api/import/${jobId}/run`, {})).status).toBe(200);
    const gone = 'gone:1';
    let job = await claimJob(db(), gone, 30);
    expect(job?.id).toBe(jobId);
    expect(await importStep(server.ctx, job!, gone)).toBe('more'); // the rows made ready
    job = await readJob(db(), jobId);
    expect(await importStep(server.ctx, job!, gone)).toBe('more'); // the first chunk written
    job = await readJob(db(), jobId);
    expect([job!.state, job!.done, job!.counts.imported]).toEqual(['IMPORTING', CHUNK, CHUNK]);
    expect(await madeCases()).toBe(CHUNK);
    // the screen shows where it stands meanwhile
    const shown = (await admin.get(`/api/import/${jobId}`)).body.result;
    expect([shown.state, shown.done, shown.total]).toEqual(['IMPORTING', CHUNK, ROWS]);

    // its lease runs out; a process started again takes the run up
    await db().updateTable('importjob').set({ locked_until: new Date(Date.now() - 1000) }).where('id', '=', jobId).execute();
    startImportRunner(server.ctx).wake();
    const done = await waitJob(admin, jobId, ['DONE', 'FAILED']);
    expect([done.state, done.done, done.counts]).toEqual(['DONE', ROWS, { imported: ROWS, errors: 0, skipped: 0, warnings: 0 }]);
    expect(await madeCases()).toBe(ROWS);
    const history = Number((await db().selectFrom('cmdhistory').select((eb) => eb.fn.countAll().as('n')).where('type', '=', 'tbcase').where('action', '=', 'create')
      .where('detail', '@>', JSON.stringify({ text: 'Импорт из файла «возобновление.csv», строка 2' }) as never).executeTakeFirstOrThrow()).n);
    expect(history).toBe(1);
  });
});
