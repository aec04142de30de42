// An import's chunk that PostgreSQL aborts as a deadlock's victim is run again whole (at most three
// runs, a warning each), as a user's write is: the run (or the dry run) goes on, and the chunk's rows
// are imported (checked) once — no case twice, no half chunk, the job's counts as if nothing had happened.
import { sql } from 'kysely';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { importRunner, startImportRunner } from '../../cases/import/index.ts';
import { claimJob, readJob } from '../../cases/import/job-store.ts';
import { CHUNK, importStep } from '../../cases/import/steps.ts';
import { kysely } from '../../server/db/kysely.ts';
import { log } from '../../server/log.ts';
import { deadlockedWith } from '../helpers/deadlock.ts';
import { csvOf } from '../helpers/import-files.ts';
import { dryRun, runImport, uploadFile, waitJob } from '../helpers/imports.ts';
import { admin, server, useTestServer } from '../helpers/use-server.ts';

const db = () => kysely(server.ctx.orm.em.fork());
useTestServer();

const header = ['Фамилия', 'Имя', 'Пол', 'Дата рождения', 'Дата регистрации', 'Группа', 'ЛПУ'];
const columns = { Фамилия: 'patient.lastName', Имя: 'patient.name', Пол: 'patient.gender', 'Дата рождения': 'patient.birthDate', 'Дата регистрации': 'tbcase.registrationDate', Группа: 'tbcase.registrationGroup', ЛПУ: 'tbcase.ownerUnitId' };
const mappingOf = (file: string) => ({ sheets: [{ name: file, role: 'case', columns }], fixed: { 'tbcase.diagnosisType': 'SUSPECT', 'tbcase.classification': 'TB' }, values: {} });
/** Three people, nobody's namesake: names and birth days all different. */
const ROWS = [
  ['Тупиков', 'Алмаз', 'Мужской', '04.04.1974', '01.03.2024', 'Новый случай', 'BGPTD'],
  ['Тупикова', 'Гүлнара', 'Женский', '19.09.1983', '02.03.2024', 'Новый случай', 'BGPTD'],
  ['Взаимнов', 'Эрлан', 'Мужской', '30.12.1991', '03.03.2024', 'Новый случай', 'BGPTD'],
];
const THREE = { imported: 3, errors: 0, skipped: 0, warnings: 0 };
const FILE = 'взаимоблокировка.csv';
const casesOf = async () => (await db().selectFrom('tbcase as c').innerJoin('patient as p', 'p.id', 'c.patient_id').select('p.last_name').where('p.last_name', 'in', ['Тупиков', 'Тупикова', 'Взаимнов']).orderBy('p.last_name').execute()).map((r) => r.last_name);
const OWNER = 'test:deadlock';

/**
 * Starts the job's `phase` (this process's loop stopped, the test claiming the job), makes its rows ready,
 * then runs its first chunk while the test holds the rows' unit: the chunk locks the workspace's case
 * counter, then its first case waits for the unit (the foreign key's share lock); the test then asks for
 * the counter — a real deadlock whose victim is the chunk's transaction. Answers the chunk's step and
 * the warnings of a transaction run again.
 */
async function deadlockedChunk(jobId: string, phase: 'dryrun' | 'run') {
  importRunner(server.ctx)!.stop();
  expect((await admin.post(`/api/import/${jobId}/${phase}`, {})).status).toBe(200);
  let job = await claimJob(db(), OWNER, 30);
  expect(job?.id).toBe(jobId);
  expect(await importStep(server.ctx, job!, OWNER)).toBe('more'); // the rows made ready
  job = await readJob(db(), jobId);
  vi.spyOn(log, 'warn');
  const unit = await db().selectFrom('unit').select(['id', 'workspace_id']).where('custom_id', '=', 'BGPTD').executeTakeFirstOrThrow();
  const step = await deadlockedWith(
    sql`select 1 from unit where id = ${unit.id} for update`,
    () => importStep(server.ctx, job!, OWNER),
    sql`select 1 from casecounter where workspace_id = ${unit.workspace_id} for update`,
  );
  const runAgain = vi.mocked(log.warn).mock.calls.filter(([, msg]) => String(msg).startsWith('write transaction aborted')).map(([fields]) => fields);
  return { step, runAgain };
}

