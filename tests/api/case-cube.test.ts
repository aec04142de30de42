// The counts cube of the case reports (schemas/tables/casecube.json, migrations casecube and
// casecube_over_analytic): a layer over the cases' analytic rows, so every write of a case or of its
// patient keeps it in step, and an indicator it answers shows what the cases hold.
// Three cases written through the API, each fact chosen, so every count is written out by hand:
//
//  case  unit     patient gender  class / diagnosis   registered
//  k1    Bishkek  MALE            TB    CONFIRMED     2025-01-10
//  k2    Bishkek  FEMALE          DRTB  CONFIRMED     2025-02-15
//  k3    Osh      MALE            TB    SUSPECT       2024-11-20
//
// After each step the cube is compared with a recount of the cases by hand-written SQL (a case counts
// in the unit it leaves while a transfer waits), so a trigger that misses a kind of write fails here.
// A bulk write beside the writer (as the case generator writes) recomputes its cases' analytic rows
// itself, as the generators do, and the cube follows them.
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { kysely } from '../../server/db/kysely.ts';
import { refreshAnalyticWhere } from '../../server/analytic/backfill.ts';
import { createCase, newPatient, unitNamed } from '../helpers/cases.ts';
import { admin, server, useTestServer } from '../helpers/use-server.ts';
import { createUser } from '../helpers/users.ts';
import { clearWorkspaceCases } from '../helpers/workspace.ts';

let ws: string, bishkek: string, osh: string;
let p1: string, p2: string;
let k1: string, k2: string, k3: string;

const db = () => kysely(server.ctx.orm.em.fork());

/** The cube's non-empty rows and a recount of the cases, as sorted comparable lines. */
async function cubeAndRecount() {
  const cube = await sql<any>`
    select unit_id, gender, classification, diagnosis_type, state, outcome, hiv_result, registration_group, infection_site, validated, registration_year, n
      from casecube where workspace_id = ${ws} and n <> 0`.execute(db());
  const recount = await sql<any>`
    select case when t.transferring and t.transfer_from_unit_id is not null then t.transfer_from_unit_id else t.owner_unit_id end as unit_id,
           coalesce(p.gender, '') as gender, t.classification, t.diagnosis_type, t.state, coalesce(t.outcome, '') as outcome,
           coalesce(t.hiv_result, '') as hiv_result, coalesce(t.registration_group, '') as registration_group,
           coalesce(t.infection_site, '') as infection_site, t.validated, coalesce(extract(year from t.registration_date)::int, 0) as registration_year, count(*)::int as n
      from tbcase t join patient p on p.id = t.patient_id where t.workspace_id = ${ws} group by 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11`.execute(db());
  const lines = (rows: any[]) => rows.map((r) => JSON.stringify({ ...r, n: Number(r.n) }, Object.keys(r).sort())).sort();
  return { cube: lines(cube.rows), recount: lines(recount.rows) };
}
async function expectCubeInStep() {
  const { cube, recount } = await cubeAndRecount();
  expect(cube).toEqual(recount);
}

/** gender × classification of a place, as its non-empty cells `gender/classification → cases` and the grand total. */
async function genderByClass(body: Record<string, unknown> = {}) {
  const r = await admin.post('/api/cases/report/ind/exec', { rowVariables: ['gender'], columnVariables: ['classification'], ...body });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  const ind = r.body.indicator;
  const out: Record<string, number> = {};
  ind.rows.forEach((row: any, i: number) => ind.columns.forEach((col: any, j: number) => ind.values[i][j] && (out[`${row.keys[0]}/${col.keys[0]}`] = ind.values[i][j])));
  out.total = ind.total;
  return out;
}

useTestServer();
beforeAll(async () => {
  ws = (await admin.post('/api/sys/session')).body.workspaceId;
  await clearWorkspaceCases(server, ws);
  bishkek = await unitNamed(admin, 'Бишкекский городской');
  osh = await unitNamed(admin, 'Ошский областной');
  p1 = await newPatient(admin, { name: 'Куб', lastName: 'Первый', gender: 'MALE', birthDate: '1980-01-01' });
  p2 = await newPatient(admin, { name: 'Куба', lastName: 'Вторая', gender: 'FEMALE', birthDate: '1990-05-05' });
  k1 = await createCase(admin, p1, bishkek, { registrationDate: '2025-01-10' });
  k2 = await createCase(admin, p2, bishkek, { classification: 'DRTB', registrationGroup: 'RELAPSE', registrationDate: '2025-02-15', drugResistanceType: 'MDR' });
  k3 = await createCase(admin, p1, osh, { diagnosisType: 'SUSPECT', registrationDate: '2024-11-20' });
});

