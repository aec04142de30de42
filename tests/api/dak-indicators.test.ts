// WHO's TB indicator set (the DAK's TB.IND.1–51) on a hand-built register: every
// indicator's expected numerator and denominator is written here by hand from its definition, case by
// case (the comments name the cases each counts), for the year 2024 at the Bishkek unit — its
// registrations of 2024, its outcome cohort of 2023, its contacts and their TPT. An indicator the data
// cannot support says so with what is missing, never a zero; the rows behind a number and the rows left
// out open; the disaggregations split the numbers; a reader without an exam type's permission is
// told which indicators need it.
import { beforeAll, describe, expect, it } from 'vitest';
import { kysely } from '../../server/db/kysely.ts';
import { addContact, addCourse, courseAction, evaluate, tbExcluded, tptRegimen } from '../helpers/contacts.ts';
import { unitNamed } from '../helpers/cases.ts';
import { admin, server, useTestServer } from '../helpers/use-server.ts';
import { createUser } from '../helpers/users.ts';
import { writeWhoCases, type WhoCase } from '../helpers/who-cases.ts';

let bishkek: string;
let kant: string;
let ids: Record<string, string>;
let list: Record<string, any>;
const YEAR = { year: 2024, scope: 'UNIT' as const };
const body = () => ({ ...YEAR, scopeId: bishkek });

/** Registered in 2024 at Bishkek (C…), and its 2023 outcome cohort (K…). */
function register(unit: string, other: string): WhoCase[] {
  const c = (x: Partial<WhoCase> & { key: string }): WhoCase => ({ unit, registered: '2024-03-11', ...x });
  const k = (x: Partial<WhoCase> & { key: string }): WhoCase => ({ unit, registered: '2023-03-13', group: 'NEW', ...x });
  return [
    // C1: new pulmonary bacteriologically confirmed, male 30, Xpert RIF not detected, DST R, H, Lfx susceptible, HIV−, treated
    c({ key: 'C1', group: 'NEW', sex: 'MALE', born: '1993-06-01', xpert: 'TB_DETECTED_RIF_NOT_DETECTED', dst: { R: 'SUSCEPTIBLE', H: 'SUSCEPTIBLE', Lfx: 'SUSCEPTIBLE' }, hiv: { result: 'NEGATIVE' } }),
    // C2: relapse, pulmonary confirmed, girl of 3, Xpert RIF not detected, DST H resistant, R susceptible, Lfx not done, HIV+ on ART, treated
    c({ key: 'C2', group: 'RELAPSE', sex: 'FEMALE', born: '2020-12-01', xpert: 'TB_DETECTED_RIF_NOT_DETECTED', dst: { R: 'SUSCEPTIBLE', H: 'RESISTANT' }, hiv: { result: 'POSITIVE', art: true } }),
    // C3: new MDR-TB, pulmonary confirmed, male 45, Xpert RIF detected, DST R, H, Lfx resistant (pre-XDR), HIV+ not on ART, treated
    c({ key: 'C3', classification: 'DRTB', resistance: 'MDR', group: 'NEW', sex: 'MALE', born: '1978-05-01', xpert: 'TB_DETECTED_RIF_DETECTED', dst: { R: 'RESISTANT', H: 'RESISTANT', Lfx: 'RESISTANT' }, hiv: { result: 'POSITIVE' } }),
    // C4: new pulmonary clinically diagnosed, woman of 70, no Xpert, no HIV test, died before treatment
    c({ key: 'C4', group: 'NEW', basis: 'CLINICAL', sex: 'FEMALE', born: '1953-01-01', treated: false, outcome: 'DIED', outcomeDate: '2024-04-01' }),
    // C5: after failure, extrapulmonary clinical, male 20, Xpert MTB not detected, lost before treatment
    c({ key: 'C5', group: 'TREATMENT_AFTER_FAILURE', site: 'EXTRAPULMONARY', basis: 'CLINICAL', sex: 'MALE', born: '2003-09-01', xpert: 'TB_NOT_DETECTED', outcome: 'LOST_FOLLOWUP_BEFORE_TREATMENT', outcomeDate: '2024-05-01' }),
    // C6: no registration group, pulmonary confirmed, male 50, treated
    c({ key: 'C6', group: null, sex: 'MALE', born: '1973-07-01' }),
    // C7: new, no site, no basis, woman of 25, Xpert RIF not detected, HIV−, not treated
    c({ key: 'C7', group: 'NEW', site: null, basis: null, sex: 'FEMALE', born: '1998-10-01', xpert: 'TB_DETECTED_RIF_NOT_DETECTED', hiv: { result: 'NEGATIVE' }, treated: false }),
    // C8: presumptive TB, male 40, Xpert MTB not detected
    c({ key: 'C8', diagnosisType: 'SUSPECT', sex: 'MALE', born: '1983-02-01', xpert: 'TB_NOT_DETECTED' }),
    // C10: NTM, counted nowhere
    c({ key: 'C10', classification: 'NTM', sex: 'MALE', born: '1960-02-01', xpert: 'TB_NOT_DETECTED' }),
    // the cohort of 2023: K1 cured, K2 completed, K3 failed, K4 died, K5 lost, K6 no outcome — all treated —,
    // K7 died before treatment, K8 treated, transferred to Kant and accepted, cured there
    k({ key: 'K1', outcome: 'CURED' }),
    k({ key: 'K2', outcome: 'TREAT_COMPLETED' }),
    k({ key: 'K3', outcome: 'TREAT_FAILED' }),
    k({ key: 'K4', outcome: 'DIED' }),
    k({ key: 'K5', outcome: 'LOST_FOLLOWUP' }),
    k({ key: 'K6' }),
    k({ key: 'K7', outcome: 'DIED', treated: false }),
    k({ key: 'K8', owner: other, outcome: 'CURED' }),
  ];
}