/** The loop started again (the test's claim let go) finishes the job: the job as it ends. */
async function finishByLoop(jobId: string, states: string[]) {
  await db().updateTable('importjob').set({ locked_by: null, locked_until: null }).where('id', '=', jobId).execute();
  startImportRunner(server.ctx).wake();
  return waitJob(admin, jobId, states);
}

afterEach(() => vi.restoreAllMocks());

describe('a chunk aborted as a deadlock\'s victim', () => {
  let jobId: string;
  beforeAll(async () => {
    // the workspace's case counter exists (an earlier case numbered): a chunk locks it before its first case
    const earlier = await uploadFile(admin, csvOf([header, ['Раньшев', 'Болот', 'Мужской', '07.07.1970', '01.02.2024', 'Новый случай', 'BGPTD']]), 'раньше.csv');
    await dryRun(admin, earlier.id, mappingOf('раньше.csv'));
    expect((await runImport(admin, earlier.id)).counts).toEqual({ imported: 1, errors: 0, skipped: 0, warnings: 0 });
    jobId = (await uploadFile(admin, csvOf([header, ...ROWS]), FILE)).id;
    expect(ROWS.length).toBeLessThan(CHUNK);
    expect((await admin.post(`/api/import/${jobId}/mapping`, { mapping: mappingOf(FILE) })).status).toBe(200);
  });

  it('of a dry run is run again whole: its rows checked once, nothing written, one warning', async () => {
    const { step, runAgain } = await deadlockedChunk(jobId, 'dryrun');
    expect(step).toBe('more');
    expect(runAgain).toEqual([expect.objectContaining({ code: '40P01', attempt: 1, what: 'import dry-run chunk' })]);
    const job = await readJob(db(), jobId);
    expect([job!.state, job!.done, job!.counts]).toEqual(['CHECKING', 3, THREE]);
    expect(await casesOf()).toEqual([]);
    const checked = await finishByLoop(jobId, ['CHECKED', 'FAILED']);
    expect([checked.state, checked.done, checked.counts]).toEqual(['CHECKED', 3, THREE]);
    expect(await casesOf()).toEqual([]);
  });

  it('of a run is run again whole: its rows imported once, the job\'s counts those of one run, one warning', async () => {
    const { step, runAgain } = await deadlockedChunk(jobId, 'run');
    expect(step).toBe('more');
    expect(runAgain).toEqual([expect.objectContaining({ code: '40P01', attempt: 1, what: 'import chunk' })]);
    const job = await readJob(db(), jobId);
    expect([job!.state, job!.done, job!.counts]).toEqual(['IMPORTING', 3, THREE]);
    expect(await casesOf()).toEqual(['Взаимнов', 'Тупиков', 'Тупикова']);

    // the loop, started again, finishes the job: nothing more written
    const done = await finishByLoop(jobId, ['DONE', 'FAILED']);
    expect([done.state, done.done, done.counts]).toEqual(['DONE', 3, THREE]);
    expect(await casesOf()).toEqual(['Взаимнов', 'Тупиков', 'Тупикова']);
    // each row's case made once: one creation in the history naming its row
    const history = Number((await db().selectFrom('cmdhistory').select((eb) => eb.fn.countAll().as('n')).where('type', '=', 'tbcase').where('action', '=', 'create')
      .where('detail', '@>', JSON.stringify({ text: `Импорт из файла «${FILE}», строка 2` }) as never).executeTakeFirstOrThrow()).n);
    expect(history).toBe(1);
  });
});
