// The case's values derived from its exams (latest microscopy and Xpert results, culture
// conversion) survive every other change of the case — validate, a comorbidity edit, treatment
// start, transfer out — instead of vanishing until the next exam is saved.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { kysely } from '../../server/db/kysely.ts';
import { startTestServer, type ApiClient, type TestServer } from '../helpers/server.ts';
import { createCase, newPatient, unitNamed } from '../helpers/cases.ts';

let server: TestServer;
let admin: ApiClient;
let bishkek: string;
let kant: string;
let lab: string;
let caseId: string;

const ok = (r: { status: number; body: any }) => expect(r.status, JSON.stringify(r.body)).toBe(200);
/** The case header's derived values: field → stored value. */
const latest = async () => Object.fromEntries(((await admin.get(`/api/cases/case/followups/${caseId}/latest`)).body as any[]).map((v) => [v.field, v.value]));

// written from the exams below: the newest microscopy, Xpert and culture, and the first of two
// negative cultures 30+ days apart after a positive one
const expected = {
  microscopyResult: 'PLUS2',
  microscopyDate: '2025-01-03',
  xpertResult: 'TB_DETECTED_RIF_NOT_DETECTED',
  xpertDate: '2025-01-04',
  cultureResult: 'NEGATIVE',
  cultureDate: '2025-03-20',
  cultureConversionDate: '2025-02-10',
};

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.login();
  bishkek = await unitNamed(admin, 'Бишкекский');
  kant = await unitNamed(admin, 'Ысык-Атинский');
  lab = (await admin.post('/api/tbl/unit/query', { pageSize: 100 })).body.list.find((u: any) => u.type === 'LAB').id;
  const patientId = await newPatient(admin, { name: 'Бакыт', lastName: 'Осмонов', gender: 'MALE', birthDate: '1980-02-02' });
  caseId = await createCase(admin, patientId, bishkek, { registrationDate: '2025-01-02', diagnosisDate: '2025-01-02', validated: false });
  ok(await admin.post('/api/tbl/exammic', { caseId, date: '2025-01-03', laboratoryId: lab, result: 'PLUS2' }));
  ok(await admin.post('/api/tbl/examxpert', { caseId, date: '2025-01-04', laboratoryId: lab, result: 'TB_DETECTED_RIF_NOT_DETECTED' }));
  for (const [date, result] of [['2025-01-03', 'PLUS'], ['2025-02-10', 'NEGATIVE'], ['2025-03-20', 'NEGATIVE']]) {
    ok(await admin.post('/api/tbl/examcul', { caseId, date, result, method: 'MGIT960', laboratoryId: lab, ...(result === 'PLUS' ? { numberOfColonies: 30 } : {}) }));
  }
}, 180_000);
afterAll(() => server?.close());

it('keeps the latest results and the culture conversion through validate, comorbidity, treatment start and transfer', async () => {
  expect(await latest()).toEqual(expected);
  const regimen = (await admin.post('/api/tbl/regimen/query', { pageSize: 50 })).body.list.find((r: any) => r.name === '2HRZE/4HR').id;
  const steps: [string, () => Promise<{ status: number; body: any }>][] = [
    ['validate', () => admin.post(`/api/tbl/tbcase/${caseId}/action/validate`, {})],
    ['comorbidity', () => admin.post(`/api/cases/case/comorbidity/${caseId}`, { diabetes: true })],
    ['treatment start', () => admin.post('/api/cases/case/treatment/start', { caseId, unitId: bishkek, iniDate: '2025-01-06', regimenId: regimen })],
    ['transfer out', () => admin.post(`/api/tbl/tbcase/${caseId}/action/transferout`, { unitToId: kant, moveDate: '2025-03-01' })],
  ];
  for (const [step, run] of steps) {
    ok(await run());
    expect(await latest(), step).toEqual(expected);
  }
  // and a plain edit of the case through the generic API
  const doc = (await admin.get(`/api/tbl/tbcase/${caseId}`)).body;
  ok(await admin.post(`/api/tbl/tbcase/${caseId}`, { version: doc.version, infectionSite: 'PULMONARY' }));
  expect(await latest()).toEqual(expected);
});

it('answers a stale save with the current document, its hidden columns left out', async () => {
  const r = await admin.post(`/api/tbl/tbcase/${caseId}`, { version: 1, infectionSite: 'EXTRAPULMONARY' });
  expect(r.status).toBe(409);
  expect(r.body.errors).toEqual([{ field: 'version', msg: 'Запись уже изменена другим пользователем: обновите её и повторите' }]);
  expect(r.body.result.id).toBe(caseId);
  expect(r.body.result.microscopyResult).toBeUndefined();
  expect(await latest()).toEqual(expected);
});

it('a new exam changes the case through the writer: its version bumped, the new values in the change feed, no history entry of the case', async () => {
  const db = kysely(server.ctx.orm.em.fork());
  const before = (await admin.get(`/api/tbl/tbcase/${caseId}`)).body.version as number;
  const history = async () => (await db.selectFrom('cmdhistory').select('id').where('entity_id', '=', caseId).execute()).length;
  const entries = await history();
  ok(await admin.post('/api/tbl/exammic', { caseId, date: '2025-04-01', laboratoryId: lab, result: 'NEGATIVE' }));
  expect((await admin.get(`/api/tbl/tbcase/${caseId}`)).body.version).toBe(before + 1);
  const change = await db.selectFrom('changelog').select(['op', 'row_version', 'data']).where('row_id', '=', caseId).orderBy('seq', 'desc').executeTakeFirstOrThrow();
  expect(change).toEqual({ op: 'update', row_version: before + 1, data: { microscopyResult: 'NEGATIVE', microscopyDate: '2025-04-01' } });
  expect(await history()).toBe(entries);
  expect((await latest()).microscopyResult).toBe('NEGATIVE');
});