describe('the counts cube', () => {
  it('holds the cases as written, and an indicator from it counts them', async () => {
    await expectCubeInStep();
    expect(await genderByClass()).toEqual({ 'MALE/TB': 2, 'FEMALE/DRTB': 1, total: 3 });
    expect(await genderByClass({ scope: 'UNIT', scopeId: osh })).toEqual({ 'MALE/TB': 1, total: 1 });
    // a whole year (the cube) and the same months one by one (counted live) give the same table
    const year = await genderByClass({ filters: { registrationDate: { ini: '2025-01', end: '2025-12' } } });
    expect(year).toEqual({ 'MALE/TB': 1, 'FEMALE/DRTB': 1, total: 2 });
    expect(await genderByClass({ filters: { registrationDate: { ini: '2025-01', end: '2025-11' } } })).toEqual(year);
    expect(await genderByClass({ filters: { registrationDate: { end: '2024-12' } } })).toEqual({ 'MALE/TB': 1, total: 1 });
  });

  it('follows a patient whose gender is corrected: each of their cases moves', async () => {
    expect((await admin.post(`/api/tbl/patient/${p1}`, { gender: 'FEMALE' })).status).toBe(200);
    await expectCubeInStep();
    expect(await genderByClass()).toEqual({ 'FEMALE/TB': 2, 'FEMALE/DRTB': 1, total: 3 });
    expect((await admin.post(`/api/tbl/patient/${p1}`, { gender: 'MALE' })).status).toBe(200);
    await expectCubeInStep();
  });

  it('follows the workflow: a closed case, a case changed, a transfer kept in the sending cohort until accepted', async () => {
    const closed = await admin.post('/api/cases/case/close', { tbcaseId: k2, outcome: 'DIED', outcomeDate: '2025-03-10' });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    await expectCubeInStep();
    const died = await admin.post('/api/cases/report/ind/exec', { rowVariables: ['outcome'], columnVariables: ['gender'], filters: { state: ['CLOSED'] } });
    const diedRow = died.body.indicator.rows.findIndex((r: any) => r.keys[0] === 'DIED');
    expect(died.body.indicator.rowTotals[diedRow]).toBe(1);
    expect(died.body.indicator.total).toBe(1);

    expect((await admin.post(`/api/tbl/tbcase/${k3}`, { diagnosisType: 'CONFIRMED', classification: 'DRTB', drugResistanceType: 'MDR' })).status).toBe(200);
    await expectCubeInStep();
    expect(await genderByClass({ scope: 'UNIT', scopeId: osh })).toEqual({ 'MALE/DRTB': 1, total: 1 });

    const out = await admin.post('/api/cases/case/transferout', { tbcaseId: k1, unitToId: osh });
    expect(out.status, JSON.stringify(out.body)).toBe(200);
    await expectCubeInStep();
    // waiting: still Bishkek's
    expect(await genderByClass({ scope: 'UNIT', scopeId: bishkek })).toEqual({ 'MALE/TB': 1, 'FEMALE/DRTB': 1, total: 2 });
    const oshDoctor = await createUser(server, admin, 'CUBEOSH', ['CASEMAN', 'CASE_TRANSFER'].map((permission) => ({ permission })), 'Passw0rd', { unitId: osh, view: 'UNIT' });
    const accepted = await oshDoctor.post('/api/cases/case/transferin', { tbcaseId: k1, moveDate: '2025-02-03' });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    await expectCubeInStep();
    expect(await genderByClass({ scope: 'UNIT', scopeId: osh })).toEqual({ 'MALE/TB': 1, 'MALE/DRTB': 1, total: 2 });
  });

  it('follows a deleted case, and a bulk write of many cases in one statement', async () => {
    expect((await admin.delete(`/api/tbl/tbcase/${k3}`)).status).toBe(200);
    await expectCubeInStep();
    // a set-based insert and a set-based update, each followed by its cases' analytic rows (as the case generator does)
    const bulk = sql`c.workspace_id = ${ws} and c.classification = 'NTM'`;
    await sql`insert into tbcase (id, workspace_id, patient_id, owner_unit_id, notification_unit_id, state, diagnosis_type, classification, validated, transferring, registration_date)
              select gen_random_uuid(), ${ws}, ${p2}, ${osh}, ${osh}, 'NOT_ONTREATMENT', 'CONFIRMED', 'NTM', false, false, date '2023-01-01' + g from generate_series(0, 9) g`.execute(db());
    await refreshAnalyticWhere(db(), server.ctx.registry, bulk as any);
    await expectCubeInStep();
    await sql`update tbcase set registration_date = registration_date + 400 where workspace_id = ${ws} and classification = 'NTM'`.execute(db());
    await refreshAnalyticWhere(db(), server.ctx.registry, bulk as any);
    await expectCubeInStep();
    const ntm = await genderByClass({ filters: { classification: ['NTM'], registrationDate: { ini: '2024-01', end: '2024-12' } } });
    expect(ntm).toEqual({ 'FEMALE/NTM': 10, total: 10 });
  });

  it('drills into a cell with the number the cube counted, a missing value included', async () => {
    const drill = async (row: unknown[], column: unknown[]) => {
      const r = await admin.post('/api/cases/report/ind/cases', { rowVariables: ['outcome'], columnVariables: ['gender'], row, column });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body.count).toBe(r.body.list.length);
      return r.body.list.map((x: any) => x.id).sort();
    };
    const ntm = (await sql<{ id: string }>`select id from tbcase where workspace_id = ${ws} and classification = 'NTM'`.execute(db())).rows.map((r) => r.id).sort();
    expect(await drill([null], ['FEMALE'])).toEqual(ntm);
    expect(await drill(['DIED'], ['FEMALE'])).toEqual([k2]);
    expect(await drill([null], ['MALE'])).toEqual([k1]);
    expect(await drill(['CURED'], ['MALE'])).toEqual([]);
  });
});
