// The WHO quarterly forms on a hand-built register whose every cell is known by
// construction: TB 07 (registration, 2025 Q1) and TB 08 (outcomes of the cohort notified in 2024 Q1).
// Expected numbers are written from the WHO rules (docs/who-forms.md), case by case, in the comments.
import { beforeAll, describe, expect, it } from 'vitest';
import { unitNamed } from '../helpers/cases.ts';
import { createUser } from '../helpers/users.ts';
import { admin, server, useTestServer } from '../helpers/use-server.ts';
import { writeWhoCases, type WhoCase } from '../helpers/who-cases.ts';
import { whoCells, whoReport } from '../helpers/who-report.ts';
import { kysely } from '../../server/db/kysely.ts';
import type { ApiClient } from '../helpers/server.ts';

useTestServer();

let A: string, B: string, areaA: string;
let ids: Record<string, string>;
let unitB: ApiClient, unitA: ApiClient;

/** The register: 2025 Q1 for TB 07 (c…), 2024 Q1 for TB 08 (o…); A notifies all but c13. */
const register = (): WhoCase[] => [
  // TB 07, 2025 Q1 — counted
  { key: 'c1', unit: A, registered: '2025-01-15', sex: 'MALE', born: '1990-05-01', hiv: { result: 'NEGATIVE' }, microscopy: 'POSITIVE' }, // new P-bc, 34
  { key: 'c2', unit: A, registered: '2025-02-01', sex: 'FEMALE', born: '2022-06-01' }, // new P-bc, 2
  { key: 'c3', unit: A, registered: '2025-03-31', basis: 'CLINICAL', sex: 'MALE', born: '1960-03-31', hiv: { result: 'POSITIVE', art: true, cpt: true }, microscopy: 'NEGATIVE' }, // new P-cd, 65 that day, last day of Q1
  { key: 'c4', unit: A, registered: '2025-01-01', site: 'EXTRAPULMONARY', sex: 'FEMALE', born: '2010-01-01', hiv: { result: 'POSITIVE', cpt: true } }, // new EP, 15 that day, first day of Q1
  { key: 'c5', unit: A, registered: '2025-03-01', group: 'RELAPSE', sex: 'MALE', born: '1960-04-01', hiv: { result: 'POSITIVE', art: true } }, // relapse P-bc, 64
  { key: 'c6', unit: A, registered: '2025-02-10', group: 'RELAPSE', site: 'EXTRAPULMONARY', sex: 'FEMALE', born: '1985-02-10', hiv: { result: 'NEGATIVE' } }, // relapse EP, 40
  { key: 'c7', unit: A, registered: '2025-01-20', group: 'TREATMENT_AFTER_FAILURE' }, // after failure P-bc
  { key: 'c8', unit: A, registered: '2025-02-20', group: 'AFTER_DEFAULT', basis: 'CLINICAL', sex: 'FEMALE' }, // after loss P-cd
  { key: 'c9', unit: A, registered: '2025-03-10', group: 'OTHER_PREVIOUSLY_TREATED', site: 'EXTRAPULMONARY' }, // other previously treated EP
  { key: 'c10', unit: A, registered: '2025-03-15', group: 'UNKNOWN_PREVIOUS_TB_TREAT', sex: 'FEMALE' }, // unknown history P-bc
  { key: 'c11', unit: A, registered: '2025-02-05', classification: 'DRTB', born: '1995-07-07' }, // new P-bc (RR-TB), 29
  { key: 'c12', unit: A, owner: B, registered: '2025-01-25', sex: 'FEMALE', born: '2000-01-01' }, // new P-bc, 25, transferred out to B: still A's
  { key: 'c13', unit: B, owner: A, registered: '2025-02-15', born: '1980-01-01' }, // B's new P-bc, 45, transferred in to A: B's
  { key: 'c16', unit: A, registered: '2025-01-30', diagnosisType: 'SUSPECT', group: 'NEW', site: null, basis: null, microscopy: 'NEGATIVE' }, // presumptive, tested
  // TB 07, 2025 Q1 — left out of the cells that need what each lacks, listed with the reason
  { key: 'c18', unit: A, registered: '2025-01-05', group: null }, // P-bc, no group: in the laboratory only
  { key: 'c19', unit: A, registered: '2025-01-06', site: null, basis: null }, // new, M 45, no site: by age and sex, TB/HIV
  { key: 'c20', unit: A, registered: '2025-01-07', basis: null }, // new pulmonary, M 45, no basis: by age and sex, TB/HIV
  { key: 'c21', unit: A, registered: '2025-01-08', born: null }, // new P-bc, M, no birth date: everywhere but the age bands
  // not in 2025 Q1 at all
  { key: 'c14', unit: A, registered: '2024-12-31' },
  { key: 'c15', unit: A, registered: '2025-04-01' },
  { key: 'c17', unit: A, registered: '2025-02-02', classification: 'NTM' },
  // TB 08 cohort, 2024 Q1
  { key: 'o1', unit: A, registered: '2024-01-10', outcome: 'CURED', hiv: { result: 'NEGATIVE' } },
  { key: 'o2', unit: A, registered: '2024-01-11', outcome: 'TREAT_COMPLETED' },
  { key: 'o3', unit: A, registered: '2024-01-12', basis: 'CLINICAL', outcome: 'TREAT_COMPLETED' },
  { key: 'o4', unit: A, registered: '2024-01-13', site: 'EXTRAPULMONARY', outcome: 'DIED' },
  { key: 'o5', unit: A, registered: '2024-02-01', group: 'RELAPSE', outcome: 'TREAT_FAILED' },
  { key: 'o6', unit: A, registered: '2024-02-02', group: 'RELAPSE', outcome: 'LOST_FOLLOWUP', hiv: { result: 'POSITIVE', art: true } },
  { key: 'o7', unit: A, registered: '2024-02-03', group: 'TREATMENT_AFTER_LOSS_FOLLOW_UP', outcome: 'NOT_EVALUATED' },
  { key: 'o8', unit: A, owner: B, registered: '2024-02-04', outcome: 'CURED' }, // transferred out and accepted; B recorded "cured": not evaluated for A (the default setting)
  { key: 'o9', unit: A, owner: B, transferring: true, registered: '2024-02-05' }, // transferred out, outcome unknown: not evaluated
  { key: 'o10', unit: A, registered: '2024-02-06' }, // no outcome: not evaluated
  { key: 'o11', unit: A, registered: '2024-02-07', classification: 'DRTB', outcome: 'CURED' }, // the DR-TB cohort's
  { key: 'o12', unit: A, registered: '2024-02-08', site: 'EXTRAPULMONARY', outcome: 'NOT_TB' },
  { key: 'o13', unit: A, registered: '2024-03-01', group: 'UNKNOWN_PREVIOUS_TB_TREAT', basis: 'CLINICAL', outcome: 'LOST_FOLLOWUP_BEFORE_TREATMENT' },
  { key: 'o14', unit: A, registered: '2024-03-31', site: 'EXTRAPULMONARY', outcome: 'TREAT_COMPLETED' }, // last day of the cohort's quarter
  { key: 'o15', unit: A, registered: '2024-04-01', outcome: 'CURED' }, // next quarter's
  { key: 'o16', unit: A, registered: '2024-03-02', group: 'FAILURE_FT', outcome: 'CURED', hiv: { result: 'POSITIVE' } },
  // 2025 Q3: three cases of A with no site — one transferred to B and accepted (A's users may no longer open it), one on its way to B, one at A
  { key: 'x1', unit: A, owner: B, registered: '2025-07-01', site: null },
  { key: 'x2', unit: A, owner: B, transferring: true, registered: '2025-07-02', site: null },
  { key: 'x3', unit: A, registered: '2025-07-03', site: null },
];