const n = (code: string) => {
  const r = list[code];
  return r.unsupported ? { unsupported: true } : { numerator: r.numerator, denominator: r.denominator, excluded: r.excluded };
};

useTestServer();
beforeAll(async () => {
  bishkek = await unitNamed(admin, 'Бишкекский');
  kant = await unitNamed(admin, 'Ысык-Атинский');
  const ws = String((await kysely(server.ctx.orm.em.fork()).selectFrom('unit').select('workspace_id').where('id', '=', bishkek).executeTakeFirstOrThrow()).workspace_id);
  ids = await writeWhoCases(server, ws, register(bishkek, kant));
  // contacts of C1 (bacteriologically confirmed pulmonary) registered in 2024
  const r3HP = await tptRegimen(admin, '3HP');
  const person = (name: string, born: string) => ({ person: { name, lastName: 'Контактов', gender: (name.endsWith('а') ? 'FEMALE' : 'MALE') as 'FEMALE' | 'MALE', birthDate: born } });
  const P1 = await addContact(admin, ids.C1, { ...person('Алия', '2021-01-01'), contact: { registrationDate: '2024-03-15' } });
  const P2 = await addContact(admin, ids.C1, { ...person('Бакыт', '1990-01-01'), contact: { registrationDate: '2024-03-15' } });
  await addContact(admin, ids.C1, { ...person('Данияр', '1991-01-01'), contact: { registrationDate: '2024-03-15', contactType: 'close' } }); // P3: waiting
  const P4 = await addContact(admin, ids.C1, { ...person('Эмиль', '1992-01-01'), contact: { registrationDate: '2024-03-15' } });
  const P6 = await addContact(admin, ids.C1, { ...person('Фарида', '1985-01-01'), contact: { registrationDate: '2024-03-15' } });
  for (const p of [P1, P2, P6]) await evaluate(admin, p, tbExcluded('2024-03-20'));
  await evaluate(admin, P4, { ...tbExcluded('2024-03-20'), evaluationOutcome: 'PRESUMPTIVE_TB' });
  // P1 (a child of 3, 14 kg) on 3HP from April 2024; P2 eligible, not started; P6 not eligible
  const c1 = await addCourse(admin, P1, r3HP, { eligibilityDate: '2024-03-25', weightKg: 14 });
  expect((await courseAction(admin, c1, 'tptstart', { startDate: '2024-04-01' })).status).toBe(200);
  await addCourse(admin, P2, r3HP, { eligibilityDate: '2024-03-25' });
  expect((await admin.post('/api/tbl/tptcourse', { contactId: P6, eligible: false, notEligibleReason: 'REFUSED' })).status).toBe(200);
  // P5: a contact of C4 (clinically diagnosed), on 3HP from April 2024
  const P5 = await addContact(admin, ids.C4, { ...person('Гуля', '1980-01-01'), contact: { registrationDate: '2024-03-15' } });
  await evaluate(admin, P5, tbExcluded('2024-03-20'));
  const c5 = await addCourse(admin, P5, r3HP, { eligibilityDate: '2024-03-25' });
  expect((await courseAction(admin, c5, 'tptstart', { startDate: '2024-04-01' })).status).toBe(200);
  // contacts of K1 (2023) whose TPT started in 2023: Q1 completed (11 weekly doses), Q2 lost, Q3 still on TPT
  const started = async (name: string, start: string) => {
    const q = await addContact(admin, ids.K1, { ...person(name, '1980-01-01'), contact: { registrationDate: '2023-03-01' } });
    await evaluate(admin, q, tbExcluded('2023-03-02'));
    const course = await addCourse(admin, q, r3HP, { eligibilityDate: '2023-03-03' });
    expect((await courseAction(admin, course, 'tptstart', { startDate: start })).status).toBe(200);
    return course;
  };
  const q1 = await started('Игорь', '2023-03-06');
  // Mondays from 6 March 2023: 6, 13, 20, 27 March, 3, 10, 17, 24 April, 1, 8, 15 May — 11 doses
  for (const [month, days] of [[3, [6, 13, 20, 27]], [4, [3, 10, 17, 24]], [5, [1, 8, 15]]] as const) {
    const r = await admin.post('/api/cases/contact/tpt/followup', { tptcourseId: q1, year: 2023, month, days: days.map((day) => ({ day, status: 'DOTS' })) });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
  }
  expect((await courseAction(admin, q1, 'tptclose', { outcome: 'COMPLETED', outcomeDate: '2023-05-28' })).status).toBe(200);
  const q2 = await started('Жанна', '2023-05-01');
  expect((await courseAction(admin, q2, 'tptclose', { outcome: 'LOST', outcomeDate: '2023-06-15' })).status).toBe(200);
  await started('Зарина', '2023-11-06');
  const r = await admin.post('/api/reports/dak', body());
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  list = Object.fromEntries(r.body.indicators.map((x: any) => [x.code, x]));
}, 300_000);

