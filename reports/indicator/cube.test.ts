// Which indicators the counts cube answers and what it counts:
// every variable and filter among the cube's declared columns (x-cube of schemas/tables/casecube.json), a
// period filter in whole years, a place given as units — counted on the hand-built register
// (tests/helpers/hand-register.ts) whose cube is filled from its analytic rows as the triggers fill it;
// the cube and the live count must give the numbers written here by hand. Anything the cube cannot
// say is left to the live count (undefined here).
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSchemas } from '../../engine/load.ts';
import { reportCatalogue } from '../../engine/report-vars.ts';
import { schemasDir } from '../../server/config.ts';
import { addCases, analyticDb, fillCube, type AnalyticDb } from '../../tests/helpers/analytic-db.ts';
import { handCases, T1, U1, U2, W } from '../../tests/helpers/hand-register.ts';
import { caseCube, cubeCellCount, cubeQuery } from './cube.ts';
import { indicatorQuery, type CaseQuery, type FilterValue } from './sql.ts';

const registry = loadSchemas(schemasDir);
const cat = reportCatalogue(registry);
const cube = caseCube(registry, cat)!;
const v = (id: string) => cat.variable(id)!;
const f = (id: string) => cat.filter(id)!;
let x: AnalyticDb;

beforeAll(async () => {
  x = await analyticDb(registry);
  await addCases(x.db, registry, W, handCases());
  await fillCube(x.db, W);
  // another workspace's cube rows are never counted
  await addCases(x.db, registry, '00000000-0000-4000-8000-000000000999', [{ id: '00000000-0000-4000-8000-000000000099', owner_unit_id: U1, gender: 'MALE', classification: 'TB', state: 'CLOSED', registration_date: '2024-02-02' }]);
  await fillCube(x.db, '00000000-0000-4000-8000-000000000999');
}, 60_000);
afterAll(() => x.close());

const filters = (given: Record<string, FilterValue>) => Object.entries(given).map(([id, value]) => ({ filter: f(id), value }));
const cq = (more: Partial<CaseQuery> = {}): CaseQuery => ({ workspaceId: W, analytic: x.analytic, filters: [], ...more });
const key = (k: unknown) => (k === null || k === undefined ? '—' : String(k));
/** Rows `{r0…, c0, g, n}` as `r0|r1/c0 → n` (totals with Σ), zero cells left out. */
const table = (rows: any[], nr: number) => {
  const out: Record<string, number> = {};
  const all = nr + 1;
  for (const r of rows) {
    const g = Number(r.g);
    const rk = Array.from({ length: nr }, (_, i) => key(r[`r${i}`])).join('|');
    const name = g === 0 ? `${rk}/${key(r.c0)}` : g === 1 ? `${rk}/Σ` : g === (1 << all) - 2 ? `Σ/${key(r.c0)}` : 'Σ';
    if (Number(r.n)) out[name] = Number(r.n);
  }
  return out;
};
/** The same indicator from the cube and counted live: both must be `expected`. */
async function both(rows: string[], column: string, more: Partial<CaseQuery>, expected: Record<string, number>) {
  const q = cubeQuery(x.db, cube, cq(more), rows.map(v), [v(column)]);
  expect(q, 'the cube answers it').toBeDefined();
  expect(table(await q!.execute(), rows.length), 'from the cube').toEqual(expected);
  expect(table(await indicatorQuery(x.db, cq(more), rows.map(v), [v(column)]).execute(), rows.length), 'counted live').toEqual(expected);
}