beforeAll(async () => {
  A = await unitNamed(admin, 'Бишкекский городской');
  B = await unitNamed(admin, 'Ошский областной');
  const db = kysely(server.ctx.orm.em.fork());
  areaA = (await db.selectFrom('unit').select('address_admin_unit_id').where('id', '=', A).executeTakeFirstOrThrow()).address_admin_unit_id as string;
  const ws = (await admin.post('/api/sys/session')).body.workspaceId;
  ids = await writeWhoCases(server, ws, register());
  unitB = await createUser(server, admin, 'WHOUNITB', [{ permission: 'CASEMAN' }], 'Passw0rd', { unitId: B, view: 'UNIT' });
  unitA = await createUser(server, admin, 'WHOUNITA', [{ permission: 'CASEMAN' }], 'Passw0rd', { unitId: A, view: 'UNIT' });
}, 240_000);


describe('TB 07: cases registered in the quarter', () => {
  const unitA = { form: 'tb07', year: 2025, quarter: 1, scope: 'UNIT' } as const;

  it('counts each registration group by site and basis of diagnosis, where the case was notified', async () => {
    const r = await whoReport(admin, { ...unitA, scopeId: A });
    expect(r.period).toEqual({ from: '2025-01-01', to: '2025-04-01' });
    // new: c1 c2 c11 c12 c21 P-bc, c3 P-cd, c4 EP; relapse: c5 P-bc, c6 EP; c7 after failure P-bc; c8 after loss P-cd; c9 other EP; c10 unknown P-bc
    expect(whoCells(r, 'byGroup')).toEqual({
      new: { pulmonaryBc: 5, pulmonaryCd: 1, extrapulmonary: 1, total: 7 },
      relapse: { pulmonaryBc: 1, pulmonaryCd: 0, extrapulmonary: 1, total: 2 },
      afterFailure: { pulmonaryBc: 1, pulmonaryCd: 0, extrapulmonary: 0, total: 1 },
      afterLoss: { pulmonaryBc: 0, pulmonaryCd: 1, extrapulmonary: 0, total: 1 },
      otherPrevious: { pulmonaryBc: 0, pulmonaryCd: 0, extrapulmonary: 1, total: 1 },
      previous: { pulmonaryBc: 1, pulmonaryCd: 1, extrapulmonary: 1, total: 3 },
      unknown: { pulmonaryBc: 1, pulmonaryCd: 0, extrapulmonary: 0, total: 1 },
      total: { pulmonaryBc: 8, pulmonaryCd: 2, extrapulmonary: 3, total: 13 },
    });
  });

  it('counts new and relapse cases by age (across) and sex on the registration day', async () => {
    const r = await whoReport(admin, { ...unitA, scopeId: A });
    const z = { age0: 0, age5: 0, age10: 0, age15: 0, age20: 0, age25: 0, age35: 0, age45: 0, age55: 0, age65: 0 };
    // c2 F 2; c4 F 15 that day; c1 M 34, c11 M 29, c12 F 25; c6 F 40; c19 c20 M 45; c5 M 64; c3 M 65 that day; c21 M of no known age
    expect(whoCells(r, 'ageSex')).toEqual({
      male: { ...z, age25: 2, age45: 2, age55: 1, age65: 1, total: 7 },
      female: { ...z, age0: 1, age15: 1, age25: 1, age35: 1, total: 4 },
      total: { ...z, age0: 1, age15: 1, age25: 3, age35: 1, age45: 2, age55: 1, age65: 1, total: 11 },
    });
  });

  it('counts TB/HIV among new and relapse cases, and the laboratory', async () => {
    const r = await whoReport(admin, { ...unitA, scopeId: A });
    // new and relapse: the 8 with a site, basis and age, and c19 c20 c21; tested: c1 c6 negative, c3 c4 c5 positive; CPT: c3 c4; ART: c3 c5
    expect(whoCells(r, 'hiv')).toEqual({ newRelapse: { registered: 11, tested: 5, positive: 3, cpt: 2, art: 2 } });
    // tested: the 9 bacteriologically confirmed (c1 c2 c5 c7 c10 c11 c12, c18 without a group, c21 without a birth date), c3 and the presumptive c16 (smear negative)
    expect(whoCells(r, 'lab')).toEqual({ tested: { number: 11 }, positive: { number: 9 } });
  });

  it('lists every excluded case of the quarter with its reason and id', async () => {
    const r = await whoReport(admin, { ...unitA, scopeId: A });
    expect(r.excluded.count).toBe(4);
    expect(r.excluded.list.map((x: any) => [x.caseNumber, x.reason, x.id])).toEqual([
      ['c18', 'noGroup', ids.c18],
      ['c19', 'noSite', ids.c19],
      ['c20', 'noBasis', ids.c20],
      ['c21', 'noBirthDate', ids.c21],
    ]);
    expect(r.excluded.list[0].reasonLabel).toBe('Не указан тип регистрации (новый, рецидив, ранее леченный)');
  });

  it('is the place asked for: the workspace adds B\'s case, the area of A is A\'s', async () => {
    const ws = await whoReport(admin, { form: 'tb07', year: 2025, quarter: 1 });
    expect(whoCells(ws, 'byGroup').new).toEqual({ pulmonaryBc: 6, pulmonaryCd: 1, extrapulmonary: 1, total: 8 });
    expect(whoCells(ws, 'byGroup').total.total).toBe(14);
    expect(whoCells(ws, 'ageSex').male.age45).toBe(3); // c19 c20 and B's c13
    const area = await whoReport(admin, { form: 'tb07', year: 2025, quarter: 1, scope: 'ADMINUNIT', scopeId: areaA });
    expect(whoCells(area, 'byGroup').total.total).toBe(13);
  });

  it('shows a unit user their own unit only, whatever place they ask for', async () => {
    for (const body of [{ form: 'tb07', year: 2025, quarter: 1 }, { form: 'tb07', year: 2025, quarter: 1, scope: 'UNIT', scopeId: A }]) {
      const r = await whoReport(unitB, body);
      const total = whoCells(r, 'byGroup').total.total;
      expect(total, JSON.stringify(body)).toBe(body.scopeId ? 0 : 1);
      expect(r.excluded.count).toBe(0);
    }
  });

  it('drills a cell through to its cases, and only within the reader\'s view', async () => {
    const cell = { ...unitA, scopeId: A, table: 'byGroup', row: 'new', column: 'pulmonaryBc' };
    const r = await admin.post('/api/who/cases', cell);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.count).toBe(5);
    expect(r.body.list.map((c: any) => c.id).sort()).toEqual([ids.c1, ids.c2, ids.c11, ids.c12, ids.c21].sort());
    const own = await unitB.post('/api/who/cases', { form: 'tb07', year: 2025, quarter: 1, table: 'byGroup', row: 'new', column: 'pulmonaryBc' });
    // c13 counts at B, which notified it, but A owns it now: B's user is not shown it
    expect(own.body.count).toBe(1);
    expect(own.body.list).toEqual([]);
  });

  it('speaks WHO\'s English to an English reader', async () => {
    const en = await server.login();
    en.headers['accept-language'] = 'en';
    expect((await en.post('/api/sys/language/en')).status).toBe(200);
    const r = await whoReport(en, { ...unitA, scopeId: A });
    expect(r.form).toEqual({ id: 'tb07', code: 'TB 07', title: 'Quarterly report on TB case registration' });
    const t = r.tables.find((x: any) => x.id === 'byGroup');
    expect(t.rows.map((x: any) => x.label).slice(0, 3)).toEqual(['New', 'Relapse', 'Treatment after failure']);
    expect(t.columns.map((x: any) => x.label)).toEqual(['Pulmonary, bacteriologically confirmed', 'Pulmonary, clinically diagnosed', 'Extrapulmonary', 'Total']);
    expect(r.excluded.list[1].reasonLabel).toBe('No site of disease (pulmonary / extrapulmonary)');
    const forms = (await en.post('/api/who/forms', {})).body.forms;
    expect(forms.map((f: any) => f.id)).toEqual(['tb07', 'tb08', 'tb07mdr', 'tb07mdrEnrolled', 'tb08mdrInterim', 'tb08mdr']);
  });

  it('withholds from a reader the numbers of exams they may not read', async () => {
    // reading cases, not HIV tests: TB 07's HIV block is withheld, its registration counted
    const doctor = await createUser(server, admin, 'WHONOHIV', [{ permission: 'CASEMAN' }], 'Passw0rd', { unitId: A, view: 'WORKSPACE' });
    const r = await whoReport(doctor, { ...unitA, scopeId: A });
    expect(whoCells(r, 'hiv')).toEqual({ newRelapse: { registered: 11, tested: null, positive: null, cpt: null, art: null } });
    expect(whoCells(r, 'byGroup').total.total).toBe(13);
    expect((await doctor.post('/api/who/cases', { ...unitA, scopeId: A, table: 'hiv', row: 'newRelapse', column: 'positive' })).status).toBe(403);
    expect((await doctor.post('/api/who/cases', { ...unitA, scopeId: A, table: 'hiv', row: 'newRelapse', column: 'registered' })).body.count).toBe(11);
    // the outcome cohort's HIV-positive row too
    const o = await whoReport(doctor, { form: 'tb08', year: 2025, quarter: 1, scope: 'UNIT', scopeId: A });
    expect(whoCells(o, 'outcomes').hivPositive.registered).toBeNull();
    expect(whoCells(o, 'outcomes').total.registered).toBe(13);
  });

  it('refuses an unknown form or cell, and a bad quarter', async () => {
    expect((await admin.post('/api/who/report', { form: 'tb99', year: 2025, quarter: 1 })).status).toBe(404);
    expect((await admin.post('/api/who/report', { form: 'tb07', year: 2025, quarter: 5 })).status).toBe(400);
    expect((await admin.post('/api/who/cases', { form: 'tb07', year: 2025, quarter: 1, table: 'byGroup', row: 'nope', column: 'total' })).status).toBe(404);
    expect((await admin.post('/api/who/report', { form: '__proto__', year: 2025, quarter: 1 })).status).toBe(404);
  });
});

