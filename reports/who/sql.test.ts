// A WHO form counted from the cases' analytic rows: each kind of condition (never
// NULL: a case without the value fails `in` and passes `not`), an age in whole years at the case date,
// the months between two dates, the population of the quarter `quartersBack` before the one asked, the
// first reason a case is left out, then "in no row" of a complete table, a cell's cases — counted on a
// hand-built register, the expected numbers written here by hand:
//
//  case  class  validated  group    site        sex     age  registered   treatment (start → planned end)  outcome
//  w1    TB     yes        NEW      PULMONARY   MALE    30   2024-01-10   2024-01-12 → 2024-07-12 (6 m)     CURED
//  w2    TB     yes        RELAPSE  PULMONARY   FEMALE  10   2024-01-20   2024-02-01 → 2025-01-01 (11 m)    —
//  w3    TB     yes        NEW      PULMONARY   FEMALE  40   2024-02-05   —                                 —
//  w4    TB     yes        —        PULMONARY   MALE    50   2024-02-10                                     (no group)
//  w5    TB     yes        NEW      —           MALE    20   2024-03-01                                     (no site)
//  w6    TB     yes        OTHER    PULMONARY   FEMALE  60   2024-03-15                                     (in no row)
//  w7    TB     no         NEW      PULMONARY   MALE    35   2024-03-20
//  w8    DRTB   yes        NEW      PULMONARY   MALE    35   2024-01-15                                     (not of the form)
//  w9    TB     yes        NEW      PULMONARY   MALE    35   2024-04-01                                     (next quarter)
//  w10   TB     yes        NEW      PULMONARY   MALE    35   2023-12-31                                     (quarter before)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSchemas } from '../../engine/load.ts';
import { reportCatalogue } from '../../engine/report-vars.ts';
import { schemasDir } from '../../server/config.ts';
import { addCases, analyticDb, type AnalyticDb } from '../../tests/helpers/analytic-db.ts';
import type { FormDefinition } from './definition.ts';
import type { Condition } from '../../engine/condition/index.ts';
import { whoCatalogue } from './rules.ts';
import { cellIdsQuery, excludedQuery, formStatement, populationDates, type FormQuery } from './sql.ts';

const registry = loadSchemas(schemasDir);
const cat = whoCatalogue(reportCatalogue(registry), registry);
const L = { ru: 'Ф', en: 'F' };
const id = (n: number) => `00000000-0000-4000-8000-${String(800 + n).padStart(12, '0')}`;
const W = '00000000-0000-4000-8000-000000000900', U = '00000000-0000-4000-8000-000000000101';
const K = Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`w${i + 1}`, id(i + 1)]));
let x: AnalyticDb;

const tb = (n: number, reg: string, more: Record<string, unknown>) => ({
  id: id(n), case_number: `w${String(n).padStart(2, '0')}`, owner_unit_id: U, notification_unit_id: U, transferring: false, classification: 'TB', diagnosis_type: 'CONFIRMED',
  validated: true, registration_group: 'NEW', infection_site: 'PULMONARY', gender: 'MALE', age_range_years: 35, registration_date: reg, ...more,
});

beforeAll(async () => {
  x = await analyticDb(registry);
  await addCases(x.db, registry, W, [
    tb(1, '2024-01-10', { age_range_years: 30, ini_treatment_date: '2024-01-12', treatment_end_date: '2024-07-12', outcome: 'CURED', state: 'CLOSED' }),
    tb(2, '2024-01-20', { registration_group: 'RELAPSE', gender: 'FEMALE', age_range_years: 10, ini_treatment_date: '2024-02-01', treatment_end_date: '2025-01-01' }),
    tb(3, '2024-02-05', { gender: 'FEMALE', age_range_years: 40 }),
    tb(4, '2024-02-10', { registration_group: null, age_range_years: 50 }),
    tb(5, '2024-03-01', { infection_site: null, age_range_years: 20 }),
    tb(6, '2024-03-15', { registration_group: 'OTHER', gender: 'FEMALE', age_range_years: 60 }),
    tb(7, '2024-03-20', { validated: false }),
    tb(8, '2024-01-15', { classification: 'DRTB' }),
    tb(9, '2024-04-01', {}),
    tb(10, '2023-12-31', {}),
  ]);
  // another workspace's case of the quarter is never counted
  await addCases(x.db, registry, '00000000-0000-4000-8000-000000000999', [tb(99, '2024-01-11', {})]);
}, 60_000);
afterAll(() => x.close());

