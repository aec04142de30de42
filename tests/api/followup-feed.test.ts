// A case's columns derived from its exams (schemas/tables/tbcase.json `x-derived`, cases/followups/derived.ts):
// the latest microscopy and Xpert results and the culture conversion / reversion dates, recomputed in
// the transaction of every exam create, update and delete — read here straight from the database, as
// reports and tag conditions read them; shown through GET …/followups/{caseId}/latest and global
// search only to users who may read the exam type; the types route of the tab's add menu.
import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../helpers/server.ts';
import { admin, server, useTestServer } from '../helpers/use-server.ts';
import { createUser } from '../helpers/users.ts';
import { createCase, newPatient, setWorkspaceSettings } from '../helpers/cases.ts';
import { kysely } from '../../server/db/kysely.ts';
import { sql } from 'kysely';
import { jobsSettled } from '../helpers/jobs.ts';

let lab = '';
let drtb: any; // ТБ-2024-0002, Кантемирова
let other: any; // ТБ-2024-0001, Ошурков

/** The case's derived columns as stored (dates as YYYY-MM-DD). */
async function derived(caseId: string) {
  const r = await sql<Record<string, string | null>>`select microscopy_result, to_char(microscopy_date, 'YYYY-MM-DD') as microscopy_date,
      xpert_result, to_char(xpert_date, 'YYYY-MM-DD') as xpert_date,
      to_char(culture_conversion_date, 'YYYY-MM-DD') as conversion, to_char(culture_reversion_date, 'YYYY-MM-DD') as reversion
    from tbcase where id = ${caseId}`.execute(kysely(server.ctx.orm.em.fork()));
  return r.rows[0];
}

const mic = (caseId: string, date: string, result: string) =>
  admin.post('/api/tbl/exammic', { caseId, date, laboratoryId: lab, result, ...(result === 'POSITIVE' ? { numberOfAFB: 3 } : {}) });
const cul = (caseId: string, date: string, result: string) =>
  admin.post('/api/tbl/examcul', { caseId, date, result, ...(result === 'POSITIVE' ? { numberOfColonies: 4 } : {}) });
const idOf = async (p: Promise<{ status: number; body: any }>) => {
  const r = await p;
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.result as string;
};

useTestServer();
beforeAll(async () => {
  lab = (await admin.post('/api/tbl/unit/query', { pageSize: 100 })).body.list.find((u: any) => u.type === 'LAB').id;
  const cases = (await admin.post('/api/tbl/tbcase/query', { pageSize: 100 })).body.list;
  drtb = cases.find((c: any) => c.caseNumber === 'ТБ-2024-0002');
  other = cases.find((c: any) => c.caseNumber === 'ТБ-2024-0001');
}, 180_000);

