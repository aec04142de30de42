// The treatment tests' shared set-up: a seeded server, the Bishkek and Kant units, one patient, the
// regimens and medicines of the demo catalogue, and six users by what they may do with a treatment;
// the calls and checks every treatment test file makes.
import { sql } from 'kysely';
import { beforeAll, expect } from 'vitest';
import { kysely, kyselyByName } from '../../server/db/kysely.ts';
import type { ApiClient } from './server.ts';
import { admin, server, useTestServer } from './use-server.ts';
import { createCase, newPatient, unitNamed } from './cases.ts';
import { createUser } from './users.ts';

/** Who the treatment tests act as, and the places, patient and catalogue rows they use. */
export interface TreatmentFixture {
  /** Bishkek: CASE_TREAT and CASE_INTAKEMED with changes. */
  doctor: ApiClient;
  /** Bishkek: reads the calendar, cannot save it. */
  nurse: ApiClient;
  /** Bishkek: CASE_TREAT, no CASE_INTAKEMED. */
  treatOnly: ApiClient;
  /** Bishkek: CASEMAN only. */
  reader: ApiClient;
  /** Another unit (Kant). */
  kantDoctor: ApiClient;
  /** Bishkek, unit view: CASE_TRANSFER (the doctor who sends a case on treatment away). */
  mover: ApiClient;
  bishkek: string;
  kant: string;
  patientId: string;
  /** regTb (2HRZE/4HR), regDrtb, hrze, hr: catalogue ids. */
  ids: Record<string, string>;
}

const f = { ids: {} } as TreatmentFixture;

/**
 * Starts the seeded server of the file and makes the fixture before its tests; `use` receives it.
 * @example let doctor: ApiClient; useTreatmentFixture((x) => ({ doctor } = x));
 */
export function useTreatmentFixture(use: (f: TreatmentFixture) => void): void {
  useTestServer();
  beforeAll(async () => {
    f.bishkek = await unitNamed(admin, 'Бишкекский');
    f.kant = await unitNamed(admin, 'Ысык-Атинский');
    f.patientId = await newPatient(admin, { name: 'Нурлан', lastName: 'Асанов', gender: 'MALE', birthDate: '1985-04-01' });
    const regimens = (await admin.post('/api/tbl/regimen/query', { pageSize: 50 })).body.list;
    f.ids.regTb = regimens.find((r: any) => r.name === '2HRZE/4HR').id;
    f.ids.regDrtb = regimens.find((r: any) => r.classification === 'DRTB').id;
    const products = (await admin.post('/api/tbl/product/query', { pageSize: 100 })).body.list;
    f.ids.hrze = products.find((x: any) => x.shortName === 'HRZE 75/150/400/275').id;
    f.ids.hr = products.find((x: any) => x.shortName === 'HR 75/150').id;
    const perms = (list: [string, boolean?][]) => list.map(([permission, canChange]) => ({ permission, canChange: !!canChange }));
    const place = { unitId: f.bishkek, view: 'UNIT' as const };
    f.doctor = await createUser(server, admin, 'TRDOCTOR', perms([['CASEMAN'], ['CASE_TREAT'], ['CASE_INTAKEMED', true], ['CASE_CLOSE']]), 'Passw0rd', place);
    f.nurse = await createUser(server, admin, 'TRNURSE', perms([['CASEMAN'], ['CASE_INTAKEMED']]), 'Passw0rd', place);
    f.treatOnly = await createUser(server, admin, 'TRTREAT', perms([['CASEMAN'], ['CASE_TREAT']]), 'Passw0rd', place);
    f.reader = await createUser(server, admin, 'TRREADER', perms([['CASEMAN']]), 'Passw0rd', place);
    f.kantDoctor = await createUser(server, admin, 'TRKANT', perms([['CASEMAN'], ['CASE_TREAT'], ['CASE_INTAKEMED', true], ['CASE_TRANSFER']]), 'Passw0rd', { unitId: f.kant, view: 'UNIT' });
    f.mover = await createUser(server, admin, 'TRMOVER', perms([['CASEMAN'], ['CASE_TREAT'], ['CASE_TRANSFER']]), 'Passw0rd', place);
    use(f);
  }, 180_000);
}

/** The treatment calls' path. */
export const T = '/api/cases/case/treatment';
const db = () => kysely(server.ctx.orm.em.fork());
/** The treatment tab's answer for a case, as `who` reads it (200). */
export const view = async (who: ApiClient, caseId: string) => {
  const r = await who.get(`${T}/${caseId}`);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body;
};
/** A 200 `{success: true}`; its body. */
export const ok = (r: { status: number; body: any }) => {
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  expect(r.body.success).toBe(true);
  return r.body;
};
/** A 4xx naming one field (or none) with one message. */
export const refused = (r: { status: number; body: any }, status: number, field: string | null, msg?: string) => {
  expect(r.status, JSON.stringify(r.body)).toBe(status);
  expect(r.body.success).toBe(false);
  expect(r.body.errors.map((e: any) => e.field)).toContain(field);
  if (msg) expect(r.body.errors.find((e: any) => e.field === field).msg).toBe(msg);
};
/** A case's rows of a treatment table (treatment, prescription, treatunit, adherence). */
export const rowsOf = async (table: string, caseId: string) => kyselyByName(server.ctx.orm.em.fork()).selectFrom(table).selectAll().where('case_id', '=', caseId).execute();
/** The case's state, treatment start, alert start and whether its adherence alert is on. */
export const caseRow = (id: string) => db().selectFrom('tbcase').select(['state', sql<string | null>`ini_treatment_date::text`.as('ini'), sql<string | null>`adherence_alert_from::text`.as('alertFrom'), sql<boolean>`(state = 'ONTREATMENT' and adherence_alert_from is not null and adherence_alert_from <= current_date)`.as('alert')]).where('id', '=', id).executeTakeFirstOrThrow();

/** A new TB case of the fixture's patient in Bishkek, registered and diagnosed 2 January 2025. */
export const newCase = (extra: Record<string, unknown> = {}) => createCase(admin, f.patientId, f.bishkek, { registrationDate: '2025-01-02', diagnosisDate: '2025-01-02', ...extra });

/** A TB case started on 2HRZE/4HR on 6 January 2025: HRZE 6 Jan – 6 Mar, HR 7 Mar – 4 Jul. */
export async function standardCase(): Promise<string> {
  const id = await newCase();
  ok(await f.doctor.post(`${T}/start`, { caseId: id, unitId: f.bishkek, iniDate: '2025-01-06', regimenId: f.ids.regTb }));
  return id;
}

/** Saves a month of the intake calendar (as the doctor unless `who`). */
export const month = (caseId: string, year: number, m: number, days: { day: number; status: string }[], who = f.doctor) => who.post(`${T}/followup`, { caseId, year, month: m, days });
/** Days `from`..`to` of a month, each with `status`. */
export const range = (from: number, to: number, status: string) => Array.from({ length: to - from + 1 }, (_, i) => ({ day: from + i, status }));
