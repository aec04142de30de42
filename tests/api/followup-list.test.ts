// The follow-up list of a case, `GET /api/cases/case/followups/{caseId}`: every exam with its month
// of treatment, the newest of each type marked, in the session's language, leaving out the types a
// user may not read; the case's row scope for a unit-view user; and a deleted case taking its exams
// with it. Shared set-up: tests/helpers/followup-exams.ts.
import { beforeAll, describe, expect, it } from 'vitest';
import { admin, server } from '../helpers/use-server.ts';
import { createUser } from '../helpers/users.ts';
import { fieldsOf, lab, noHiv, other, own, reader, storedRow, types, unitDoctor, useFollowupExams } from '../helpers/followup-exams.ts';
import { kysely } from '../../server/db/kysely.ts';

useFollowupExams();

describe('GET /api/cases/case/followups/{caseId}', () => {
  let caseNo: any; // a case of its own, so the list holds only this block's exams
  const made: Record<string, string> = {};

  beforeAll(async () => {
    const cases = (await admin.post('/api/tbl/tbcase/query', { caseNumber: 'ТБ-2024-0002' })).body.list;
    caseNo = (await admin.get(`/api/tbl/tbcase/${cases[0].id}`)).body; // treatment started 2024-03-20
    const dates: Record<string, string> = { medexam: '2024-03-01', exammic: '2024-03-20', examcul: '2024-04-19', examxpert: '2024-04-20', examdst: '2024-06-25', examhiv: '2024-03-10', examxray: '2025-03-20' };
    for (const x of types()) {
      const r = await admin.post(`/api/tbl/${x.table}`, { ...x.valid, caseId: caseNo.id, date: dates[x.table] });
      expect(r.status, x.table).toBe(200);
      made[x.table] = r.body.result;
    }
  });

  it('lists every exam of the case with its type, name, month of treatment and data, oldest first', async () => {
    expect(caseNo.iniTreatmentDate).toBe('2024-03-20');
    const r = await admin.get(`/api/cases/case/followups/${caseNo.id}`);
    expect(r.status).toBe(200);
    expect(r.body.map((i: any) => [i.type, i.table, i.monthOfTreatment, i.month])).toEqual([
      ['MEDICAL_EXAMINATION', 'medexam', 0, 'Диагностика'],
      ['EXAM_HIV', 'examhiv', 0, 'Диагностика'],
      ['EXAM_MICROSCOPY', 'exammic', 1, 'Месяц 1'],
      ['EXAM_CULTURE', 'examcul', 1, 'Месяц 1'],
      ['EXAM_XPERT', 'examxpert', 2, 'Месяц 2'],
      ['EXAM_DST', 'examdst', 4, 'Месяц 4'],
      ['EXAM_XRAY', 'examxray', 13, 'Месяц 13'],
    ]);
    const mic = r.body.find((i: any) => i.type === 'EXAM_MICROSCOPY');
    expect(mic.name).toBe('Микроскопия');
    expect(mic.data).toMatchObject({ id: made.exammic, caseId: caseNo.id, date: '2024-03-20', result: 'NEGATIVE', laboratoryId: lab });
    expect(mic.data.laboratory).toMatchObject({ id: lab });
    expect(r.body.find((i: any) => i.type === 'EXAM_HIV').name).toBe('Тест на ВИЧ');
  });

  it('marks the newest exam of each type as latest (the case’s latest microscopy, Xpert… result)', async () => {
    const newer = await admin.post('/api/tbl/exammic', { ...types()[1].valid, caseId: caseNo.id, date: '2024-05-02', result: 'POSITIVE', numberOfAFB: 4 });
    expect(newer.status).toBe(200);
    const r = (await admin.get(`/api/cases/case/followups/${caseNo.id}`)).body;
    const mic = r.filter((i: any) => i.type === 'EXAM_MICROSCOPY');
    expect(mic.map((i: any) => [i.data.id, i.latest])).toEqual([[made.exammic, false], [newer.body.result, true]]);
    expect(mic[1].data).toMatchObject({ result: 'POSITIVE', numberOfAFB: 4 });
    expect(r.filter((i: any) => i.latest).map((i: any) => i.type).sort()).toEqual([...new Set(r.map((i: any) => i.type))].sort());
    expect((await admin.delete(`/api/tbl/exammic/${newer.body.result}`)).status).toBe(200);
    expect((await admin.get(`/api/cases/case/followups/${caseNo.id}`)).body.find((i: any) => i.data.id === made.exammic).latest).toBe(true);
  });

  it('names "diagnosis" for every exam of a case whose treatment has not started', async () => {
    const all = (await admin.post('/api/tbl/tbcase/query', {})).body.list;
    let untreated: any;
    for (const c of all) {
      const full = (await admin.get(`/api/tbl/tbcase/${c.id}`)).body;
      if (!full.iniTreatmentDate) untreated = full;
    }
    expect(untreated).toBeDefined();
    expect((await admin.post('/api/tbl/examxray', { caseId: untreated.id, date: '2026-01-01', presentation: 'NORMAL' })).status).toBe(200);
    const r = await admin.get(`/api/cases/case/followups/${untreated.id}`);
    expect(r.body.map((i: any) => [i.monthOfTreatment, i.month])).toEqual([[0, 'Диагностика']]);
  });

  it('says the month in the session’s language', async () => {
    expect((await admin.post('/api/sys/language/en')).status).toBe(200);
    const r = await admin.get(`/api/cases/case/followups/${caseNo.id}`);
    expect(r.body.map((i: any) => i.month)).toEqual(['Diagnosis', 'Diagnosis', 'Month 1', 'Month 1', 'Month 2', 'Month 4', 'Month 13']);
    expect(r.body.find((i: any) => i.type === 'EXAM_HIV').name).toBe('HIV test');
    await admin.post('/api/sys/language/ru');
  });

  it('leaves out, entirely, a type the user may not read (no HIV result without EXAM_HIV)', async () => {
    const r = await noHiv.get(`/api/cases/case/followups/${caseNo.id}`);
    expect(r.status).toBe(200);
    expect(r.body.map((i: any) => i.type)).toEqual(['MEDICAL_EXAMINATION', 'EXAM_MICROSCOPY', 'EXAM_CULTURE', 'EXAM_XPERT', 'EXAM_DST', 'EXAM_XRAY']);
    expect(JSON.stringify(r.body)).not.toContain(made.examhiv);
    expect(JSON.stringify(r.body)).not.toContain('Центр СПИД');
    // nor through the generic table calls
    expect((await noHiv.post('/api/tbl/examhiv/query', { caseId: caseNo.id })).status).toBe(403);
    expect((await noHiv.get(`/api/tbl/examhiv/${made.examhiv}`)).status).toBe(403);
    expect((await noHiv.get(`/api/tbl/examhiv/view/${made.examhiv}`)).status).toBe(403);
    expect((await noHiv.post('/api/tbl/examhiv', { caseId: caseNo.id, date: '2024-05-01', result: 'NEGATIVE' })).status).toBe(403);
    // a reader with every exam permission gets all seven
    expect((await reader.get(`/api/cases/case/followups/${caseNo.id}`)).body).toHaveLength(7);
  });

  it('needs CASEMAN (reading the case): 403 without; 400 on a bad id; 404 on an unknown case', async () => {
    // an exam permission grants CASEMAN, its parent in the permission tree: a user without any case permission
    const noCase = await createUser(server, admin, 'EXNOCASE', [{ permission: 'SOURCES', canChange: true }]);
    const r = await noCase.get(`/api/cases/case/followups/${caseNo.id}`);
    expect(r.status).toBe(403);
    expect(r.body.success).toBe(false);
    const bad = await admin.get('/api/cases/case/followups/not-a-uuid');
    expect(bad.status).toBe(400);
    expect(fieldsOf(bad)).toEqual(['caseId']);
    expect((await admin.get('/api/cases/case/followups/00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });
});

describe('row scope: the case’s unit', () => {
  it('a unit-view user cannot list, read, add or change the exams of another unit’s case', async () => {
    const theirs = (await admin.post('/api/tbl/exammic', { caseId: other.id, ...types()[1].valid })).body.result;
    expect((await unitDoctor.get(`/api/cases/case/followups/${other.id}`)).status).toBe(404);
    expect((await unitDoctor.get(`/api/tbl/exammic/${theirs}`)).status).toBe(404);
    expect((await unitDoctor.post(`/api/tbl/exammic/${theirs}`, { comments: 'ВЗЛОМ' })).status).toBe(404);
    expect((await unitDoctor.delete(`/api/tbl/exammic/${theirs}`)).status).toBe(404);
    expect((await storedRow('exammic', theirs)).comments).toBeNull();
    const add = await unitDoctor.post('/api/tbl/exammic', { caseId: other.id, ...types()[1].valid });
    expect(add.status).toBe(400);
    expect(fieldsOf(add)).toEqual(['caseId']);
    const seen = (await unitDoctor.post('/api/tbl/exammic/query', {})).body.list.map((x: any) => x.caseId);
    expect(seen).not.toContain(other.id);
  });

  it('a unit-view user adds and lists the exams of their own unit’s case', async () => {
    const mine = await unitDoctor.post('/api/tbl/examxray', { caseId: own.id, date: '2024-05-03', presentation: 'INFILTRATE' });
    expect(mine.status).toBe(200);
    const list = await unitDoctor.get(`/api/cases/case/followups/${own.id}`);
    expect(list.status).toBe(200);
    expect(list.body.map((i: any) => i.data.id)).toContain(mine.body.result);
    expect(list.body.find((i: any) => i.data.id === mine.body.result)).toMatchObject({ type: 'EXAM_XRAY', monthOfTreatment: 2 });
  });
});

describe('deleting a case', () => {
  it('deletes its exams with it (sub-records follow their parent), leaving the case’s tombstone', async () => {
    const patientId = (await admin.post('/api/tbl/tbcase/query', { caseNumber: 'ТБ-2024-0002' })).body.list[0].patientId;
    const unit = (await admin.post('/api/tbl/unit/query', { type: 'TBUNIT' })).body.list[0].id;
    const made = await admin.post('/api/tbl/tbcase', { patientId, ownerUnitId: unit, diagnosisType: 'SUSPECT', classification: 'TB' });
    expect(made.status).toBe(200);
    const caseId = made.body.result;
    const exams: [string, string][] = [];
    for (const x of types()) {
      const r = await admin.post(`/api/tbl/${x.table}`, { ...x.valid, caseId });
      expect(r.status, x.table).toBe(200);
      exams.push([x.table, r.body.result]);
    }
    const del = await admin.delete(`/api/tbl/tbcase/${caseId}`);
    expect(del.status).toBe(200);
    for (const [table, id] of exams) expect((await admin.get(`/api/tbl/${table}/${id}`)).status, table).toBe(404);
    const stones = (await kysely(server.ctx.orm.em.fork()).selectFrom('tombstone').select('table_name').where('row_id', '=', caseId).execute()).map((r) => r.table_name);
    expect(stones).toEqual(['tbcase']);
  });
});