describe('TB 08: outcomes of the cohort notified a year earlier', () => {
  const unitA = { form: 'tb08', year: 2025, quarter: 1, scope: 'UNIT' } as const;
  const none = { registered: 0, cured: 0, completed: 0, failed: 0, died: 0, lost: 0, notEvaluated: 0, success: 0 };

  it('counts each outcome of the cohort, transferred cases where they were notified', async () => {
    const r = await whoReport(admin, { ...unitA, scopeId: A });
    expect(r.period).toEqual({ from: '2024-01-01', to: '2024-04-01' });
    expect(whoCells(r, 'outcomes')).toEqual({
      // o1 cured, o2 completed, o5 failed, o6 lost; not evaluated: o8 (accepted by B), o9 (transferring), o10 (no outcome)
      newRelapsePbc: { ...none, registered: 7, cured: 1, completed: 1, failed: 1, lost: 1, notEvaluated: 3, success: 2 },
      newRelapsePcd: { ...none, registered: 1, completed: 1, success: 1 }, // o3
      newRelapseEp: { ...none, registered: 2, completed: 1, died: 1, success: 1 }, // o4 died, o14 completed
      previous: { ...none, registered: 2, cured: 1, notEvaluated: 1, success: 1 }, // o7 not evaluated, o16 cured
      unknown: { ...none, registered: 1, lost: 1 }, // o13 lost before treatment
      hivPositive: { ...none, registered: 2, cured: 1, lost: 1, success: 1 }, // o6, o16
      total: { registered: 13, cured: 2, completed: 3, failed: 1, died: 1, lost: 2, notEvaluated: 4, success: 5 },
    });
  });

  it('lists the excluded and reconciles its total with TB 07 of that quarter', async () => {
    const r = await whoReport(admin, { ...unitA, scopeId: A });
    expect(r.excluded.list.map((x: any) => [x.caseNumber, x.reason])).toEqual([['o11', 'drtb'], ['o12', 'notTb']]);
    // TB 07 of 2024 Q1 counted o1…o14 and o16: 15, of which o11 is the DR-TB cohort's: 14; the cohort 13; o12 (not TB) makes the difference
    expect(r.reconcile).toMatchObject({ form: { id: 'tb07' }, expected: 14, counted: 13, setAside: { count: 1 } });
    expect(r.reconcile.differences.count).toBe(1);
    expect(r.reconcile.differences.list.map((x: any) => [x.caseNumber, x.side, x.reason])).toEqual([['o12', 'missing', 'notTb']]);
    const tb07 = await whoReport(admin, { form: 'tb07', year: 2024, quarter: 1, scope: 'UNIT', scopeId: A });
    expect(whoCells(tb07, 'byGroup').total.total).toBe(15);
  });

  it('is empty for B, whose unit notified none of the cohort', async () => {
    const r = await whoReport(unitB, { form: 'tb08', year: 2025, quarter: 1 });
    expect(whoCells(r, 'outcomes').total).toEqual(none);
    expect(r.reconcile).toMatchObject({ expected: 0, counted: 0, setAside: { count: 0 }, differences: { count: 0 } });
  });
});