describe('the indicators of 2024 at the Bishkek unit, each written from its definition', () => {
  it('declares all 51, in order', () => {
    expect(Object.keys(list)).toEqual(Array.from({ length: 51 }, (_, i) => `TB.IND.${i + 1}`));
  });

  it('says which it cannot count and what is missing, never a zero', () => {
    for (const code of ['TB.IND.1', 'TB.IND.2', 'TB.IND.3', 'TB.IND.4', 'TB.IND.22', 'TB.IND.23', 'TB.IND.24', 'TB.IND.25', 'TB.IND.31']) {
      expect(list[code], code).toMatchObject({ numerator: null, denominator: null, percent: null });
      expect(list[code].unsupported, code).toMatch(/не записываются|не регистрируется|не записывается/i);
    }
  });

  it('B: TPT started in 2024 (P1, P5)', () => {
    expect(n('TB.IND.5')).toEqual({ numerator: 2, denominator: null, excluded: 0 });
  });

  it('C: molecular testing, notifications, confirmation', () => {
    // 6: TB/DR-TB cases with presumptive ones C1–C8; Xpert done C1, C2, C3, C5, C7, C8
    expect(n('TB.IND.6')).toEqual({ numerator: 6, denominator: 8, excluded: 0 });
    // 7: of those 6, MTB detected C1, C2, C3, C7
    expect(n('TB.IND.7')).toEqual({ numerator: 4, denominator: 6, excluded: 0 });
    // 8: new episodes C1 (new), C2 (relapse), C3, C4, C7 (new); C6 has no group
    expect(n('TB.IND.8')).toEqual({ numerator: 5, denominator: null, excluded: 1 });
    expect(list['TB.IND.8'].reasons).toEqual([expect.objectContaining({ id: 'noGroup', count: 1 })]);
    // 10: re-registered C5 (after failure)
    expect(n('TB.IND.10')).toEqual({ numerator: 1, denominator: null, excluded: 0 });
    // 11: pulmonary new episodes C1, C2, C3, C4 (C6 no group, C7 no site left out); confirmed C1, C2, C3
    expect(n('TB.IND.11')).toEqual({ numerator: 3, denominator: 4, excluded: 2 });
    expect(list['TB.IND.11'].percent).toBe(75);
    // 12: new episodes C1, C2, C3, C4, C7 (C6 out); Xpert C1, C2, C3, C7
    expect(n('TB.IND.12')).toEqual({ numerator: 4, denominator: 5, excluded: 1 });
    // 13: clinically diagnosed new episodes C4 (C7 no basis, left out); no Xpert
    expect(n('TB.IND.13')).toEqual({ numerator: 0, denominator: 1, excluded: 1 });
    // 14: bacteriologically confirmed pulmonary C1, C2, C3, C6 (C7 no site, left out); RR C3
    expect(n('TB.IND.14')).toEqual({ numerator: 1, denominator: 4, excluded: 1 });
  });

  it('C: TB/HIV', () => {
    // 15: new episodes C1, C2, C3, C4, C7; known status C1−, C2+, C3+, C7−
    expect(n('TB.IND.15')).toEqual({ numerator: 4, denominator: 5, excluded: 1 });
    // 16: known status C1, C2, C3, C7; positive C2, C3
    expect(n('TB.IND.16')).toEqual({ numerator: 2, denominator: 4, excluded: 0 });
    // 17: positive C2, C3; on ART C2
    expect(n('TB.IND.17')).toEqual({ numerator: 1, denominator: 2, excluded: 0 });
  });

  it('C: drug-susceptibility testing and resistance found', () => {
    // 18: bacteriologically confirmed C1, C2, C3, C6 (C7 no basis, left out); tested for R: C1, C2, C3
    expect(n('TB.IND.18')).toEqual({ numerator: 3, denominator: 4, excluded: 1 });
    // 19: same; tested for R and H: C1, C2, C3
    expect(n('TB.IND.19')).toEqual({ numerator: 3, denominator: 4, excluded: 1 });
    // 20: rifampicin-susceptible tested for R: C1, C2, C7; tested for H: C1, C2
    expect(n('TB.IND.20')).toEqual({ numerator: 2, denominator: 3, excluded: 0 });
    // 21: RR-TB C3; tested for a fluoroquinolone: C3
    expect(n('TB.IND.21')).toEqual({ numerator: 1, denominator: 1, excluded: 0 });
    // 26: Hr-TB C2; its levofloxacin not done
    expect(n('TB.IND.26')).toEqual({ numerator: 0, denominator: 1, excluded: 0 });
    // 27: tested for R: C1, C2, C3, C7; RR: C3
    expect(n('TB.IND.27')).toEqual({ numerator: 1, denominator: 4, excluded: 0 });
    // 28: tested for R and H: C1, C2, C3; MDR: C3
    expect(n('TB.IND.28')).toEqual({ numerator: 1, denominator: 3, excluded: 0 });
    // 29: rifampicin-susceptible tested for H: C1, C2; Hr: C2
    expect(n('TB.IND.29')).toEqual({ numerator: 1, denominator: 2, excluded: 0 });
    // 30: RR tested for a fluoroquinolone: C3; pre-XDR: C3
    expect(n('TB.IND.30')).toEqual({ numerator: 1, denominator: 1, excluded: 0 });
  });

  it('D: treatment started, and not started because of death or loss', () => {
    // 32–34: registered C1–C7; started C1, C2, C3, C6; died before C4; lost before C5
    expect(n('TB.IND.32')).toEqual({ numerator: 4, denominator: 7, excluded: 0 });
    expect(n('TB.IND.33')).toEqual({ numerator: 1, denominator: 7, excluded: 0 });
    expect(n('TB.IND.34')).toEqual({ numerator: 1, denominator: 7, excluded: 0 });
  });

  it('D: the outcomes of the 2023 cohort — of those who started treatment, and of all registered', () => {
    // started: K1–K6 and K8; K8 transferred out of Bishkek counts as not evaluated there
    const started = { 35: 1, 36: 1, 37: 2, 38: 1, 39: 1, 40: 1, 41: 2 };
    for (const [i, num] of Object.entries(started)) expect(n(`TB.IND.${i}`), `TB.IND.${i}`).toEqual({ numerator: num, denominator: 7, excluded: 0 });
    // all registered K1–K8: K7 died before treatment
    const all = { 42: 1, 43: 1, 44: 2, 45: 1, 46: 2, 47: 1, 48: 2 };
    for (const [i, num] of Object.entries(all)) expect(n(`TB.IND.${i}`), `TB.IND.${i}`).toEqual({ numerator: num, denominator: 8, excluded: 0 });
    expect(list['TB.IND.37'].period).toEqual({ from: '2023-01-01', to: '2024-01-01', date: 'registrationDate' });
  });

  it('E: contacts evaluated, eligible ones started on TPT, TPT completed', () => {
    // 49: contacts of bacteriologically confirmed pulmonary C1: P1, P2, P3, P4, P6 (P5's index is clinical); evaluated P1, P2, P4, P6
    expect(n('TB.IND.49')).toEqual({ numerator: 4, denominator: 5, excluded: 0 });
    // 50: eligible P1, P2; started P1
    expect(n('TB.IND.50')).toEqual({ numerator: 1, denominator: 2, excluded: 0 });
    // 51: started in 2023: Q1, Q2, Q3; completed Q1
    expect(n('TB.IND.51')).toEqual({ numerator: 1, denominator: 3, excluded: 0 });
  });
});

