// An indicator counted live from the cases' analytic rows: each kind of variable and of
// filter counted on a hand-built register (tests/helpers/hand-register.ts), the expected numbers
// written by hand from its table — on a real (in-memory) PostgreSQL, so a rewrite of a statement that
// counts the same passes and a wrong count fails.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSchemas } from '../../engine/load.ts';
import { reportCatalogue } from '../../engine/report-vars.ts';
import { schemasDir } from '../../server/config.ts';
import { addCases, analyticDb, type AnalyticDb } from '../../tests/helpers/analytic-db.ts';
import { A1, A2, A3, C, handCases, R0, R1, R2, T1, T2, U1, W } from '../../tests/helpers/hand-register.ts';
import { caseSelection, indicatorQuery, rowCondition, type CaseQuery, type FilterValue } from './sql.ts';

const registry = loadSchemas(schemasDir);
const cat = reportCatalogue(registry);
let x: AnalyticDb;

beforeAll(async () => {
  x = await analyticDb(registry);
  await addCases(x.db, registry, W, handCases());
  // another workspace's case is never counted
  await addCases(x.db, registry, '00000000-0000-4000-8000-000000000999', [{ id: '00000000-0000-4000-8000-000000000099', gender: 'MALE', classification: 'TB', tag: [T1] }]);
}, 60_000);
afterAll(() => x.close());

const filters = (given: Record<string, FilterValue>) => Object.entries(given).map(([id, value]) => ({ filter: cat.filter(id)!, value }));
const cq = (more: Partial<CaseQuery> = {}): CaseQuery => ({ workspaceId: W, analytic: x.analytic, filters: [], ...more });
const key = (k: unknown) => (k === null || k === undefined ? '—' : String(k));

/**
 * An indicator of one row and one column variable as `row/column → cases`, the totals `row/Σ`,
 * `Σ/column` and `Σ` (zero cells left out).
 */
async function indicator(row: string, column: string, more: Partial<CaseQuery> = {}) {
  const rows = (await indicatorQuery(x.db, cq(more), [cat.variable(row)!], [cat.variable(column)!]).execute()) as any[];
  const out: Record<string, number> = {};
  for (const r of rows) {
    const g = Number(r.g);
    out[g === 0 ? `${key(r.r0)}/${key(r.c0)}` : g === 1 ? `${key(r.r0)}/Σ` : g === 2 ? `Σ/${key(r.c0)}` : 'Σ'] = Number(r.n);
  }
  return out;
}

/** The ids of the cases a selection holds, by case key (c1…c6). */
async function selected(more: Partial<CaseQuery>) {
  const ids = (await caseSelection(x.db, cq(more)).query.select('c.id').execute()).map((r) => r.id as string);
  return Object.entries(C).filter(([, id]) => ids.includes(id)).map(([k]) => k);
}