describe('latest microscopy and Xpert results', () => {
  it('follow the newest exam by date through creates, updates and deletes', async () => {
    expect(await derived(drtb.id)).toMatchObject({ microscopy_result: null, microscopy_date: null, xpert_result: null });
    const march = await idOf(mic(drtb.id, '2024-03-01', 'NEGATIVE'));
    expect(await derived(drtb.id)).toMatchObject({ microscopy_result: 'NEGATIVE', microscopy_date: '2024-03-01' });
    await idOf(mic(drtb.id, '2024-02-01', 'POSITIVE')); // older: changes nothing
    expect(await derived(drtb.id)).toMatchObject({ microscopy_result: 'NEGATIVE', microscopy_date: '2024-03-01' });
    const april = await idOf(mic(drtb.id, '2024-04-01', 'PLUS2'));
    expect(await derived(drtb.id)).toMatchObject({ microscopy_result: 'PLUS2', microscopy_date: '2024-04-01' });
    // an update of the result, then of the date
    expect((await admin.post(`/api/tbl/exammic/${april}`, { result: 'PLUS3' })).status).toBe(200);
    expect((await derived(drtb.id)).microscopy_result).toBe('PLUS3');
    expect((await admin.post(`/api/tbl/exammic/${april}`, { date: '2024-01-15' })).status).toBe(200);
    expect(await derived(drtb.id)).toMatchObject({ microscopy_result: 'NEGATIVE', microscopy_date: '2024-03-01' });
    // a delete: the next newest
    expect((await admin.delete(`/api/tbl/exammic/${march}`)).status).toBe(200);
    expect(await derived(drtb.id)).toMatchObject({ microscopy_result: 'POSITIVE', microscopy_date: '2024-02-01' });
    // Xpert is its own column; microscopy unchanged by it
    const xpert = await idOf(admin.post('/api/tbl/examxpert', { caseId: drtb.id, date: '2024-03-21', laboratoryId: lab, result: 'TB_DETECTED_RIF_DETECTED' }));
    expect(await derived(drtb.id)).toMatchObject({ xpert_result: 'TB_DETECTED_RIF_DETECTED', xpert_date: '2024-03-21', microscopy_result: 'POSITIVE' });
    expect((await admin.delete(`/api/tbl/examxpert/${xpert}`)).status).toBe(200);
    expect(await derived(drtb.id)).toMatchObject({ xpert_result: null, xpert_date: null });
  });

  it('a refused write leaves the columns as they were (same transaction)', async () => {
    const before = await derived(drtb.id);
    const bad = await mic(drtb.id, '2026-01-01', 'NOT_A_RESULT');
    expect(bad.status).toBe(400);
    const noLab = await admin.post('/api/tbl/exammic', { caseId: drtb.id, date: '2026-01-01', result: 'PLUS' });
    expect(noLab.status).toBe(400);
    expect(await derived(drtb.id)).toEqual(before);
  });

  it('an exam cannot move to another case: refused on caseId, neither case’s columns change', async () => {
    const id = await idOf(mic(other.id, '2026-05-05', 'PLUS'));
    expect((await derived(other.id)).microscopy_result).toBe('PLUS');
    const before = await derived(drtb.id);
    const moved = await admin.post(`/api/tbl/exammic/${id}`, { caseId: drtb.id });
    expect(moved.status).toBe(400);
    expect(moved.body.errors.map((e: any) => e.field)).toEqual(['caseId']);
    expect(await derived(other.id)).toMatchObject({ microscopy_result: 'PLUS', microscopy_date: '2026-05-05' });
    expect(await derived(drtb.id)).toEqual(before);
    expect((await admin.delete(`/api/tbl/exammic/${id}`)).status).toBe(200);
    expect(await derived(other.id)).toMatchObject({ microscopy_result: null, microscopy_date: null });
  });
});

describe('culture conversion and reversion', () => {
  it('convert at the first of two negatives far enough apart after a positive (2021: 7 days, 2013: 30, as the workspace chooses); revert on a later positive', async () => {
    expect(await derived(other.id)).toMatchObject({ conversion: null, reversion: null });
    await idOf(cul(other.id, '2024-02-10', 'POSITIVE'));
    const first = await idOf(cul(other.id, '2024-03-01', 'NEGATIVE'));
    expect(await derived(other.id)).toMatchObject({ conversion: null, reversion: null });
    const second = await idOf(cul(other.id, '2024-03-05', 'NEGATIVE')); // 4 days: not yet
    expect((await derived(other.id)).conversion).toBeNull();
    expect((await admin.post(`/api/tbl/examcul/${second}`, { date: '2024-03-20' })).status).toBe(200); // 19 days: converted by 2021
    expect(await derived(other.id)).toMatchObject({ conversion: '2024-03-01', reversion: null });
    // the workspace switches to the 2013 definitions: its cases are recomputed by a background job, 19 days do not convert
    await setWorkspaceSettings(admin, { tbDefinitions: 'WHO2013' });
    await jobsSettled(server.ctx);
    // the job, as the administrators' list shows it: who switched, which workspace, every case it had to see
    const session = (await admin.post('/api/sys/session')).body;
    const job = (await admin.get('/api/sys/jobs')).body.result.find((j: { kind: string; userName: string | null }) => j.kind === 'cases.derived' && j.userName);
    expect(job).toMatchObject({ state: 'done', userName: session.userName, workspaceName: session.workspaceName, error: null });
    expect(job.done).toBe(job.total);
    expect(job.done).toBeGreaterThan(0);
    expect((await derived(other.id)).conversion).toBeNull();
    expect((await admin.post(`/api/tbl/examcul/${second}`, { date: '2024-04-05' })).status).toBe(200); // 35 days
    expect(await derived(other.id)).toMatchObject({ conversion: '2024-03-01', reversion: null });
    await setWorkspaceSettings(admin, { tbDefinitions: 'WHO2021' });
    await jobsSettled(server.ctx);
    expect(await derived(other.id)).toMatchObject({ conversion: '2024-03-01', reversion: null });
    const back = await idOf(cul(other.id, '2024-06-01', 'PLUS'));
    expect(await derived(other.id)).toMatchObject({ conversion: '2024-03-01', reversion: '2024-06-01' });
    // contaminated and not-done cultures count for nothing
    await idOf(cul(other.id, '2024-07-01', 'CONTAMINATED'));
    expect(await derived(other.id)).toMatchObject({ conversion: '2024-03-01', reversion: '2024-06-01' });
    expect((await admin.delete(`/api/tbl/examcul/${back}`)).status).toBe(200);
    expect(await derived(other.id)).toMatchObject({ conversion: '2024-03-01', reversion: null });
    expect((await admin.delete(`/api/tbl/examcul/${first}`)).status).toBe(200);
    expect(await derived(other.id)).toMatchObject({ conversion: null, reversion: null });
  });
});