describe('breakdowns, the rows behind a number, and who may read', () => {
  const breakdown = async (code: string, dimension: string) => (await admin.post('/api/reports/dak/breakdown', { ...body(), code, dimension })).body.rows as any[];
  const row = (rows: any[], key: string | null) => rows.find((r) => r.key === key);

  it('splits TB.IND.8 by sex, the DAK’s age bands and history', async () => {
    const sex = await breakdown('TB.IND.8', 'sex');
    expect(sex.map((r) => [r.key, r.numerator])).toEqual([['MALE', 2], ['FEMALE', 3]]);
    const age = await breakdown('TB.IND.8', 'age');
    expect(Object.fromEntries(age.filter((r) => r.numerator).map((r) => [r.key, r.numerator]))).toEqual({ '0–4': 1, '25–34': 2, '45–54': 1, '65+': 1 });
    expect(age.map((r) => r.key).slice(0, 3)).toEqual(['0–4', '5–9', '10–14']);
    const history = await breakdown('TB.IND.8', 'history');
    expect(Object.fromEntries(history.map((r) => [r.key, r.numerator]))).toEqual({ NEW: 4, RELAPSE: 1, PREVIOUSLY_TREATED: 0, UNKNOWN: 0 });
  });

  it('gives every indicator’s breakdown by one disaggregation at once, as one by one (the export)', async () => {
    const all = (await admin.post('/api/reports/dak/breakdowns', { ...body(), dimension: 'sex' })).body.breakdowns;
    expect(all['TB.IND.8']).toEqual(await breakdown('TB.IND.8', 'sex'));
    expect(all['TB.IND.49']).toEqual(await breakdown('TB.IND.49', 'sex'));
    expect(all['TB.IND.9']).toBeUndefined();
  });

  it('splits TB.IND.49 under five and from five: P1 is 3', async () => {
    const rows = await breakdown('TB.IND.49', 'ageTpt');
    expect(row(rows, '<5')).toMatchObject({ numerator: 1, denominator: 1, percent: 100 });
    expect(row(rows, '≥5')).toMatchObject({ numerator: 3, denominator: 4, percent: 75 });
  });

  it('splits TB.IND.5, whose count reads the course alone, by its contacts’ sex and their index cases’ area', async () => {
    // P1 (Алия) and P5 (Гуля): written male by the register's helper (their names do not end in 'а')
    const sex = await breakdown('TB.IND.5', 'sex');
    expect(sex.map((r) => [r.key, r.numerator])).toEqual([['MALE', 2], ['FEMALE', 0]]);
    // their index cases C1 and C4 are both Bishkek's: one area counts both
    const area = (await breakdown('TB.IND.5', 'area')).filter((r) => r.numerator > 0);
    expect(area).toHaveLength(1);
    expect(area[0].numerator).toBe(2);
    expect(area[0].label).not.toBe(area[0].key);
  });

  it('opens the cases of a numerator, of a denominator, and those left out for a reason', async () => {
    const rows = async (code: string, part: string, reason?: string) =>
      ((await admin.post('/api/reports/dak/rows', { ...body(), code, part, ...(reason ? { reason } : {}) })).body.list as any[]).map((x) => x.caseNumber).sort();
    expect(await rows('TB.IND.11', 'numerator')).toEqual(['C1', 'C2', 'C3']);
    expect(await rows('TB.IND.11', 'denominator')).toEqual(['C1', 'C2', 'C3', 'C4']);
    expect(await rows('TB.IND.11', 'excluded', 'noSite')).toEqual(['C7']);
    expect(await rows('TB.IND.11', 'excluded')).toEqual(['C6', 'C7']);
    const contacts = await admin.post('/api/reports/dak/rows', { ...body(), code: 'TB.IND.50', part: 'denominator' });
    expect(contacts.body.count).toBe(2);
    expect(contacts.body.list.map((x: any) => x.person.name).sort()).toEqual(['Контактов Алия', 'Контактов Бакыт']);
  });

  it('refuses an indicator it cannot count, an unknown one and a disaggregation it does not declare', async () => {
    expect((await admin.post('/api/reports/dak/rows', { ...body(), code: 'TB.IND.1', part: 'numerator' })).status).toBe(404);
    expect((await admin.post('/api/reports/dak/rows', { ...body(), code: 'TB.IND.99', part: 'numerator' })).status).toBe(404);
    expect((await admin.post('/api/reports/dak/breakdown', { ...body(), code: 'TB.IND.49', dimension: 'hiv' })).status).toBe(400);
    expect((await admin.post('/api/reports/dak', { year: 2024, quarter: 5 })).status).toBe(400);
  });

  it('tells a reader without the HIV exam’s or the contacts’ permission which indicators need them', async () => {
    const reader = await createUser(server, admin, 'DAKREADER', [{ permission: 'CASEMAN' }, { permission: 'EXAM_XPERT' }, { permission: 'EXAM_DST' }], 'Passw0rd', { unitId: bishkek, view: 'UNIT' });
    const mine = Object.fromEntries((await reader.post('/api/reports/dak', body())).body.indicators.map((x: any) => [x.code, x]));
    expect(mine['TB.IND.15']).toMatchObject({ numerator: null, needs: expect.any(String) });
    expect(mine['TB.IND.49']).toMatchObject({ numerator: null, needs: expect.any(String) });
    expect(mine['TB.IND.11']).toMatchObject({ numerator: 3, denominator: 4 });
    expect((await reader.post('/api/reports/dak/rows', { ...body(), code: 'TB.IND.15', part: 'numerator' })).status).toBe(403);
    // a quarter: the first quarter of 2024 holds C1–C10 (registered 11 March)
    const q1 = Object.fromEntries((await admin.post('/api/reports/dak', { ...body(), quarter: 1 })).body.indicators.map((x: any) => [x.code, x]));
    expect(q1['TB.IND.32']).toMatchObject({ numerator: 4, denominator: 7 });
    const q2 = Object.fromEntries((await admin.post('/api/reports/dak', { ...body(), quarter: 2 })).body.indicators.map((x: any) => [x.code, x]));
    expect(q2['TB.IND.32']).toMatchObject({ numerator: 0, denominator: 0, percent: null });
  });
});