const form = (over: Partial<FormDefinition> = {}): FormDefinition => ({
  id: 'f', title: L, code: L, order: 0,
  population: { date: 'registrationDate', quartersBack: 4, when: { var: 'classification', in: ['TB'] } },
  exclude: [{ id: 'noGroup', label: L, when: { var: 'registrationGroup', empty: true } }, { id: 'noSite', label: L, when: { var: 'infectionSite', empty: true } }],
  tables: [{
    id: 't', title: L, complete: true, when: { var: 'validated', in: [true] },
    rows: [{ id: 'new', label: L, when: { var: 'registrationGroup', in: ['NEW'] } }, { id: 'rel', label: L, when: { var: 'registrationGroup', in: ['RELAPSE'] } }],
    columns: [{ id: 'all', label: L }, { id: 'men', label: L, when: { var: 'gender', in: ['MALE'] } }],
  }],
  ...over,
});
const fq = (more: Partial<FormQuery> = {}): FormQuery => ({ workspaceId: W, analytic: x.analytic, quarter: { year: 2025, quarter: 1 }, ...more });
const names = (ids: string[]) => Object.entries(K).filter(([, v]) => ids.includes(v)).map(([k]) => k);

/** A form's cells `row/column → n` (zeros left out), how many are excluded, and the listed cases `wN: reason`. */
async function counted(f: FormDefinition, more: Partial<FormQuery> = {}, limit = 500) {
  const row = (await formStatement(x.db, cat, f, fq(more), limit).executeTakeFirst()) as any;
  const cells: Record<string, number> = {};
  let k = 0;
  for (const t of f.tables) for (const r of t.rows) for (const c of t.columns) {
    const n = Number(row[`k${k++}`]);
    if (n) cells[`${r.id}/${c.id}`] = n;
  }
  const listed = (row.listed as any[]).map((l) => `${names([l.id])[0]}: ${l.reason}`);
  return { cells, excluded: Number(row.excluded), listed };
}

describe('a form counted from the analytic rows', () => {
  it('the population is the quarter quartersBack before the one asked (a year back: the same quarter of the year before)', () => {
    expect(populationDates(form(), { year: 2025, quarter: 1 })).toEqual({ from: '2024-01-01', to: '2024-04-01' });
    expect(populationDates(form({ population: { date: 'registrationDate', quartersBack: 0 } }), { year: 2025, quarter: 4 })).toEqual({ from: '2025-10-01', to: '2026-01-01' });
  });

  it('each cell counts the population\'s cases in its table, row and column, none left out by a reason; the excluded listed with their first reason in registration order', async () => {
    expect(await counted(form())).toEqual({
      cells: { 'new/all': 2, 'new/men': 1, 'rel/all': 1 },
      excluded: 3,
      listed: ['w4: noGroup', 'w5: noSite', 'w6: noRow:t'],
    });
    // the first `limit` listed, all counted
    expect(await counted(form(), {}, 2)).toMatchObject({ excluded: 3, listed: ['w4: noGroup', 'w5: noSite'] });
  });

  it('the place narrows the population; nobody listed the reader may not open, counted all the same', async () => {
    expect((await counted(form(), { place: (eb) => eb('c.notification_unit_id', '=', '00000000-0000-4000-8000-000000000102') })).cells).toEqual({});
    expect(await counted(form(), { visible: (eb) => eb('c.id', '<>', K.w5) })).toMatchObject({ excluded: 3, listed: ['w4: noGroup', 'w6: noRow:t'] });
  });

  it('no reason declared and no complete table: nobody is left out; another date of the population, no population condition', async () => {
    const open = form({ exclude: [], population: { date: 'registrationDate', quartersBack: 0 }, tables: [{ ...form().tables[0], complete: false }] });
    expect(await counted(open, { quarter: { year: 2024, quarter: 1 } })).toEqual({ cells: { 'new/all': 4, 'new/men': 3, 'rel/all': 1 }, excluded: 0, listed: [] });
    const q = excludedQuery(x.db, cat, open, fq({ quarter: { year: 2024, quarter: 1 } }));
    expect((await q.execute()).every((r: any) => r.reason === null)).toBe(true);
    expect((await q.execute()).length).toBe(8);
  });

  it('a case in no row of either of two complete tables: the first such table named', async () => {
    const t = form().tables[0];
    const rows = await excludedQuery(x.db, cat, form({ exclude: [], tables: [t, { ...t, id: 'u' }] }), fq()).execute();
    expect(rows.filter((r: any) => r.reason).map((r: any) => `${names([r.id])[0]}: ${r.reason}`)).toEqual(['w4: noRow:t', 'w6: noRow:t']);
  });

  it('a cell\'s cases: not left out by a reason, in the table, the row and the column', async () => {
    const f = form();
    const t = f.tables[0];
    const ids = async (r: number, c: number) => names((await cellIdsQuery(x.db, cat, f, fq(), t, t.rows[r], t.columns[c]).execute()).map((x: any) => x.id));
    expect(await ids(0, 0)).toEqual(['w1', 'w3']);
    expect(await ids(0, 1)).toEqual(['w1']);
    expect(await ids(1, 0)).toEqual(['w2']);
    expect(await ids(1, 1)).toEqual([]);
  });
});