describe('the counts cube answers what it holds, as the live count does', () => {
  it('declares its columns by report variable', () => {
    expect([...cube.columns.keys()].sort()).toEqual(['classification', 'diagnosisType', 'gender', 'hivResult', 'infectionSite', 'outcome', 'registrationDate.year', 'registrationGroup', 'state', 'validated']);
  });

  it('gender × classification: the cells, the totals, the grand total', async () => {
    await both(['gender'], 'classification', {}, { 'MALE/TB': 3, 'FEMALE/TB': 1, 'FEMALE/DRTB': 1, 'FEMALE/NTM': 1, 'MALE/Σ': 3, 'FEMALE/Σ': 3, 'Σ/TB': 4, 'Σ/DRTB': 1, 'Σ/NTM': 1, Σ: 6 });
  });

  it('no value reads back as none (a text\'s "", the year 0), yes/no as stored; two row variables', async () => {
    await both(['outcome'], 'registrationDate.year', {}, { 'CURED/2024': 1, 'CURED/2025': 1, 'DIED/2024': 1, '—/2024': 2, '—/2025': 1, 'CURED/Σ': 2, 'DIED/Σ': 1, '—/Σ': 3, 'Σ/2024': 4, 'Σ/2025': 2, Σ: 6 });
    await both(['gender', 'validated'], 'registrationGroup', {}, {
      'MALE|true/NEW': 2, 'MALE|false/—': 1, 'FEMALE|true/RELAPSE': 1, 'FEMALE|true/NEW': 1, 'FEMALE|false/NEW': 1,
      'MALE|true/Σ': 2, 'MALE|false/Σ': 1, 'FEMALE|true/Σ': 2, 'FEMALE|false/Σ': 1, 'Σ/NEW': 4, 'Σ/RELAPSE': 1, 'Σ/—': 1, Σ: 6,
    });
  });

  it('filters by their values, every value chosen; a period in whole years, either end open', async () => {
    await both(['gender'], 'state', { filters: filters({ classification: { keys: ['TB', 'NTM'] }, validated: { keys: [true] } }) }, { 'MALE/CLOSED': 1, 'MALE/ONTREATMENT': 1, 'FEMALE/CLOSED': 2, 'MALE/Σ': 2, 'FEMALE/Σ': 2, 'Σ/CLOSED': 3, 'Σ/ONTREATMENT': 1, Σ: 4 });
    await both(['gender'], 'classification', { filters: filters({ registrationDate: { ini: '2025-01', end: '2025-12' } }) }, { 'MALE/TB': 1, 'FEMALE/NTM': 1, 'MALE/Σ': 1, 'FEMALE/Σ': 1, 'Σ/TB': 1, 'Σ/NTM': 1, Σ: 2 });
    await both(['gender'], 'classification', { filters: filters({ registrationDate: { ini: '2025-01' } }) }, { 'MALE/TB': 1, 'FEMALE/NTM': 1, 'MALE/Σ': 1, 'FEMALE/Σ': 1, 'Σ/TB': 1, 'Σ/NTM': 1, Σ: 2 });
    await both(['gender'], 'classification', { filters: filters({ registrationDate: { end: '2024-12' } }) }, { 'MALE/TB': 2, 'FEMALE/TB': 1, 'FEMALE/DRTB': 1, 'MALE/Σ': 2, 'FEMALE/Σ': 2, 'Σ/TB': 3, 'Σ/DRTB': 1, Σ: 4 });
    await both(['gender'], 'classification', { filters: filters({ registrationDate: {} }) }, { 'MALE/TB': 3, 'FEMALE/TB': 1, 'FEMALE/DRTB': 1, 'FEMALE/NTM': 1, 'MALE/Σ': 3, 'FEMALE/Σ': 3, 'Σ/TB': 4, 'Σ/DRTB': 1, 'Σ/NTM': 1, Σ: 6 });
  });

  it('a place by units: a transferring case in the cohort of the unit it leaves', async () => {
    const cohort = (unit: string) => ({
      units: (column: string) => (eb: any) => eb(column, '=', unit),
      place: (eb: any) => eb.or([eb.and([eb('c.transferring', '=', false), eb('c.owner_unit_id', '=', unit)]), eb.and([eb('c.transferring', '=', true), eb('c.transfer_from_unit_id', '=', unit)])]),
    });
    await both(['gender'], 'state', cohort(U1), { 'MALE/CLOSED': 1, 'MALE/ONTREATMENT': 1, 'FEMALE/CLOSED': 2, 'MALE/Σ': 2, 'FEMALE/Σ': 2, 'Σ/CLOSED': 3, 'Σ/ONTREATMENT': 1, Σ: 4 });
    await both(['gender'], 'state', cohort(U2), { 'MALE/NOT_ONTREATMENT': 1, 'FEMALE/ONTREATMENT': 1, 'MALE/Σ': 1, 'FEMALE/Σ': 1, 'Σ/NOT_ONTREATMENT': 1, 'Σ/ONTREATMENT': 1, Σ: 2 });
    await both(['gender'], 'state', { units: () => undefined }, { 'MALE/CLOSED': 1, 'MALE/ONTREATMENT': 1, 'MALE/NOT_ONTREATMENT': 1, 'FEMALE/CLOSED': 2, 'FEMALE/ONTREATMENT': 1, 'MALE/Σ': 3, 'FEMALE/Σ': 3, 'Σ/CLOSED': 3, 'Σ/ONTREATMENT': 2, 'Σ/NOT_ONTREATMENT': 1, Σ: 6 });
  });
});