describe('TB.IND.9: new episodes per 100,000 population of the area in the year', () => {
  const ind9 = async (where: Record<string, unknown>) => {
    const r = await admin.post('/api/reports/dak', { year: 2024, ...where });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.indicators.find((x: any) => x.code === 'TB.IND.9');
  };
  const importPopulation = async (rows: { area: string; year: number; population: number }[]) => {
    const r = await admin.post('/api/population/import', { rows });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
  };
  let bishkekCity: string;
  beforeAll(async () => {
    bishkekCity = (await admin.post('/api/tbl/adminunit/query', { key: 'г. Бишкек' })).body.list[0].id;
  });

  it('counts the new episodes as TB.IND.8, and a unit says its population is kept by area', async () => {
    // new episodes C1, C2, C3, C4, C7 (C6 has no group)
    expect(await ind9({ scope: 'UNIT', scopeId: bishkek })).toMatchObject({
      numerator: 5, excluded: 1,
      rate: { per: 100000, population: null, value: null, missing: 'Численность населения ведётся по территориям, не по учреждениям: откройте территорию' },
    });
  });

  it('says which area lacks its population for the year, never a zero; with it, gives the rate', async () => {
    expect((await ind9({ scope: 'ADMINUNIT', scopeId: bishkekCity })).rate).toEqual({
      per: 100000, population: null, value: null, missing: 'Нет численности населения за 2024 год: «г. Бишкек» — внесите её в справочник «Население»',
    });
    await importPopulation([{ area: 'KG-GB', year: 2023, population: 100000 }]);
    expect((await ind9({ scope: 'ADMINUNIT', scopeId: bishkekCity })).rate.value).toBeNull();
    await importPopulation([{ area: 'KG-GB', year: 2024, population: 250000 }]);
    // 5 new episodes of 250 000 people: 2.0 per 100 000
    expect(await ind9({ scope: 'ADMINUNIT', scopeId: bishkekCity })).toMatchObject({ numerator: 5, rate: { per: 100000, population: 250000, value: 2 } });
    // the rate is of a year: a quarter says so
    expect((await ind9({ scope: 'ADMINUNIT', scopeId: bishkekCity, quarter: 1 })).rate).toEqual({ per: 100000, population: null, value: null, missing: 'Заболеваемость считается за год: выберите весь год' });
  });

  it('gives the workspace the population of its top area, else the sum of the areas under it once each has one', async () => {
    // the republic has no row; of its five areas only г. Бишкек has one
    expect((await ind9({})).rate.missing).toBe('Нет численности населения за 2024 год: «Кыргызская Республика» — внесите её в справочник «Население»');
    await importPopulation([
      { area: 'KG-GO', year: 2024, population: 300000 },
      { area: 'KG-C', year: 2024, population: 1000000 },
      { area: 'KG-O', year: 2024, population: 1300000 },
    ]);
    expect((await ind9({})).rate.value).toBeNull();
    await importPopulation([{ area: 'KG-Y', year: 2024, population: 500000 }]);
    // 250 000 + 300 000 + 1 000 000 + 1 300 000 + 500 000 = 3 350 000; 5 of them: 0.149… → 0.1
    expect((await ind9({})).rate).toEqual({ per: 100000, population: 3350000, value: 0.1 });
    // the republic's own row counts instead of its areas'
    await importPopulation([{ area: 'KG', year: 2024, population: 2500000 }]);
    expect((await ind9({})).rate).toEqual({ per: 100000, population: 2500000, value: 0.2 });
  });
});
