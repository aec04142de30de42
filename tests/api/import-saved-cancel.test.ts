// Importing a register, two lines of the issue through the API as the screen drives them:
// a mapping saved under a name and reused for the next file of the same layout (whose headers alone
// would map nothing), and cancelling an import — a waiting job, and a run stopped after its first
// chunk: what it wrote stays, nothing more is written, and running the file again completes it
// without doubling a case.
import { describe, expect, it } from 'vitest';
import { kysely } from '../../server/db/kysely.ts';
import { xlsxOf } from '../helpers/import-files.ts';
import { dryRun, runImport, uploadFile, waitJob } from '../helpers/imports.ts';
import { admin, server, useTestServer } from '../helpers/use-server.ts';

useTestServer();

const db = () => kysely(server.ctx.orm.em.fork());
const casesOf = async (lastNamePrefix: string) =>
  Number((await db().selectFrom('patient as p').innerJoin('tbcase as c', 'c.patient_id', 'p.id').select((eb) => eb.fn.countAll().as('n')).where('p.last_name', 'like', `${lastNamePrefix}%`).executeTakeFirstOrThrow()).n);

/** Cyrillic letters for a number (names hold no digits), none folded into another by the patient search: 0 → 'б', 27 → 'гс'. */
const letters = (n: number) => [...String(n)].map((d) => 'бвгдлмнпрс'[Number(d)]).join('');
/** A birth date of its own per row (no two rows the same person). */
const born = (i: number) => `${String(1 + (i % 28)).padStart(2, '0')}.${String(1 + (Math.floor(i / 28) % 12)).padStart(2, '0')}.${1950 + Math.floor(i / 336)}`;
/** A register of `n` new cases in the Bishkek dispensary, under headers of its own. */
const rows = (prefix: string, n: number, headers: string[]) => [
  headers,
  ...Array.from({ length: n }, (_, i) => [`${prefix}${letters(i)}`, 'Тест', i % 2 ? 'Женский' : 'Мужской', born(i), '05.03.2024', '04.03.2024', 'Новый случай', 'BGPTD']),
];
const mappingFor = (sheet: string, headers: string[]) => ({
  sheets: [{ name: sheet, role: 'case', columns: Object.fromEntries(headers.map((h, i) => [h, ['patient.lastName', 'patient.name', 'patient.gender', 'patient.birthDate', 'tbcase.registrationDate', 'tbcase.diagnosisDate', 'tbcase.registrationGroup', 'tbcase.ownerUnitId'][i]])) }],
  fixed: { 'tbcase.diagnosisType': 'CONFIRMED', 'tbcase.classification': 'TB' },
  values: {},
});
/** Headers no field is named like: only a mapping says what they hold. */
const CODED = ['К1', 'К2', 'К3', 'К4', 'К5', 'К6', 'К7', 'К8'];

const sheet = 'Случаи';

describe('a mapping saved and reused', () => {
  it('is saved under its name with the dry run, listed, and a new file of that layout starts from it', async () => {
    const first = await uploadFile(admin, await xlsxOf({ Случаи: rows('Сохранов', 2, CODED) }), 'district-january.xlsx');
    expect(first.state).toBe('READY');
    const mapping = mappingFor(sheet, CODED);
    const set = await admin.post(`/api/import/${first.id}/mapping`, { mapping, saveAs: 'Регистр района' });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    const listed = await admin.post('/api/import/mappings', {});
    expect(listed.body.result.map((m: any) => [m.name, m.mapping])).toEqual([['Регистр района', mapping]]);

    // the next month's file: the same coded headers, which map nothing by themselves
    const plain = await uploadFile(admin, await xlsxOf({ Случаи: rows('Сохранов', 2, CODED) }), 'district-february.xlsx');
    expect(Object.keys(plain.mapping?.sheets?.[0]?.columns ?? {})).toEqual([]);
    const again = await uploadFile(admin, await xlsxOf({ Случаи: rows('Повторов', 3, CODED) }), 'district-february.xlsx', { mappingId: listed.body.result[0].id });
    expect(again.mapping).toEqual(mapping);
    const checked = await dryRun(admin, again.id, again.mapping);
    expect(checked.counts).toMatchObject({ imported: 3, errors: 0 });

    // saved again under the same name: changed, not doubled; deleted: gone
    const changed = { ...mapping, fixed: { ...mapping.fixed, 'tbcase.registrationGroup': 'NEW' } };
    expect((await admin.post(`/api/import/${first.id}/mapping`, { mapping: changed, saveAs: 'Регистр района' })).status).toBe(200);
    const after = (await admin.post('/api/import/mappings', {})).body.result;
    expect(after.map((m: any) => [m.name, m.mapping.fixed])).toEqual([['Регистр района', changed.fixed]]);
    expect((await admin.delete(`/api/import/mappings/${after[0].id}`)).status).toBe(200);
    expect((await admin.post('/api/import/mappings', {})).body.result).toEqual([]);
    expect((await admin.post('/api/import/upload', { fileName: 'x.csv', fileSize: 10, mappingId: after[0].id })).status).toBe(404);
  });
});