describe('what the cube leaves to the live count', () => {
  const query = (rows: string[], columns: string[], more: Partial<CaseQuery> = {}) => cubeQuery(x.db, cube, cq(more), rows.map(v), columns.map(v));
  it('a variable it keeps no column of, a period not in whole years, a filter not on its columns, a place it cannot place by unit', () => {
    expect(query(['gender'], ['tag'])).toBeUndefined(); // several values per case
    expect(query(['ageRange'], ['gender'])).toBeUndefined(); // not a column of the cube
    expect(query(['gender'], ['registrationDate.month'])).toBeUndefined(); // months are not kept
    expect(query(['gender'], ['registrationDate.quarter'])).toBeUndefined();
    for (const period of [{ ini: '2025-02', end: '2025-12' }, { ini: '2025-01', end: '2025-11' }, { ini: '2024-12' }, { end: '2024-01' }]) {
      expect(query(['gender'], ['classification'], { filters: filters({ registrationDate: period }) })).toBeUndefined();
    }
    expect(query(['gender'], ['classification'], { filters: filters({ outcomeDate: { ini: '2024-01' } }) })).toBeUndefined(); // a date it keeps no year of
    expect(query(['gender'], ['classification'], { filters: filters({ ownerUnit: { keys: [U1] } }) })).toBeUndefined();
    expect(query(['gender'], ['classification'], { place: () => sql`true` as any })).toBeUndefined();
    // a variable that is not the catalogue's own (another registry's) is not the cube's
    expect(cubeQuery(x.db, cube, cq(), [{ ...v('gender') }], [v('state')])).toBeUndefined();
    expect(cubeQuery(x.db, undefined, cq(), [v('gender')], [v('state')])).toBeUndefined();
  });

  it('a filter on another field of the same column name, another way of reaching it, or values for a period', () => {
    const other = (filter: any, value: FilterValue = { keys: ['x'] }) => cubeQuery(x.db, cube, cq({ filters: [{ filter, value }] }), [v('gender')], [v('state')]);
    expect(other({ ...f('gender'), source: { kind: 'ref', table: 'contact', column: 'contact_id' } })).toBeUndefined();
    expect(other({ ...f('state'), source: { kind: 'one', table: 'treatment', parent: 'case_id' } })).toBeUndefined();
    expect(other({ ...f('gender'), source: { kind: 'one', table: 'patient', parent: 'case_id' } })).toBeUndefined();
    expect(other(f('registrationDate'), { keys: ['2024'] })).toBeUndefined();
    expect(other({ ...f('state'), type: 'period' }, {})).toBeUndefined();
    expect(other(f('state'))).toBeDefined();
  });

  it('no cube table: no cube; a column naming no report variable stops the start; columns without x-cube are not variables', () => {
    expect(caseCube({ tables: new Map() } as any, cat)).toBeUndefined();
    const fake = (schema: object) => ({ tables: new Map([['casecube', { name: 'casecube', fields: [{ key: 'n', column: 'n', schema: {} }, { key: 'sex', column: 'sex', schema }] }]]) }) as any;
    expect(() => caseCube(fake({ 'x-cube': 'sex' }), cat)).toThrow('casecube.sex: x-cube names "sex", no report variable');
    expect(caseCube(fake({ 'x-cube': 'gender' }), cat)).toEqual({ table: 'casecube', columns: new Map([['gender', { column: 'sex', variable: v('gender') }]]) });
    expect(cube.columns.get('registrationDate.year')!.column).toBe('registration_year');
    expect(cube.columns.has('n')).toBe(false);
  });
});

describe('cubeCellCount: one cell and all of the indicator from the cube', () => {
  const count = (cell: [string, any][], more: Partial<CaseQuery> = {}) => cubeCellCount(x.db, cube, cq(more), cell.map(([id, k]) => ({ v: v(id), key: k })));
  it('the cell\'s cases among those of the place and the filters', async () => {
    expect(await count([['gender', 'FEMALE'], ['classification', 'TB']])).toEqual({ cell: 1, all: 6 });
    expect(await count([['gender', 'MALE'], ['registrationDate.year', '2024']], { filters: filters({ state: { keys: ['CLOSED', 'ONTREATMENT'] } }) })).toEqual({ cell: 2, all: 5 });
    expect(await count([['gender', 'MALE']], { units: (c) => (eb: any) => eb(c, '=', U1) })).toEqual({ cell: 2, all: 4 });
  });
  it('a key without a value: a text\'s "", the year 0; yes/no as itself; no value of yes/no is no case; a total cell is every case', async () => {
    expect(await count([['outcome', null]])).toEqual({ cell: 3, all: 6 });
    expect(await count([['registrationDate.year', null]])).toEqual({ cell: 0, all: 6 });
    expect(await count([['validated', false], ['gender', 'MALE']])).toEqual({ cell: 1, all: 6 });
    expect(await count([['validated', null]])).toEqual({ cell: 0, all: 6 });
    expect(await count([])).toEqual({ cell: 6, all: 6 });
    expect(await count([['gender', 'MALE']], { filters: filters({ classification: { keys: ['NTM'] } }) })).toEqual({ cell: 0, all: 1 });
    expect(await count([], { filters: filters({ classification: { keys: ['NTM'] }, gender: { keys: ['MALE'] } }) })).toEqual({ cell: 0, all: 0 });
  });
  it('cannot say: no cube, a place not by units, a variable or a filter not the cube\'s', async () => {
    expect(await cubeCellCount(x.db, undefined, cq(), [])).toBeUndefined();
    expect(await cubeCellCount(x.db, cube, cq({ place: () => sql`true` as any }), [])).toBeUndefined();
    expect(await cubeCellCount(x.db, cube, cq(), [{ v: v('ageRange'), key: null }])).toBeUndefined();
    expect(await cubeCellCount(x.db, cube, cq({ filters: filters({ tag: { keys: [T1] } }) }), [])).toBeUndefined();
  });
});
