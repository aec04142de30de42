// The case set the case reports' test files share (tests/api/case-reports.test.ts and
// tests/api/case-reports-saved.test.ts): five cases written through the API, each fact chosen, so
// every count is written out by hand from the list here:
//
//
//  case  unit     patient (gender, born, nationality)  diagnosis / class  group    registered  other
//  c1    Bishkek  MALE   1980-01-01 NATIVE              CONFIRMED TB       NEW      2025-01-10  tags T1, T2; HIV POSITIVE 01-12 then NEGATIVE 02-01; treatment from 2025-01-15
//  c2    Bishkek  FEMALE 1990-05-05 FOREIGN             CONFIRMED DRTB     RELAPSE  2025-02-15  tag T1; MDR; HIV POSITIVE
//  c3    Osh      MALE   2015-03-03 —                   SUSPECT TB         NEW      2025-04-01
//  c4    Osh      FEMALE 1960-07-07 NATIVE              CONFIRMED TB       NEW      2024-12-20  closed DIED 2025-03-10
//  c5    Bishkek  MALE   1975-09-09 NATIVE              CONFIRMED NTM      OTHER    2025-03-31
//
// The demo workspace's own cases are removed first, so the workspace holds exactly these five.
// Ages at registration: 45, 34, 10, 64, 49. Bishkek's unit lies in Кыргызская Республика › г. Бишкек ›
// Ленинский район, Osh's in Кыргызская Республика › г. Ош (the demo areas).
import { beforeAll, expect } from 'vitest';
import { createCase, newPatient, unitNamed } from './cases.ts';
import type { ApiClient } from './server.ts';
import { admin, server } from './use-server.ts';
import { createUser } from './users.ts';
import { clearWorkspaceCases } from './workspace.ts';

export let bishkek: string, osh: string;
export let c: Record<'c1' | 'c2' | 'c3' | 'c4' | 'c5', string>;
export let t1: string, t2: string;
export let doctor: ApiClient;
export let reader: ApiClient;
export let ages: { id: string; iniAge: number }[];

/** An indicator through the API; fails the test on anything but 200. */
export async function indicator(client: ApiClient, body: Record<string, unknown>) {
  const r = await client.post('/api/cases/report/ind/exec', body);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.indicator;
}
/** The table as `row key → [cells…, row total]`, the last entry `'Итог' → [column totals…, total]`. */
export function table(ind: any): Record<string, number[]> {
  const out: Record<string, number[]> = {};
  ind.rows.forEach((r: any, i: number) => (out[r.keys.map(String).join('/')] = [...ind.values[i], ind.rowTotals[i]]));
  out[ind.totalLabel] = [...ind.columnTotals, ind.total];
  return out;
}
export const keysOf = (headers: any[]) => headers.map((h) => h.keys.map(String).join('/'));
/** The ids of the cases behind a cell (every page). */
export async function cellCases(client: ApiClient, body: Record<string, unknown>): Promise<string[]> {
  const r = await client.post('/api/cases/report/ind/cases', body);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  expect(r.body.count).toBe(r.body.list.length);
  return r.body.list.map((x: any) => x.id).sort();
}
export const ids = (...names: (keyof typeof c)[]) => names.map((n) => c[n]).sort();

/** An indicator's request: its row and column variables, filters and scope. */
export const by = (rowVariables: string[], columnVariables: string[], filters: Record<string, unknown> = {}, scope: Record<string, unknown> = {}) => ({ rowVariables, columnVariables, filters, ...scope });

/**
 * Clears the demo workspace's cases and writes the five (their tags, HIV tests and closing), the
 * doctor (Bishkek, unit view, CASEMAN) and the reader (workspace view, every exam type), before the
 * file's tests (after `useTestServer`). Call it once, at the top.
 * @example
 * useTestServer();
 * useReportCases();
 * it('counts by gender', async () => expect((await indicator(admin, by(['gender'], []))).total).toBe(5));
 */