describe('an indicator counted from the analytic rows', () => {
  it('counts each cell, each row and column total and the grand total of the workspace', async () => {
    expect(await indicator('gender', 'classification')).toEqual({
      'MALE/TB': 3, 'FEMALE/TB': 1, 'FEMALE/DRTB': 1, 'FEMALE/NTM': 1,
      'MALE/Σ': 3, 'FEMALE/Σ': 3, 'Σ/TB': 4, 'Σ/DRTB': 1, 'Σ/NTM': 1, Σ: 6,
    });
  });

  it('a date by year, quarter and month; no value as its own key', async () => {
    expect(await indicator('outcome', 'registrationDate.year')).toEqual({
      'CURED/2024': 1, 'CURED/2025': 1, 'DIED/2024': 1, '—/2024': 2, '—/2025': 1,
      'CURED/Σ': 2, 'DIED/Σ': 1, '—/Σ': 3, 'Σ/2024': 4, 'Σ/2025': 2, Σ: 6,
    });
    expect(await indicator('registrationDate.quarter', 'state')).toEqual({
      '2024-Q1/CLOSED': 1, '2024-Q2/CLOSED': 1, '2024-Q2/ONTREATMENT': 1, '2024-Q4/ONTREATMENT': 1, '2025-Q1/NOT_ONTREATMENT': 1, '2025-Q1/CLOSED': 1,
      '2024-Q1/Σ': 1, '2024-Q2/Σ': 2, '2024-Q4/Σ': 1, '2025-Q1/Σ': 2, 'Σ/CLOSED': 3, 'Σ/ONTREATMENT': 2, 'Σ/NOT_ONTREATMENT': 1, Σ: 6,
    });
    expect(await indicator('iniTreatmentDate.month', 'classification', { filters: filters({ state: { keys: ['CLOSED'] } }) })).toEqual({
      '2024-01/TB': 1, '2024-04/TB': 1, '2025-03/NTM': 1, '2024-01/Σ': 1, '2024-04/Σ': 1, '2025-03/Σ': 1, 'Σ/TB': 2, 'Σ/NTM': 1, Σ: 3,
    });
  });

  it('whether a date is recorded, and the month of treatment counted from its start to today', async () => {
    expect(await indicator('hivArt.recorded', 'gender')).toEqual({ 'true/MALE': 1, 'true/FEMALE': 1, 'false/MALE': 2, 'false/FEMALE': 2, 'true/Σ': 2, 'false/Σ': 4, 'Σ/MALE': 3, 'Σ/FEMALE': 3, Σ: 6 });
    // c3 started on the first day of the month two months ago: its third month of treatment
    expect(await indicator('iniTreatmentDate.monthsSince', 'classification', { filters: filters({ classification: { keys: ['DRTB'] } }) })).toEqual({ '3/DRTB': 1, '3/Σ': 1, 'Σ/DRTB': 1, Σ: 1 });
  });

  it('an age by its band (none without a birth date), an area at its level (by the unit that owns the case)', async () => {
    expect(await indicator('ageRange', 'gender')).toEqual({
      [`${R0}/MALE`]: 1, [`${R1}/MALE`]: 2, [`${R2}/FEMALE`]: 2, '—/FEMALE': 1,
      [`${R0}/Σ`]: 1, [`${R1}/Σ`]: 2, [`${R2}/Σ`]: 2, '—/Σ': 1, 'Σ/MALE': 3, 'Σ/FEMALE': 3, Σ: 6,
    });
    expect(await indicator('ownerUnitArea2', 'ownerUnitArea1')).toEqual({ [`${A2}/${A1}`]: 3, [`${A3}/${A1}`]: 3, [`${A2}/Σ`]: 3, [`${A3}/Σ`]: 3, [`Σ/${A1}`]: 6, Σ: 6 });
  });

  it('a variable of many values per case (tags) counts a case under each, and every total counts distinct cases', async () => {
    expect(await indicator('tag', 'gender')).toEqual({
      [`${T1}/MALE`]: 2, [`${T1}/FEMALE`]: 1, [`${T2}/MALE`]: 1, [`${T2}/FEMALE`]: 1, '—/FEMALE': 2,
      [`${T1}/Σ`]: 3, [`${T2}/Σ`]: 2, '—/Σ': 2, 'Σ/MALE': 3, 'Σ/FEMALE': 3, Σ: 6,
    });
  });
});

