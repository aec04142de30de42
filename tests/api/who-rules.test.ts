// The WHO forms count as WHO counts (part 1), each rule on a small hand-built register
// whose every expected cell is written here from the WHO definitions
// (/work/shared/reference/who-tb-reporting.md, docs/who-forms.md), case by case in the comments:
// - TB 08: every case notified in the cohort's quarter is in the cohort; "not evaluated" is any case
//   with no outcome assigned, transfers out included, whatever the transfer's state;
// - a case transferred out and accepted elsewhere: not evaluated in the notifying unit's cohort, or
//   with the receiving unit's outcome when the workspace's setting says so (transferOutcome);
// - TB 07's TB/HIV block: a result and an ART/CPT start from any HIV exam of the case;
// - a confirmed case with no site of disease is left out only of the cells that need the site;
// - TB 08's cross-check against TB 07 leaves the RR/DR-TB cases (their own cohort) out.
import { beforeAll, describe, expect, it } from 'vitest';
import { setWorkspaceSettings, unitNamed } from '../helpers/cases.ts';
import { admin, server, useTestServer } from '../helpers/use-server.ts';
import { writeWhoCases, type WhoCase } from '../helpers/who-cases.ts';
import { whoCells, whoReport } from '../helpers/who-report.ts';

useTestServer();

let A: string, B: string;

/** TB 08 for 2026 Q2 reads the cohort notified in 2025 Q2 (n…); TB 07 for 2026 Q1 the h… cases. All notified by A, born 1980-01-01, male. */
const register = (): WhoCase[] => [
  // the outcome cohort, 2025 Q2
  { key: 'n1', unit: A, registered: '2025-04-02', outcome: 'CURED' }, // new P-bc: cured
  { key: 'n2', unit: A, registered: '2025-04-03' }, // new P-bc, still on treatment, no outcome: not evaluated
  { key: 'n3', unit: A, owner: B, registered: '2025-04-04' }, // transferred to B and accepted, no outcome: not evaluated
  { key: 'n4', unit: A, owner: B, registered: '2025-04-05', outcome: 'TREAT_COMPLETED' }, // accepted by B, which recorded "completed": not evaluated for A (setting: completed)
  { key: 'n5', unit: A, owner: B, transferring: true, registered: '2025-04-06' }, // sent to B, not accepted yet: not evaluated
  { key: 'n6', unit: A, registered: '2025-05-01', group: 'RELAPSE', site: 'EXTRAPULMONARY', outcome: 'DIED' }, // relapse EP: died
  { key: 'n7', unit: A, registered: '2025-05-02', site: null, outcome: 'CURED' }, // new, no site: cured, in the total, in no row by site
  { key: 'n8', unit: A, registered: '2025-05-03', classification: 'DRTB', outcome: 'CURED' }, // RR/DR-TB: its own cohort
  { key: 'n9', unit: A, registered: '2025-06-01', outcome: 'NOT_EVALUATED' }, // new P-bc: not evaluated, as recorded
  { key: 'n10', unit: A, registered: '2025-06-30', basis: 'CLINICAL', outcome: 'LOST_FOLLOWUP' }, // new P-cd: lost, the quarter's last day
  { key: 'n11', unit: A, registered: '2025-07-01', outcome: 'CURED' }, // the next quarter's
  // the registration quarter, 2026 Q1: HIV exams over time
  { key: 'h1', unit: A, registered: '2026-01-10', hivExams: [{ date: '2026-01-10', result: 'NEGATIVE' }, { date: '2026-02-01', result: 'ONGOING' }] }, // new P-bc: known negative, a retest pending
  { key: 'h2', unit: A, registered: '2026-01-15', hivExams: [{ date: '2026-01-15', result: 'POSITIVE', art: true }, { date: '2026-02-15', result: 'POSITIVE', cpt: true }] }, // positive, ART on the first exam, CPT on the second
  { key: 'h3', unit: A, registered: '2026-01-20', hivExams: [{ date: '2026-01-20', result: 'ONGOING' }] }, // unknown: no result yet
  { key: 'h4', unit: A, registered: '2026-02-01', group: 'RELAPSE', site: 'EXTRAPULMONARY', hivExams: [{ date: '2026-02-01', result: 'POSITIVE' }] }, // relapse EP: positive, no ART or CPT
  { key: 'h5', unit: A, registered: '2026-02-10', site: null, hivExams: [{ date: '2026-02-10', result: 'POSITIVE', art: true }, { date: '2026-03-01', result: 'NOTDONE' }] }, // new, no site: positive, on ART
  { key: 'h6', unit: A, registered: '2026-03-05', hivExams: [{ date: '2026-03-05', result: 'NEGATIVE' }, { date: '2026-03-20', result: 'POSITIVE' }] }, // new P-bc: a later test positive
];