export function useReportCases(): void {
  beforeAll(async () => {
    const ws = (await admin.post('/api/sys/session')).body.workspaceId;
    await clearWorkspaceCases(server, ws);
    bishkek = await unitNamed(admin, 'Бишкекский городской');
    osh = await unitNamed(admin, 'Ошский областной');
    const p1 = await newPatient(admin, { name: 'Азамат', lastName: 'Отчётов', gender: 'MALE', birthDate: '1980-01-01', nationality: 'NATIVE' });
    const p2 = await newPatient(admin, { name: 'Айгуль', lastName: 'Отчётова', gender: 'FEMALE', birthDate: '1990-05-05', nationality: 'FOREIGN' });
    const p3 = await newPatient(admin, { name: 'Бакыт', lastName: 'Отчётов', gender: 'MALE', birthDate: '2015-03-03' });
    const p4 = await newPatient(admin, { name: 'Гульнара', lastName: 'Отчётова', gender: 'FEMALE', birthDate: '1960-07-07', nationality: 'NATIVE' });
    const p5 = await newPatient(admin, { name: 'Данияр', lastName: 'Отчётов', gender: 'MALE', birthDate: '1975-09-09', nationality: 'NATIVE' });
    c = {
      c1: await createCase(admin, p1, bishkek, { registrationDate: '2025-01-10', diagnosisDate: '2025-01-05', iniTreatmentDate: '2025-01-15' }),
      c2: await createCase(admin, p2, bishkek, { classification: 'DRTB', registrationGroup: 'RELAPSE', registrationDate: '2025-02-15', drugResistanceType: 'MDR' }),
      c3: await createCase(admin, p3, osh, { diagnosisType: 'SUSPECT', registrationDate: '2025-04-01' }),
      c4: await createCase(admin, p4, osh, { registrationDate: '2024-12-20' }),
      c5: await createCase(admin, p5, bishkek, { classification: 'NTM', registrationGroup: 'OTHER', registrationDate: '2025-03-31' }),
    };
    const ok = (r: { status: number; body: unknown }) => expect(r.status, JSON.stringify(r.body)).toBe(200);
    ok(await admin.post('/api/tbl/examhiv', { caseId: c.c1, date: '2025-01-12', result: 'POSITIVE' }));
    ok(await admin.post('/api/tbl/examhiv', { caseId: c.c1, date: '2025-02-01', result: 'NEGATIVE' }));
    ok(await admin.post('/api/tbl/examhiv', { caseId: c.c2, date: '2025-02-20', result: 'POSITIVE' }));
    ok(await admin.post('/api/cases/case/close', { tbcaseId: c.c4, outcome: 'DIED', outcomeDate: '2025-03-10' }));
    t1 = (await admin.post('/api/tbl/tag', { name: 'Отчёт-1', active: true, autoGenerated: false, consistencyCheck: false })).body.result;
    t2 = (await admin.post('/api/tbl/tag', { name: 'Отчёт-2', active: true, autoGenerated: false, consistencyCheck: false })).body.result;
    for (const [caseId, tagId] of [[c.c1, t1], [c.c1, t2], [c.c2, t1]]) ok(await admin.post('/api/tbl/casetag', { caseId, tagId }));
    ages = (await admin.post('/api/tbl/agerange/query', {})).body.list.sort((a: any, b: any) => a.iniAge - b.iniAge);
    doctor = await createUser(server, admin, 'REPDOC', [{ permission: 'CASEMAN' }], 'Passw0rd', { unitId: bishkek, view: 'UNIT' });
    // the reader may read every exam type and the treatment: counts by them are theirs (the doctor's are not)
    const exams = ['EXAM_HIV', 'EXAM_MICROSCOPY', 'EXAM_CULTURE', 'EXAM_XPERT', 'EXAM_DST', 'EXAM_XRAY', 'CASE_MED_EXAM', 'CASE_TREAT'];
    reader = await createUser(server, admin, 'REPREADER', [{ permission: 'CASEMAN' }, ...exams.map((permission) => ({ permission }))], 'Passw0rd', { unitId: bishkek, view: 'WORKSPACE' });
  }, 180_000);
}
