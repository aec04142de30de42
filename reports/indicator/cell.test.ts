// The cases behind one number of an indicator (drill-through): the cases a cell's
// page lists and the number it says, on the hand-built register (tests/helpers/hand-register.ts) —
// read row by row in the list's order when the cube says the cell holds at least 1 % of the
// indicator's cases, else collected from the analytic rows first; both ways must list the cases and
// say the numbers written here by hand.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSchemas } from '../../engine/load.ts';
import { reportCatalogue } from '../../engine/report-vars.ts';
import { schemasDir } from '../../server/config.ts';
import { addCases, analyticDb, fillCube, type AnalyticDb } from '../../tests/helpers/analytic-db.ts';
import { C, handCases, R1, T1, U1, W } from '../../tests/helpers/hand-register.ts';
import { cellCases } from './cell.ts';
import { caseCube } from './cube.ts';
import type { CaseQuery, FilterValue } from './sql.ts';

const registry = loadSchemas(schemasDir);
const cat = reportCatalogue(registry);
const cube = caseCube(registry, cat)!;
let x: AnalyticDb;

beforeAll(async () => {
  x = await analyticDb(registry);
  await addCases(x.db, registry, W, handCases());
  await fillCube(x.db, W);
}, 60_000);
afterAll(() => x.close());

const filters = (given: Record<string, FilterValue>) => Object.entries(given).map(([id, value]) => ({ filter: cat.filter(id)!, value }));

/** The cell's cases (by key c1…c6, as the case list's condition selects them) and the number it says, with the cube or without. */
async function drill(cell: [string, unknown][], more: Partial<CaseQuery> = {}, withCube = true) {
  const cq: CaseQuery = { workspaceId: W, analytic: x.analytic, filters: [], ...more };
  const out = await cellCases(x.db, cq, cell.map(([id, key]) => ({ v: cat.variable(id)!, key: key as any })), withCube ? cube : undefined);
  const ids = (await out.where(x.db.selectFrom('tbcase as t').select('t.id').where('t.workspace_id', '=', W)).execute()).map((r: any) => r.id as string);
  return { cases: Object.entries(C).filter(([, id]) => ids.includes(id)).map(([k]) => k), count: out.count };
}
/** The same cell read with the cube (row by row for a share of 1 % or more) and without it (collected first): both `expected`. */
async function both(cell: [string, unknown][], expected: string[], more: Partial<CaseQuery> = {}) {
  expect(await drill(cell, more, true), 'with the cube').toEqual({ cases: expected, count: expected.length });
  expect(await drill(cell, more, false), 'counted live').toEqual({ cases: expected, count: expected.length });
}

describe('a cell\'s cases and number', () => {
  it('the keys of the cube\'s variables, on each way of reading the page', async () => {
    await both([['gender', 'FEMALE'], ['classification', 'TB']], ['c2']);
    await both([['gender', 'MALE'], ['registrationDate.year', '2024']], ['c1', 'c6']);
    await both([['validated', false]], ['c3', 'c4']);
  });

  it('a key without a value', async () => {
    await both([['outcome', null], ['gender', 'MALE']], ['c4', 'c6']);
    await both([['registrationGroup', null]], ['c4']);
  });

  it('the filters and the place hold too; a total cell (no key) is every case they keep', async () => {
    await both([['gender', 'FEMALE']], ['c2', 'c5'], { filters: filters({ state: { keys: ['CLOSED'] } }) });
    await both([['classification', 'TB']], ['c1', 'c6'], { filters: filters({ gender: { keys: ['MALE'] }, registrationDate: { ini: '2024-01', end: '2024-12' } }) });
    await both([], ['c1', 'c2', 'c4', 'c6'], { filters: filters({ classification: { keys: ['TB'] } }) });
    const cohort = {
      units: (column: string) => (eb: any) => eb(column, '=', U1),
      place: (eb: any) => eb.or([eb.and([eb('c.transferring', '=', false), eb('c.owner_unit_id', '=', U1)]), eb.and([eb('c.transferring', '=', true), eb('c.transfer_from_unit_id', '=', U1)])]),
    };
    // the place is on the list's own query (casePage); the cell's number is the cohort's
    expect((await drill([['gender', 'MALE']], cohort)).count).toBe(2);
    expect((await drill([['gender', 'MALE']], cohort, false)).count).toBe(2);
  });

  it('a cell the cube cannot count: collected from the analytic rows (an age band, a tag, no tag)', async () => {
    expect(await drill([['ageRange', R1]])).toEqual({ cases: ['c1', 'c6'], count: 2 });
    expect(await drill([['tag', T1], ['gender', 'MALE']])).toEqual({ cases: ['c1', 'c6'], count: 2 });
    expect(await drill([['tag', null]])).toEqual({ cases: ['c3', 'c5'], count: 2 });
    expect(await drill([['gender', 'FEMALE']], { filters: filters({ tag: { keys: [T1] } }) })).toEqual({ cases: ['c2'], count: 1 });
  });

  it('an empty cell lists nothing and says 0', async () => {
    await both([['gender', 'MALE'], ['classification', 'NTM']], []);
  });
});