beforeAll(async () => {
  A = await unitNamed(admin, 'Бишкекский городской');
  B = await unitNamed(admin, 'Ошский областной');
  const ws = (await admin.post('/api/sys/session')).body.workspaceId;
  await writeWhoCases(server, ws, register());
}, 240_000);

const none = { registered: 0, cured: 0, completed: 0, failed: 0, died: 0, lost: 0, notEvaluated: 0, success: 0 };
const tb08 = { form: 'tb08', year: 2026, quarter: 2, scope: 'UNIT' } as const;
const tb07 = { form: 'tb07', year: 2026, quarter: 1, scope: 'UNIT' } as const;

describe('TB 08: every case of the cohort quarter, "not evaluated" without an outcome', () => {
  it('counts a case with no outcome, transferred out or not, as not evaluated; the accepted transfer with B\'s outcome too', async () => {
    const r = await whoReport(admin, { ...tb08, scopeId: A });
    expect(whoCells(r, 'outcomes')).toEqual({
      // n1 cured; n2 n3 n4 n5 n9 not evaluated
      newRelapsePbc: { ...none, registered: 6, cured: 1, notEvaluated: 5, success: 1 },
      newRelapsePcd: { ...none, registered: 1, lost: 1 }, // n10
      newRelapseEp: { ...none, registered: 1, died: 1 }, // n6
      previous: none,
      unknown: none,
      hivPositive: none,
      // the nine above and n7 (no site): 19 % … 2 of 9 treated successfully, 5 not evaluated
      total: { registered: 9, cured: 2, completed: 0, failed: 0, died: 1, lost: 1, notEvaluated: 5, success: 2 },
    });
    expect(r.settings).toEqual({ tbDefinitions: 'WHO2021', transferOutcome: 'NOT_EVALUATED' });
  });

  it('reports the receiving unit\'s outcome of an accepted transfer when the workspace says so', async () => {
    await setWorkspaceSettings(admin, { transferOutcome: 'RECEIVING_UNIT' });
    try {
      const r = await whoReport(admin, { ...tb08, scopeId: A });
      expect(r.settings.transferOutcome).toBe('RECEIVING_UNIT');
      // n4: completed, as B recorded; n3 and n5 still have none: not evaluated
      expect(whoCells(r, 'outcomes').newRelapsePbc).toEqual({ ...none, registered: 6, cured: 1, completed: 1, notEvaluated: 4, success: 2 });
      expect(whoCells(r, 'outcomes').total).toEqual({ registered: 9, cured: 2, completed: 1, failed: 0, died: 1, lost: 1, notEvaluated: 4, success: 3 });
    } finally {
      await setWorkspaceSettings(admin, { transferOutcome: 'NOT_EVALUATED' });
    }
  });

  it('lists the case with no site as left out of the rows by site only, and the RR/DR-TB case as the DR-TB cohort\'s', async () => {
    const r = await whoReport(admin, { ...tb08, scopeId: A });
    expect(r.excluded.count).toBe(2);
    expect(r.excluded.list.map((x: any) => [x.caseNumber, x.reason, x.leftOutOf])).toEqual([
      ['n7', 'noSite', 'Результаты лечения: Новые и рецидивы: лёгочный, бактериологически подтверждённый; Новые и рецидивы: лёгочный, клинически диагностированный; Новые и рецидивы: внелёгочный'],
      ['n8', 'drtb', 'Вся форма'],
    ]);
  });

  it('reconciles with TB 07 of the cohort\'s quarter without the RR/DR-TB cases', async () => {
    const r = await whoReport(admin, { ...tb08, scopeId: A });
    // TB 07 of 2025 Q2 counts n1…n6, n8, n9, n10 (n7 has no site): 9; less n8, reported in the DR-TB cohort: 8
    expect(r.reconcile).toMatchObject({ form: { id: 'tb07' }, expected: 8, counted: 9, setAside: { count: 1 } });
    // the one difference: n7, in the cohort's total but not in TB 07's, which needs the site
    expect(r.reconcile.differences.count).toBe(1);
    expect(r.reconcile.differences.list.map((x: any) => [x.caseNumber, x.side, x.reason])).toEqual([['n7', 'extra', 'noSite']]);
  });
});