describe('smear conversion (WHO 2021: drug-susceptible TB converts by smears as by cultures)', () => {
  it('converts at the first of two negative smears at least 7 days apart after a positive one; reverts on a later positive; shown in the case header', async () => {
    const patientId = await newPatient(admin, { name: 'Мазок', lastName: 'Конверсия', gender: 'MALE', birthDate: '1980-01-01' });
    const ds = await createCase(admin, patientId, other.ownerUnitId, { registrationDate: '2025-01-10' });
    const smears = async () => {
      const r = await sql<Record<string, string | null>>`select to_char(smear_conversion_date, 'YYYY-MM-DD') as conversion, to_char(smear_reversion_date, 'YYYY-MM-DD') as reversion
        from tbcase where id = ${ds}`.execute(kysely(server.ctx.orm.em.fork()));
      return r.rows[0];
    };
    await idOf(mic(ds, '2025-01-10', 'PLUS2'));
    await idOf(mic(ds, '2025-03-01', 'NEGATIVE'));
    const second = await idOf(mic(ds, '2025-03-07', 'NEGATIVE')); // 6 days: not yet
    expect(await smears()).toEqual({ conversion: null, reversion: null });
    expect((await admin.post(`/api/tbl/exammic/${second}`, { date: '2025-03-08' })).status).toBe(200); // 7 days: converted
    expect(await smears()).toEqual({ conversion: '2025-03-01', reversion: null });
    const latest = (await admin.get(`/api/cases/case/followups/${ds}/latest`)).body as any[];
    expect(latest.find((v) => v.field === 'smearConversionDate')).toMatchObject({ title: 'Дата конверсии мазка', value: '2025-03-01' });
    // the cultures are their own rule: no culture, no culture conversion
    expect(await derived(ds)).toMatchObject({ conversion: null, reversion: null });
    await idOf(mic(ds, '2025-05-01', 'PLUS'));
    expect(await smears()).toEqual({ conversion: '2025-03-01', reversion: '2025-05-01' });
  });
});