describe('each kind of condition', () => {
  /** One table of one row (every case of the population) and a column per condition. */
  const columns = async (conds: Record<string, Condition>) => {
    const f = form({ exclude: [], population: { date: 'registrationDate', quartersBack: 0 }, tables: [{ id: 'k', title: L, rows: [{ id: 'all', label: L }], columns: Object.entries(conds).map(([cid, when]) => ({ id: cid, label: L, when })) }] });
    const row = (await formStatement(x.db, cat, f, fq({ quarter: { year: 2024, quarter: 1 } }), 10).executeTakeFirst()) as any;
    return Object.fromEntries(Object.keys(conds).map((cid, i) => [cid, Number(row[`k${i}`])]));
  };

  it('values in a list, no value, all of, any of, not — a missing value fails `in` and passes `not`', async () => {
    expect(await columns({
      tbOrDrtb: { var: 'classification', in: ['TB', 'DRTB'] },
      group: { var: 'registrationGroup', in: ['NEW', 'RELAPSE'] },
      noGroup: { var: 'registrationGroup', empty: true },
      notNew: { not: { var: 'registrationGroup', in: ['NEW'] } },
      womenOrRelapse: { any: [{ var: 'gender', in: ['FEMALE'] }, { var: 'registrationGroup', in: ['RELAPSE'] }] },
      newMen: { all: [{ var: 'gender', in: ['MALE'] }, { var: 'registrationGroup', in: ['NEW'] }] },
      notValidated: { var: 'validated', in: [false] },
    })).toEqual({ tbOrDrtb: 8, group: 6, noGroup: 1, notNew: 3, womenOrRelapse: 3, newMen: 4, notValidated: 1 });
  });

  it('an age in whole years at registration, both bounds included', async () => {
    expect(await columns({ child: { var: 'ageRange', from: 0, to: 14 }, upTo30: { var: 'ageRange', from: 10, to: 30 }, over40: { var: 'ageRange', from: 41, to: 150 } })).toEqual({ child: 1, upTo30: 3, over40: 2 });
  });

  it('the months between two dates of the case: at most n, or more than n; no date: neither', async () => {
    const span = (over: object) => ({ span: ['iniTreatmentDate', 'treatmentEndDate'], columns: ['ini_treatment_date', 'treatment_end_date'], ...over }) as unknown as Condition;
    expect(await columns({ upTo6: span({ maxMonths: 6 }), upTo5: span({ maxMonths: 5 }), over9: span({ overMonths: 9 }), over11: span({ overMonths: 11 }), any: span({ overMonths: 0 }) })).toEqual({ upTo6: 1, upTo5: 0, over9: 1, over11: 0, any: 2 });
  });

  it('a rule of the framework: the outcome the cohort counts (none recorded: not evaluated)', async () => {
    expect(await columns({ cured: { var: 'cohortOutcome', in: ['CURED'] }, notEvaluated: { var: 'cohortOutcome', in: ['NOT_EVALUATED'] } })).toEqual({ cured: 1, notEvaluated: 7 });
  });
});