describe('TB 07: the TB/HIV block reads every HIV exam of the case', () => {
  it('counts a known status, a positive result and an ART or CPT start from any exam', async () => {
    const r = await whoReport(admin, { ...tb07, scopeId: A });
    // new and relapse: h1…h6; known: h1 (negative, then pending), h2, h4, h5, h6; positive: h2, h4, h5, h6;
    // CPT: h2 (second exam); ART: h2 (first exam), h5 (before a test not done)
    expect(whoCells(r, 'hiv')).toEqual({ newRelapse: { registered: 6, tested: 5, positive: 4, cpt: 1, art: 2 } });
  });
});

describe('TB 07: a case with no site of disease', () => {
  it('is left out of the block by site only: counted by age and sex, in TB/HIV and the laboratory, listed with where it is missing', async () => {
    const r = await whoReport(admin, { ...tb07, scopeId: A });
    // block 1: h1 h2 h3 h6 new P-bc, h4 relapse EP; h5 has no site
    expect(whoCells(r, 'byGroup').new).toEqual({ pulmonaryBc: 4, pulmonaryCd: 0, extrapulmonary: 0, total: 4 });
    expect(whoCells(r, 'byGroup').total).toEqual({ pulmonaryBc: 4, pulmonaryCd: 0, extrapulmonary: 1, total: 5 });
    // block 2, the age bands across the columns: six men of 46 (born 1980-01-01), h5 among them
    const z = { age0: 0, age5: 0, age10: 0, age15: 0, age20: 0, age25: 0, age35: 0, age45: 0, age55: 0, age65: 0, total: 0 };
    expect(whoCells(r, 'ageSex')).toEqual({ male: { ...z, age45: 6, total: 6 }, female: z, total: { ...z, age45: 6, total: 6 } });
    // the laboratory: the bacteriologically confirmed h1 h2 h3 h5 h6 (h4 extrapulmonary, no basis)
    expect(whoCells(r, 'lab')).toEqual({ tested: { number: 5 }, positive: { number: 5 } });
    expect(r.excluded.list.map((x: any) => [x.caseNumber, x.reason, x.leftOutOf])).toEqual([['h5', 'noSite', 'Раздел 1. Все случаи ТБ, зарегистрированные за квартал']]);
  });

  it('opens, from a cell that does not need the site, its cases with the one lacking it', async () => {
    const r = await admin.post('/api/who/cases', { ...tb07, scopeId: A, table: 'hiv', row: 'newRelapse', column: 'art' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.list.map((c: any) => c.caseNumber).sort()).toEqual(['h2', 'h5']);
    const bySite = await admin.post('/api/who/cases', { ...tb07, scopeId: A, table: 'byGroup', row: 'total', column: 'total' });
    expect(bySite.body.count).toBe(5);
  });
});