describe('who sees the derived results', () => {
  let noMic: ApiClient;
  let reader: ApiClient;
  let caseId = '';

  beforeAll(async () => {
    caseId = other.id;
    await idOf(mic(caseId, '2026-01-10', 'PLUS3'));
    await idOf(admin.post('/api/tbl/examxpert', { caseId, date: '2026-01-11', laboratoryId: lab, result: 'TB_NOT_DETECTED' }));
    const grant = (perms: string[], canChange: boolean) => [{ permission: 'CASEMAN' }, ...perms.map((permission) => ({ permission, canChange }))];
    noMic = await createUser(server, admin, 'FEEDNOMIC', grant(['EXAM_XPERT', 'EXAM_CULTURE'], true), 'Passw0rd', { unitId: other.ownerUnitId });
    reader = await createUser(server, admin, 'FEEDREADER', grant(['EXAM_MICROSCOPY', 'EXAM_XPERT'], false), 'Passw0rd', { unitId: other.ownerUnitId });
  });

  it('GET …/latest says each derived value in words, for the exam types the user may read', async () => {
    const r = await admin.get(`/api/cases/case/followups/${caseId}/latest`);
    expect(r.status).toBe(200);
    expect(r.body).toEqual([
      { field: 'microscopyResult', title: 'Последний результат микроскопии', value: 'PLUS3', text: '+++', type: 'EXAM_MICROSCOPY' },
      { field: 'microscopyDate', title: 'Дата последней микроскопии', value: '2026-01-10', text: '10.01.2026', format: 'date', type: 'EXAM_MICROSCOPY' },
      { field: 'xpertResult', title: 'Последний результат Xpert', value: 'TB_NOT_DETECTED', text: 'МБТ не обнаружены', type: 'EXAM_XPERT' },
      { field: 'xpertDate', title: 'Дата последнего Xpert', value: '2026-01-11', text: '11.01.2026', format: 'date', type: 'EXAM_XPERT' },
      // the case's last culture, contaminated, from the conversion tests above
      { field: 'cultureResult', title: 'Последний результат посева', value: 'CONTAMINATED', text: 'Загрязнён', type: 'EXAM_CULTURE' },
      { field: 'cultureDate', title: 'Дата последнего посева', value: '2024-07-01', text: '01.07.2024', format: 'date', type: 'EXAM_CULTURE' },
    ]);
    const mine = await noMic.get(`/api/cases/case/followups/${caseId}/latest`);
    expect(mine.status).toBe(200);
    expect(mine.body.map((x: any) => x.field)).toEqual(['xpertResult', 'xpertDate', 'cultureResult', 'cultureDate']);
    expect(JSON.stringify(mine.body)).not.toContain('PLUS3');
  });

  it('the generic case read does not send them (x-hidden): only the routes that check the exam permission do', async () => {
    const r = await noMic.get(`/api/tbl/tbcase/${caseId}`);
    expect(r.status).toBe(200);
    expect(r.body.caseNumber).toBe('ТБ-2024-0001');
    expect(r.body).not.toHaveProperty('microscopyResult');
    expect(JSON.stringify(r.body)).not.toContain('PLUS3');
  });

  it('global search shows them in the case’s hit, for the exam types the user may read', async () => {
    const hit = (await admin.post('/api/session/search', { key: 'Ошурков' })).body.find((h: any) => h.id === caseId);
    expect(hit.subtitle).toContain('Последний результат микроскопии: +++');
    expect(hit.subtitle).toContain('Последний результат Xpert: МБТ не обнаружены');
    expect(hit.subtitle).not.toContain('2026-01-10'); // the dates of the latest ones are not repeated there
    const theirs = (await noMic.post('/api/session/search', { key: 'Ошурков' })).body.find((h: any) => h.id === caseId);
    expect(theirs.subtitle).toContain('Последний результат Xpert: МБТ не обнаружены');
    expect(theirs.subtitle).not.toContain('микроскопии');
  });

  it('GET …/types lists the types the user may read, canChange only with _EDT', async () => {
    const all = await admin.get(`/api/cases/case/followups/${caseId}/types`);
    expect(all.status).toBe(200);
    // every table declaring x-table.followup, in schema-file order
    expect(all.body.map((x: any) => [x.type, x.table, x.canChange])).toEqual([
      ['EXAM_CULTURE', 'examcul', true],
      ['EXAM_DST', 'examdst', true],
      ['EXAM_HIV', 'examhiv', true],
      ['EXAM_MICROSCOPY', 'exammic', true],
      ['EXAM_XPERT', 'examxpert', true],
      ['EXAM_XRAY', 'examxray', true],
      ['MEDICAL_EXAMINATION', 'medexam', true],
    ]);
    expect(all.body.find((x: any) => x.type === 'EXAM_HIV').name).toBe('Тест на ВИЧ');
    expect((await reader.get(`/api/cases/case/followups/${caseId}/types`)).body).toEqual([
      { type: 'EXAM_MICROSCOPY', table: 'exammic', name: 'Микроскопия', canChange: false },
      { type: 'EXAM_XPERT', table: 'examxpert', name: 'Xpert MTB/RIF', canChange: false },
    ]);
    expect((await noMic.get(`/api/cases/case/followups/${caseId}/types`)).body.map((x: any) => [x.type, x.canChange])).toEqual([
      ['EXAM_CULTURE', true],
      ['EXAM_XPERT', true],
    ]);
    // with _EDT but the case outside the user's write view (another unit, no playOtherUnits): nothing to change
    const elsewhere = await createUser(server, admin, 'FEEDELSEWHERE', [{ permission: 'CASEMAN' }, { permission: 'EXAM_XRAY', canChange: true }], 'Passw0rd', { unitId: drtb.ownerUnitId });
    expect((await elsewhere.get(`/api/cases/case/followups/${caseId}/types`)).body).toEqual([{ type: 'EXAM_XRAY', table: 'examxray', name: 'Рентгенография', canChange: false }]);
    expect((await elsewhere.get(`/api/cases/case/followups/${drtb.id}/types`)).body).toEqual([{ type: 'EXAM_XRAY', table: 'examxray', name: 'Рентгенография', canChange: true }]);
  });

  it('both routes: 400 on a bad id, 404 on a case outside the view, 403 without CASEMAN', async () => {
    for (const tail of ['types', 'latest']) {
      const bad = await admin.get(`/api/cases/case/followups/nope/${tail}`);
      expect(bad.status).toBe(400);
      expect(bad.body.errors.map((e: any) => e.field)).toEqual(['caseId']);
      expect((await admin.get(`/api/cases/case/followups/00000000-0000-4000-8000-000000000000/${tail}`)).status).toBe(404);
    }
    const unitDoc = await createUser(server, admin, 'FEEDUNITDOC', [{ permission: 'CASEMAN' }, { permission: 'EXAM_MICROSCOPY' }], 'Passw0rd', { unitId: drtb.ownerUnitId, view: 'UNIT' });
    expect((await unitDoc.get(`/api/cases/case/followups/${caseId}/latest`)).status).toBe(404);
    expect((await unitDoc.get(`/api/cases/case/followups/${caseId}/types`)).status).toBe(404);
    const noCase = await createUser(server, admin, 'FEEDNOCASE', [{ permission: 'SOURCES', canChange: true }]);
    expect((await noCase.get(`/api/cases/case/followups/${caseId}/latest`)).status).toBe(403);
  });
});

