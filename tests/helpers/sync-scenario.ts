// The world both offline-client test files start from (tests/api/sync-client*.test.ts, docs/sync.md):
// the server's units, a laboratory, the Bishkek doctor SYNCDOC who will work offline, a Bishkek case
// made on the server before any client exists and a case of another unit; and the steps both use —
// a case notified on the client, an edit through the client's case form or on the server.
import { beforeAll, expect } from 'vitest';
import { kysely } from '../../server/db/kysely.ts';
import { createCase, newPatient, unitNamed } from './cases.ts';
import type { ApiClient } from './server.ts';
import { admin, server } from './use-server.ts';
import { createUser } from './users.ts';

/** The offline doctor's permissions: cases, microscopy, notification, treatment, intake, manual tags. */
export const CASE_WORK = [{ permission: 'CASEMAN' }, { permission: 'EXAM_MICROSCOPY', canChange: true }, { permission: 'NEWCASE' }, { permission: 'CASE_TREAT' }, { permission: 'CASE_INTAKEMED', canChange: true }, { permission: 'CASE_TAG' }];
export const PASSWORD = 'Passw0rd';

/** The scenario's rows and user, set by {@link useSyncScenario}'s `beforeAll`. */
export const world = { bishkek: '', kant: '', lab: '', doctorId: '', serverCase: '', otherUnitCase: '' };

/**
 * Makes the scenario's rows and the doctor on the file's test server (call after `useTestServer()`).
 * @example useTestServer(); useSyncScenario(); … notifyOffline('Убитов', undefined, doctorOnClient)
 */
export function useSyncScenario(): void {
  beforeAll(async () => {
    world.bishkek = await unitNamed(admin, 'Бишкекский');
    world.kant = await unitNamed(admin, 'Ысык-Атинский');
    world.lab = (await admin.post('/api/tbl/unit/query', { pageSize: 100 })).body.list.find((u: any) => u.type === 'LAB').id;
    const patient = await newPatient(admin, { name: 'Асель', lastName: 'Жумабаева', gender: 'FEMALE', birthDate: '1990-05-06' });
    world.serverCase = await createCase(admin, patient, world.bishkek, { caseNumber: 'СРВ-1', diagnosisDate: '2025-01-09' });
    world.otherUnitCase = await createCase(admin, await newPatient(admin, { name: 'Нурлан', lastName: 'Касымов', gender: 'MALE', birthDate: '1985-01-02' }), world.kant);
    await createUser(server, admin, 'SYNCDOC', CASE_WORK, PASSWORD, { unitId: world.bishkek, view: 'UNIT' });
    world.doctorId = String((await serverDb().selectFrom('sysuser').select('id').where('login', '=', 'SYNCDOC').executeTakeFirstOrThrow()).id);
  }, 180_000);
}

/** The server's database, read directly (rows and history as stored). */
export const serverDb = () => kysely(server.ctx.orm.em.fork());

/** A row as the server's administrator reads it. */
export const onServer = async (table: string, id: string) => (await admin.get(`/api/tbl/${table}/${id}`)).body;

/** The doctor edits a case on the client (`on`: the doctor's login there) through the case's edit form, as in the browser. */
export async function editOnClient(caseId: string, patch: Record<string, unknown>, on: ApiClient): Promise<void> {
  const { doc } = (await on.get(`/api/cases/case/edit/form/${caseId}`)).body;
  const r = await on.post('/api/cases/case/edit/save', { caseId, doc: { ...doc, tbcase: { ...doc.tbcase, ...patch } } });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
}

/** The server's administrator edits a row: its stored fields as read (the read joins the references' names, which a write does not take), with `patch`. */
export async function editOnServer(table: string, id: string, patch: Record<string, unknown>): Promise<void> {
  const keys = new Set(['version', ...server.ctx.registry.table(table).fields.map((f) => f.path[0]), ...server.ctx.registry.table(table).children.map((c) => c.prop)]);
  const doc = Object.fromEntries(Object.entries(await onServer(table, id)).filter(([k]) => keys.has(k)));
  const r = await admin.post(`/api/tbl/${table}/${id}`, { ...doc, ...patch });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
}

/** A confirmed TB case of Bishkek notified on the client (`on`: the doctor's login there; patient and case in one form), with a microscopy exam. */
export async function notifyOffline(lastName: string, dates: { registrationDate: string; diagnosisDate: string } | undefined, on: ApiClient): Promise<{ caseId: string; patientId: string; examId: string }> {
  const d = dates ?? { registrationDate: '2026-11-20', diagnosisDate: '2026-11-18' };
  const doc = { patient: { name: 'Бакыт', lastName, gender: 'MALE', birthDate: '1979-02-03' }, tbcase: { ...d, registrationGroup: 'NEW' } };
  const r = await on.post('/api/cases/case/newnotif', { doc, unitId: world.bishkek, diagnosisType: 'CONFIRMED', caseClassification: 'TB' });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  const caseId = r.body.result as string;
  const patientId = (await on.get(`/api/tbl/tbcase/${caseId}`)).body.patientId as string;
  const exam = await on.post('/api/tbl/exammic', { caseId, date: d.registrationDate, laboratoryId: world.lab, result: 'POSITIVE', numberOfAFB: 5 });
  expect(exam.status, JSON.stringify(exam.body)).toBe(200);
  return { caseId, patientId, examId: exam.body.result };
}