describe('cancelling an import', () => {
  it('cancels a waiting job: nothing runs, and it cannot be run or cancelled again', async () => {
    const job = await uploadFile(admin, await xlsxOf({ Случаи: rows('Отменов', 2, CODED) }), 'cancel-me.xlsx');
    const checked = await dryRun(admin, job.id, mappingFor(sheet, CODED));
    expect(checked.state).toBe('CHECKED');
    expect((await admin.post(`/api/import/${job.id}/cancel`, {})).status).toBe(200);
    expect((await admin.get(`/api/import/${job.id}`)).body.result.state).toBe('CANCELLED');
    expect((await admin.post(`/api/import/${job.id}/run`, {})).status).toBe(409);
    expect((await admin.post(`/api/import/${job.id}/cancel`, {})).status).toBe(409);
    expect(await casesOf('Отменов')).toBe(0);
  });

  it('stops a run after the chunk it is on: those rows stay, no more come, and the file run again completes without doubles', async () => {
    const N = 230; // three chunks of up to 100 rows
    const mapping = mappingFor(sheet, CODED);
    const job = await uploadFile(admin, await xlsxOf({ Случаи: rows('Прерванов', N, CODED) }), 'big.xlsx');
    expect((await dryRun(admin, job.id, mapping)).counts.imported).toBe(N);
    expect((await admin.post(`/api/import/${job.id}/run`, {})).status).toBe(200);
    // wait for the first chunk to be committed, then cancel
    const until = Date.now() + 240_000;
    let j: any;
    do {
      await new Promise((r) => setTimeout(r, 100));
      j = (await admin.get(`/api/import/${job.id}`)).body.result;
    } while (j.state === 'IMPORTING' && j.done < 100 && Date.now() < until);
    expect(j.state).toBe('IMPORTING');
    expect((await admin.post(`/api/import/${job.id}/cancel`, {})).status).toBe(200);
    const cancelled = (await admin.get(`/api/import/${job.id}`)).body.result;
    expect(cancelled.state).toBe('CANCELLED');
    // the chunk in flight when it was cancelled is dropped whole: once the loop has let the job go (its
    // chunk ended), what stays is a whole number of chunks, fewer than the file
    const lockedBy = async () => (await kysely(server.ctx.orm.em.fork()).selectFrom('importjob').select('locked_by').where('id', '=', job.id).executeTakeFirstOrThrow()).locked_by;
    await expect.poll(lockedBy, { timeout: 60_000, interval: 100 }).toBeNull();
    const kept = await casesOf('Прерванов');
    expect(kept % 100).toBe(0);
    expect(kept).toBeGreaterThanOrEqual(100);
    expect(kept).toBeLessThan(N);
    // and no more come: a wait proving nothing happens, as long as an idle loop's look for work (2 s) and a little
    await new Promise((r) => setTimeout(r, 2500));
    expect(await casesOf('Прерванов')).toBe(kept);
    expect((await admin.get(`/api/import/${job.id}`)).body.result.state).toBe('CANCELLED');

    // run again: the rows already imported make nothing twice, the rest are imported
    const again = await dryRun(admin, job.id, mapping);
    expect(again.state).toBe('CHECKED');
    const done = await runImport(admin, job.id);
    expect(done.state).toBe('DONE');
    expect(await casesOf('Прерванов')).toBe(N);
    await waitJob(admin, job.id, ['DONE']);
  }, 600_000);
});