describe('tag conditions and reports read the derived columns', () => {
  it('an automatic tag over the latest microscopy result follows the case’s exams', async () => {
    const tag = await admin.post('/api/tbl/tag', { name: 'Мазок +++', sqlCondition: "tbcase.microscopy_result = 'PLUS3' and tbcase.culture_conversion_date is null" });
    expect(tag.status, JSON.stringify(tag.body)).toBe(200);
    const linked = async (caseId: string) =>
      !!(await kysely(server.ctx.orm.em.fork()).selectFrom('casetag').select('id').where('case_id', '=', caseId).where('tag_id', '=', tag.body.result).executeTakeFirst());
    const id = await idOf(mic(drtb.id, '2026-02-01', 'PLUS3'));
    expect(await linked(drtb.id)).toBe(true);
    expect((await admin.post(`/api/tbl/exammic/${id}`, { result: 'NEGATIVE' })).status).toBe(200);
    expect(await linked(drtb.id)).toBe(false);
    expect((await admin.post(`/api/tbl/exammic/${id}`, { result: 'PLUS3' })).status).toBe(200);
    expect(await linked(drtb.id)).toBe(true);
    expect((await admin.delete(`/api/tbl/exammic/${id}`)).status).toBe(200);
    expect(await linked(drtb.id)).toBe(false);
  });

  it('a condition over a column that is not the case’s is refused, naming the field', async () => {
    const r = await admin.post('/api/tbl/tag', { name: 'Ошибка', sqlCondition: "tbcase.microscopy_resultt = 'PLUS3'" });
    expect(r.status).toBe(400);
    expect(r.body.errors.map((e: any) => e.field)).toEqual(['sqlCondition']);
  });
});