describe('the filters and the place', () => {
  it('a multi-select keeps every value chosen, not only the first', async () => {
    expect(await selected({ filters: filters({ classification: { keys: ['TB', 'DRTB'] } }) })).toEqual(['c1', 'c2', 'c3', 'c4', 'c6']);
    expect(await selected({ filters: filters({ classification: { keys: ['DRTB', 'NTM'] } }) })).toEqual(['c3', 'c5']);
    expect((await indicator('gender', 'state', { filters: filters({ outcome: { keys: ['CURED', 'DIED'] } }) })).Σ).toBe(3);
  });

  it('every filter holds at once', async () => {
    expect(await selected({ filters: filters({ classification: { keys: ['TB'] }, gender: { keys: ['MALE'] } }) })).toEqual(['c1', 'c4', 'c6']);
    expect(await selected({ filters: filters({ classification: { keys: ['TB'] }, gender: { keys: ['MALE'] }, state: { keys: ['ONTREATMENT'] } }) })).toEqual(['c6']);
  });

  it('a period by months, either end open, both ends included', async () => {
    expect(await selected({ filters: filters({ registrationDate: { ini: '2024-04', end: '2024-12' } }) })).toEqual(['c2', 'c3', 'c6']);
    expect(await selected({ filters: filters({ registrationDate: { end: '2024-03' } }) })).toEqual(['c1']);
    expect(await selected({ filters: filters({ registrationDate: { ini: '2025-01' } }) })).toEqual(['c4', 'c5']);
    expect(await selected({ filters: filters({ registrationDate: { ini: '2024-05', end: '2024-05' } }) })).toEqual(['c3']);
    expect(await selected({ filters: filters({ hivArt: { ini: '2025-01' } }) })).toEqual(['c5']);
  });

  it('a yes/no, an age band, an area at any level, tags (any of those chosen)', async () => {
    expect(await selected({ filters: filters({ validated: { keys: [false] } }) })).toEqual(['c3', 'c4']);
    expect(await selected({ filters: filters({ ageRange: { keys: [R1, R2] } }) })).toEqual(['c1', 'c2', 'c3', 'c6']);
    expect(await selected({ filters: filters({ ownerUnitArea: { keys: [A3] } }) })).toEqual(['c3', 'c4', 'c6']);
    expect(await selected({ filters: filters({ ownerUnitArea: { keys: [A1] } }) })).toEqual(['c1', 'c2', 'c3', 'c4', 'c5', 'c6']);
    expect(await selected({ filters: filters({ ownerUnitArea: { keys: [A2, A3] } }) })).toEqual(['c1', 'c2', 'c3', 'c4', 'c5', 'c6']);
    expect(await selected({ filters: filters({ tag: { keys: [T2] } }) })).toEqual(['c2', 'c4']);
    expect(await selected({ filters: filters({ tag: { keys: [T1, T2] } }) })).toEqual(['c1', 'c2', 'c4', 'c6']);
  });

  it('the place narrows the cases before the filters', async () => {
    const place = (eb: any) => eb('c.owner_unit_id', '=', U1);
    expect(await selected({ place })).toEqual(['c1', 'c2', 'c5']);
    expect(await indicator('gender', 'classification', { place, filters: filters({ outcome: { keys: ['CURED'] } }) })).toEqual({ 'MALE/TB': 1, 'FEMALE/NTM': 1, 'MALE/Σ': 1, 'FEMALE/Σ': 1, 'Σ/TB': 1, 'Σ/NTM': 1, Σ: 2 });
  });
});

describe('a filter on a listed case (the advanced search, a summary, a drill-through page)', () => {
  /** The cases of the workspace's case list (`tbcase as t`) one filter keeps. */
  const listed = async (id: string, value: FilterValue) => {
    const rows = await x.db.selectFrom('tbcase as t').select('t.id').where('t.workspace_id', '=', W).where(rowCondition(x.db, x.analytic, W, cat.filter(id)!, value)).execute();
    const ids = rows.map((r) => r.id as string);
    return Object.entries(C).filter(([, v]) => ids.includes(v)).map(([k]) => k);
  };

  it('a case column on the list row itself; anything else from the case\'s analytic row', async () => {
    expect(await listed('state', { keys: ['CLOSED', 'ONTREATMENT'] })).toEqual(['c1', 'c2', 'c3', 'c5', 'c6']);
    expect(await listed('registrationDate', { ini: '2024-12', end: '2025-02' })).toEqual(['c4', 'c6']);
    expect(await listed('gender', { keys: ['FEMALE'] })).toEqual(['c2', 'c3', 'c5']);
    expect(await listed('ageRange', { keys: [R0] })).toEqual(['c4']);
    expect(await listed('tag', { keys: [T1] })).toEqual(['c1', 'c2', 'c6']);
    expect(await listed('ownerUnitArea', { keys: [A2] })).toEqual(['c1', 'c2', 'c5']);
  });

  it('reads only the workspace\'s own analytic rows', async () => {
    const other = await x.db.selectFrom('tbcase as t').select(sql<number>`count(*)::int`.as('n')).where(rowCondition(x.db, x.analytic, W, cat.filter('gender')!, { keys: ['MALE'] })).executeTakeFirstOrThrow();
    expect(other.n).toBe(3);
  });
});