describe('authorization: the lists name only the cases the reader may open', () => {
  it('counts a case transferred away and accepted, and leaves its name and number out of the excluded list', async () => {
    const q3 = { form: 'tb07', year: 2025, quarter: 3, scope: 'UNIT', scopeId: A } as const;
    // A's doctor may open x2 (still leaving A) and x3, not x1 (B's now: the case itself answers 404)
    expect((await unitA.get(`/api/tbl/tbcase/${ids.x1}`)).status).toBe(404);
    const r = await whoReport(unitA, q3);
    expect(r.excluded.count).toBe(3);
    expect(r.excluded.list.map((x: any) => x.caseNumber)).toEqual(['x2', 'x3']);
    expect(r.excluded.hidden).toBe(1);
    expect(JSON.stringify(r)).not.toContain(ids.x1);
    // the administrator sees the workspace: all three listed
    const all = await whoReport(admin, q3);
    expect(all.excluded.list.map((x: any) => x.caseNumber)).toEqual(['x1', 'x2', 'x3']);
    expect(all.excluded.hidden).toBe(0);
  });

  it('does the same in the outcome cohort\'s differences with the registration form', async () => {
    // TB 08 of 2026 Q3 is the cohort of 2025 Q3: the three are in its total, not in TB 07's (which needs the site)
    const r = await whoReport(unitA, { form: 'tb08', year: 2026, quarter: 3, scope: 'UNIT', scopeId: A });
    expect(r.reconcile.differences.count).toBe(3);
    expect(r.reconcile.differences.list.map((x: any) => [x.caseNumber, x.side])).toEqual([['x2', 'extra'], ['x3', 'extra']]);
    expect(r.reconcile.differences.hidden).toBe(1);
    expect(JSON.stringify(r)).not.toContain(ids.x1);
  });
});
